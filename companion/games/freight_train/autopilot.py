"""The automated player of Freight Train: the presses and taps that enter a move."""

from __future__ import annotations

from companion.flows.inputs import Input, Press, Tap
from companion.flows.kit import number_toward, toward
from companion.games.autopilot import UidFor
from companion.games.freight_train.flow import FreightTrainFlow
from companion.games.freight_train.ui import Action, Mode
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.freight_train.cards import DEPARTURE
from engine.games.freight_train.events import (
    BringLocomotive,
    MoveFromYard,
    Rearrange,
    RefillLane,
    TakeFromMainYard,
)
from engine.games.freight_train.state import YARD_TARGETS, FreightTrainState

#: The screens an automated player only acknowledges.
ACKNOWLEDGED = frozenset({Mode.DEPARTURE, Mode.TALLY, Mode.SETUP, Mode.FINAL})


def enter(flow: FreightTrainFlow, state: FreightTrainState, mode: Mode, goal: Event,
          uid_for: UidFor) -> Input:
    """The next input toward `goal` on a screen that is not only acknowledged."""
    if isinstance(goal, TakeFromMainYard):
        return _toward_take(flow, state, goal, mode, uid_for)
    wanted = {
        MoveFromYard: (Mode.YARD, Action.YARD),
        RefillLane: (Mode.REFILL, Action.REFILL),
        BringLocomotive: (Mode.BRING, Action.BRING),
        Rearrange: (Mode.REARRANGE, Action.REARRANGE),
    }.get(type(goal))
    if wanted is None:
        raise IllegalEvent("no table input enters this move")
    target_mode, action = wanted
    if mode is Mode.MAIN:
        return Press("ok")
    if mode is Mode.MENU:
        return toward(flow.ui.choice, flow.actions(state).index(action))
    if mode is not target_mode:
        return Press("back")
    if isinstance(goal, MoveFromYard):
        return _toward_yard_move(flow, state, goal, uid_for)
    if isinstance(goal, RefillLane):
        if DEPARTURE in goal.drawn and not flow.ui.departure_seen:
            return Tap(uid_for("departure", ""))
        return Press("ok")
    if isinstance(goal, Rearrange):
        return number_toward(flow.ui.split, len(goal.yard[0]))
    return Press("ok")


def _toward_take(flow: FreightTrainFlow, state: FreightTrainState, goal: TakeFromMainYard,
                 mode: Mode, uid_for: UidFor) -> Input:
    if mode not in (Mode.MAIN, Mode.MENU, Mode.TAKE):
        return Press("back")
    pending = flow.pending_pick()
    if pending is not None:
        index = len(flow.ui.picks) - 1
        return toward(flow.ui.choice, flow.options_for(state, pending).index(goal.targets[index]))
    question = flow.order_question()
    if question is not None:
        track, wagons = question
        # The wagons are tapped in the goal's order, so pick i is the goal's wagon i.
        onto = [goal.wagons[i] for i in goal.yard_entries()
                if goal.targets[i] == YARD_TARGETS[track]]
        settled = sum(1 for i in flow.ui.entry if flow.ui.picks[i].target == YARD_TARGETS[track])
        return toward(flow.ui.choice, wagons.index(onto[settled]))
    return Tap(uid_for("wagon", goal.wagons[len(flow.ui.picks)]))


def _toward_yard_move(flow: FreightTrainFlow, state: FreightTrainState, goal: MoveFromYard,
                      uid_for: UidFor) -> Input:
    pending = flow.pending_pick()
    if pending is not None:
        index = len(flow.ui.picks) - 1
        options = flow.options_for(state, pending)
        wanted = str(goal.tracks[index]) if pending.track is None else goal.targets[index]
        return toward(flow.ui.choice, options.index(wanted))
    if len(flow.ui.picks) < len(goal.wagons):
        return Tap(uid_for("wagon", goal.wagons[len(flow.ui.picks)]))
    return Press("ok")


