"""Station choice: the quick search agrees with trying every combination the plain way."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.ticket_to_ride import shipped_map
from engine.games.ticket_to_ride.board import Map, Ticket, Track
from engine.games.ticket_to_ride.stations import best_borrowing
from engine.games.ticket_to_ride.tickets import Outcome, PlayerNetwork, outcome, ticket_points


def plain_best(board: Map, own: list[Track], tickets: list[Ticket], stations: list[str],
               opponents: list[Track]) -> tuple[int, int]:
    """The most ticket points, then the most completed tickets, trying every borrowing."""
    options = [[None] + [t for t in opponents if city in t.ends] for city in stations]
    best = None
    for picked in itertools.product(*options):
        chosen = [t for t in picked if t is not None]
        if len({t.id for t in chosen}) < len(chosen):
            continue  # one track borrowed twice is one track
        network = PlayerNetwork(own + chosen, board)
        score = (sum(ticket_points(ticket, network) for ticket in tickets),
                 sum(outcome(ticket, network) is Outcome.COMPLETED for ticket in tickets))
        best = score if best is None else max(best, score)
    assert best is not None
    return best


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), stations=st.integers(1, 3))
def test_best_borrowing_is_the_best(seed: int, stations: int) -> None:
    board = shipped_map("europe")
    rng = random.Random(seed)
    tracks = list(board.tracks)
    rng.shuffle(tracks)
    own: list[Track] = []
    for track in tracks[:20]:  # never two tracks of one route
        if all(t.route != track.route for t in own):
            own.append(track)
    opponents = [t for t in tracks[20:70] if t not in own]
    tickets = rng.sample(board.tickets, 8)
    if rng.random() < 0.5:  # an itinerary: parallel tracks may help
        places = tuple(rng.sample(board.cities, 3))
        tickets.append(Ticket("-".join(places), places, 12, 6, -6))
    cities = rng.sample(board.cities, stations)
    best = best_borrowing(board, own, tickets, cities, opponents)
    assert (best.points, best.completed) == plain_best(board, own, tickets, cities, opponents)
    chosen = [t for t in best.borrowed if t is not None]
    network = PlayerNetwork(own + chosen, board)
    assert sum(ticket_points(t, network) for t in tickets) == best.points
    for city, track in zip(cities, best.borrowed):
        assert track is None or city in track.ends
