"""Passing: a player passes only when nothing else is possible, or to end a turn with no second
card to draw; when every player has passed in a row the game is over.
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from .card_draws import can_draw_card, can_take_ferry_card
from .events import Pass
from .live_boats import any_card_left
from .live_passengers import movable
from .payment import UNKNOWN
from .special_cards import counts_double
from .state import Phase, TicketToRideState
from .turns import check_turn, end_turn


def can_act(state: TicketToRideState) -> bool:
    """Whether the current player has anything to do but pass."""
    from .moves import affordable_claims, station_payment  # the search lives with the moves

    return (can_draw_card(state) or bool(state.tickets) or bool(affordable_claims(state))
            or station_payment(state) is not None or can_take_ferry_card(state)
            or bool(movable(state)))


def no_second_card(state: TicketToRideState) -> bool:
    """The deck and the discards are empty and no face-up card may be the second card: the
    player passes to end the turn. Face-up cards the companion has not seen may be any: the
    players' word is taken."""
    return (state.phase is Phase.PLAY and state.drawn == 1 and not state.deck
            and not state.discard and not any_card_left(state) and state.tunnel is None
            and all(card == UNKNOWN or counts_double(card) for card in state.display))


def pass_turn(state: TicketToRideState, event: Pass) -> TicketToRideState:
    if no_second_card(state):
        return end_turn(state)  # no second card to draw: the turn is over
    check_turn(state)
    if can_act(state):
        raise IllegalEvent(N_("Pass only when nothing else is possible"))
    state = end_turn(evolve(state, passes=state.passes + 1))
    if state.passes >= len(state.players):
        return evolve(state, phase=Phase.OVER)  # nobody can do anything any more
    return state
