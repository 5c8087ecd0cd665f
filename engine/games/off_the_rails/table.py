"""What the table does next, and whether an event may happen now (with the reason if not).

>>> from .rules import new_game
>>> str(next_step(new_game(("Ana", "Ben"))))
'Sort the deposit cards, hide the cave-in card'
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...rulebook import Prompt, refusal
from .events import OffTheRailsEvent
from .rules import apply
from .state import Era, OffTheRailsState, Step


def next_step(state: OffTheRailsState) -> Prompt:
    """The instruction the screen shows now."""
    seat = state.current
    name = state.player().name
    step = state.step
    if step is Step.SETUP:
        return Prompt(N_("Sort the deposit cards, hide the cave-in card"))
    if step is Step.OVER:
        return Prompt(N_("Game over: count the gems"))
    if step is Step.OPENING:
        return Prompt(N_("Reveal an opening deposit card"))
    if step in (Step.REFILL, Step.CAVE_IN):
        return _board_prompt(state)
    if step is Step.REVEAL:
        return Prompt(N_("Cave-in! Reveal a set-aside deposit card"), seat)
    if step is Step.ACTIONS:
        message = (N_("{name}: last turn, 4 actions") if state.era is Era.LAST_TURNS
                   else N_("{name}: 4 actions"))
        return Prompt(message, seat, {"name": name})
    if step is Step.CARTS:
        return Prompt(N_("{name}: move your carts"), seat, {"name": name})
    if state.era is not Era.CAVE_INS:
        return Prompt(N_("{name}: draw a deposit card"), seat, {"name": name})
    if state.settings.dice_chasm:
        return Prompt(N_("{name}: draw a cave-in token, roll the die"), seat, {"name": name})
    return Prompt(N_("{name}: draw a cave-in token"), seat, {"name": name})


def _board_prompt(state: OffTheRailsState) -> Prompt:
    pending = state.pending
    assert pending is not None
    params = {"mine": pending.mine, "space": pending.space, "stones": pending.stones}
    if state.step is Step.REFILL:
        return Prompt(N_("Refill mine {mine} space {space} with {stones} stones"),
                      state.current, params)
    if not pending.space:
        return Prompt(N_("Cave-in: {mine} token next to a {mine} one"), state.current, params)
    if state.era is Era.CAVE_INS:  # the die: next to one already in play if the space is taken
        return Prompt(N_("Cave-in: {mine} token on space {space} or next to it"),
                      state.current, params)
    return Prompt(N_("Cave-in: {mine} token on space {space}"), state.current, params)


def why_illegal(state: OffTheRailsState, event: OffTheRailsEvent) -> IllegalEvent | None:
    """None when `event` may happen now, else the reason it may not."""
    return refusal(apply, state, event)
