"""The Game of Trains random playouts: every player count, many seeds, the invariants hold."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.codec import from_jsonable, to_jsonable
from engine.games.game_of_trains import RULES, GameOfTrainsState, next_step
from engine.games.game_of_trains.cards import WAGONS, ascending
from engine.games.game_of_trains.events import (
    Deal,
    GameOfTrainsEvent,
    LearnAbility,
    OpeningDraw,
    OpeningKeep,
    Reshuffle,
    UseAbility,
)
from engine.games.game_of_trains.simulate import SIMULATED_BOX
from engine.games.game_of_trains.state import Settings
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan")
SEEDS = range(25)


def check_conserved(state: GameOfTrainsState) -> None:
    """Every wagon is in exactly one place; lines are full unless waiting for a replacement."""
    places = [card for p in state.players for card in (*p.line, *p.drawn) if card]
    places += [*state.face_up, *state.discard, *state.deck]
    assert sorted(places) == list(WAGONS)
    holes = sum(p.line.count(0) for p in state.players)
    assert holes == len(state.refilling)
    # Two face-up cards never share a known ability; unknown ones wait to be learned.
    abilities = [state.ability(card) for card in state.face_up if state.ability(card)]
    assert len(abilities) == len(set(abilities))


def check_learning(before: GameOfTrainsState, event: GameOfTrainsEvent,
                   after: GameOfTrainsState) -> None:
    """An ability is known only once learned; a card whose ability is unknown is never used,
    and the table learns it before anything else happens."""
    if before.unknown_face_up():
        assert isinstance(event, LearnAbility) and event.card == before.unknown_face_up()[0]
    if isinstance(event, LearnAbility):
        changed = [n for n in WAGONS if before.ability(n) != after.ability(n)]
        assert changed == [event.card] and before.ability(event.card) is None
    else:
        assert after.abilities == before.abilities
    if isinstance(event, UseAbility):
        assert before.ability(event.card) is not None


@pytest.mark.parametrize("players", RULES.players)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(players: int, seed: int) -> None:
    opening = seed % 5 != 0  # most games play the opening (the default), some skip it
    start = RULES.new_game(NAMES[:players], settings=Settings(opening=opening),
                           first=seed % players)
    playout = play_random(RULES, start, seed=seed)
    state = start
    kinds: Counter[str] = Counter()
    for event in playout.events:
        assert GameOfTrainsEvent.from_json(json.loads(json.dumps(event.to_json()))) == event
        assert str(next_step(state))
        check_learning(state, event, RULES.apply(state, event))
        state = RULES.apply(state, event)
        kinds[event.kind] += 1
        if kinds["deal"]:
            check_conserved(state)
    assert kinds["opening-draw"] == kinds["opening-keep"] == (players if opening else 0)
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


@pytest.mark.parametrize("players", RULES.players)
@pytest.mark.parametrize("seed", range(10))
def test_the_opening_draws_one_two_three_four_then_each_keeps_one(players: int,
                                                                   seed: int) -> None:
    """The publisher's rules: "clockwise from the first, players draw 1, 2, 3 and 4 cards
    (first, second, third, fourth player); then, clockwise from the first, each keeps one of
    the drawn cards to replace a wagon of their line and discards the others face down"."""
    first = seed % players
    start = RULES.new_game(NAMES[:players], first=first)
    played = play_random(RULES, start, seed=seed).events
    # The cards' abilities are learned as they go face up, between the keeps.
    events = [event for event in played if not isinstance(event, LearnAbility)]
    opening = events[1 : 2 * players + 1]
    order = [(first + k) % players for k in range(players)]
    draws, keeps = opening[:players], opening[players:]
    assert all(isinstance(e, OpeningDraw) for e in draws)
    assert [e.seat for e in draws] == order  # type: ignore[attr-defined]
    assert [len(e.cards) for e in draws] == list(range(1, players + 1))  # type: ignore[attr-defined]
    assert all(isinstance(e, OpeningKeep) for e in keeps)
    assert [e.seat for e in keeps] == order  # type: ignore[attr-defined]
    last_keep = played.index(opening[-1])
    after = RULES.replay(start, played[: last_keep + 1])
    assert after.current == first and all(not p.drawn for p in after.players)
    assert len(after.discard) + len(after.face_up) == sum(range(1, players + 1))
    assert not isinstance(events[2 * players + 1], (OpeningDraw, OpeningKeep))


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), opening=st.booleans(),
       first=st.integers(0, 3))
def test_any_seed_plays_to_the_end_and_replays(players: int, seed: int, opening: bool,
                                               first: int) -> None:
    start = RULES.new_game(NAMES[:players], settings=Settings(opening=opening),
                           first=first % players)
    playout = play_random(RULES, start, seed=seed)
    kinds = Counter(event.kind for event in playout.events)
    assert kinds["opening-draw"] == kinds["opening-keep"] == (players if opening else 0)
    assert RULES.replay(start, playout.events) == playout.final
    assert playout.final.winner is not None


@pytest.mark.parametrize("seed", range(6))
def test_abilities_known_from_the_start_are_not_asked_again(seed: int) -> None:
    """A table that remembers the box (the `known` setting) learns only the others."""
    first = play_random(RULES, RULES.new_game(NAMES[:3]), seed=seed)
    learned = {e.card: e.ability for e in first.events if isinstance(e, LearnAbility)}
    assert learned and all(SIMULATED_BOX[card - 1] is ability
                           for card, ability in learned.items())
    start = RULES.new_game(NAMES[:3], settings=Settings(known=learned))
    again = play_random(RULES, start, seed=seed)
    assert not {e.card for e in again.events if isinstance(e, LearnAbility)} & set(learned)
    assert again.final.winner is not None


def test_learning_in_any_order_gives_the_same_table() -> None:
    cards = (5, 17, 40, 84)
    state = RULES.new_game(NAMES[:2])
    forward = RULES.replay(state, [LearnAbility(c, SIMULATED_BOX[c - 1]) for c in cards])
    backward = RULES.replay(state, [LearnAbility(c, SIMULATED_BOX[c - 1])
                                    for c in reversed(cards)])
    assert forward == backward
