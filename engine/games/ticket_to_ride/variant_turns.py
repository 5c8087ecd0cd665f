"""The variants' own moves framed as turns: depots and warehouses (Europe 1912), Märklin's
passengers, Rails & Sails' exchange of pieces. What each move does is in its `live_*` module;
here it is checked as a turn's action and ends the turn.
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from .events import (
    ExchangePieces,
    MovePassenger,
    PlaceDepot,
    PlacePassenger,
    StoreCard,
    TakeWarehouse,
)  # fmt: skip
from .live_boats import exchange
from .live_depots import depot_move, waiting_for_choice
from .live_passengers import move_passenger, place_passenger
from .state import Phase, TicketToRideState
from .turns import check_turn, end_turn

# --- Depots and warehouses (Europe 1912) --------------------------------------------------------


def play_depot_move(state: TicketToRideState, event: PlaceDepot | StoreCard | TakeWarehouse
                    ) -> TicketToRideState:
    """A depot placed, a card put in a warehouse, a warehouse taken (see `live_depots`)."""
    setup = isinstance(event, PlaceDepot) and state.depots is not None and bool(
        state.depots.to_place)
    if not setup and not isinstance(event, TakeWarehouse) and state.phase is Phase.PLAY:
        check_turn(state)
    state, turn_over = depot_move(state, event)
    return end_turn(state) if turn_over else state


# --- Märklin: placing a passenger after a claim, moving one as a turn's action -----------------


def play_place_passenger(state: TicketToRideState, event: PlacePassenger) -> TicketToRideState:
    if waiting_for_choice(state):  # the warehouse of the claim is asked first
        raise IllegalEvent(N_("Take a warehouse's cards, or not, first"))
    return end_turn(place_passenger(state, event.city))


def play_move_passenger(state: TicketToRideState, event: MovePassenger) -> TicketToRideState:
    check_turn(state)
    return end_turn(move_passenger(state, event.start, event.stops, event.cards))


# --- Rails & Sails: exchanging pieces, the whole turn -----------------------------------------


def play_exchange_pieces(state: TicketToRideState, event: ExchangePieces) -> TicketToRideState:
    check_turn(state)
    return end_turn(exchange(state, event))
