"""Ticket to Ride maps as data: the shipped maps, spellings, and maps that do not hold."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from engine.errors import InvalidInput
from engine.games.ticket_to_ride import map_from_toml, parse_map, shipped_map
from engine.games.ticket_to_ride.library import find_map

# The cross-checked map data, kept beside the repository in shared/rules/maps when present.
FACTS = Path(__file__).resolve().parents[3] / "shared" / "rules" / "maps"


@pytest.mark.parametrize(("name", "tracks", "cities", "tickets", "long"),
                         [("usa", 100, 36, 30, 0), ("europe", 101, 47, 46, 6)])
def test_shipped_maps_are_complete(name: str, tracks: int, cities: int, tickets: int,
                                   long: int) -> None:
    board = shipped_map(name)
    assert len(board.tracks) == tracks
    assert len(board.cities) == cities
    assert len(board.tickets) == tickets
    assert sum(1 for t in board.tickets if t.long) == long


def test_shipped_map_facts() -> None:
    usa, europe = shipped_map("usa"), shipped_map("europe")
    assert sum(t.length for t in usa.tracks) == 309
    assert sum(t.length for t in europe.tracks) == 300
    assert [t.color for t in usa.tracks_between("Denver", "Salt Lake City")] == ["yellow", "red"]
    assert sum(t.tunnel for t in europe.tracks) == 18
    assert sum(t.ferries for t in europe.tracks) == 17
    assert europe.track("London-Amsterdam").ferries == 2
    assert europe.track("Stockholm-Petrograd").tunnel
    assert europe.ticket("Edinburgh-Athína").points == 21
    assert usa.ticket("Los Angeles-New York").points == 21
    assert europe.rules.stations == 3 and usa.rules.stations == 0
    assert europe.rules.tiebreaks == ("tickets", "fewest-stations", "longest")


@pytest.mark.skipif(not FACTS.exists(), reason="the shared rule files are not here")
@pytest.mark.parametrize("name", ["usa", "europe"])
def test_shipped_maps_match_the_csv_files(name: str) -> None:
    board = shipped_map(name)
    with open(FACTS / f"ttr_{name}_routes.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    seen = []
    for row in rows:
        tracks = board.tracks_between(row["city1"], row["city2"])
        number = int(row["track"]) if row["double"] == "True" else 0
        track = next(t for t in tracks if t.number == number)
        assert track.ends == (row["city1"], row["city2"])
        assert (track.length, track.color) == (int(row["length"]), row["color"])
        assert board.rules.points_for(track.length) == int(row["points"])
        assert track.tunnel == (row.get("tunnel") == "True")
        assert track.ferries == int(row.get("ferry_locomotives") or 0)
        seen.append(track.id)
    assert sorted(seen) == sorted(t.id for t in board.tracks)
    with open(FACTS / f"ttr_{name}_tickets.csv", encoding="utf-8") as handle:
        tickets = list(csv.DictReader(handle))
    assert len(tickets) == len(board.tickets)
    for row, ticket in zip(tickets, board.tickets):
        assert ticket.places == (row["city1"], row["city2"])
        assert ticket.points == int(row["points"])
        assert ticket.long == (row.get("long") == "True")


@pytest.mark.parametrize(("spelling", "city"), [
    ("Zurich", "Zürich"), ("ZURICH", "Zürich"), ("Munchen", "München"), ("Athena", "Athína"),
    ("Athina", "Athína"), ("Bucharest", "Bucuresti"), ("Cadiz", "Cádiz"), ("Danzic", "Danzig"),
    ("Kyiv", "Kyïv"), ("Sarajevo", "Sarajevo"), ("Saraevo", "Sarajevo"), ("Zagreb", "Zágráb"),
    ("Zagrab", "Zágráb"), ("Kobenhavn", "København"), ("  paris ", "Paris"),
])  # fmt: skip
def test_europe_spellings(spelling: str, city: str) -> None:
    assert shipped_map("europe").place(spelling) == city


def test_usa_spellings_and_map_names() -> None:
    usa = shipped_map("USA")
    assert usa.place("St. Louis") == "Saint Louis"
    assert usa.place("sault ste marie") == "Sault Ste. Marie"
    assert usa.place("Montréal") == "Montreal"
    for name in ("usa", "Etats-Unis", "États-Unis", "united states"):
        assert find_map(name) is usa
    for name in ("europe", "EUROPE", "Europa"):
        assert find_map(name) is shipped_map("europe")
    assert find_map("Pays-Bas") is shipped_map("netherlands")
    assert find_map("Atlantis") is None


def _map(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "test", "cities": ["A", "B", "C"],
        "routes": [{"from": "A", "to": "B", "length": 2, "color": "red"}],
        "tickets": [{"from": "A", "to": "C", "points": 4}],
    }  # fmt: skip
    data.update(changes)
    return data


def test_a_rule_without_its_values_is_off_and_the_map_names_what_is_missing() -> None:
    tolls = {"tokens": 30, "loan_penalty": 5, "bonus": {"2": [10, 0], "4": [20, 10, 5, 0]}}
    routes = [{"from": "A", "to": "B", "length": 2, "toll": 2},
              {"from": "B", "to": "C", "length": 1}]
    board = parse_map(_map(routes=routes, rules={"players": [2, 4], "tolls": tolls}))
    assert board.rules.tolls is None
    assert [(missing.rule, missing.fields, missing.count) for missing in board.missing] == [
        ("tolls", ("routes[1].toll", "rules.tolls.bonus.3"), 4)]
    routes[1]["toll"] = 1
    tolls["bonus"]["3"] = [15, 5, 0]
    board = parse_map(_map(routes=routes, rules={"players": [2, 4], "tolls": tolls}))
    assert board.missing == () and board.rules.tolls is not None
    assert board.rules.tolls.bonus_for(3) == (15, 5, 0)


@pytest.mark.parametrize(("changes", "message"), [
    ({"routes": [{"from": "A", "to": "Z", "length": 1}]}, "routes[0].to: unknown place 'Z'"),
    ({"routes": [{"from": "A", "to": "B", "length": 0}]},
     "routes[0].length: must be at least 1 (got 0)"),
    ({"routes": [{"from": "A", "to": "B", "length": 10}]},
     "routes[0].length: must be at most 9 (got 10)"),
    ({"tickets": [{"from": "A", "to": "Q", "points": 4}]}, "tickets[0].to: unknown place 'Q'"),
    ({"routes": [{"from": "A", "to": "B", "length": 2, "tracks": 3, "colors": ["red", "blue"]}]},
     "routes[0].tracks: 3 tracks need 3 colours (got 2)"),
    ({"routes": [{"from": "A", "to": "B", "length": 2, "color": "mauve"}]},
     "routes[0].color: unknown colour 'mauve'"),
    ({"routes": [{"from": "A", "to": "B", "length": 2}, {"from": "B", "to": "a", "length": 2}]},
     "routes[1]: B - A is already routes[0]: give one route with several tracks"),
    ({"routes": [{"from": "A", "to": "A", "length": 2}]},
     "routes[0]: a route joins two different places: from and to both name A; correct one "
     "of them"),
    ({"cities": ["A", "B", "a"]}, "cities[2]: a is listed twice"),
    ({"routes": [{"from": "A", "to": "B", "length": 2, "companies": ["PRR"]}]},
     "routes[0].companies[0]: unknown company 'PRR': list it in rules.stocks"),
    ({"countries": ["X", "Y"], "routes": [{"from": "X", "to": "Y", "length": 2}]},
     "routes[0]: a route cannot join two neighbouring countries"),
    ({"rules": {"stations": 3, "station_costs": [1, 2]}},
     "rules.station_costs: 3 stations need 3 costs (got 2)"),
    ({"rules": {"route_points": {"1": 1}}}, "routes[0].length: must be at most 1 (got 2)"),
    ({"tickets": [{"cities": ["A", "B"], "in_order": 5, "connected": 2}]},
     "tickets[0].cities: an itinerary names three places or more"),
    ({"aliases": {"A": ["b"]}}, "aliases.A: 'b' already names B"),
])  # fmt: skip
def test_maps_that_do_not_hold_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse_map(_map(**changes))
    assert str(refused.value) == message


def test_a_full_map_file() -> None:
    board = map_from_toml('''
        name = "Mini"
        cities = ["Aa", "Bé", "Cc"]
        countries = ["Land"]
        routes = [
          { from = "Aa", to = "Be", length = 3, colors = ["red", "blue"], tunnel = true, toll = 1 },
          { from = "Bé", to = "Cc", length = 4, color = "grey", tracks = 3, ferries = 1, toll = 3 },
          { from = "Cc", to = "Land", length = 1, mountains = 1, toll = 2 },
        ]
        tickets = [
          { from = "Aa", to = "Land", points = 6 },
          { cities = ["Aa", "Bé", "Cc"], in_order = 12, connected = 6 },
          { from = "Bé", to = "Land", points = 5 },
        ]
        [aliases]
        "Cc" = ["Sea"]
        [rules]
        players = [2, 3]
        trains = 30
        longest_bonus = 0
        globetrotter = 15
        [rules.tickets]
        start = 1
        [rules.tolls]
        tokens = 30
        loan_penalty = 5
        bonus = { 2 = [10, 0], 3 = [15, 5, 0] }
    ''')
    assert [t.id for t in board.tracks] == ["Aa-Bé#1", "Aa-Bé#2", "Bé-Cc#1", "Bé-Cc#2",
                                            "Bé-Cc#3", "Cc-Land"]
    assert board.place("sea") == "Cc"
    assert board.tickets[1].itinerary and board.tickets[1].failed == -6
    assert board.rules.tolls is not None and board.rules.tolls.bonus_for(3) == (15, 5, 0)
    assert board.rules.trains == 30 and board.rules.globetrotter == 15


def test_a_broken_map_file() -> None:
    with pytest.raises(InvalidInput, match="not a valid map file"):
        map_from_toml("name = ")
