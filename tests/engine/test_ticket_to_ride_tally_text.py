"""The Ticket to Ride tally, read from the rules text: tracks, stations, Old West, depots,
inline maps, teams, and everything a table cannot hold."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine.errors import InvalidInput
from engine.games.ticket_to_ride import parse_map
from engine.games.ticket_to_ride.tally import tally


def table(map_spec: Any, *players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": "ticket-to-ride", "map": map_spec, "players": list(players), **extra}


def scores(data: dict[str, Any]) -> dict[str, dict[str, int]]:
    return {p.name: dict(p.breakdown) for p in tally(data).players}


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as error:
        tally(data)
    return str(error.value)


# --- Double and triple routes --------------------------------------------------------------------

TRIPLE = {"name": "Triple", "routes": [
    {"from": "A", "to": "B", "length": 2, "colors": ["gray", "gray", "red"]}]}


def test_a_triple_route_is_assigned_as_a_whole_in_any_order() -> None:
    """« Un même joueur ne peut jamais capturer les deux routes d'une même route double durant
    une partie. La même règle s'applique pour les routes triples. » Ana and Ben name the route
    by its cities, Cleo asks for a gray track: the red track is Ana's or Ben's, and every order
    of the table is accepted."""
    ana = {"name": "Ana", "routes": [["A", "B"]]}
    ben = {"name": "Ben", "routes": [["B", "A"]]}
    cleo = {"name": "Cleo", "routes": [{"from": "A", "to": "B", "color": "grey"}]}
    for order in itertools.permutations([ana, ben, cleo, {"name": "Dan"}]):
        result = scores(table(TRIPLE, *order))
        assert {name: points["routes"] for name, points in result.items()} == {
            "Ana": 2, "Ben": 2, "Cleo": 2, "Dan": 0}


def test_a_triple_route_with_no_assignment_is_refused_in_any_order() -> None:
    """« Un même joueur ne peut jamais capturer les deux routes d'une même route double »: one
    track each, and three players asking for the two gray tracks cannot all have one, whatever
    the order."""
    gray = [{"name": name, "routes": [{"from": "A", "to": "B", "color": "gray"}]}
            for name in ("Ana", "Ben", "Cleo")]
    for order in itertools.permutations([*gray, {"name": "Dan"}]):
        assert "(gray) is already held by" in refused(table(TRIPLE, *order))


# --- Stations ------------------------------------------------------------------------------------


def test_a_station_borrows_a_track_parallel_to_the_players_own() -> None:
    """« Une Gare permet à son propriétaire d'emprunter une et une seule des routes appartenant
    à l'un de ses opposants pour relier des villes objectifs figurant sur ses propres cartes
    Destination. » and an itinerary scores its most « s'il est possible de partir de la
    première ville de la carte et de rejoindre la dernière en passant par les autres villes
    dans l'ordre indiqué ». B, A then C passes A - B twice: Ana holds one track of the double
    route, her station in A borrows Ben's parallel one."""
    board = {"name": "Loop", "routes": [
        {"from": "A", "to": "B", "length": 1, "colors": ["red", "blue"]},
        {"from": "B", "to": "C", "length": 1}],
        "rules": {"stations": 1, "double_routes_from": 2, "longest_bonus": 0}}
    itinerary = {"cities": ["B", "A", "C"], "in_order": 10, "connected": 4}
    ana = {"name": "Ana", "routes": [{"from": "A", "to": "B", "color": "red"}, ["B", "C"]],
           "tickets": [itinerary], "stations": ["A"]}
    ben = {"name": "Ben", "routes": [{"from": "A", "to": "B", "color": "blue"}]}
    assert scores(table(board, ana, ben))["Ana"]["tickets"] == 10
    assert scores(table(board, {**ana, "stations": []}, ben))["Ana"]["tickets"] == 4


# --- Old West ------------------------------------------------------------------------------------

WEST = {"name": "West", "routes": [
    {"from": "A", "to": "B", "length": 2}, {"from": "B", "to": "C", "length": 3},
    {"from": "B", "to": "D", "length": 4}, {"from": "C", "to": "E", "length": 1},
    {"from": "R", "to": "E", "length": 1}],
    "rules": {"old_west": {"alvin_start": "R"}, "longest_bonus": 0}}


