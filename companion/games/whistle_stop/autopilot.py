"""The automated player of Whistle Stop: the presses and taps that enter a move."""

from __future__ import annotations

from companion.flows.inputs import Input, Press, Tap
from companion.flows.kit import number_toward, toward
from companion.games.autopilot import UidFor
from companion.games.whistle_stop.flow import WhistleStopFlow
from companion.games.whistle_stop.ui import (
    KIND,
    MOVES,
    Action,
    Mode,
    actions,
    free_stations,
    upgrade_options,
)
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.whistle_stop.events import (
    BuyUpgrade,
    EndTurn,
    GainFame,
    GainTokens,
    Move,
    PlaceTrain,
    TakeShare,
)  # fmt: skip
from engine.games.whistle_stop.state import WhistleStopState

#: The screens an automated player only acknowledges.
ACKNOWLEDGED = frozenset({Mode.SETUP, Mode.HANDOUT, Mode.LAST, Mode.FINAL})


def enter(flow: WhistleStopFlow, state: WhistleStopState, mode: Mode, goal: Event,
          uid_for: UidFor) -> Input:
    """The next input toward `goal` on a screen that is not only acknowledged."""
    ui = flow.ui
    if isinstance(goal, PlaceTrain):
        free = free_stations(state)
        return toward(ui.choice, free.index(goal.station), len(free))
    if isinstance(goal, TakeShare):
        if mode not in (Mode.MAIN, Mode.MENU):
            return Press("back")
        return Tap(uid_for(KIND, f"{goal.company}-{goal.number}"))
    if isinstance(goal, Move):
        action = next(a for a, move in MOVES.items() if move == (goal.token, goal.arrived))
        return _toward_action(flow, state, mode, action)
    if isinstance(goal, EndTurn):
        return _toward_action(flow, state, mode, Action.END)
    if isinstance(goal, GainTokens):
        if mode is not Mode.TOKENS:
            return _toward_action(flow, state, mode, Action.TOKENS)
        if ui.step == 0:
            return number_toward(ui.coal, goal.coal)
        return number_toward(ui.whistles, goal.whistles)
    if isinstance(goal, GainFame):
        if mode is not Mode.FAME:
            return _toward_action(flow, state, mode, Action.FAME)
        return number_toward(ui.points, goal.points)
    if isinstance(goal, BuyUpgrade):
        if mode is Mode.STARS and goal.from_seat is None:
            return number_toward(ui.stars, goal.stars)
        if mode is not Mode.UPGRADE:
            return _toward_action(flow, state, mode, Action.UPGRADE)
        options = upgrade_options(state)
        wanted = options.index((None, 0) if goal.from_seat is None
                               else (goal.from_seat, goal.stars))
        return toward(ui.choice, wanted, len(options))
    raise IllegalEvent("no table input enters this move")


def _toward_action(flow: WhistleStopFlow, state: WhistleStopState, mode: Mode,
                   action: Action) -> Input:
    if mode is Mode.MAIN:
        return Press("ok")
    if mode is not Mode.MENU:
        return Press("back")
    items = actions(state)
    return toward(flow.ui.choice, items.index(action), len(items))
