"""A random but legal Off the Rails table, driven by a seeded generator."""

from __future__ import annotations

import random

from ...deck import shuffled, shuffled_with_trigger
from .components import (
    ACTIONS,
    ACTIONS_PER_TURN,
    ADJUST_DIE,
    CART_CAPACITY,
    CAVE_IN_CARD,
    CAVE_IN_PLACEMENT,
    DIE_SIDES,
    GEMS_IN_BOX,
    MINES,
    PLACE_CART,
    REMOVED_PER_MINE,
    SPACES,
    card,
    space_of,
)
from .events import (
    DrawCaveInToken,
    DrawDeposit,
    MoveCarts,
    OffTheRailsEvent,
    PlaceCaveIn,
    Refill,
    RevealCaveIn,
    Setup,
    TakeActions,
    ValidateMission,
)
from .state import Era, OffTheRailsState, Step

#: Chances, per cart on the board and phase 2, that it comes home or derails.
HOME_CHANCE = 0.3
DERAIL_CHANCE = 0.1
MISSION_CHANCE = 0.08


def stones_on(code: str) -> int:
    """The stones the simulated deposit cards show (the printed numbers are not in the text)."""
    return 1 + space_of(code) % 3


def setup(state: OffTheRailsState, rng: random.Random) -> Setup:
    """Per mine: remove one or two cards, set one aside twice; the rest makes the deck."""
    removed: list[str] = []
    opening: list[str] = []
    cave_ins: list[str] = []
    rest: list[str] = []
    drop = REMOVED_PER_MINE[len(state.players)]
    for mine in MINES:
        cards = shuffled([card(mine, space) for space in SPACES], rng)
        removed += cards[:drop]
        opening.append(cards[drop])
        cave_ins.append(cards[drop + 1])
        rest += cards[drop + 2 :]
    placement = CAVE_IN_PLACEMENT[len(state.players)]
    deck = shuffled_with_trigger(rest, CAVE_IN_CARD, placement, rng)
    return Setup(tuple(removed), shuffled(opening, rng), shuffled(cave_ins, rng), deck)


def random_event(state: OffTheRailsState, rng: random.Random) -> OffTheRailsEvent:
    """A legal event for whatever the game waits for."""
    step = state.step
    if step is Step.SETUP:
        return setup(state, rng)
    if step is Step.OPENING:
        return DrawDeposit(state.opening[0], stones_on(state.opening[0]))
    if step is Step.REFILL:
        return Refill()
    if step is Step.ACTIONS:
        return _actions(state, rng)
    if step is Step.CARTS:
        return _carts(state, rng)
    if step is Step.REVEAL:
        return RevealCaveIn(state.cave_ins[0])
    if step is Step.CAVE_IN:
        return PlaceCaveIn(_some_carts(state, rng, chance=0.1))
    if not state.mission_taken and state.missions_left() and rng.random() < MISSION_CHANCE:
        return ValidateMission()
    if state.era is not Era.CAVE_INS:
        top = state.deck[0]
        return DrawDeposit(top, 0 if top == CAVE_IN_CARD else stones_on(top))
    mine = rng.choice([mine for mine, left in state.tokens_left.items() if left])
    roll = rng.randint(1, DIE_SIDES) if state.settings.dice_chasm else 0
    return DrawCaveInToken(mine, roll)


def _actions(state: OffTheRailsState, rng: random.Random) -> TakeActions:
    player = state.player()
    reserve, on_board = player.reserve, player.on_board
    actions = []
    for _ in range(ACTIONS_PER_TURN if rng.random() < 0.9 else rng.randint(0, 3)):
        allowed = [a for a in ACTIONS if (a != PLACE_CART or reserve) and
                   (a != ADJUST_DIE or on_board)]  # fmt: skip
        action = rng.choice(allowed + [PLACE_CART] * bool(reserve))
        if action == PLACE_CART:
            reserve, on_board = reserve - 1, on_board + 1
        actions.append(action)
    return TakeActions(tuple(actions))


def _carts(state: OffTheRailsState, rng: random.Random) -> MoveCarts:
    player = state.player()
    home = sum(rng.random() < HOME_CHANCE for _ in range(player.on_board))
    stored = {gem: sum(p.gems.get(gem, 0) for p in state.players) for gem in GEMS_IN_BOX}
    gems: dict[str, int] = {}
    for _ in range(rng.randint(0, CART_CAPACITY * home)):
        left = [gem for gem in GEMS_IN_BOX if stored[gem] + gems.get(gem, 0) < GEMS_IN_BOX[gem]]
        if left:
            gem = rng.choice(left)
            gems[gem] = gems.get(gem, 0) + 1
    if player.on_board - home < 1:
        return MoveCarts(home, gems)
    derailed = [state.current] if rng.random() < DERAIL_CHANCE else []
    others = _some_carts(state, rng, chance=0.05, skip=state.current)
    return MoveCarts(home, gems, tuple(derailed) + others)


def _some_carts(
    state: OffTheRailsState, rng: random.Random, chance: float, skip: int | None = None
) -> tuple[int, ...]:
    """Now and then one cart of some player (on the board) is hit."""
    seats = [s for s, p in enumerate(state.players) if p.on_board and s != skip]
    return (rng.choice(seats),) if seats and rng.random() < chance else ()
