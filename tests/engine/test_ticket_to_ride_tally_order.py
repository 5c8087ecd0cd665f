"""A tally never depends on the order a table is written in (property tests, hypothesis)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import TallyResult
from engine.games.ticket_to_ride import parse_map, shipped_map
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.tally import tally

NAMES = ("Ana", "Ben", "Cléo", "Dan", "Eve")


def knot_map(rng: random.Random) -> dict[str, Any]:
    """A small map of double and triple routes (gray, gray, red...) with stations: ties abound."""
    cities = [f"C{number}" for number in range(7)]
    pairs = [(a, b) for i, a in enumerate(cities) for b in cities[i + 1:]]
    routes = [{"from": a, "to": b, "length": rng.randint(1, 3),
               "colors": [rng.choice(["gray", "gray", "red"]) for _ in range(rng.randint(1, 3))]}
              for a, b in rng.sample(pairs, 12)]
    return {"name": "Knot", "routes": routes,
            "rules": {"stations": 2, "double_routes_from": 4, "trains": 20}}


def random_table(rng: random.Random, map_name: str) -> dict[str, Any]:
    """A valid table: every route given has an assignment of tracks, written in any form."""
    spec: Any = knot_map(rng) if map_name == "knot" else map_name
    board: Map = parse_map(spec) if map_name == "knot" else shipped_map(map_name)
    count = rng.randint(2, 5)
    players: list[dict[str, Any]] = [{"name": name, "routes": [], "tickets": []}
                                     for name in NAMES[:count]]
    trains = [board.rules.trains] * count
    routes = list(board.route_tracks)
    rng.shuffle(routes)
    for tracks in routes[: rng.randint(0, 60)]:
        most = len(tracks) if count >= board.rules.double_routes_from else 1
        able = [seat for seat in range(count) if trains[seat] >= tracks[0].length]
        takers = rng.sample(able, min(len(able), rng.randint(1, most)))
        for seat, track in zip(takers, rng.sample(list(tracks), len(takers))):
            trains[seat] -= track.length
            a, b = track.ends if rng.random() < 0.5 else track.ends[::-1]
            players[seat]["routes"].append(
                {"from": a, "to": b, "color": track.color} if rng.random() < 0.3 else [a, b])
    pairs: dict[frozenset[str], int] = {}
    for ticket in board.tickets:
        pairs[frozenset(ticket.places)] = pairs.get(frozenset(ticket.places), 0) + 1
    printed = [t for t in board.tickets if pairs[frozenset(t.places)] == 1]
    rng.shuffle(printed)
    if map_name == "knot":
        for seat in range(count):
            for _ in range(rng.randint(0, 3)):
                a, b, c = rng.sample(board.cities, 3)
                players[seat]["tickets"].append(
                    {"from": a, "to": b, "points": rng.randint(1, 3)} if rng.random() < 0.7
                    else {"cities": [a, b, c], "in_order": 4, "connected": 2})
    for seat in range(count if map_name != "knot" else 0):
        for _ in range(rng.randint(0, 4)):
            if printed:
                players[seat]["tickets"].append(list(printed.pop().places))
        if rng.random() < 0.3:
            a, b = rng.sample(board.cities, 2)
            players[seat]["tickets"].append({"from": a, "to": b, "points": rng.randint(1, 20)})
        if rng.random() < 0.2:
            cities = rng.sample(board.cities, 3)
            players[seat]["tickets"].append({"cities": cities, "in_order": 12, "connected": 6})
    if board.rules.stations:
        free = list(board.cities)
        rng.shuffle(free)
        for seat in range(count):
            players[seat]["stations"] = [free.pop() for _ in range(
                rng.randint(0, min(board.rules.stations, len(free) // 2)))]
    if rng.random() < 0.3:
        for player in players:
            player["depots"] = rng.randint(0, 5)
    return {"game": "ticket-to-ride", "map": spec, "players": players}


def shuffled(table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    players = []
    for player in table["players"]:
        copy = dict(player)
        for key in ("routes", "tickets", "stations"):
            if key in copy:
                copy[key] = rng.sample(copy[key], len(copy[key]))
        players.append(copy)
    rng.shuffle(players)
    return {**table, "players": players}


def by_name(result: TallyResult) -> tuple[dict[str, tuple[int, dict[str, int]]], set[str]]:
    return ({p.name: (p.total, dict(p.breakdown)) for p in result.players}, set(result.winners))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), order=st.integers(0, 2**32 - 1),
       map_name=st.sampled_from(["usa", "europe", "knot"]))
def test_permuting_players_routes_and_tickets_changes_nothing(seed: int, order: int,
                                                              map_name: str) -> None:
    """Permuting the players, their routes, tickets and stations never changes any total,
    breakdown or the winners."""
    table = random_table(random.Random(seed), map_name)
    assert by_name(tally(shuffled(table, random.Random(order)))) == by_name(tally(table))


def test_a_station_tie_is_broken_by_completed_tickets_whatever_the_order() -> None:
    """« Une Gare permet à son propriétaire d'emprunter une et une seule des routes appartenant
    à l'un de ses opposants pour relier des villes objectifs figurant sur ses propres cartes
    Destination. » Borrowing S - X or S - Y gives Ana the same ticket points (0); S - X
    completes two tickets, S - Y one. The first tie-break is the most completed tickets, so the
    station takes S - X, and Ana wins, however Ben's routes are listed (borrowing S - Y would
    tie Ana with Cleo on tickets, and Cleo used fewer stations)."""
    board = {"name": "Tie", "routes": [
        {"from": "S", "to": "X", "length": 1}, {"from": "S", "to": "Y", "length": 1},
        {"from": "P", "to": "Q", "length": 1}, {"from": "A1", "to": "A2", "length": 2},
        {"from": "A2", "to": "A3", "length": 3}],
        "rules": {"stations": 1, "longest_bonus": 0}}
    ana = {"name": "Ana", "routes": [["A1", "A2"], ["A2", "A3"]], "stations": ["S"],
           "tickets": [{"from": "S", "to": "X", "points": 2},
                       {"from": "X", "to": "S", "points": 2},
                       {"from": "S", "to": "Y", "points": 4}]}
    cleo = {"name": "Cleo", "routes": [["P", "Q"]], "tickets": [{"from": "P", "to": "Q",
                                                                 "points": 1}]}
    for ben_routes in ([["S", "X"], ["S", "Y"]], [["S", "Y"], ["S", "X"]]):
        for players in ([ana, {"name": "Ben", "routes": ben_routes}, cleo],
                        [cleo, {"name": "Ben", "routes": ben_routes}, ana]):
            result = tally({"game": "ticket-to-ride", "map": board, "players": players})
            # Ana: routes 6, tickets 0, no station left; the others: 2 + one unused station.
            assert {p.name: p.total for p in result.players} == {"Ana": 6, "Ben": 6, "Cleo": 6}
            assert result.winners == ("Ana",)
