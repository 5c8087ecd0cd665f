"""The automated player of Off the Rails: the presses and taps that enter a move."""

from __future__ import annotations

from collections import Counter

from companion.flows.inputs import Input, Press, Tap
from companion.flows.kit import number_toward, toward
from companion.games.autopilot import UidFor
from companion.games.off_the_rails.flow import OffTheRailsFlow
from companion.games.off_the_rails.ui import DONE, GEMS, HOME, MINE, MISSION, SEAT, Mode
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.off_the_rails.components import CART_CAPACITY, CAVE_IN_CARD
from engine.games.off_the_rails.events import (
    DrawCaveInToken,
    DrawDeposit,
    MoveCarts,
    PlaceCaveIn,
    Refill,
    RevealCaveIn,
    TakeActions,
    ValidateMission,
)
from engine.games.off_the_rails.state import Era, OffTheRailsState

#: The screens an automated player only acknowledges.
ACKNOWLEDGED = frozenset({Mode.SETUP, Mode.FINAL, Mode.CAVE_IN_CARD, Mode.CAVE_INS})


def enter(flow: OffTheRailsFlow, state: OffTheRailsState, mode: Mode, goal: Event,
          uid_for: UidFor) -> Input:
    """The next input toward `goal` on a screen that is not only acknowledged."""
    if isinstance(goal, DrawDeposit):
        if goal.card == CAVE_IN_CARD:
            return Tap(uid_for(CAVE_IN_CARD, "")) if mode is Mode.MAIN else Press("back")
        if mode is Mode.STONES and flow.ui.card == goal.card:
            return number_toward(flow.ui.stones, goal.stones)
        return Tap(uid_for("deposit", goal.card)) if mode is Mode.MAIN else Press("back")
    if isinstance(goal, RevealCaveIn):
        return Tap(uid_for("deposit", goal.card)) if mode is Mode.MAIN else Press("back")
    if isinstance(goal, ValidateMission):
        if mode is Mode.MISSION:
            return Press("ok")
        if mode is not Mode.MAIN:
            return Press("back")
        if state.era is Era.CAVE_INS:
            return _toward_key(flow, state, MISSION)
        return Press("ok")
    if isinstance(goal, DrawCaveInToken):
        if mode is Mode.ROLL:
            if flow.ui.mine != goal.mine:
                return Press("back")
            return number_toward(flow.ui.roll, goal.roll)
        if mode is not Mode.MAIN:
            return Press("back")
        return _toward_key(flow, state, f"{MINE}{goal.mine}")
    if isinstance(goal, MoveCarts):
        return _toward_carts(flow, state, goal, mode)
    if mode is not Mode.MAIN:
        return Press("back")
    if isinstance(goal, Refill):
        return Press("ok")
    if isinstance(goal, TakeActions):
        done = tuple(flow.ui.actions)
        if done != goal.actions[: len(done)] or len(done) > len(goal.actions):
            return Press("back")
        wanted = goal.actions[len(done)] if len(done) < len(goal.actions) else DONE
        return _toward_key(flow, state, wanted)
    if isinstance(goal, PlaceCaveIn):
        return _toward_seats(flow, state, goal.crushed)
    raise IllegalEvent("no table input enters this move")


def _toward_carts(flow: OffTheRailsFlow, state: OffTheRailsState, goal: MoveCarts,
                  mode: Mode) -> Input:
    loads = split_gems(goal.gems, goal.home)
    entered = [entry.home for entry in flow.ui.log if entry.home is not None]
    if mode is Mode.GEMS:
        if len(entered) >= len(loads) or entered != loads[: len(entered)]:
            return Press("back")
        target = loads[len(entered)]
        gem = GEMS[min(flow.ui.gem_index, len(GEMS) - 1)]
        return number_toward(flow.ui.unload.get(gem, 0), target.get(gem, 0))
    if mode is not Mode.MAIN or entered != loads[: len(entered)]:
        return Press("back")
    if len(entered) < goal.home:
        return _toward_key(flow, state, HOME)
    return _toward_seats(flow, state, goal.derailed)


def _toward_seats(flow: OffTheRailsFlow, state: OffTheRailsState, seats: tuple[int, ...]) -> Input:
    missing = Counter(seats) - Counter(flow.seats_entered())
    if Counter(flow.seats_entered()) - Counter(seats):
        return Press("back")
    for seat in seats:
        if missing[seat]:
            return _toward_key(flow, state, f"{SEAT}{seat}")
    return _toward_key(flow, state, DONE)


def _toward_key(flow: OffTheRailsFlow, state: OffTheRailsState, key: str) -> Input:
    keys = [k for k, _ in flow.menu_items(state)]
    if key not in keys:
        raise IllegalEvent("no table input enters this move")
    return toward(flow.ui.choice % len(keys), keys.index(key))


def split_gems(gems: dict[str, int], home: int) -> list[dict[str, int]]:
    """The gems unloaded in one phase 2, cart by cart (each cart holds at most five)."""
    loads: list[dict[str, int]] = [{} for _ in range(home)]
    cart = 0
    for gem in GEMS:
        for _ in range(gems.get(gem, 0)):
            if not loads:
                return loads
            if cart < home - 1 and sum(loads[cart].values()) >= CART_CAPACITY:
                cart += 1
            loads[cart][gem] = loads[cart].get(gem, 0) + 1
    return loads
