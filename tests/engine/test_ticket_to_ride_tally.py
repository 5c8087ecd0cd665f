"""`companion tally` for Ticket to Ride: scoring a described table, and what it refuses."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import InvalidInput
from engine.games.ticket_to_ride.library import SHIPPED
from engine.games.ticket_to_ride.tally import tally
from engine.registry import GAMES


def table(map_name: Any, *players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": "ticket-to-ride", "map": map_name, "players": list(players), **extra}


def scores(data: dict[str, Any]) -> dict[str, dict[str, int]]:
    return {p.name: dict(p.breakdown) for p in tally(data).players}


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as error:
        tally(data)
    return str(error.value)


def test_the_registry_knows_the_game() -> None:
    # The registry's tally imports the tally at its first use: it counts as the tally does.
    played = table("europe", {"name": "Ana", "routes": [["Paris", "Bruxelles"]]}, {"name": "Ben"})
    counted = GAMES["ticket-to-ride"].tally(played)
    assert counted == tally(played) and counted.players[0].total > 0


def test_the_example_from_the_issue() -> None:
    result = tally(table("europe", {
        "name": "Ana", "routes": [["Paris", "Bruxelles"],
                                  {"from": "Essen", "to": "Berlin", "color": "blue"}],
        "tickets": [["Paris", "Wien"]], "stations": ["Wien"]}, {"name": "Ben"}))  # fmt: skip
    ana = result.players[0]
    assert ana.breakdown == {"routes": 4, "tickets": -8, "longest": 10, "stations": 8}
    assert ana.total == sum(ana.breakdown.values()) == 14


def test_usa_has_no_station_key_and_scores_the_longest_route() -> None:
    result = scores(table(
        "usa",
        {"name": "Ana", "routes": [["Seattle", "Helena"], ["Helena", "Duluth"]],
         "tickets": [["Seattle", "New York"]]},
        {"name": "Ben", "routes": [["Los Angeles", "El Paso"]], "tickets": [["Denver", "El Paso"]]},
    ))  # fmt: skip
    assert result["Ana"] == {"routes": 30, "tickets": -22, "longest": 10}
    assert result["Ben"] == {"routes": 15, "tickets": -4, "longest": 0}


def test_route_points_table() -> None:
    lengths = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}
    routes = [{"from": f"A{n}", "to": f"B{n}", "length": n} for n in lengths]
    cities = [c for n in lengths for c in (f"A{n}", f"B{n}")]
    inline = {"name": "lengths", "cities": cities, "routes": routes}
    for n, points in lengths.items():
        result = scores(table(inline, {"name": "Ana", "routes": [[f"A{n}", f"B{n}"]]},
                              {"name": "Ben"}))
        assert result["Ana"]["routes"] == points


def test_every_tied_longest_route_scores() -> None:
    result = scores(table(
        "usa", {"name": "Ana", "routes": [["Seattle", "Helena"]]},
        {"name": "Ben", "routes": [["Los Angeles", "El Paso"]]}, {"name": "Cleo"},
    ))  # fmt: skip
    assert result["Ana"]["longest"] == result["Ben"]["longest"] == 10
    assert result["Cleo"]["longest"] == 0


def test_a_double_route_given_by_cities_takes_the_free_track() -> None:
    result = tally(table(
        "usa",
        {"name": "Ana", "routes": [["Kansas City", "Saint Louis"]]},
        {"name": "Ben", "routes": [{"from": "Kansas City", "to": "St Louis", "color": "blue"}]},
        {"name": "Cleo"}, {"name": "Dan"},
    ))  # fmt: skip
    assert [p.breakdown["routes"] for p in result.players] == [2, 2, 0, 0]


def test_refusals_for_tracks() -> None:
    four = [{"name": n} for n in ("Cleo", "Dan")]
    both = {"name": "Ana",
            "routes": [["Kansas City", "Saint Louis"], ["Saint Louis", "Kansas City"]]}
    assert refused(table("usa", both, {"name": "Ben"}, *four)) == (
        "players[0].routes[1]: Ana cannot hold two tracks of the route Kansas City - Saint Louis")
    twice = {"name": "Ana", "routes": [["Seattle", "Helena"], ["Helena", "Seattle"]]}
    assert refused(table("usa", twice, {"name": "Ben"})) == (
        "players[0].routes[1]: Ana lists the route Seattle - Helena twice")
    held = table("usa", {"name": "Ana", "routes": [["Seattle", "Helena"]]},
                 {"name": "Ben", "routes": [["Helena", "Seattle"]]})
    assert refused(held) == "players[1].routes[0]: Seattle - Helena is already held by Ana"
    colour = table("usa", {"name": "Ana", "routes": [{"from": "Denver", "to": "Salt Lake City",
                                                       "color": "red"}]},
                   {"name": "Ben", "routes": [{"from": "Denver", "to": "Salt Lake City",
                                               "color": "red"}]}, *four)
    assert refused(colour) == (
        "players[1].routes[0]: Salt Lake City - Denver (red) is already held by Ana")
    small = table("usa", {"name": "Ana", "routes": [["Kansas City", "Saint Louis"]]},
                  {"name": "Ben", "routes": [["Kansas City", "Saint Louis"]]})
    assert refused(small) == ("players[1].routes[0]: with 2 players only one track of "
                              "Kansas City - Saint Louis may be used")
    assert refused(table("usa", {"name": "Ana", "routes": [["Seattle", "Miami"]]},
                         {"name": "Ben"})) == (
        "players[0].routes[0]: there is no route between Seattle and Miami")
    assert refused(table("usa", {"name": "Ana", "routes": [["Seattle", "Gotham"]]},
                         {"name": "Ben"})) == (
        "players[0].routes[0][1]: unknown city 'Gotham' on USA")
    assert refused(table("usa", {"name": "Ana", "routes": [
        {"from": "Seattle", "to": "Helena", "color": "red"}]}, {"name": "Ben"})) == (
        "players[0].routes[0].color: there is no red track between Seattle and Helena")


def test_more_trains_than_a_player_has() -> None:
    long_routes = [["Seattle", "Helena"], ["Helena", "Duluth"], ["Toronto", "Duluth"],
                   ["Los Angeles", "El Paso"], ["El Paso", "Houston"], ["Calgary", "Winnipeg"],
                   ["Winnipeg", "Sault Ste. Marie"], ["Portland", "Salt Lake City"]]
    assert refused(table("usa", {"name": "Ana", "routes": long_routes}, {"name": "Ben"})) == (
        "players[0].routes: Ana's routes need 48 trains; a player has 45")


#: Rails & Sails on a small map: 10 wagons and 10 boats each, 1 more of each in the box.
ISLES = {
    "name": "Isles",
    "routes": [{"from": "A", "to": "B", "length": 6, "sea": True},
               {"from": "B", "to": "C", "length": 6, "sea": True},
               {"from": "C", "to": "D", "length": 6}, {"from": "D", "to": "E", "length": 6}],
    "rules": {"trains": 10, "cards": {"special": ["boat"]},
              "boats": {"pieces": 10, "box_wagons": 1, "box_boats": 1, "hand": 2,
                        "per_color": 2, "doubles_per_color": 1}},
}  # fmt: skip


def test_no_more_boats_or_wagons_than_a_player_s_pieces_and_box() -> None:
    # 12 pieces of one kind, fewer than the 20 a player has, more than the 11 of that kind.
    assert refused(table(ISLES, {"name": "Ana", "routes": [["A", "B"], ["B", "C"]]},
                         {"name": "Ben"})) == (
        "players[0].routes: Ana's sea routes need 12 boats; Ana can have 11 at most, the "
        "box's included")
    assert refused(table(ISLES, {"name": "Ana"}, {"name": "Ben", "routes": [
        ["C", "D"], ["D", "E"]]})) == (
        "players[1].routes: Ben's land routes need 12 wagons; Ben can have 11 at most, the "
        "box's included")
    both = scores(table(ISLES, {"name": "Ana", "routes": [["A", "B"], ["C", "D"]]},
                        {"name": "Ben", "routes": [["B", "C"], ["D", "E"]]}))
    assert both["Ana"]["routes"] == both["Ben"]["routes"] == 30


def test_stations() -> None:
    assert refused(table("europe", {"name": "Ana", "stations": ["Wien", "Roma", "Paris", "Riga"]},
                         {"name": "Ben"})) == (
        "players[0].stations: a player has at most 3 stations (got 4)")
    assert refused(table("usa", {"name": "Ana", "stations": ["Denver"]}, {"name": "Ben"})) == (
        "players[0].stations: USA has no stations")
    assert refused(table("europe", {"name": "Ana", "stations": ["Wien"]},
                         {"name": "Ben", "stations": ["vienna"]})) == (
        "players[1].stations[0]: Wien already has a station of Ana")


def test_stations_borrow_the_best_routes_for_all_tickets() -> None:
    result = scores(table(
        "europe",
        {"name": "Ana", "routes": [["Paris", "Frankfurt"]], "stations": ["Frankfurt", "Berlin"],
         "tickets": [["Paris", "Wien"]]},
        {"name": "Ben", "routes": [["Frankfurt", "Berlin"], ["Berlin", "Wien"]]},
    ))  # fmt: skip
    assert result["Ana"]["tickets"] == 8  # both of Ben's tracks, one through each station
    one = scores(table(
        "europe",
        {"name": "Ana", "routes": [["Paris", "Frankfurt"]], "stations": ["Berlin"],
         "tickets": [["Paris", "Wien"]]},
        {"name": "Ben", "routes": [["Frankfurt", "Berlin"], ["Berlin", "Wien"]]},
    ))  # fmt: skip
    assert one["Ana"]["tickets"] == -8  # one station borrows one track only


def test_tickets() -> None:
    result = scores(table(
        "europe",
        {"name": "Ana", "routes": [["Paris", "Frankfurt"], ["Frankfurt", "Berlin"],
                                   ["Berlin", "Wien"]],
         "tickets": [["Paris", "Wien"], {"from": "Paris", "to": "Berlin", "points": 9},
                     ["Brest", "Venezia"]]},
        {"name": "Ben"},
    ))  # fmt: skip
    assert result["Ana"]["tickets"] == 8 + 9 - 8
    assert refused(table("usa", {"name": "Ana", "tickets": [["Seattle", "Miami"]]},
                         {"name": "Ben"})) == (
        "players[0].tickets[0]: USA has no ticket Seattle - Miami: give its points")
    assert refused(table("usa", {"name": "Ana", "tickets": [["Denver", "El Paso"]]},
                         {"name": "Ben", "tickets": [["El Paso", "Denver"]]})) == (
        "players[1].tickets[0]: the ticket Denver - El Paso is already held by Ana")


def test_tie_breaks_usa_most_tickets_then_longest() -> None:
    inline = {"name": "t", "cities": ["A", "B", "C", "D", "E"],
              "routes": [{"from": "A", "to": "B", "length": 2},
                         {"from": "C", "to": "D", "length": 1},
                         {"from": "D", "to": "E", "length": 1}],
              "tickets": [{"from": "C", "to": "E", "points": 2}],
              "rules": {"longest_bonus": 0}}  # fmt: skip
    result = tally(table(inline, {"name": "Ana", "routes": [["A", "B"]]},
                         {"name": "Ben", "routes": [["C", "D"], ["D", "E"]],
                          "tickets": [["C", "E"]]}))
    assert [p.total for p in result.players] == [2, 4]
    even = tally(table(inline, {"name": "Ana", "routes": [["A", "B"]], "tickets": [
        {"from": "A", "to": "B", "points": 2}]}, {"name": "Ben", "routes": [["C", "D"], ["D", "E"]],
                                                   "tickets": [["C", "E"]]}))
    assert [p.total for p in even.players] == [4, 4]
    assert even.winners == ("Ana", "Ben")  # one ticket each, no longest-route bonus here
    usa = tally(table("usa", {"name": "Ana", "routes": [["Seattle", "Portland"]]},
                      {"name": "Ben", "routes": [["Dallas", "Houston"]]}))
    assert usa.winners == ("Ana", "Ben")
    longest = tally(table({**inline, "rules": {}}, {"name": "Ana", "routes": [["A", "B"]]},
                          {"name": "Ben", "routes": [["C", "D"]]}))
    assert longest.winners == ("Ana",)


def test_tie_break_fewest_stations() -> None:
    result = tally(table("europe",
                         {"name": "Ana", "routes": [["Stockholm", "Petrograd"]],
                          "tickets": [["Cadiz", "Stockholm"], ["Edinburgh", "Athina"]]},
                         {"name": "Ben", "routes": [["Brest", "Paris"], ["Paris", "Dieppe"]],
                          "stations": ["Roma"]},
                         {"name": "Cleo", "routes": [["Wien", "Budapest"]]}))
    assert [p.total for p in result.players] == [21 + 10 + 12 - 42, 13, 13]
    # Ben and Cleo tie on total and on tickets; Cleo used fewer stations.
    assert result.winners == ("Cleo",)


def test_inline_map_defaults_and_countries() -> None:
    inline = {"name": "Alps", "cities": ["Bern", "Chur"], "countries": ["Italia"],
              "routes": [{"from": "Bern", "to": "Italia", "length": 3},
                         {"from": "Chur", "to": "Italia", "length": 3}],
              "tickets": [{"from": "Bern", "to": "Chur", "points": 5},
                          {"from": "Bern", "to": "Italia", "points": 4}]}  # fmt: skip
    ana = {"name": "Ana", "routes": [["Bern", "Italia"], ["Chur", "Italia"]],
           "tickets": [["Bern", "Chur"], ["Bern", "Italia"]]}
    result = scores(table(inline, ana,
                          {"name": "Ben"}))
    # The two routes into Italia do not connect: Bern - Chur fails; the longest route is 3.
    assert result["Ana"] == {"routes": 8, "tickets": -5 + 4, "longest": 10}


def test_itineraries() -> None:
    inline = {"name": "Tour", "cities": ["A", "B", "C", "D"],
              "routes": [{"from": "A", "to": "B", "length": 1},
                         {"from": "A", "to": "C", "length": 1},
                         {"from": "C", "to": "D", "length": 1}],
              "tickets": [{"cities": ["A", "B", "C"], "in_order": 10, "connected": 5},
                          {"cities": ["B", "A", "C"], "in_order": 10, "connected": 5},
                          {"cities": ["A", "B", "D"], "in_order": 10, "connected": 5,
                           "failed": -7}]}  # fmt: skip
    def score(routes: list[list[str]], ticket: list[str]) -> int:
        return scores(table(inline, {"name": "Ana", "routes": routes,
                                     "tickets": [{"cities": ticket}]}, {"name": "Ben"})
                      )["Ana"]["tickets"]
    everything = [["A", "B"], ["A", "C"], ["C", "D"]]
    assert score(everything, ["B", "A", "C"]) == 10   # in order
    assert score(everything, ["A", "B", "C"]) == 5    # connected, but A-B-C would reuse A-B
    assert score([["A", "B"]], ["A", "B", "D"]) == -7  # a city missing


def test_refused_table_shapes() -> None:
    assert refused({"game": "ticket-to-ride", "players": []}) == (
        "map: is missing: a shipped map's name or a map object")
    assert refused(table("mars", {"name": "Ana"}, {"name": "Ben"})) == (
        "map: unknown map 'mars': one of " + ", ".join(SHIPPED))
    assert refused(table("usa", {"name": "Ana"})) == (
        "players: USA is for 2 to 5 players (got 1)")
    bad_map = {"name": "x", "cities": ["A", "B"], "routes": [{"from": "A", "to": "C", "length": 1}]}
    assert refused(table(bad_map, {"name": "Ana"}, {"name": "Ben"})) == (
        "map.routes[0].to: unknown place 'C'")
    assert refused(table("usa", {"name": "Ana", "shares": {}}, {"name": "Ben"})) == (
        "players[0].shares: USA does not use shares")


def test_tie_breaks_in_order() -> None:
    inline = {"name": "t", "cities": ["A", "B", "C", "D", "E"],
              "routes": [{"from": "A", "to": "B", "length": 3},
                         {"from": "C", "to": "D", "length": 1},
                         {"from": "D", "to": "E", "length": 1}]}  # fmt: skip
    ana = {"name": "Ana", "routes": [["A", "B"]],
           "tickets": [{"from": "A", "to": "B", "points": 1}]}
    # Equal totals (15) and one ticket each: the longest route decides.
    ben = {"name": "Ben", "routes": [["C", "D"], ["D", "E"]],
           "tickets": [{"from": "C", "to": "E", "points": 3}]}
    result = tally(table(inline, ana, ben))
    assert [p.total for p in result.players] == [15, 5]
    ben["tickets"] = [{"from": "C", "to": "E", "points": 13}]
    result = tally(table(inline, ana, ben))
    assert [p.total for p in result.players] == [15, 15] and result.winners == ("Ana",)
    # More completed tickets comes first.
    ben["tickets"] = [{"from": "C", "to": "E", "points": 12}, {"from": "C", "to": "D", "points": 1}]
    result = tally(table(inline, ana, ben))
    assert [p.total for p in result.players] == [15, 15] and result.winners == ("Ben",)


def test_a_board_whose_tolls_lack_their_values_says_so_in_the_tally() -> None:
    ana = {"name": "Ana", "routes": [["Amsterdam", "Haarlem"]], "toll_tokens": 20}
    assert refused(table("netherlands", ana, {"name": "Ben"})) == (
        "players[0].toll_tokens: the tolls of Netherlands are off: 62 values no source gives "
        "are missing; give its map with them")