def route(a: str, b: str, claim: int) -> dict[str, Any]:
    return {"from": a, "to": b, "claim": claim}


def test_old_west_cites_score_from_the_moment_of_the_claim() -> None:
    """« Les joueurs marquent des points dès qu'ils prennent possession d'une route » and « Les
    routes rapportent des points au joueur qui les a prises ... sauf si au moins une des villes
    aux extrémités de la route est recouverte d'une Cité. Dans ce cas, c'est le joueur qui
    contrôle la ville qui marque les points. » Ana claims A - B first; Ben then claims B - C and
    places a Cité on B; Cleo claims B - D afterwards: Ben scores it, and Ana keeps A - B."""
    result = scores(table(
        WEST,
        {"name": "Ana", "routes": [route("A", "B", 1)]},
        {"name": "Ben", "routes": [route("B", "C", 2)], "cities": [{"city": "B", "claim": 2}]},
        {"name": "Cleo", "routes": [route("D", "B", 3)]},
    ))  # fmt: skip
    assert {name: points["routes"] for name, points in result.items()} == {
        "Ana": 2, "Ben": 4 + 7, "Cleo": 0}


def test_two_cites_of_one_owner_score_twice_only_once_both_stand() -> None:
    """« Si le même joueur contrôle les deux villes, il marque deux fois les points de la
    route. » Ben's Cités on B (placed after claim 1) and C (after claim 2) both stand when Ana
    claims B - C (claim 3): Ben scores it twice. His own A - B and C - E were claimed before
    the Cités beside them: he scores them once, as their owner."""
    result = scores(table(
        WEST,
        {"name": "Ben", "routes": [route("A", "B", 1), route("E", "C", 2)],
         "cities": [{"city": "B", "claim": 1}, {"city": "C", "claim": 2}]},
        {"name": "Ana", "routes": [route("B", "C", 3)]},
    ))  # fmt: skip
    assert result["Ben"]["routes"] == 2 + 1 + 2 * 4 and result["Ana"]["routes"] == 0


def test_the_starting_city_is_a_cite_from_the_start() -> None:
    """« doit placer Alvin dans une des Cités qu'il contrôle (y compris sa ville de départ) »:
    the starting city (claim 0) controls every route into it, the first one included."""
    result = scores(table(
        WEST,
        {"name": "Ana", "routes": [route("A", "B", 2)], "cities": [{"city": "B", "claim": 0}]},
        {"name": "Ben", "routes": [route("B", "C", 1)]},
    ))  # fmt: skip
    assert result["Ana"]["routes"] == 2 + 4 and result["Ben"]["routes"] == 0
    assert refused(table(WEST, {"name": "Ana", "routes": [route("A", "B", 1)],
                                "cities": [{"city": "C", "claim": 0}]}, {"name": "Ben"})) == (
        "players[0].cities[0].city: none of Ana's routes reaches C")
    assert refused(table(WEST, {"name": "Ana", "routes": [route("A", "B", 1)],
                                "cities": [{"city": "A", "claim": 0}, {"city": "B", "claim": 0}]},
                         {"name": "Ben"})) == (
        "players[0].cities[1].claim: Ana has one starting city")


