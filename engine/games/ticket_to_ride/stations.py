"""Stations (Europe): each borrows one opponent track into its city for all the owner's tickets.

The owner chooses at the end; the companion chooses for them the tracks that give the best
ticket score, by trying every combination (one track or none per station). Tracks joining the
same two places are the same choice; a track the player could already travel adds nothing; the
search stops once every ticket scores its most.

>>> from .library import shipped_map
>>> europe = shipped_map("europe")
>>> own = [europe.track("Paris-Frankfurt#1")]
>>> theirs = [europe.track("Frankfurt-Berlin#2"), europe.track("Berlin-Wien")]
>>> best = best_borrowing(europe, own, [europe.ticket("Paris-Wien")], ["Frankfurt", "Berlin"],
...                       theirs)
>>> best.points, [track.id for track in best.borrowed]
(8, ['Frankfurt-Berlin#2', 'Berlin-Wien'])
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Map, Ticket, Track
from .tickets import Node, PlayerNetwork, node, ticket_points


@dataclass(frozen=True)
class Borrowing:
    points: int
    #: The track each station borrows, in the order of the stations (None: no use found).
    borrowed: tuple[Track | None, ...]


def best_borrowing(
    board: Map,
    own: Sequence[Track],
    tickets: Sequence[Ticket],
    stations: Sequence[str],
    opponents: Sequence[Track],
) -> Borrowing:
    """The best ticket score with one borrowed opponent track (or none) per station city."""
    base = PlayerNetwork(own, board)
    results = [ticket_points(ticket, base) for ticket in tickets]
    best = Borrowing(sum(results), (None,) * len(stations))
    # Borrowing only adds connections: only tickets short of their best can gain.
    open_tickets = [(t, r) for t, r in zip(tickets, results) if r < t.points]
    if not open_tickets or not stations:
        return best
    ceiling = best.points + sum(ticket.points - result for ticket, result in open_tickets)
    gain_of = _Gains(board, base, own, open_tickets)
    choices = [_candidates(board, city, own, opponents) for city in stations]
    for picked in itertools.product(*choices):
        chosen = [track for track in picked if track is not None]
        if not chosen:
            continue
        score = sum(results) + gain_of(chosen)
        if score > best.points:
            best = Borrowing(score, picked)
            if score >= ceiling:
                break
    return best


class _Gains:
    """What borrowed tracks add to the tickets still open, on top of the player's own network.

    The own network is reduced to its connected parts once; each combination only joins parts,
    in a small union-find over their labels. Itineraries, which need trails, are counted anew.
    """

    def __init__(self, board: Map, base: PlayerNetwork, own: Sequence[Track],
                 open_tickets: list[tuple[Ticket, int]]) -> None:
        self.board = board
        self.base = base
        self.own = own
        self.open = open_tickets
        self.label = {n: base.network.component(n) for n in base.network.nodes}
        places = {place for ticket, _ in open_tickets for place in ticket.places}
        self.nodes = {place: base.nodes_of(place) for place in places}

    def __call__(self, chosen: Sequence[Track]) -> int:
        parent: dict[Node, Node] = {}

        def find(item: Node) -> Node:
            item = self.label.get(item, item)
            while parent.get(item, item) != item:
                item = parent[item]
            return item

        extra: dict[str, list[Node]] = {}
        for track in chosen:
            a, b = (node(track, end, self.board) for end in track.ends)
            for end, reached in zip(track.ends, (a, b)):
                extra.setdefault(end, []).append(reached)
            root_a, root_b = find(a), find(b)
            if root_a != root_b:
                parent[root_a] = root_b
        gain = 0
        network: PlayerNetwork | None = None
        for ticket, result in self.open:
            if ticket.itinerary:
                if network is None:
                    network = PlayerNetwork(list(self.own) + list(chosen), self.board)
                gain += ticket_points(ticket, network) - result
                continue
            first, second = ticket.places
            ends_a = {find(n) for n in self.nodes[first] + extra.get(first, [])}
            if any(find(n) in ends_a for n in self.nodes[second] + extra.get(second, [])):
                gain += ticket.points - result
        return gain


def _candidates(board: Map, city: str, own: Sequence[Track], opponents: Sequence[Track]
                ) -> list[Track | None]:
    owned = {frozenset(track.ends) for track in own}
    found: dict[frozenset[str], Track] = {}
    for track in opponents:
        ends = frozenset(track.ends)
        if city in track.ends and ends not in owned:
            found.setdefault(ends, track)
    return [None, *found.values()]
