"""What the table does next, and whether an event may happen now (with the reason if not).

>>> from .rules import new_game
>>> str(next_step(new_game(("Ana", "Ben"))))
'Ben: place a train on an east-coast station'
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...rulebook import Prompt, refusal
from .components import COAL, MOVES_PER_TURN
from .events import WhistleStopEvent
from .rules import apply, can_move, handout
from .state import Phase, WhistleStopState


def next_step(state: WhistleStopState) -> Prompt:
    """The instruction the screen shows now."""
    if state.phase is Phase.OVER:
        return Prompt(N_("Game over: count the fame"))
    name = state.player().name
    if state.phase is Phase.PLACEMENT:
        return Prompt(N_("{name}: place a train on an east-coast station"), state.current,
                      {"name": name})
    if not state.handed_out:
        token, count = handout(state)
        message = (N_("Round {round}: {name} hands out {count} coal to each player")
                   if token == COAL
                   else N_("Round {round}: {name} hands out {count} whistle to each player"))
        return Prompt(message, state.first, {"round": state.round, "name": name, "count": count})
    if state.moves == 0 and not can_move(state):
        return Prompt(N_("{name}: no move possible, end the turn for a whistle"), state.current,
                      {"name": name})
    left = MOVES_PER_TURN - state.moves if can_move(state) else 0
    message = (N_("{name} (last round): {left} moves left, then end the turn")
               if state.is_last_round()
               else N_("{name}: {left} moves left; end the turn, refill to 3 tiles"))
    return Prompt(message, state.current, {"name": name, "left": left})


def why_illegal(state: WhistleStopState, event: WhistleStopEvent) -> IllegalEvent | None:
    """None when `event` may happen now, else the reason it may not."""
    return refusal(apply, state, event)