def test_old_west_refusals() -> None:
    """« Une fois que vous avez pris une route, vous pouvez placer une de vos Cités sur l'une
    des deux villes aux extrémités de cette route »; « Le joueur qui contrôle Alvin à la fin de
    la partie » has captured him: « Le premier joueur qui prend une route connectée à Roswell
    capture Alvin »."""
    ana = {"name": "Ana", "routes": [route("A", "B", 1)]}
    assert refused(table(WEST, {**ana, "cities": [{"city": "C", "claim": 1}]},
                         {"name": "Ben"})) == (
        "players[0].cities[0].claim: a Cité is placed on an end of a route its owner has just "
        "claimed: Ana claimed no route into C as claim 1")
    assert "Ana claimed no route into B as claim 2" in refused(table(
        WEST, {**ana, "cities": [{"city": "B", "claim": 2}]},
        {"name": "Ben", "routes": [route("B", "C", 2)]}))
    assert refused(table(WEST, {"name": "Ana", "routes": [["A", "B"]]},
                         {"name": "Ben", "routes": [route("B", "C", 2)],
                          "cities": [{"city": "B", "claim": 2}]})) == (
        "players[0].routes[0]: A - B needs its claim number: a Cité stands in B")
    assert refused(table(WEST, ana, {"name": "Ben", "routes": [route("B", "C", 1)]})) == (
        "players[1].routes[0].claim: claim 1 is also given at players[0].routes[0]: each claim "
        "has its own number")
    assert refused(table(WEST, {**ana, "alvin": True}, {"name": "Ben"})) == (
        "players[0].alvin: Ana holds Alvin but never captured him")
    assert refused(table(WEST, {**ana, "alvin_captures": 2}, {"name": "Ben"})) == (
        "players[0].alvin_captures: must be at most 1 (got 2)")
    assert refused(table("usa", {"name": "Ana", "routes": [
        {"from": "Seattle", "to": "Helena", "claim": 1}]}, {"name": "Ben"})) == (
        "players[0].routes[0].claim: USA does not use claim")


# --- Depots --------------------------------------------------------------------------------------


def test_depots_on_the_shipped_maps() -> None:
    """Dépôts et Entrepôts: « Compatibles avec n'importe quel plateau des Aventuriers du Rail »;
    « À la fin du jeu, le joueur qui a le plus de Dépôts devant lui marque 10 points
    supplémentaires. En cas d'égalité, tous les joueurs concernés marquent ce bonus. »"""
    for map_name in ("usa", "europe"):
        result = scores(table(map_name, {"name": "Ana", "depots": 3}, {"name": "Ben", "depots": 3},
                              {"name": "Cleo", "depots": 1}))
        assert [result[name]["depots"] for name in ("Ana", "Ben", "Cleo")] == [10, 10, 0]
    assert "depots" not in scores(table("usa", {"name": "Ana"}, {"name": "Ben"}))["Ana"]
    assert refused(table("usa", {"name": "Ana", "depots": 2}, {"name": "Ben"})) == (
        "players[1].depots: depots are in play: give every player's depots left (0 to 5)")
    # « chaque joueur reçoit 1 Entrepôt et 5 Dépôts de sa couleur »
    assert refused(table("europe", {"name": "Ana", "depots": 6}, {"name": "Ben", "depots": 0})
                   ) == "players[0].depots: must be at most 5 (got 6)"


# --- Inline maps ---------------------------------------------------------------------------------


def test_inline_map_cities_are_optional() -> None:
    """Without `cities`, the places of the routes and tickets; with it, only those names."""
    inline = {"name": "Mini", "routes": [{"from": "A", "to": "B", "length": 3, "color": "red"}],
              "tickets": [{"from": "A", "to": "B", "points": 5}]}
    result = scores(table(inline, {"name": "Ana", "routes": [["A", "B"]], "tickets": [["A", "B"]]},
                          {"name": "Ben"}))
    assert result["Ana"] == {"routes": 4, "tickets": 5, "longest": 10}
    assert parse_map(inline).cities == ("A", "B")
    listed = {**inline, "cities": ["A", "C"]}
    assert refused(table(listed, {"name": "Ana"}, {"name": "Ben"})) == (
        "map.routes[0].to: unknown place 'B'")


def test_a_route_points_table_missing_a_length_is_refused() -> None:
    inline = {"name": "Gap", "routes": [{"from": "A", "to": "B", "length": 2},
                                        {"from": "B", "to": "C", "length": 3}],
              "rules": {"route_points": {"1": 1, "3": 4}}}
    assert refused(table(inline, {"name": "Ana"}, {"name": "Ben"})) == (
        "map.routes[0].length: rules.route_points gives no points for a length of 2")


# --- Team play -----------------------------------------------------------------------------------

TEAMS = {"name": "Teams", "routes": [
    {"from": "A", "to": "B", "length": 2, "colors": ["red", "blue"]}],
    "rules": {"team_size": 2, "team_trains": 27, "players": [2, 3]}}


