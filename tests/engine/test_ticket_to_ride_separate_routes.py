"""Separate routes between the same two places and four tracks into a country: the map format
and its track ids, the rules of the game, the tally, and whole random games."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.ticket_to_ride import RULES, Map, map_from_toml, parse_map, shipped_map
from engine.games.ticket_to_ride.claiming import claim_problem
from engine.games.ticket_to_ride.claims import route_entry
from engine.games.ticket_to_ride.events import MovePassenger, PlacePassenger
from engine.games.ticket_to_ride.live_passengers import next_stops
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

from .test_ticket_to_ride_playouts import play_checked
from .ticket_to_ride_live import EXAMPLES, checked_result, claim, play, ready

MAPS = Path(__file__).resolve().parents[1] / "maps"
#: Every track id of the shipped maps, the example maps and the test maps, as they were before
#: separate routes: the journal names tracks by these ids.
IDS = Path(__file__).with_name("ticket_to_ride_track_ids.json")


@cache
def board(name: str) -> Map:
    return map_from_toml((MAPS / f"{name}.toml").read_text("utf-8"))


def small(*routes: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {"name": "small", "cities": ["A", "B", "C", "Kreuzlingen", "Wroclaw"],
            "countries": ["Deutschland", "Czechy"], "routes": list(routes), **changes}


# --- The map format ------------------------------------------------------------------------------


def test_each_new_case_parses_with_its_ids() -> None:
    parsed = parse_map(small(
        {"from": "A", "to": "B", "length": 2, "tunnel": True},
        {"from": "B", "to": "A", "length": 3, "ferries": 1},
        {"from": "a", "to": "b", "length": 1, "colors": ["red", "blue"]},
        {"from": "B", "to": "C", "length": 4},
        {"from": "B", "to": "C", "length": 3, "colors": ["white", "pink"]},
        {"from": "Kreuzlingen", "to": "Deutschland", "length": 1, "color": "red",
         "arrow": "Konstanz"},
        {"from": "Kreuzlingen", "to": "Deutschland", "length": 1, "color": "blue",
         "arrow": "Schaffhausen"},
        {"from": "Wroclaw", "to": "Czechy", "length": 1,
         "colors": ["red", "blue", "yellow", "green"]},
        {"from": "Wroclaw", "to": "Deutschland", "length": 2, "tracks": 4},
    ))
    assert [(t.id, t.route, t.number) for t in parsed.tracks] == [
        ("A-B", 0, 0), ("A-B/2", 1, 0), ("A-B/3#1", 2, 1), ("A-B/3#2", 2, 2),
        ("B-C", 3, 0), ("B-C/2#1", 4, 1), ("B-C/2#2", 4, 2),
        ("Kreuzlingen-Deutschland", 5, 0), ("Kreuzlingen-Deutschland/2", 6, 0),
        ("Wroclaw-Czechy#1", 7, 1), ("Wroclaw-Czechy#2", 7, 2), ("Wroclaw-Czechy#3", 7, 3),
        ("Wroclaw-Czechy#4", 7, 4),
        ("Wroclaw-Deutschland#1", 8, 1), ("Wroclaw-Deutschland#2", 8, 2),
        ("Wroclaw-Deutschland#3", 8, 3), ("Wroclaw-Deutschland#4", 8, 4),
    ]  # fmt: skip
    assert parsed.track("A-B/2").ends == ("B", "A"), "each route keeps the ends it was given"
    assert parsed.track("A-B").tunnel and parsed.track("A-B/2").ferries == 1
    assert [t.arrow for t in parsed.tracks_between("Deutschland", "Kreuzlingen")] == [
        "Konstanz", "Schaffhausen"]
    assert [len(route) for route in parsed.routes_between("B", "A")] == [1, 1, 2]


def test_the_test_maps_hold_every_case_of_the_printed_boards() -> None:
    nordic = board("separate-routes")
    assert [t.id for t in nordic.tracks_between("Stavanger", "Kristiansand")] == [
        "Kristiansand-Stavanger", "Kristiansand-Stavanger/2"]
    assert len(nordic.tracks_between("Wroclaw", "Czechy")) == 4
    lakes = board("boats-separate")
    assert [(t.id, t.length, t.sea) for t in lakes.tracks_between("Alba", "Gaviota")] == [
        ("Alba-Gaviota", 5, False), ("Alba-Gaviota/2", 4, True)]
    assert [(t.id, t.sea) for t in lakes.tracks_between("Duna", "Isla")] == [
        ("Duna-Isla", False), ("Duna-Isla/2#1", True), ("Duna-Isla/2#2", True)]


def stored_map(name: str) -> Map:
    return shipped_map(name) if "/" not in name else map_from_toml(
        (IDS.parents[2] / name).read_text("utf-8"))


@pytest.mark.parametrize("name", sorted(json.loads(IDS.read_text("utf-8"))))
def test_the_maps_keep_their_track_ids(name: str) -> None:
    assert [t.id for t in stored_map(name).tracks] == json.loads(IDS.read_text("utf-8"))[name]


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_the_shipped_maps_ids_follow_the_old_scheme(name: str) -> None:
    for track in shipped_map(name).tracks:
        base = "-".join(track.ends)
        assert track.id == (f"{base}#{track.number}" if track.number else base)


def test_every_example_map_is_in_the_stored_ids() -> None:
    stored = json.loads(IDS.read_text("utf-8"))
    assert {f"examples/maps/{path.name}" for path in EXAMPLES.glob("*.toml")} <= set(stored)


@pytest.mark.parametrize(("routes", "message"), [
    ([{"from": "Kreuzlingen", "to": "Deutschland", "length": 1, "color": "red"},
      {"from": "Deutschland", "to": "Kreuzlingen", "length": 1, "color": "blue"}],
     "routes[1]: Deutschland - Kreuzlingen is already routes[0]: give one route with several "
     "tracks"),
    ([{"from": "A", "to": "B", "length": 2, "tunnel": True},
      {"from": "A", "to": "B", "length": 3},
      {"from": "B", "to": "A", "length": 2, "tunnel": True, "color": "red"}],
     "routes[2]: B - A is already routes[0]: give one route with several tracks"),
    ([{"from": "A", "to": "B", "length": 1, "arrow": "North"}],
     "routes[0].arrow: only a route to a country has an arrow (list the country in countries)"),
    ([{"from": "A", "to": "Czechy", "length": 1, "arrow": "x" * 31}],
     "routes[0].arrow: an arrow is a short label: 30 characters at most"),
    ([{"from": "A", "to": "B", "length": 1, "colors": ["red", "blue", "green", "white"]}],
     "routes[0].colors: a route has one to three tracks (four only on a route to a country)"),
    ([{"from": "A", "to": "B", "length": 1, "tracks": 4}],
     "routes[0].tracks: a route has one to three tracks (four only on a route to a country)"),
    ([{"from": "A", "to": "Czechy", "length": 1, "tracks": 5}],
     "routes[0].tracks: must be at most 4 (got 5)"),
    ([{"from": "A", "to": "Czechy", "length": 1, "colors": ["red"] * 5}],
     "routes[0].colors: a route to a country has one to four tracks"),
    ([{"from": "A", "to": "a", "length": 2}],
     "routes[0]: a route joins two different places: from and to both name A; correct one of "
     "them"),
])  # fmt: skip
def test_what_separate_routes_and_four_tracks_refuse(routes: list[dict[str, Any]],
                                                     message: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse_map(small(*routes))
    assert str(refused.value) == message


def test_two_routes_whose_ids_would_be_the_same_are_refused() -> None:
    with pytest.raises(InvalidInput) as refused:
        parse_map(small({"from": "A", "to": "B", "length": 2},
                        {"from": "A", "to": "B/2", "length": 1},
                        {"from": "A", "to": "B", "length": 3}, cities=["A", "B", "B/2"]))
    assert str(refused.value) == ("routes[2]: the track id A-B/2 is already that of routes[1]: "
                                  "spell a place otherwise")


# --- The rules of the game -----------------------------------------------------------------------


def test_a_player_may_take_both_separate_routes_but_never_two_tracks_of_one() -> None:
    state = claim(ready(board("separate-routes"), players=4), "Penzance-Plymouth", seat=0)
    state = claim(state, "Penzance-Plymouth/2", seat=0)
    assert state.players[0].tracks == ("Penzance-Plymouth", "Penzance-Plymouth/2")
    state = claim(state, "Oslo-Kristiansand", seat=0)
    state = claim(state, "Oslo-Kristiansand/2#1", seat=0)
    with pytest.raises(IllegalEvent, match="Nobody may claim two tracks of one route"):
        claim(state, "Oslo-Kristiansand/2#2", seat=0)
    assert claim(state, "Oslo-Kristiansand/2#2", seat=1).owners["Oslo-Kristiansand/2#2"] == 1


def test_with_few_players_separate_routes_stay_open_and_a_second_track_closes() -> None:
    state = ready(board("separate-routes"), players=2)
    state = claim(state, "Oslo-Kristiansand/2#1", seat=0)
    track = state.board.track
    assert claim_problem(state, track("Oslo-Kristiansand")) is None
    assert claim_problem(replace_current(state, 1), track("Oslo-Kristiansand")) is None
    assert claim_problem(replace_current(state, 1), track("Oslo-Kristiansand/2#2")) == (
        "With fewer than {count} players only one track of a route may be used")
    state = claim(state, "Kreuzlingen-Deutschland", seat=0)
    state = claim(state, "Kreuzlingen-Deutschland/2", seat=1)
    assert state.owners["Kreuzlingen-Deutschland/2"] == 1


def replace_current(state: TicketToRideState, seat: int) -> TicketToRideState:
    return replace(state, current=seat)


def test_four_players_each_take_a_track_into_a_country() -> None:
    state = ready(board("separate-routes"), players=4)
    for seat in range(4):
        state = claim(state, f"Wroclaw-Czechy#{seat + 1}", seat=seat)
    assert [state.owners[f"Wroclaw-Czechy#{n}"] for n in range(1, 5)] == [0, 1, 2, 3]


MARKLIN_TWICE = (EXAMPLES / "marklin-example.toml").read_text("utf-8").replace(
    '  { from = "Altheim", to = "Fuchsau", length = 2, color = "green" },\n',
    '  { from = "Altheim", to = "Fuchsau", length = 2, color = "green" },\n'
    '  { from = "Fuchsau", to = "Altheim", length = 4, color = "gray" },\n', 1)


def test_a_passenger_goes_and_comes_back_by_separate_routes() -> None:
    marklin = map_from_toml(MARKLIN_TWICE)
    assert marklin.has_track("Altheim-Fuchsau/2")
    state = claim(ready(marklin), "Altheim-Fuchsau", seat=0)
    state = RULES.apply(state, PlacePassenger("Altheim"))
    state = claim(state, "Altheim-Fuchsau/2", seat=0)
    state = replace_current(RULES.apply(state, PlacePassenger("")), 0)
    assert [(s.city, s.track.id) for s in next_stops(state, "Altheim")] == [
        ("Fuchsau", "Altheim-Fuchsau")]
    assert [(s.city, s.track.id, s.token) for s in next_stops(state, "Altheim", ("Fuchsau",))
            ] == [("Altheim", "Altheim-Fuchsau/2", 0)]
    assert next_stops(state, "Altheim", ("Fuchsau", "Altheim")) == []
    state = RULES.apply(state, MovePassenger("Altheim", ("Fuchsau", "Altheim")))
    assert state.players[0].merchandise == (3,)


# --- The tally -----------------------------------------------------------------------------------


def tally_of(game: Map, *players: dict[str, Any]) -> dict[str, int]:
    result = tally({"game": "ticket-to-ride", "map": game, "players": list(players)})
    return {p.name: p.breakdown["routes"] for p in result.players}


def refused(game: Map, *players: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as error:
        tally({"game": "ticket-to-ride", "map": game, "players": list(players)})
    return str(error.value)


def route(a: str, b: str, **spec: Any) -> dict[str, Any]:
    return {"from": a, "to": b, **spec}


def test_the_tally_picks_a_separate_route_by_length_arrow_or_colour() -> None:
    nordic = board("separate-routes")
    ana = {"name": "Ana", "routes": [route("Kristiansand", "Stavanger", length=2),
                                     route("Stavanger", "Kristiansand", length=3),
                                     route("Kreuzlingen", "Deutschland", arrow="konstanz"),
                                     route("Kreuzlingen", "Deutschland", color="blue")]}
    assert tally_of(nordic, ana, {"name": "Ben"}) == {"Ana": 2 + 4 + 1 + 1, "Ben": 0}
    lakes = board("boats-separate")
    ana = {"name": "Ana", "routes": [route("Alba", "Gaviota", length=4),
                                     route("Alba", "Gaviota", sea=False)]}
    assert tally_of(lakes, ana, {"name": "Ben"}) == {"Ana": 7 + 10, "Ben": 0}


@pytest.mark.parametrize(("name", "entry", "message"), [
    ("boats-separate", route("Alba", "Gaviota"),
     "players[0].routes[0]: there are 2 routes between Alba and Gaviota: give its length "
     "(5 or 4)"),
    ("separate-routes", ["Stavanger", "Kristiansand"],
     "players[0].routes[0]: there are 2 routes between Stavanger and Kristiansand: give its "
     "length (2 or 3)"),
    ("separate-routes", route("Kreuzlingen", "Deutschland"),
     'players[0].routes[0]: there are 2 routes between Kreuzlingen and Deutschland: give arrow '
     '("Konstanz" or "Schaffhausen")'),
    ("separate-routes", route("Kristiansand", "Stavanger", length=4),
     "players[0].routes[0].length: there is no route between Kristiansand and Stavanger with "
     "length 4"),
    ("separate-routes", route("Kristiansand", "Stavanger", tunnel=True, length=3),
     "players[0].routes[0].tunnel: there is no route between Kristiansand and Stavanger with "
     "length 3, tunnel true"),
    ("separate-routes", route("Kreuzlingen", "Deutschland", arrow="Basel"),
     'players[0].routes[0].arrow: there is no route between Kreuzlingen and Deutschland with '
     'arrow "Basel"'),
])  # fmt: skip
def test_the_tally_refuses_a_route_it_cannot_tell(name: str, entry: Any, message: str) -> None:
    assert refused(board(name), {"name": "Ana", "routes": [entry]}, {"name": "Ben"}) == message


def test_the_tally_applies_the_double_route_rules_route_by_route() -> None:
    nordic = board("separate-routes")
    double = route("Oslo", "Kristiansand", length=2)
    single = route("Oslo", "Kristiansand", length=3)
    assert refused(nordic, {"name": "Ana", "routes": [double, double]}, {"name": "Ben"}) == (
        "players[0].routes[1]: Ana cannot hold two tracks of the route Oslo - Kristiansand "
        "(length 2)")
    assert tally_of(nordic, {"name": "Ana", "routes": [single]},
                    {"name": "Ben", "routes": [double]}) == {"Ana": 4, "Ben": 2}
    assert refused(nordic, {"name": "Ana", "routes": [double]},
                   {"name": "Ben", "routes": [double]}) == (
        "players[1].routes[0]: with 2 players only one track of Oslo - Kristiansand (length 2) "
        "may be used")
    both = [{"name": name, "routes": [double]} for name in ("Ana", "Ben")]
    assert tally_of(nordic, *both, {"name": "Cleo", "routes": [single]}, {"name": "Dan"}) == {
        "Ana": 2, "Ben": 2, "Cleo": 4, "Dan": 0}
    assert refused(nordic, *both, {"name": "Cleo", "routes": [double]}, {"name": "Dan"}) == (
        "players[2].routes[0]: Oslo - Kristiansand (length 2, yellow) is already held by Ana")


def test_four_tracks_into_a_country_in_the_tally() -> None:
    entry = route("Wroclaw", "Czechy")
    players = [{"name": name, "routes": [entry]} for name in ("Ana", "Ben", "Cleo", "Dan")]
    assert tally_of(board("separate-routes"), *players) == dict.fromkeys(
        ("Ana", "Ben", "Cleo", "Dan"), 1)
    assert route_entry(board("separate-routes"), board("separate-routes").track(
        "Kreuzlingen-Deutschland/2")) == {"from": "Kreuzlingen", "to": "Deutschland",
                                          "color": "blue", "arrow": "Schaffhausen"}


# --- Whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_separate_routes_end_and_agree_with_the_tally(players: int) -> None:
    nordic = board("separate-routes")
    claimed: set[str] = set()
    for seed in range(4):
        final = play_checked(nordic, players, seed)
        assert final.phase is Phase.OVER
        checked_result(final)
        claimed |= set(final.owners)
    assert {"Kristiansand-Stavanger", "Kristiansand-Stavanger/2"} <= claimed


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_separate_sea_routes_agree_with_the_tally(players: int) -> None:
    lakes = board("boats-separate")
    for seed in range(3):
        final, _ = play(lakes, players, seed)
        checked_result(final)
