"""A turn's frame: whether the current player may take an action now, and the end of a turn,
which starts the last round when a player runs low on trains and then counts it down.

Every action of a turn (`card_draws`, `ticket_draws`, `claiming`, `station_builds`,
`variant_turns`, `passing`) checks the turn first and ends it here.
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from .live_depots import end_of_turn, turn_problem
from .live_passengers import placing_passenger
from .state import Phase, Player, TicketToRideState


def check_turn(state: TicketToRideState, drawing: bool = False) -> None:
    """IllegalEvent unless the current player may start an action now (`drawing`: or draw
    their second card)."""
    if state.phase is Phase.START_TICKETS:
        raise IllegalEvent(N_("Choose your starting tickets first"))
    if state.phase is not Phase.PLAY:
        raise IllegalEvent(N_("Deal the cards first"))
    if state.tunnel is not None:
        raise IllegalEvent(N_("Finish claiming the tunnel first"))
    if placing_passenger(state):
        raise IllegalEvent(N_("Place a passenger or say no first"))
    if state.player().offered:
        raise IllegalEvent(N_("Choose the tickets to keep first"))
    if state.drawn and not drawing:
        raise IllegalEvent(N_("Draw your second card"))
    problem = turn_problem(state, drawing)
    if problem is not None:
        raise problem


def end_turn(state: TicketToRideState) -> TicketToRideState:
    """The last round starts when a player ends a turn with few trains left (wagons and boats
    together); then every player, that one included, plays one more turn (two on maps that say
    so)."""
    rules = state.board.rules
    state = end_of_turn(state)
    turns_left = state.turns_left
    if turns_left is None:
        if state.player().trains + state.player().boats <= rules.end_trains:
            laps = 2 if rules.last_round == "two-more-turns-each" else 1
            turns_left = laps * len(state.players)
    else:
        turns_left -= 1
    state = evolve(state, drawn=0, turns_left=turns_left,
                    current=state.order.next_seat(state.current))
    if turns_left == 0:
        return evolve(state, phase=Phase.OVER)
    return state


def with_current(state: TicketToRideState, player: Player) -> tuple[Player, ...]:
    """The players, the current one replaced by `player`."""
    seat = state.current
    return state.players[:seat] + (player,) + state.players[seat + 1 :]
