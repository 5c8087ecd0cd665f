"""Station choice: the quick search agrees with trying every combination the plain way."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.ticket_to_ride import shipped_map
from engine.games.ticket_to_ride.board import Map, Ticket, Track
from engine.games.ticket_to_ride.stations import best_borrowing
from engine.games.ticket_to_ride.tickets import PlayerNetwork, ticket_points


def plain_best(board: Map, own: list[Track], tickets: list[Ticket], stations: list[str],
               opponents: list[Track]) -> int:
    options = [[None] + [t for t in opponents if city in t.ends] for city in stations]
    best = None
    for picked in itertools.product(*options):
        network = PlayerNetwork(own + [t for t in picked if t is not None], board)
        score = sum(ticket_points(ticket, network) for ticket in tickets)
        best = score if best is None else max(best, score)
    assert best is not None
    return best


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), stations=st.integers(1, 3))
def test_best_borrowing_is_the_best(seed: int, stations: int) -> None:
    board = shipped_map("europe")
    rng = random.Random(seed)
    tracks = [t for t in board.tracks if t.number in (0, 1)]
    rng.shuffle(tracks)
    own, opponents = tracks[:15], tracks[15:60]
    tickets = rng.sample(board.tickets, 8)
    cities = rng.sample(board.cities, stations)
    best = best_borrowing(board, own, tickets, cities, opponents)
    assert best.points == plain_best(board, own, tickets, cities, opponents)
    chosen = [t for t in best.borrowed if t is not None]
    network = PlayerNetwork(own + chosen, board)
    assert sum(ticket_points(t, network) for t in tickets) == best.points
    for city, track in zip(cities, best.borrowed):
        assert track is None or city in track.ends
