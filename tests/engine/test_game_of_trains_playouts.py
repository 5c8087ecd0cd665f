"""The Game of Trains random playouts: every player count, many seeds, the invariants hold."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from engine.codec import from_jsonable, to_jsonable
from engine.games.game_of_trains import RULES, GameOfTrainsState, next_step
from engine.games.game_of_trains.cards import WAGONS, ascending
from engine.games.game_of_trains.events import Deal, GameOfTrainsEvent, Reshuffle
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan")
SEEDS = range(25)


def check_conserved(state: GameOfTrainsState) -> None:
    """Every wagon is in exactly one place; lines are full unless waiting for a replacement."""
    places = [card for p in state.players for card in p.line if card]
    places += [*state.face_up, *state.discard, *state.deck]
    assert sorted(places) == list(WAGONS)
    holes = sum(p.line.count(0) for p in state.players)
    assert holes == len(state.refilling)
    abilities = [state.settings.ability(card) for card in state.face_up]
    assert len(abilities) == len(set(abilities))


@pytest.mark.parametrize("players", RULES.players)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(players: int, seed: int) -> None:
    start = RULES.new_game(NAMES[:players], first=seed % players)
    playout = play_random(RULES, start, seed=seed)
    state = start
    kinds: Counter[str] = Counter()
    for event in playout.events:
        assert GameOfTrainsEvent.from_json(json.loads(json.dumps(event.to_json()))) == event
        assert str(next_step(state))
        state = RULES.apply(state, event)
        kinds[event.kind] += 1
        if kinds["deal"]:
            check_conserved(state)
    assert RULES.is_over(state) and state.winner is not None
    assert ascending(state.players[state.winner].line)
    assert sum(ascending(p.line) for p in state.players) == 1
    assert state == playout.final == RULES.replay(start, playout.events)
    assert from_jsonable(GameOfTrainsState, json.loads(json.dumps(to_jsonable(state)))) == state
    result = RULES.result(state)
    assert result.winners == (state.players[state.winner].name,)
    assert all(sum(s.breakdown.values()) == s.total for s in result.players)
    if not state.refilling:  # a win during replacements leaves other lines short
        table = {"players": [{"name": p.name, "train": list(p.line)} for p in state.players]}
        assert RULES.tally(table) == result


def test_playouts_reach_every_event_kind() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(20):
        for event in play_random(RULES, RULES.new_game(NAMES), seed=seed).events:
            kinds[event.kind] += 1
    assert set(kinds) == set(GameOfTrainsEvent.kinds())


@pytest.mark.parametrize("players", RULES.players)
def test_the_table_can_declare_every_card_as_it_comes(players: int) -> None:
    """The same game with the deck unseen (0) at the deal and every reshuffle is accepted."""
    for seed in range(6):
        start = RULES.new_game(NAMES[:players])
        playout = play_random(RULES, start, seed=seed)
        hidden = [
            replace(e, deck=(0,) * len(e.deck)) if isinstance(e, (Deal, Reshuffle)) else e
            for e in playout.events
        ]
        final = RULES.replay(start, hidden)
        assert final.players == playout.final.players and final.winner == playout.final.winner
