"""Tickets to one of several destinations (Switzerland): the map format and ids, the best
destination scoring, countries as dead ends, stations, the tally's input, and random complete
games on `tests/maps/any-of-tickets.toml` scored like the tally."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput
from engine.games.ticket_to_ride import RULES, Map, map_from_toml, parse_map
from engine.games.ticket_to_ride.any_of import any_of_ticket
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.stations import best_borrowing
from engine.games.ticket_to_ride.tally import tally
from engine.games.ticket_to_ride.tickets import Outcome, PlayerNetwork, scored

from .test_ticket_to_ride_stations import plain_best
from .ticket_to_ride_live import NAMES, checked_result, play

MAPS = Path(__file__).resolve().parents[1] / "maps"
ALPA = "Alpa-Südland|Westmark|Glarn"         # Südland 9, Westmark 3, Glarn 6
HOLM = "Holm-Westmark|Südland"               # Westmark 4, Südland 8
WESTMARK = "Westmark-Südland|Glarn|Esk|Dunel"  # Südland 11, Glarn 7, Esk 6, Dunel 8


@cache
def board() -> Map:
    return map_from_toml((MAPS / "any-of-tickets.toml").read_text("utf-8"))


def points(ticket: str, *tracks: str) -> tuple[int, str]:
    """What `ticket` scores on a network of `tracks`, and the destination that scored."""
    game = board()
    result = scored(game.ticket(ticket), PlayerNetwork([game.track(t) for t in tracks], game))
    return result.points, result.destination


def mini(*tickets: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"name": "Mini", "cities": ["Bern", "Chur"], "countries": ["France", "Italia"],
            "routes": [{"from": "Bern", "to": "France", "length": 2},
                       {"from": "Bern", "to": "Chur", "length": 2},
                       {"from": "Chur", "to": "Italia", "length": 3}],
            "tickets": list(tickets), **extra}  # fmt: skip


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as caught:
        parse_map(data)
    return str(caught.value)


# --- The map format ----------------------------------------------------------------------------


def test_a_ticket_to_one_of_several_destinations_is_read_with_its_id() -> None:
    ticket = board().ticket(WESTMARK)
    assert ticket.places == ("Westmark", "Südland", "Glarn", "Esk", "Dunel")
    assert ticket.choices == (("Südland", 11), ("Glarn", 7), ("Esk", 6), ("Dunel", 8))
    assert (ticket.points, ticket.failed, ticket.connected) == (11, -6, 0)
    assert ticket.any_of and not ticket.itinerary and not ticket.long
    # The ids of the other tickets stay as they were.
    assert board().has_ticket("Alpa-Dunel") and not board().ticket("Alpa-Dunel").any_of
    assert board().tickets_between("Holm", "Westmark") == ()
    # Spellings are the map's names; a copy gets "#2"; long is allowed.
    twice = {"from": "bern", "any_of": {"france": 5, "Italia": 8}, "long": True}
    game = parse_map(mini(twice, twice, {"from": "Bern", "to": "Chur", "points": 3},
                          rules={"tickets": {"start_long": 1}}))
    assert [t.id for t in game.tickets] == [
        "Bern-France|Italia", "Bern-France|Italia#2", "Bern-Chur"]
    assert game.tickets[1].long and game.tickets[1].choices == (("France", 5), ("Italia", 8))


def test_a_map_without_cities_takes_the_destinations_as_cities() -> None:
    data = mini({"from": "France", "any_of": {"Chur": 4, "Italia": 9, "Davos": 6}})
    del data["cities"]
    data["routes"].append({"from": "Chur", "to": "Davos", "length": 1})
    assert parse_map(data).cities == ("Bern", "Chur", "Davos")


@pytest.mark.parametrize(("ticket", "reason"), [
    ({"from": "Bern", "any_of": {"France": 5}},
     "tickets[0].any_of: a ticket to one of several destinations names 2 to 6 of them (got 1)"),
    ({"from": "Bern", "any_of": {"France": 5, "Bern": 3}},
     "tickets[0].any_of.Bern: Bern is the ticket's origin"),
    ({"from": "Bern", "any_of": {"France": 5, "france": 3}},
     "tickets[0].any_of.france: France is named twice"),
    ({"from": "Bern", "any_of": {"France": 5, "Roma": 3}},
     "tickets[0].any_of.Roma: unknown place 'Roma'"),
    ({"from": "Bern", "any_of": {"France": 0, "Italia": 3}},
     "tickets[0].any_of.France: must be at least 1 (got 0)"),
    ({"from": "Bern", "any_of": {"France": 5, "Italia": 100}},
     "tickets[0].any_of.Italia: must be at most 99 (got 100)"),
    ({"from": "Bern", "any_of": {"France": 5, "Italia": 8}, "points": 8},
     "tickets[0].points: a ticket with any_of takes no points: each destination has its points"),
    ({"from": "Bern", "to": "Chur", "any_of": {"France": 5, "Italia": 8}},
     "tickets[0].to: a ticket with any_of takes no to: each destination has its points"),
    ({"from": "Bern", "any_of": {"France": 5, "Italia": 8}, "failed": -2},
     "tickets[0].failed: a ticket with any_of takes no failed: each destination has its points"),
    ({"from": "Bern", "any_of": ["France", "Italia"]}, "tickets[0].any_of: must be an object"),
    ({"any_of": {"France": 5, "Italia": 8}}, "tickets[0].from: must name a place"),
])  # fmt: skip
def test_what_a_map_file_refuses(ticket: dict[str, Any], reason: str) -> None:
    assert refusal(mini(ticket)) == reason


def test_at_most_six_destinations() -> None:
    places = [f"P{number}" for number in range(7)]
    data = {"name": "Wide", "cities": ["O", *places],
            "routes": [{"from": "O", "to": place, "length": 1} for place in places],
            "tickets": [{"from": "O", "any_of": dict.fromkeys(places[:6], 2)}]}
    assert parse_map(data).tickets[0].id == "O-P0|P1|P2|P3|P4|P5"
    data["tickets"] = [{"from": "O", "any_of": dict.fromkeys(places, 2)}]
    assert refusal(data).endswith("names 2 to 6 of them (got 7)")


# --- Scoring -----------------------------------------------------------------------------------


def test_the_best_destination_connected_scores() -> None:
    # Westmark (3), Glarn (6) and Südland (9) all connected: only the best counts.
    assert points(ALPA, "Alpa-Westmark", "Alpa-Holm", "Glarn-Holm", "Glarn-Südland") == (
        9, "Südland")
    assert points(ALPA, "Alpa-Westmark", "Alpa-Holm", "Glarn-Holm") == (6, "Glarn")


def test_only_one_destination_connected_scores_its_points() -> None:
    assert points(ALPA, "Alpa-Westmark") == (3, "Westmark")
    assert points(HOLM, "Glarn-Holm", "Glarn-Südland") == (8, "Südland")


def test_no_destination_connected_costs_the_lowest_value() -> None:
    assert points(ALPA, "Alpa-Brisk#1", "Brisk-Corvo") == (-3, "")
    assert points(WESTMARK) == (-6, "")


def test_a_country_is_a_dead_end_on_the_way() -> None:
    # Alpa - Westmark - Holm - Glarn passes through Westmark: Glarn is not connected, Westmark is.
    assert points(ALPA, "Alpa-Westmark", "Holm-Westmark", "Glarn-Holm") == (3, "Westmark")
    # From a country: Westmark - Holm - Glarn - Südland reaches Südland; Dunel lies beyond it.
    assert points(WESTMARK, "Holm-Westmark", "Glarn-Holm", "Glarn-Südland",
                  "Dunel-Südland") == (11, "Südland")
    assert points(WESTMARK, "Glarn-Südland", "Dunel-Südland", "Dunel-Firn") == (-6, "")


def test_equal_points_name_the_first_destination_printed() -> None:
    ticket = "Corvo-Westmark|Südland"
    assert points(ticket, "Corvo-Westmark", "Corvo-Esk#1", "Esk-Südland") == (5, "Westmark")


def over(*holdings: tuple[tuple[str, ...], tuple[str, ...]]) -> TicketToRideState:
    """A finished game in which each player holds (tracks, tickets)."""
    state = RULES.new_game(NAMES[:len(holdings)], board())
    players = tuple(replace(player, tracks=tracks, tickets=tickets)
                    for player, (tracks, tickets) in zip(state.players, holdings))
    owners = {track: seat for seat, (tracks, _) in enumerate(holdings) for track in tracks}
    return replace(state, players=players, phase=Phase.OVER, owners=owners)


def test_one_destination_completes_the_ticket_for_the_globetrotter_and_the_tally_agrees() -> None:
    # Ana connects one destination of each of her two tickets; Ben completes one plain ticket.
    state = over((("Alpa-Westmark", "Glarn-Holm", "Glarn-Südland"), (ALPA, HOLM)),
                 (("Alpa-Brisk#1", "Brisk-Corvo", "Corvo-Dunel"), ("Alpa-Dunel",)))
    result = checked_result(state)
    ana, ben = (score.breakdown for score in result.players)
    assert ana["tickets"] == 3 + 8 and ana["globetrotter"] == 10
    assert ben["tickets"] == 7 and ben["globetrotter"] == 0
    assert final_table(state)["players"][0]["tickets"] == [
        {"from": "Alpa", "any_of": ["Südland", "Westmark", "Glarn"]},
        {"from": "Holm", "any_of": ["Westmark", "Südland"]}]


def test_a_station_borrows_the_route_to_a_better_destination() -> None:
    game = board()
    own = [game.track("Alpa-Westmark"), game.track("Alpa-Holm")]
    theirs = [game.track("Glarn-Holm"), game.track("Brisk-Corvo")]
    best = best_borrowing(game, own, [game.ticket(ALPA)], ["Holm"], theirs)
    # Westmark (3) is connected already: borrowing Holm - Glarn reaches Glarn (6).
    assert (best.points, best.completed) == (6, 1)
    assert [track.id for track in best.borrowed if track] == ["Glarn-Holm"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), stations=st.integers(1, 2))
def test_best_borrowing_is_the_best_with_any_of_tickets(seed: int, stations: int) -> None:
    game = board()
    rng = random.Random(seed)
    tracks = list(game.tracks)
    rng.shuffle(tracks)
    own = []
    for track in tracks[:7]:
        if all(t.route != track.route for t in own):
            own.append(track)
    opponents = [t for t in tracks[7:] if t not in own]
    tickets = rng.sample(game.tickets, 5)
    if rng.random() < 0.5:  # destinations that are cities, not countries
        cities = rng.sample(game.cities, 4)
        tickets.append(any_of_ticket(cities[0], [(city, rng.randint(1, 12))
                                                 for city in cities[1:]]))
    cities = rng.sample(game.cities, stations)
    best = best_borrowing(game, own, tickets, cities, opponents)
    assert (best.points, best.completed) == plain_best(game, own, tickets, cities, opponents)


# --- The tally ---------------------------------------------------------------------------------


def table(*players: dict[str, Any]) -> dict[str, Any]:
    """A table on the map given inline, as its file reads (a fresh copy each time)."""
    raw = tomllib.loads((MAPS / "any-of-tickets.toml").read_text("utf-8"))
    return {"game": "ticket-to-ride", "map": raw, "players": list(players)}


def ana_holds(*tickets: Any, routes: list[Any] | None = None) -> dict[str, Any]:
    return table({"name": "Ana", "routes": routes or [["Alpa", "Westmark"]],
                  "tickets": list(tickets)}, {"name": "Ben"})


def tally_refusal(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as caught:
        tally(data)
    return str(caught.value)


def test_the_tally_takes_the_printed_ticket_by_its_origin_and_destinations() -> None:
    printed = {"from": "alpa", "any_of": ["Glarn", "Südland", "Westmark"]}  # any order
    result = tally(ana_holds(printed))
    assert result.players[0].breakdown["tickets"] == 3
    # With each destination's points it is a ticket of its own, held by anyone.
    own = {"from": "Alpa", "any_of": {"Westmark": 5, "Glarn": 2}}
    ben = {"name": "Ben", "tickets": [own]}
    result = tally(table({"name": "Ana", "routes": [["Alpa", "Westmark"]],
                          "tickets": [own, printed]}, ben))
    assert [p.breakdown["tickets"] for p in result.players] == [5 + 3, -2]


@pytest.mark.parametrize(("ticket", "reason"), [
    ({"from": "Alpa", "any_of": ["Südland", "Westmark"]},
     "players[0].tickets[0]: Any-of tickets has no ticket Alpa - Südland / Westmark: give each "
     "destination's points"),
    ({"from": "Alpa", "any_of": ["Südland"]},
     "players[0].tickets[0].any_of: a ticket to one of several destinations names 2 to 6 of "
     "them (got 1)"),
    ({"from": "Alpa", "any_of": ["Südland", "Mars"]},
     "players[0].tickets[0].any_of[1]: unknown city 'Mars' on Any-of tickets"),
    ({"from": "Alpa", "any_of": ["Alpa", "Glarn"]},
     "players[0].tickets[0].any_of[0]: Alpa is the ticket's origin"),
    ({"from": "Alpa", "any_of": "Glarn"},
     "players[0].tickets[0].any_of: must be the destinations, or each destination with its "
     "points"),
    ({"from": "Alpa", "any_of": ["Glarn", "Südland", "Westmark"], "points": 3},
     "players[0].tickets[0].points: a ticket with any_of takes no points: each destination "
     "has its points"),
])  # fmt: skip
def test_the_tally_refuses_an_unknown_ticket_in_one_line(ticket: dict[str, Any],
                                                         reason: str) -> None:
    assert tally_refusal(ana_holds(ticket)) == reason


def test_the_tally_refuses_an_ambiguous_ticket_and_one_in_two_hands() -> None:
    data = ana_holds({"from": "Bern", "any_of": ["Italia", "France"]})
    twice = [{"from": "Bern", "any_of": {"France": 5, "Italia": 8}},
             {"from": "Bern", "any_of": {"Italia": 8, "France": 6}}]
    data["map"] = mini(*twice)
    data["players"][0]["routes"] = [["Bern", "France"]]
    assert tally_refusal(data) == (
        "players[0].tickets[0]: Mini has 2 tickets Bern - Italia / France with other points: "
        "give each destination's points")
    data["map"] = mini(twice[0], twice[0])  # two copies of one card: either is that card
    assert tally(data).players[0].breakdown["tickets"] == 5
    held = {"from": "Alpa", "any_of": ["Südland", "Westmark", "Glarn"]}
    data = table({"name": "Ana", "tickets": [held]}, {"name": "Ben", "tickets": [held]})
    assert tally_refusal(data) == ("players[1].tickets[0]: the ticket Alpa - Südland / Westmark / "
                                   "Glarn is already held by Ana")


# --- Random complete games ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_deal_keep_and_score_them_like_the_tally(players: int) -> None:
    game = board()
    kept: set[str] = set()
    destinations: set[str] = set()
    for seed in range(5):
        state, _ = play(game, players, seed)
        result = checked_result(state)
        assert result.winners
        for player in state.players:
            tickets = [game.ticket(t) for t in player.tickets]
            kept |= {t.id for t in tickets if t.any_of}
            network = PlayerNetwork([game.track(t) for t in player.tracks], game)
            destinations |= {scored(t, network).destination for t in tickets if t.any_of}
    assert len(kept) >= 3, "tickets to one of several destinations are dealt and kept"
    assert len(destinations - {""}) >= 1, "and some score a destination"


def test_the_outcome_of_a_ticket_to_one_of_several_is_completed_or_failed() -> None:
    game = board()
    network = PlayerNetwork([game.track("Alpa-Westmark")], game)
    assert scored(game.ticket(ALPA), network).outcome is Outcome.COMPLETED
    assert scored(game.ticket(HOLM), network).outcome is Outcome.FAILED
