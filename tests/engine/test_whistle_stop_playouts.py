"""Whistle Stop random playouts: every player count, many seeds, the invariants hold."""

from __future__ import annotations

import json

import pytest

from engine.codec import from_jsonable, to_jsonable
from engine.games.whistle_stop import RULES, WhistleStopState, next_step
from engine.games.whistle_stop.components import STARTING_COAL, TRAINS_PER_PLAYER
from engine.games.whistle_stop.events import WhistleStopEvent
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
SEEDS = range(12)


def check_conserved(state: WhistleStopState) -> None:
    """Trains are placed, on the map or arrived; tokens held = start + gained - spent."""
    trains = TRAINS_PER_PLAYER[len(state.players)]
    for player in state.players:
        assert player.to_place + player.on_map + player.arrived == trains
        assert min(player.coal, player.whistles, player.on_map) >= 0
    start = sum(STARTING_COAL[: len(state.players)])
    assert sum(p.tokens for p in state.players) == start + state.tokens_in - state.tokens_out
    shares = [share for p in state.players for share in p.shares]
    assert len(shares) == len(set(shares))


@pytest.mark.parametrize("players", RULES.players)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(players: int, seed: int) -> None:
    start = RULES.new_game(NAMES[:players], first=seed % players)
    playout = play_random(RULES, start, seed=seed)
    assert RULES.is_over(playout.final)
    state = start
    for event in playout.events:
        data = json.loads(json.dumps(event.to_json()))
        assert WhistleStopEvent.from_json(data) == event
        assert str(next_step(state))
        state = RULES.apply(state, event)
        check_conserved(state)
    assert state == playout.final == RULES.replay(start, playout.events)
    assert from_jsonable(WhistleStopState, json.loads(json.dumps(to_jsonable(state)))) == state
    result = RULES.result(state)
    for score in result.players:
        assert sum(score.breakdown.values()) == score.total >= 0
    assert result.winners
