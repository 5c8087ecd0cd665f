"""Off the Rails random playouts: every player count and mode, many seeds, the invariants hold."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.codec import from_jsonable, to_jsonable
from engine.games.off_the_rails import RULES, OffTheRailsState, Settings, next_step
from engine.games.off_the_rails.components import (
    CARTS_PER_PLAYER,
    CAVE_IN_CARD,
    CAVE_IN_TOKENS,
    GEMS_IN_BOX,
    UNSEEN,
    deposit_cards,
)
from engine.games.off_the_rails.events import OffTheRailsEvent, Setup
from engine.games.off_the_rails.state import Step
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan")
SEEDS = range(15)


def check_conserved(state: OffTheRailsState) -> None:
    """Every deposit card once, carts and cave-in tokens counted, gems within the box."""
    if state.step is not Step.SETUP:
        piles = (*state.removed, *state.opening, *state.cave_ins, *state.deck, *state.drawn)
        assert sorted(piles) == sorted((*deposit_cards(), CAVE_IN_CARD))
    for player in state.players:
        assert player.reserve + player.on_board + player.lost == CARTS_PER_PLAYER
        assert min(player.reserve, player.on_board) >= 0
    for gem, count in GEMS_IN_BOX.items():
        assert sum(p.gems.get(gem, 0) for p in state.players) <= count
    assert 0 <= state.tokens_placed() <= CAVE_IN_TOKENS
    assert state.missions_left() >= 0


def settings_for(seed: int) -> Settings:
    return Settings(bumper=seed % 3 == 0, dice_chasm=seed % 2 == 1)


@pytest.mark.parametrize("players", RULES.players)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(players: int, seed: int) -> None:
    start = RULES.new_game(NAMES[:players], settings_for(seed), first=seed % players)
    playout = play_random(RULES, start, seed=seed)
    state = start
    for event in playout.events:
        assert OffTheRailsEvent.from_json(json.loads(json.dumps(event.to_json()))) == event
        assert str(next_step(state))
        state = RULES.apply(state, event)
        check_conserved(state)
    assert RULES.is_over(state) and state.carts_on_board() == 0
    assert state == playout.final == RULES.replay(start, playout.events)
    assert from_jsonable(OffTheRailsState, json.loads(json.dumps(to_jsonable(state)))) == state
    result = RULES.result(state)
    assert all(sum(s.breakdown.values()) == s.total for s in result.players)
    table = {"players": [
        {"name": p.name, "gems": p.gems, "carts": p.reserve, "missions": p.missions}
        for p in state.players
    ]}  # fmt: skip
    assert RULES.tally(table) == result


@pytest.mark.parametrize("players", RULES.players)
def test_the_table_can_declare_every_card_as_it_comes(players: int) -> None:
    """The same game with every face-down card unseen at setup is accepted as declared."""
    for seed in range(4):
        start = RULES.new_game(NAMES[:players], settings_for(seed))
        playout = play_random(RULES, start, seed=seed)
        setup = playout.events[0]
        assert isinstance(setup, Setup)
        hidden = Setup(*(tuple(UNSEEN for _ in pile) for pile in
                         (setup.removed, setup.opening, setup.cave_ins, setup.deck)))
        final = RULES.replay(start, (hidden, *playout.events[1:]))
        assert final.players == playout.final.players and final.drawn == playout.final.drawn


def test_playouts_reach_every_event_kind() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(6):
        for event in play_random(RULES, RULES.new_game(NAMES, settings_for(seed)), seed).events:
            kinds[event.kind] += 1
    assert set(kinds) == set(OffTheRailsEvent.kinds())
