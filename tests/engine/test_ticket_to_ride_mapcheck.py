"""A map file is checked before a game: its routes fit a player's pieces, its tickets name
places a route reaches, its places make one network, its tickets deal to its largest table.
The tally and a game's recorded map data are read without these checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InvalidInput
from engine.games.ticket_to_ride import map_from_toml, parse_map, shipped_map
from engine.games.ticket_to_ride.mapcheck import check_map
from engine.games.ticket_to_ride.tally import tally

ROOT = Path(__file__).resolve().parents[2]
MAP_FILES = sorted((ROOT / "examples" / "maps").glob("*.toml")) + sorted(
    (ROOT / "tests" / "maps").glob("*.toml"))

#: Six tickets among A, B and C: three each for two players.
SIX_TICKETS = "".join(f'  {{ from = "{a}", to = "{b}", points = 3 }},\n'
                      for a, b in (("A", "B"), ("B", "C"), ("A", "C")) * 2)


def small_map(routes: str = '{ from = "A", to = "B", length = 2 },\n'
                            '  { from = "B", to = "C", length = 3 },',
              tickets: str = SIX_TICKETS, rules: str = "players = [2, 2]",
              places: str = '"A", "B", "C"') -> str:
    """A map file of three places, two routes and six tickets for two players; each part
    can be given otherwise."""
    return (f'name = "small"\ncities = [{places}]\nroutes = [\n  {routes}\n]\n'
            f"tickets = [\n{tickets}]\n[rules]\n{rules}\ntrains = 10\n")


def refusal(text: str) -> str:
    with pytest.raises(InvalidInput) as refused:
        map_from_toml(text)
    return str(refused.value)


def test_a_small_map_that_holds_is_read() -> None:
    board = map_from_toml(small_map())
    assert len(board.tickets) == 6 and board.rules.players == (2, 2)


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_the_shipped_maps_pass(name: str) -> None:
    check_map(shipped_map(name))


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda path: path.stem)
def test_every_example_and_test_map_passes(path: Path) -> None:
    board = map_from_toml(path.read_text(encoding="utf-8"))
    check_map(board)  # what map_from_toml ran, said once more for the record


def test_too_few_tickets_for_the_largest_table_are_refused_naming_the_counts() -> None:
    assert refusal(small_map(rules="players = [2, 4]")) == (
        "tickets: 6 tickets deal 3 each to 2 players at most, not 3-4: add tickets or lower "
        "rules.players")


def test_too_few_tickets_for_a_single_player_are_said_so() -> None:
    only_two = '  { from = "A", to = "C", points = 5 },\n  { from = "A", to = "B", points = 2 },\n'
    assert refusal(small_map(tickets=only_two)) == (
        "tickets: too few tickets to deal 3 to one player (the map has 2): add tickets")


def test_every_player_of_every_team_is_dealt_tickets() -> None:
    # Two or three teams of two: four or six players, each dealt three tickets.
    teams = "players = [2, 3]\nteam_size = 2\nteam_trains = 10"
    assert refusal(small_map(rules=teams)) == (
        "tickets: 6 tickets deal 3 each to 2 players at most, not 4, 6: add tickets or lower "
        "rules.players")
    twelve = SIX_TICKETS * 2
    assert refusal(small_map(tickets=twelve, rules=teams)) == (
        "tickets: 12 tickets deal 3 each to 4 players at most, not 6: add tickets or lower "
        "rules.players")
    assert map_from_toml(small_map(tickets=SIX_TICKETS * 3, rules=teams)).rules.team_size == 2


def test_long_tickets_are_counted_apart() -> None:
    longs = SIX_TICKETS + '  { from = "A", to = "C", points = 9, long = true },\n'
    rules = "players = [2, 2]\ntickets = { start_long = 1 }"
    assert refusal(small_map(tickets=longs, rules=rules)) == (
        "tickets: 1 long tickets deal 1 each to 1 players at most, not 2: add long tickets or "
        "lower rules.players")
    fewer = "players = [2, 2]\ntickets = { start_long = 2 }"
    assert refusal(small_map(tickets=longs, rules=fewer)) == (
        "tickets: too few long tickets to deal 2 to one player (the map has 1): add long tickets")


def test_a_ticket_naming_a_place_no_route_reaches_is_refused() -> None:
    lonely = SIX_TICKETS + '  { from = "A", to = "D", points = 4 },\n'
    assert refusal(small_map(tickets=lonely, places='"A", "B", "C", "D"')) == (
        "tickets[6]: no route reaches D: add a route to it or change the ticket")


def test_a_map_in_two_parts_names_a_place_cut_off_and_how_many_are() -> None:
    routes = ('{ from = "A", to = "B", length = 2 },\n  { from = "B", to = "C", length = 3 },\n'
              '  { from = "D", to = "E", length = 1 },')
    assert refusal(small_map(routes=routes, places='"A", "B", "C", "D", "E"')) == (
        "routes: D is cut off from the rest of the map (places cut off: 2): join it with a "
        "route")


def test_a_network_does_not_go_on_through_a_neighbouring_country() -> None:
    routes = ('{ from = "A", to = "B", length = 2 },\n  { from = "B", to = "Land", length = 1 },\n'
              '  { from = "Land", to = "C", length = 1 },')
    text = small_map(routes=routes).replace("routes = [", 'countries = ["Land"]\nroutes = [', 1)
    assert refusal(text) == (
        "routes: C is cut off from the rest of the map (places cut off: 1): join it with a route")


def test_a_route_longer_than_a_player_s_trains_is_refused() -> None:
    long_route = ('{ from = "A", to = "B", length = 2 },\n'
                  '  { from = "B", to = "C", length = 8, mountains = 3 },')
    assert refusal(small_map(routes=long_route)) == (
        "routes[1]: takes 11 trains, more than the 10 a player can have: shorten it or raise "
        "rules.trains")
    teams = "players = [1, 1]\nteam_size = 2\nteam_trains = 2"
    assert refusal(small_map(rules=teams)) == (
        "routes[1]: takes 3 trains, more than the 2 a player can have: shorten it or raise "
        "rules.team_trains")


BOATS = """
[rules.cards]
special = ["boat"]
[rules.boats]
pieces = 3
box_wagons = 2
box_boats = 2
hand = 0
per_color = 1
doubles_per_color = 0
"""


def boats_map(land: str, sea: str) -> str:
    """A map with boats: A - B on land, B - C at sea (route fields given), as BOATS says."""
    return small_map(routes=f'{{ from = "A", to = "B", {land} }},\n'
                            f'  {{ from = "B", to = "C", sea = true, {sea} }},',
                     rules="players = [2, 2]\nroute_points = { 2 = 2, 6 = 15, 12 = 40 }") + BOATS


def test_a_sea_route_is_measured_against_the_boats_and_the_box() -> None:
    # Three boats, and two more from the box for wagons given back.
    assert map_from_toml(boats_map("length = 2", "length = 2")).rules.boats is not None
    assert refusal(boats_map("length = 2", "length = 6")) == (
        "routes[1]: takes 6 boats, more than the 5 a player can have: shorten it or raise "
        "rules.boats.pieces")
    # On land, ten wagons and two more from the box for boats given back.
    assert map_from_toml(boats_map("length = 12", "length = 2")).tracks[0].length == 12
    assert refusal(boats_map("length = 12, mountains = 1", "length = 2")) == (
        "routes[0]: takes 13 trains, more than the 12 a player can have: shorten it or raise "
        "rules.trains")


def test_the_tally_scores_a_table_on_a_map_the_check_would_refuse() -> None:
    # An inline map holding only the routes the table used: in two parts, one ticket.
    board = {"name": "Parts", "routes": [{"from": "A", "to": "B", "length": 3},
                                         {"from": "C", "to": "D", "length": 2}],
             "tickets": [{"from": "A", "to": "B", "points": 5}]}
    parse_map(board)  # read as it is
    result = tally({"game": "ticket-to-ride", "map": board, "players": [
        {"name": "Ana", "routes": [["A", "B"]], "tickets": [["A", "B"]]},
        {"name": "Ben", "routes": [["C", "D"]]}]})
    assert [p.breakdown["tickets"] for p in result.players] == [5, 0]
