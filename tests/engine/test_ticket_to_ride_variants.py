"""The rules of other maps: card payments, and each variant's scoring through the tally."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.ticket_to_ride.board import Stocks, Track
from engine.games.ticket_to_ride.bonuses import countries_linked, take_country_cards
from engine.games.ticket_to_ride.mapfile import parse_map
from engine.games.ticket_to_ride.marklin import passenger_trip
from engine.games.ticket_to_ride.payment import (
    Payment,
    pays_for,
    pays_for_harbour,
    pays_for_set,
    pays_surcharge,
    tunnel_surcharge,
)
from engine.games.ticket_to_ride.stocks import share_taken, stock_points
from engine.games.ticket_to_ride.tally import tally
from engine.games.ticket_to_ride.tolls import toll_bonus, toll_to_pay

L, L4 = "locomotive", "locomotive+4"


def track(length: int, color: str = "gray", **kinds: Any) -> Track:
    return Track("A-B", 0, ("A", "B"), length, color, **kinds)


def refused(cards: tuple[str, ...], route: Track, special: tuple[str, ...] = ()) -> str:
    with pytest.raises(IllegalEvent) as error:
        pays_for(route, cards, special)
    return str(error.value)


# --- Card payments -------------------------------------------------------------------------------


def test_colour_routes_and_locomotives() -> None:
    assert pays_for(track(3, "red"), ("red", "red", L)) == Payment("red", 1)
    assert pays_for(track(2, "red"), (L, L)) == Payment(None, 2)
    assert refused(("blue", "blue"), track(2, "red")) == "This route takes red cards"
    assert refused(("red",), track(2, "red")) == "Not enough cards: this route has 2 spaces"
    assert refused(("red", "red", "red"), track(2, "red")) == "Too many cards for this route"
    assert refused(("red", "red", L), track(2, "red")) == "Too many cards for this route"


def test_locomotives_plus_four_only_on_long_routes() -> None:
    special = ("locomotive+4",)
    assert pays_for(track(4, "red"), ("red", "red", L4, L4), special).color == "red"
    assert refused(("red", "red", L4), track(3, "red"), special) == (
        "Locomotives +4 pay only for routes of 4 spaces or more")
    assert refused(("red", L4, L4, L4), track(4, "red")) == (
        "locomotive+4 is not a card of this map")


def test_italy_ferry_cards_cover_up_to_two_waves() -> None:
    special = ("ferry",)
    sea = track(4, waves=3)
    assert pays_for(sea, ("red", "ferry", "ferry"), special).color == "red"  # 2 + 1 waves
    assert pays_for(sea, ("red", "ferry", L), special).color == "red"
    assert pays_for(sea, ("red", L, L, L), special).color == "red"
    assert refused(("red", "red", "ferry"), sea, special) == "Too many cards for this route"
    assert refused(("red", "ferry"), sea, special) == "Not enough cards: this route has 4 spaces"
    assert refused(("red", "ferry"), track(2), special) == (
        "Ferry cards pay only for spaces with a wave")


def test_jokers_and_boats() -> None:
    special = ("joker", "boat")
    sea = track(4, "red", sea=True)
    assert pays_for(sea, ("boat2:red", "boat:red", "joker"), special).wild == 1
    assert pays_for(sea, ("boat2:red", "boat2:red"), special).color == "red"
    assert refused(("red", "red", "red", "red"), sea, special) == "Sea routes take boat cards"
    assert refused(("boat:red",) * 4, track(4, "red"), special) == (
        "Boat cards pay for sea routes only")
    assert refused(("boat2:red",) * 3, sea, special) == "Too many cards for this route"
    assert pays_for(track(2, "red"), ("red", "joker"), special).wild == 1
    assert pays_for_harbour(("red", "joker", "boat:red", "boat:red")) == "red"
    with pytest.raises(IllegalEvent, match="harbour"):
        pays_for_harbour(("red", "red", "red", "boat:red"))


def test_passenger_cards_never_pay_for_routes() -> None:
    assert refused(("passenger", "red"), track(2)) == "Passenger cards do not pay for routes"


def test_tunnel_surcharge() -> None:
    revealed = ["red", L, "blue"]
    assert tunnel_surcharge(revealed, Payment("red", 0)) == 2
    assert tunnel_surcharge(revealed, Payment(None, 2)) == 1
    pays_surcharge(("red", L), Payment("red", 0), 2)
    with pytest.raises(IllegalEvent, match="Pay the tunnel with locomotives"):
        pays_surcharge(("red",), Payment(None, 2), 1)


def test_station_and_city_sets() -> None:
    assert pays_for_set(("red", L, L), 3) == "red"
    with pytest.raises(IllegalEvent):
        pays_for_set(("red", "blue"), 2)


# --- Scoring of variants, through the tally ------------------------------------------------------


def base_map(**rules: Any) -> dict[str, Any]:
    return {
        "name": "Variant", "cities": ["A", "B", "C", "D"],
        "routes": [{"from": "A", "to": "B", "length": 2}, {"from": "B", "to": "C", "length": 3},
                   {"from": "C", "to": "D", "length": 1}],
        "tickets": [{"from": "A", "to": "C", "points": 5}],
        "rules": {"longest_bonus": 0, **rules},
    }  # fmt: skip


def scores(board: dict[str, Any], *players: dict[str, Any], **extra: Any
           ) -> dict[str, dict[str, int]]:
    result = tally({"game": "ticket-to-ride", "map": board, "players": list(players), **extra})
    return {p.name: dict(p.breakdown) for p in result.players}


def test_stocks_lowest_share_breaks_ties_and_the_dummy_ranks() -> None:
    stocks = Stocks((("PRR", 15, (15, 10, 5)),))
    assert stock_points(stocks, {"Ana": {"PRR": [3, 4]}, "Ben": {"PRR": [1, 9]}}) == {
        "Ana": 10, "Ben": 15}
    board = base_map(stocks={"PRR": {"shares": 15, "payouts": [15, 10, 5]}})
    board["routes"][0]["companies"] = ["PRR"]
    result = scores(board, {"name": "Ana", "shares": {"PRR": [2, 5]}},
                    {"name": "Ben", "shares": {"PRR": [3]}}, dummy_shares={"PRR": [1, 4, 6]})
    assert result["Ana"]["stocks"] == 10 and result["Ben"]["stocks"] == 5
    with pytest.raises(InvalidInput, match="share 2 of PRR is held twice"):
        scores(board, {"name": "Ana", "shares": {"PRR": [2]}},
               {"name": "Ben", "shares": {"PRR": [2]}})
    route = parse_map(board).tracks[0]
    assert share_taken(parse_map(board).rules.stocks, route, "PRR", {"PRR": 4}) == 5  # type: ignore[arg-type]


def test_tolls_and_loans() -> None:
    assert toll_to_pay(2, tokens=1, first_owner=None).loan
    assert toll_bonus((15, 5, 0), {"A": 4, "B": 4, "C": 9}, set()) == {"A": 5, "B": 5, "C": 15}
    board = base_map(players=[2, 3], tolls={"tokens": 30, "loan_penalty": 5,
                                             "bonus": {"2": [10, 0], "3": [15, 5, 0]}})
    for route in board["routes"]:
        route["toll"] = 2
    result = scores(board, {"name": "Ana", "routes": [["A", "B"]], "toll_tokens": 20, "loans": 1},
                    {"name": "Ben", "toll_tokens": 3})
    assert result["Ana"]["tolls"] == 0 and result["Ana"]["loans"] == -5
    assert result["Ben"]["tolls"] == 10 and result["Ben"]["loans"] == 0
    with pytest.raises(InvalidInput, match="toll_tokens: is missing"):
        scores(board, {"name": "Ana"}, {"name": "Ben", "toll_tokens": 3})


def test_meeples_globetrotter_depots_mountains() -> None:
    board = base_map(meeples=[20, 10], globetrotter=15, depots=5)
    board["cities"] += ["E", "F", "G"]
    board["routes"] += [{"from": "D", "to": "E", "length": 1},
                        {"from": "E", "to": "F", "length": 1},
                        {"from": "F", "to": "G", "length": 1}]
    board["routes"][1]["mountains"] = 2
    result = scores(board,
                    {"name": "Ana", "routes": [["A", "B"], ["B", "C"]], "tickets": [["A", "C"]],
                     "meeples": {"red": 3, "blue": 1}, "depots": 2},
                    {"name": "Ben", "routes": [["C", "D"], ["D", "E"], ["E", "F"]],
                     "meeples": {"red": 3, "blue": 2}, "depots": 2},
                    {"name": "Cleo", "routes": [["F", "G"]], "meeples": {"red": 1}, "depots": 0})
    assert result["Ana"]["meeples"] == 20 + 10 and result["Ben"]["meeples"] == 20 + 20
    assert result["Cleo"]["meeples"] == 0  # first place was tied: nobody is second in red
    assert result["Ana"]["globetrotter"] == 15 and result["Ben"]["globetrotter"] == 0
    assert result["Ana"]["depots"] == result["Ben"]["depots"] == 10
    assert result["Ana"]["mountains"] == 4 and result["Ana"]["routes"] == 2 + 4


def test_mountains_cost_trains() -> None:
    board = base_map(trains=6)
    board["routes"][1]["mountains"] = 2
    with pytest.raises(InvalidInput, match="need 7 trains"):
        scores(board, {"name": "Ana", "routes": [["A", "B"], ["B", "C"]]}, {"name": "Ben"})


def test_old_west_cities_and_alvin() -> None:
    board = base_map(old_west={"alvin_start": "D"})
    result = scores(board, {"name": "Ana", "routes": [{"from": "A", "to": "B", "claim": 1}],
                            "cities": [{"city": "B", "claim": 1}]},
                    {"name": "Ben", "routes": [{"from": "B", "to": "C", "claim": 2},
                                               {"from": "C", "to": "D", "claim": 3}],
                     "alvin_captures": 2, "alvin": True})
    assert result["Ana"]["routes"] == 2 + 4 and result["Ben"]["routes"] == 1
    assert result["Ben"]["alvin"] == 30
    with pytest.raises(InvalidInput, match="no Cité may stand in D"):
        scores(board, {"name": "Ana", "routes": [{"from": "C", "to": "D", "claim": 1}],
                       "cities": [{"city": "D", "claim": 1}]}, {"name": "Ben"})


def test_marklin_merchandise_and_passengers() -> None:
    board = base_map(merchandise={"black": {"stacks": 1, "values": [7, 6, 5, 4],
                                            "cities": ["A"]},
                                  "white": {"stacks": 3, "values": [2],
                                            "cities": ["B", "C", "D"]}}, passengers=3)
    result = scores(board, {"name": "Ana", "routes": [["A", "B"]], "merchandise": [7, 2]},
                    {"name": "Ben"})
    assert result["Ana"]["merchandise"] == 9
    with pytest.raises(InvalidInput, match="worth 7"):
        scores(board, {"name": "Ana", "routes": [["A", "B"]], "merchandise": [7]},
               {"name": "Ben", "routes": [["C", "D"]], "merchandise": [7]})
    # A passenger is placed on claiming a route: no route, no merchandise.
    with pytest.raises(InvalidInput) as error:
        scores(board, {"name": "Ana", "routes": [["A", "B"]]}, {"name": "Ben",
                                                                 "merchandise": [2]})
    assert str(error.value) == ("players[1].merchandise: Ben has no route, so no passenger to "
                                "take merchandise: give Ben's routes, or no tokens")
    assert scores(board, {"name": "Ana", "routes": [["A", "B"]]},
                  {"name": "Ben", "merchandise": []})["Ben"]["merchandise"] == 0
    a_b, b_c = Track("A-B", 0, ("A", "B"), 2, "red"), Track("B-C", 1, ("B", "C"), 3, "red")
    with pytest.raises(IllegalEvent, match="passenger card"):
        passenger_trip("A", [a_b, b_c], "Ana", {"A-B": "Ana", "B-C": "Ben"}, 0, {})
    with pytest.raises(IllegalEvent, match="same route twice"):
        passenger_trip("A", [a_b, a_b], "Ana", {"A-B": "Ana"}, 0, {})


def test_poland_country_cards() -> None:
    board = parse_map({
        "name": "Poland", "cities": ["Krakow"], "countries": ["Slovakia", "Ukraine"],
        "routes": [{"from": "Krakow", "to": "Slovakia", "length": 2},
                   {"from": "Krakow", "to": "Ukraine", "length": 3}],
        "rules": {"country_cards": {"Slovakia": [5, 3], "Ukraine": [6, 4]}},
    })  # fmt: skip
    first, second = board.tracks
    assert countries_linked(board, [], first) == []
    assert countries_linked(board, [first], second) == ["Slovakia", "Ukraine"]
    won, piles = take_country_cards(dict(board.rules.country_cards), ["Slovakia", "Ukraine"])
    assert won == [5, 6] and piles["Ukraine"] == (4,)
    data = {"game": "ticket-to-ride", "map": {**_as_data(board), "rules": {
        "country_cards": {"Slovakia": [5, 3], "Ukraine": [6, 4]}}}}
    result = tally({**data, "players": [{"name": "Ana", "country_cards": {"Ukraine": [6]}},
                                        {"name": "Ben"}]})
    assert result.players[0].breakdown["countries"] == 6
    with pytest.raises(InvalidInput, match="top of its pile"):
        tally({**data, "players": [{"name": "Ana", "country_cards": {"Ukraine": [4]}},
                                   {"name": "Ben"}]})


def _as_data(board: Any) -> dict[str, Any]:
    return {"name": board.name, "cities": list(board.cities), "countries": list(board.countries),
            "routes": [{"from": t.ends[0], "to": t.ends[1], "length": t.length}
                       for t in board.tracks]}


def test_team_play() -> None:
    board = base_map(team_size=2, team_trains=3, players=[2, 3])
    result = scores(board, {"name": "Reds", "members": ["Ana", "Ben"],
                            "routes": [["A", "B"], ["B", "C"]]},
                    {"name": "Blues", "members": ["Cleo", "Dan"]})
    assert result["Reds"]["routes"] == 6
    with pytest.raises(InvalidInput, match="a team has 2 players"):
        scores(board, {"name": "Reds", "members": ["Ana"]}, {"name": "Blues",
                                                              "members": ["Cleo", "Dan"]})
