"""Random complete games on the example maps where a claim takes something (shares, meeples,
Old West's Cités and Alvin): the live result is the tally of the exported table, whatever order
its players are in."""

from __future__ import annotations

import json
import random
import tomllib
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.events import ClaimRoute, TicketToRideEvent
from engine.games.ticket_to_ride.final_table import holdings
from engine.games.ticket_to_ride.live_old_west import route_claims
from engine.games.ticket_to_ride.state import TicketToRideState
from engine.games.ticket_to_ride.takings import table_fields
from engine.games.ticket_to_ride.tally import tally
from tests.engine.test_ticket_to_ride_playouts import check_invariants
from tests.engine.ticket_to_ride_examples import EXAMPLES, example_map

NAMES = ("Ana", "Ben", "Cleo", "Dan")
MAPS = ("stocks-example", "meeples-example", "old-west-example")
CATEGORY = {"stocks-example": "stocks", "meeples-example": "meeples",
            "old-west-example": "alvin"}


def exported(state: TicketToRideState, name: str) -> dict[str, Any]:
    """The final table as `companion tally` reads it, the map given as its file's object."""
    players = []
    for seat, (holding, player) in enumerate(zip(holdings(state), state.players)):
        claims = route_claims([player])
        players.append({
            "name": holding.name,
            "routes": [{"from": t.ends[0], "to": t.ends[1], "color": t.color,
                        **({"claim": claims[t.id]} if t.id in claims else {})}
                       for t in holding.tracks],
            "tickets": [list(t.places) for t in holding.tickets],
            **table_fields(state, (seat,)),
        })  # fmt: skip
    raw = tomllib.loads((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))
    return {"game": "ticket-to-ride", "map": raw, "players": players}


def check_takings(state: TicketToRideState) -> None:
    rules = state.board.rules
    if rules.stocks is not None:
        numbers: dict[str, list[int]] = {}
        for player in state.players:
            for company, number in player.shares:
                numbers.setdefault(company, []).append(number)
        for company, taken in numbers.items():
            assert sorted(taken) == list(range(1, len(taken) + 1)), "shares taken in order"
            assert len(taken) <= rules.stocks.shares(company)
    if rules.meeples is not None:
        taken_colors = Counter(c for player in state.players for c in player.meeples)
        supply = dict(rules.meeple_supply)
        assert all(count <= supply[color] for color, count in taken_colors.items())
        for player in state.players:
            assert len(player.meeples) <= 2 * len(player.tracks)
    old_west = rules.old_west
    if old_west is not None:
        cities = [city for player in state.players for city, _ in player.cites]
        assert len(cities) == len(set(cities)) and old_west.alvin_start not in cities
        numbers = sorted(n for player in state.players for n in player.claims)
        assert numbers == list(range(1, len(state.owners) + 1)), "each claim numbered in turn"
        for player in state.players:
            assert len(player.cites) <= old_west.cities
        alvin = state.alvin
        assert alvin is not None
        if alvin.holder >= 0:
            holder = state.players[alvin.holder]
            assert holder.alvin_captures
            # In a Cité, or where he was captured by a player who had none.
            assert alvin.city in cities or alvin.city == old_west.alvin_start
        else:
            assert alvin.city == old_west.alvin_start


def own_points(state: TicketToRideState) -> TicketToRideState:
    board = state.board
    return replace(state, players=tuple(
        replace(p, route_points=sum(board.rules.points_for(board.track(t).length)
                                    for t in p.tracks)) for p in state.players))


def play(name: str, players: int, seed: int) -> tuple[TicketToRideState, int]:
    rng = random.Random(seed)
    start = RULES.new_game(NAMES[:players], example_map(name), first=seed % players)
    state, events = start, []
    while not RULES.is_over(state):
        event = RULES.random_event(state, rng)
        wire = json.loads(json.dumps(event.to_json()))
        assert TicketToRideEvent.from_json(wire) == event, "every event survives its JSON"
        state = RULES.apply(state, event)
        # Old West routes may score for the Cités' owners: the plain route count is checked by
        # the tally at the end instead.
        check_invariants(state if state.board.rules.old_west is None else own_points(state))
        check_takings(state)
        events.append(event)
        assert len(events) < 3000, "the game ends"
    assert RULES.replay(start, events) == state, "replaying the log reproduces the game"
    taken = sum(1 for e in events if isinstance(e, ClaimRoute)
                and (e.company or any(e.meeples) or e.cite or e.alvin_to))
    return state, taken


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_live_result_is_the_tally_of_the_exported_table(name: str, players: int) -> None:
    taken = 0
    for seed in range(4):
        state, count = play(name, players, seed)
        taken += count
        live = RULES.result(state)
        table = exported(state, name)
        assert tally(table).to_json() == live.to_json()
        reordered = dict(table, players=list(reversed(table["players"])))
        again = {score.name: score for score in tally(reordered).players}
        assert [again[score.name] for score in live.players] == list(live.players)
        assert sorted(tally(reordered).winners) == sorted(live.winners)
        assert all(CATEGORY[name] in score.breakdown for score in live.players)
        for score, player in zip(live.players, state.players):
            assert score.breakdown["routes"] == player.route_points, "scored at each claim"
    assert taken > 0, "the random players take shares and meeples"
