"""Ticket to Ride (Les Aventuriers du Rail), USA and Europe: the rules as events.

Each event goes to the rule that plays it, read in the rulebook's order: setup and the deal
(`deal`), the face-up cards and the deck (`face_up`), the starting tickets and the tickets drawn
(`ticket_draws`), a turn's frame and the last round (`turns`), a turn's actions (draw train
cards: `card_draws`; claim a route: `claiming`, and `tunnels`; build a station:
`station_builds`; pass: `passing`), then the end. Tolls and loans (`live_tolls`), mountains and
country cards (`live_countries`), team play (`live_teams`), Märklin passengers and merchandise
(`live_passengers`) are played as the game goes; the variants' own moves are framed as turns in
`variant_turns`; what a claim takes where the player chooses (a share, meeples, Old West's Cités
and Alvin) is in `takings`. Any combination of these rules is played; a map that switches one
on without the data it needs (`deal.unplayable`) goes to the tally.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from ...game import TallyResult
from ...rulebook import rule_for
from .card_draws import draw_card, take_ferry_card
from .claiming import claim_route
from .deal import deal
from .events import (
    BuildStation,
    ClaimRoute,
    Deal,
    DrawCard,
    DrawTickets,
    ExchangePieces,
    KeepTickets,
    MovePassenger,
    Pass,
    PayTunnel,
    PlaceDepot,
    PlacePassenger,
    ReplaceFaceUp,
    Reshuffle,
    RevealTunnel,
    StoreCard,
    TakeFerryCard,
    TakeWarehouse,
    TicketToRideEvent,
)
from .face_up import face_up_to_replace, needs_reshuffle, replace_face_up, reshuffle
from .passing import pass_turn
from .state import Phase, TicketToRideState
from .station_builds import build_station
from .ticket_draws import draw_tickets, keep_tickets
from .tunnels import pay_tunnel, reveal_tunnel
from .variant_turns import (
    play_depot_move,
    play_exchange_pieces,
    play_move_passenger,
    play_place_passenger,
)  # fmt: skip

# --- The winner --------------------------------------------------------------------------------


def is_over(state: TicketToRideState) -> bool:
    return state.phase is Phase.OVER


def result(state: TicketToRideState) -> TallyResult:
    """The final count, exactly as the tally of the same table."""
    # Imported here: the final count brings the scoring of every map's variants, which a
    # game being played or resumed does not need before its end.
    from .final_table import live_result

    return live_result(state)


# --- Applying an event -------------------------------------------------------------------------

_HANDLERS: dict[type[Any], Callable[[TicketToRideState, Any], TicketToRideState]] = {
    Deal: deal,
    Reshuffle: reshuffle,
    ReplaceFaceUp: replace_face_up,
    KeepTickets: keep_tickets,
    DrawCard: draw_card,
    TakeFerryCard: take_ferry_card,
    DrawTickets: draw_tickets,
    ClaimRoute: claim_route,
    RevealTunnel: reveal_tunnel,
    PayTunnel: pay_tunnel,
    BuildStation: build_station,
    PlacePassenger: play_place_passenger,
    MovePassenger: play_move_passenger,
    Pass: pass_turn,
    PlaceDepot: play_depot_move,
    StoreCard: play_depot_move,
    TakeWarehouse: play_depot_move,
    ExchangePieces: play_exchange_pieces,
}


def apply(state: TicketToRideState, event: TicketToRideEvent) -> TicketToRideState:
    """The state after `event`, or IllegalEvent with the reason (the state is unchanged)."""
    handler = rule_for(_HANDLERS, event, over=state.phase is Phase.OVER,
                       foreign=N_("Not a Ticket to Ride move"))
    if face_up_to_replace(state) and not isinstance(event, ReplaceFaceUp):
        raise IllegalEvent(N_("Three locomotives face up: replace the face-up cards first"))
    if needs_reshuffle(state) and not isinstance(event, (Reshuffle, ReplaceFaceUp)):
        raise IllegalEvent(N_("Shuffle the discards into a new deck first"))
    if not isinstance(event, Pass):
        state = evolve(state, passes=0) if state.passes else state
    return handler(state, event)
