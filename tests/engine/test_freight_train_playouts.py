"""Random complete games of Freight Train: invariants at every step, replay, JSON."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalEvent
from engine.games.freight_train import RULES
from engine.games.freight_train.cards import DEPARTURE, LANES, MIXED, TRACK_SPACES, WAGON_TYPES
from engine.games.freight_train.events import (
    FreightTrainEvent,
    MoveFromYard,
    RefillLane,
    TakeFromMainYard,
)  # fmt: skip
from engine.games.freight_train.state import TRAIN, YARD_TARGETS, FreightTrainState, Phase
from engine.games.freight_train.tally import tally
from engine.simulate import play_random

from .freight_train_helpers import all_cards, expected_cards

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def check_invariants(state: FreightTrainState) -> None:
    assert all_cards(state) == expected_cards(state), "every card is in exactly one place"
    departures = state.deck.count(DEPARTURE)
    assert departures == (1 if state.phase is Phase.PLAY and not state.departure_drawn else 0)
    assert sum(p.tokens for p in state.players) + state.bank == 0, "tokens are conserved"
    for player in state.players:
        assert all(len(track) <= TRACK_SPACES for track in player.yard)
        assert player.train_count() <= player.locomotives, "each train has a locomotive"
        assert len(set(player.mixed)) == len(player.mixed) <= len(WAGON_TYPES)
        assert all(length > 0 for length in player.trains.values())
        assert player.tokens >= 0
    assert all(len(lane) <= 5 for lane in state.main_yard)


def play_checked(players: int, seed: int) -> tuple[FreightTrainState, list[FreightTrainEvent]]:
    rng = random.Random(seed)
    start = RULES.new_game(NAMES[:players], first=seed % players)
    state, events = start, []
    while not RULES.is_over(state):
        event = RULES.random_event(state, rng)
        wire = json.loads(json.dumps(event.to_json()))
        assert FreightTrainEvent.from_json(wire) == event, "every event survives its JSON"
        if wire.get("entry_order") == []:
            del wire["entry_order"]  # as journalled before the order of entry was recorded
            assert FreightTrainEvent.from_json(wire) == event, "old takes mean the take's order"
        state = RULES.apply(state, event)
        check_invariants(state)
        events.append(event)
        assert len(events) < 5000
    assert RULES.replay(start, events) == state, "replaying the log reproduces the game"
    return state, events


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    final, _ = play_checked(players, seed)
    assert final.phase is Phase.OVER and len(final.tallies) == 3, "every game ends after day 3"
    outcome = RULES.result(final)
    for score, player in zip(outcome.players, final.players):
        assert score.total == player.tokens == sum(score.breakdown.values())
    best = max(p.tokens for p in final.players)
    assert set(outcome.winners) == {p.name for p in final.players if p.tokens == best}


def test_simulated_players_choose_the_order_wagons_enter_their_yard() -> None:
    """"Il peut placer les wagons dans sa zone de fret dans n'importe quel ordre qu'il
    souhaite": the simulator plays both the order of the take and other orders."""
    _, events = play_checked(3, 11)
    takes = [event for event in events if isinstance(event, TakeFromMainYard)]
    assert any(event.entry_order for event in takes)
    assert any(not event.entry_order and len(event.yard_entries()) > 1 for event in takes)


def test_the_same_seed_gives_the_same_game() -> None:
    start = RULES.new_game(NAMES[:4])
    assert play_random(RULES, start, seed=7) == play_random(RULES, start, seed=7)
    assert play_random(RULES, start, seed=7) != play_random(RULES, start, seed=8)


def table_json(state: FreightTrainState) -> dict[str, object]:
    """The table as players would type it, just before the day's tally was paid."""
    players = []
    for p, paid in zip(state.players, state.tallies[-1].paid):
        trains = dict(p.trains)
        if p.mixed:
            trains[MIXED] = len(p.mixed)
        players.append({"name": p.name, "tokens": p.tokens - sum(paid.values()),
                        "trains": trains, "yard": p.yard_size()})
    return {"game": "freight-train", "day": state.tallies[-1].day, "players": players}


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_the_tally_command_agrees_with_the_engine(players: int, seed: int) -> None:
    """At each day's departure, `companion tally` of the table pays what the engine pays."""
    rng = random.Random(seed)
    state = RULES.new_game(NAMES[:players])
    while not RULES.is_over(state):
        before = state
        state = RULES.apply(state, RULES.random_event(state, rng))
        if len(state.tallies) > len(before.tallies):
            paid = state.tallies[-1].paid
            result = tally(table_json(state))
            for seat, score in enumerate(result.players):
                assert dict(score.breakdown) == paid[seat]
                assert score.total == state.players[seat].tokens


def candidate_events(state: FreightTrainState, rng: random.Random) -> FreightTrainEvent:
    """An arbitrary, often illegal, event for the current position."""
    kinds = [TakeFromMainYard, MoveFromYard, RefillLane]
    kind = rng.choice(kinds)
    targets = (TRAIN, MIXED, *YARD_TARGETS, "roof")
    if kind is RefillLane:
        return RefillLane(rng.randrange(-1, LANES + 1), tuple(rng.choice(WAGON_TYPES)
                                                              for _ in range(rng.randint(0, 7))))
    count = rng.randint(0, 5)
    places = tuple(rng.randrange(-1, 6) for _ in range(count))
    wagons = tuple(rng.choice(WAGON_TYPES) for _ in range(count))
    aims = tuple(rng.choice(targets) for _ in range(count))
    if kind is TakeFromMainYard and rng.random() < 0.5:
        order = tuple(rng.randrange(-1, 4) for _ in range(rng.randint(0, 3)))
        return TakeFromMainYard(places, wagons, aims, order)
    return kind(places, wagons, aims)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_arbitrary_events_are_refused_with_a_reason_or_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    state = RULES.new_game(NAMES[: 2 + seed % 4])
    refusals: Counter[str] = Counter()
    for _ in range(400):
        if RULES.is_over(state):
            break
        if state.phase is Phase.PLAY and rng.random() < 0.5:
            try:
                state = RULES.apply(state, candidate_events(state, rng))
            except IllegalEvent as refusal:
                assert refusal.reason and str(refusal)
                refusals[refusal.reason] += 1
            check_invariants(state)
        else:
            state = RULES.apply(state, RULES.random_event(state, rng))
    assert refusals, "arbitrary events are mostly illegal"


def test_simulated_players_free_a_blocked_yard_rather_than_pass_for_ever() -> None:
    """Two players whose yards are full and whose front wagons can go nowhere: a token pays
    for a rearrangement that brings forward a wagon that can leave, where passing spent every
    token and left both only free passes, for ever (this seed never ended)."""
    final, _ = play_checked(2, 5842673)
    assert final.phase is Phase.OVER
