"""The printed boards shipped from `tools/boards/`: built from their data, equal to it, whole.

Each board's figures are those its data's cross-check arrived at (tools/boards/README.md):
tracks (each track of a double route counted), parallel routes of two and three tracks,
trains on the board and ticket cards.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.library import INDEX, SHIPPED, shipped_map
from tools.build_boards import DATA, built_maps, specs

#: Per board: tracks, double routes, triple routes (four tracks count as one more), trains on
#: the board, ticket cards.
FIGURES: dict[str, tuple[int, int, int, int, int]] = {
    "nordic": (81, 12, 0, 207, 46),
    "switzerland": (88, 12, 0, 205, 46),
    "germany": (110, 21, 2, 313, 89),
    "india": (108, 28, 0, 238, 58),
    "italy": (128, 42, 1, 379, 56),
    "northern-lights": (161, 48, 2, 350, 55),
    "netherlands": (97, 44, 0, 306, 44),
    "united-kingdom": (125, 18, 0, 274, 57),
    "pennsylvania": (95, 24, 0, 322, 50),
    "france": (157, 24, 8, 416, 58),
    "old-west": (139, 36, 10, 364, 51),
    "legendary-asia": (100, 30, 0, 268, 36),
    # The source's route between the two Madagascar arrows (4 trains) is left out.
    "heart-of-africa": (116, 21, 0, 313, 48),
    "poland": (102, 21, 6, 230, 35),
    "great-lakes": (110, 28, 0, 355, 55),
    "world": (130, 34, 0, 411, 65),
    "europe-1912": (101, 0, 0, 0, 101),
}

BOARDS = tuple(specs())


def test_every_shipped_board_file_is_what_the_script_builds() -> None:
    stale = [path.name for path, text in built_maps().items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert stale == [], "rebuild with: python -m tools.build_boards"


def test_the_index_lists_every_board_with_its_players_and_standing() -> None:
    assert ("usa", "europe", *BOARDS) == SHIPPED
    for name in SHIPPED:
        board = shipped_map(name)
        entry = INDEX[name]
        assert (entry.title, entry.standing) == (board.title, board.standing)
        assert entry.players == board.rules.players
        assert board.standing in ("verified", "single-source", "draft")


def _routes(board: Map) -> tuple[int, int]:
    sizes = Counter(len(tracks) for tracks in board.route_tracks)
    return sizes[2], sizes[3] + sizes[4]


@pytest.mark.parametrize("name", BOARDS)
def test_each_board_has_the_figures_of_its_data(name: str) -> None:
    board = shipped_map(name)
    tracks, doubles, triples, trains, tickets = FIGURES[name]
    assert len(board.tracks) == tracks
    assert len(board.tickets) == tickets
    if name == "europe-1912":
        assert board.tracks == shipped_map("europe").tracks
        return
    assert _routes(board) == (doubles, triples)
    assert sum(track.length for track in board.tracks) == trains


def _rows(file: str) -> list[dict[str, str]]:
    with (DATA / file).open(encoding="utf-8", newline="") as data:
        return list(csv.DictReader(data))


@pytest.mark.parametrize("name", [name for name in BOARDS if "routes" in specs()[name]])
def test_each_track_is_a_row_of_its_csv(name: str) -> None:
    spec = specs()[name]
    left_out = {frozenset(pair) for pair in spec.get("drop_routes", [])}
    rows = Counter(
        (frozenset((row["city1"], row["city2"])), int(row["length"]),
         "gray" if row["color"] == "trackbed" else row["color"], row["tunnel"] == "True",
         int(row["ferry_locomotives"] or 0), int(row.get("waves") or 0),
         int(row.get("mountains") or 0), row.get("sea") == "True",
         tuple(row["companies"].split(";")) if row.get("companies") else ())
        for row in _rows(spec["routes"])
        if frozenset((row["city1"], row["city2"])) not in left_out)
    tracks = Counter(
        (frozenset(track.ends), track.length, track.color, track.tunnel, track.ferries,
         track.waves, track.mountains, track.sea, track.companies)
        for track in shipped_map(name).tracks)
    assert tracks == rows


@pytest.mark.parametrize("name", BOARDS)
def test_each_ticket_is_a_card_of_its_csv(name: str) -> None:
    spec = specs()[name]
    board = shipped_map(name)
    cards: Counter[tuple[object, ...]] = Counter()
    for ticket in board.tickets:
        if ticket.itinerary:
            cards[(ticket.places, ticket.points, ticket.connected, ticket.failed)] += 1
        elif ticket.choices:
            cards.update((ticket.places[0], place, points) for place, points in ticket.choices)
        else:
            cards[(*ticket.places, ticket.points, ticket.long)] += 1
    expected: Counter[tuple[object, ...]] = Counter()
    place = board.place  # Europe 1912's data spells some of Europe's cities otherwise
    for row in _rows(spec["tickets"]):
        if row.get("kind") in ("country", "city-to-country"):
            expected[(place(row["city1"]), place(row["city2"]), int(row["points"]))] += 1
        else:
            expected[(place(row["city1"]), place(row["city2"]), int(row["points"]),
                      row["long"] == "True")] += 1
    for row in _rows(spec["itineraries"]) if "itineraries" in spec else []:
        expected[(tuple(map(place, row["cities"].split(";"))), int(row["in_order"]),
                  int(row["connected"]), int(row["failed"]))] += 1
    assert cards == expected


def _reached(board: Map, start: str) -> set[str]:
    """The places joined to `start`, never passing through a neighbouring country."""
    seen, todo = {start}, [start]
    while todo:
        place = todo.pop()
        if board.is_country(place) and place != start:
            continue
        for track in board.tracks_at(place):
            other = track.other_end(place)
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


@pytest.mark.parametrize("name", SHIPPED)
def test_each_board_is_connected_and_every_ticket_place_is_reached(name: str) -> None:
    board = shipped_map(name)
    places = set(board.cities) | set(board.countries)
    assert _reached(board, board.cities[0]) == places
    named = {place for ticket in board.tickets for place in ticket.places}
    assert named <= {place for place in places if board.tracks_at(place)}


def test_the_data_folder_holds_only_files_the_boards_use() -> None:
    used = {"boards.toml", "README.md"}
    for spec in specs().values():
        used |= {value for key, value in spec.items()
                 if key in ("routes", "tickets", "companies", "country_cards", "itineraries")}
    assert {path.name for path in Path(DATA).iterdir()} == used


def test_the_side_data_is_that_of_its_csv() -> None:
    stocks = shipped_map("pennsylvania").rules.stocks
    assert stocks is not None
    assert {name: (shares, payouts) for name, shares, payouts in stocks.companies} == {
        row["company"]: (int(row["shares"]), tuple(int(n) for n in row["payouts"].split(";")))
        for row in _rows("ttr_pennsylvania_companies.csv")}
    piles = dict(shipped_map("poland").rules.country_cards)
    assert piles == {row["country"]: tuple(sorted(map(int, row["cards"].split(";")),
                                                  reverse=True))
                     for row in _rows("ttr_poland_country_cards.csv")}
    assert shipped_map("old-west").rules.old_west is not None
    assert shipped_map("old-west").rules.old_west.alvin_start == "Roswell"
    assert dict(shipped_map("germany").rules.meeple_supply) == dict.fromkeys(
        ("red", "blue", "green", "yellow", "black", "white"), 10)
    itineraries = [t for t in shipped_map("world").tickets if t.itinerary]
    assert len(itineraries) == len(_rows("ttr_world_itineraries.csv")) == 8