def test_with_three_teams_of_two_both_tracks_of_a_double_route_are_used() -> None:
    """Le jeu par équipes: « 6 joueurs. Avant de commencer, constituez des équipes de 2
    joueurs. » Six players are at the table: `double_routes_from` (4) counts them, not the
    three teams, so two teams hold the two tracks of A - B."""
    reds = {"name": "Reds", "members": ["Ana", "Ben"], "routes": [["A", "B"]]}
    blues = {"name": "Blues", "members": ["Cleo", "Dan"], "routes": [["A", "B"]]}
    greens = {"name": "Greens", "members": ["Eve", "Finn"]}
    result = scores(table(TEAMS, reds, blues, greens))
    assert result["Reds"]["routes"] == result["Blues"]["routes"] == 2
    assert refused(table({**TEAMS, "rules": {**TEAMS["rules"], "double_routes_from": 7}},
                         reds, blues, greens)) == (
        "players[1].routes[0]: with 6 players only one track of A - B may be used")


def test_one_player_in_two_teams_is_refused() -> None:
    """« constituez des équipes de 2 joueurs »: a player belongs to one team."""
    assert refused(table(TEAMS, {"name": "Reds", "members": ["Ana", "Ben"]},
                         {"name": "Blues", "members": ["Cleo", "ana"]})) == (
        "players[1].members[1]: ana is already in Reds")


# --- Nothing accepted silently -------------------------------------------------------------------


@pytest.mark.parametrize(("data", "message"), [
    (table("usa", {"name": "Ana", "route": [["Seattle", "Helena"]]}, {"name": "Ben"}),
     "players[0].route: unknown key: check its spelling, or remove it"),
    (table({"name": "M", "routes": [{"from": "A", "to": "B", "lenght": 2, "length": 2}]},
           {"name": "Ana"}, {"name": "Ben"}),
     "map.routes[0].lenght: unknown key: check its spelling, or remove it"),
    (table("usa", {"name": "Ana", "tickets": [{"from": "Denver", "to": "El Paso", "pts": 3}]},
           {"name": "Ben"}),
     "players[0].tickets[0].pts: unknown key: check its spelling, or remove it"),
    (table("usa", {"name": "Ana"}, {"name": "Ben"}, settings={}),
     "settings: unknown key: check its spelling, or remove it"),
    (table("usa", {"name": "Ana"}, {"name": "Ben"}, dummy_shares={}),
     "dummy_shares: USA does not use dummy_shares"),
    (table("usa", {"name": "Ana\ud800"}, {"name": "Ben"}),
     "players[0].name: holds a lone surrogate (\\ud800-\\udfff), which is not text: retype it"),
    (table("usa", {"name": "Ana", "tickets": [{"cities": ["Denver", "Omaha", "Denver"],
                                               "in_order": 9, "connected": 3}]},
           {"name": "Ben"}),
     "players[0].tickets[0].cities: an itinerary names each city once"),
    (table("usa", {"name": "Ana", "tickets": [{"from": "Denver", "to": "Omaha", "points": 100}]},
           {"name": "Ben"}),
     "players[0].tickets[0].points: must be at most 99 (got 100)"),
    (table({"name": "M", "routes": [{"from": "A", "to": "B", "length": 13}]}, {"name": "Ana"},
           {"name": "Ben"}),
     "map.routes[0].length: must be at most 9 (got 13)"),
    (table({"name": "M", "routes": [{"from": "A", "to": "B", "length": 1}],
            "rules": {"stations": 6}}, {"name": "Ana"}, {"name": "Ben"}),
     "map.rules.stations: must be at most 5 (got 6)"),
    (table({"name": "M", "routes": [{"from": "A", "to": "B", "length": 1}],
            "rules": {"trains": 10**6}}, {"name": "Ana"}, {"name": "Ben"}),
     "map.rules.trains: must be at most 99 (got 1000000)"),
    (table({"name": "M", "routes": [{"from": "A", "to": "B", "length": 1, "mountains": 2}]},
           {"name": "Ana"}, {"name": "Ben"}),
     "map.routes[0].mountains: must be at most 1 (got 2)"),
])  # fmt: skip
def test_no_silent_acceptance(data: dict[str, Any], message: str) -> None:
    assert refused(data) == message
