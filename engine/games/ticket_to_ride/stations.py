"""Stations (Europe): each borrows one opponent track into its city for all the owner's tickets.

The owner chooses at the end; the companion chooses for them: the most ticket points, then the
most completed tickets (the first tie-break, and the only one a station's choice can change:
stations never count for the longest route). It tries every combination (one track or none
per station): at most (d + 1) ** s combinations for s stations (at most 5 on any map, 3 on
Europe) in cities with d opponent tracks each. Opponent tracks joining the same two places are
one choice (two when an itinerary is open: a trail may pass the same two cities twice, so a
track parallel to the player's own may help then). Candidates are tried in a fixed order, so
the choice never depends on the order players or routes were written in; the search stops once
every ticket scores its most.

>>> from .library import shipped_map
>>> europe = shipped_map("europe")
>>> own = [europe.track("Paris-Frankfurt#1")]
>>> theirs = [europe.track("Frankfurt-Berlin#2"), europe.track("Berlin-Wien")]
>>> best = best_borrowing(europe, own, [europe.ticket("Paris-Wien")], ["Frankfurt", "Berlin"],
...                       theirs)
>>> best.points, best.completed, [track.id for track in best.borrowed]
(8, 1, ['Frankfurt-Berlin#2', 'Berlin-Wien'])
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Map, Ticket, Track
from .tickets import Node, Outcome, PlayerNetwork, Scored, joined, node, scored


@dataclass(frozen=True)
class Borrowing:
    points: int
    #: Tickets completed with the borrowed tracks.
    completed: int
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
    results = [scored(ticket, base) for ticket in tickets]
    points = sum(result.points for result in results)
    completed = sum(result.outcome is Outcome.COMPLETED for result in results)
    best = Borrowing(points, completed, (None,) * len(stations))
    # Borrowing only adds connections: only tickets short of their best can gain (one of
    # several destinations may reach a better one).
    open_tickets = [(t, r) for t, r in zip(tickets, results)
                    if r.outcome is not Outcome.COMPLETED or r.points < t.points]
    if not open_tickets or not stations:
        return best
    ceiling = (points + sum(ticket.points - result.points for ticket, result in open_tickets),
               completed + sum(r.outcome is not Outcome.COMPLETED for _, r in open_tickets))
    parallel = any(ticket.itinerary for ticket, _ in open_tickets)
    gains = _Gains(board, base, own, open_tickets)
    order = sorted(range(len(stations)), key=lambda seat: stations[seat])
    choices = [_candidates(stations[seat], own, opponents, parallel) for seat in order]
    best_key = (points, completed)
    for picked in itertools.product(*choices):
        chosen = [track for track in picked if track is not None]
        if not chosen or len({track.id for track in chosen}) < len(chosen):
            continue
        gained_points, gained_tickets = gains(chosen)
        key = (points + gained_points, completed + gained_tickets)
        if key > best_key:
            best_key = key
            borrowed: list[Track | None] = [None] * len(stations)
            for seat, track in zip(order, picked):
                borrowed[seat] = track
            best = Borrowing(key[0], key[1], tuple(borrowed))
            if key >= ceiling:
                break
    return best


class _Gains:
    """What borrowed tracks add to the tickets still open, on top of the player's own network.

    The own network is reduced to its connected parts once; each combination only joins parts,
    in a small union-find over their labels. Itineraries, which need trails, are counted anew.
    """

    def __init__(self, board: Map, base: PlayerNetwork, own: Sequence[Track],
                 open_tickets: list[tuple[Ticket, Scored]]) -> None:
        self.board = board
        self.base = base
        self.own = own
        # Each open ticket with what it is, worked out once: the search calls this many times.
        self.open = [(ticket, result, ticket.itinerary, ticket.any_of)
                     for ticket, result in open_tickets]
        self.label = {n: base.network.component(n) for n in base.network.nodes}
        places = {place for ticket, _ in open_tickets for place in ticket.places}
        self.nodes = {place: base.nodes_of(place) for place in places}

    def __call__(self, chosen: Sequence[Track]) -> tuple[int, int]:
        """Points and completed tickets gained."""
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

        def roots(place: str) -> set[Node]:
            return {find(n) for n in self.nodes[place] + extra.get(place, [])}

        gain = completed = 0
        network: PlayerNetwork | None = None
        for ticket, result, itinerary, any_of in self.open:
            if itinerary:
                parts: set[Node] | None = None
                for place in ticket.places:
                    parts = roots(place) if parts is None else parts & roots(place)
                if not parts:  # a city still missing: no trail to look for
                    gain += ticket.failed - result.points
                    continue
                if network is None:
                    network = PlayerNetwork(list(self.own) + list(chosen), self.board)
                now = scored(ticket, network)
            elif any_of:
                now = joined(ticket, lambda a, b: not roots(a).isdisjoint(roots(b)))
            else:  # the common ticket, on the hot path of the search: two places joined or not
                first, second = ticket.places
                ends_a = {find(n) for n in self.nodes[first] + extra.get(first, [])}
                if any(find(n) in ends_a for n in self.nodes[second] + extra.get(second, [])):
                    gain += ticket.points - result.points
                    completed += 1
                continue
            gain += now.points - result.points
            completed += (now.outcome is Outcome.COMPLETED) - (result.outcome is Outcome.COMPLETED)
        return gain, completed


def _candidates(city: str, own: Sequence[Track], opponents: Sequence[Track], parallel: bool
                ) -> list[Track | None]:
    """The tracks a station in `city` may borrow, in a fixed order (by track id).

    For connections a track joining two places the player already joins directly adds nothing,
    and one opponent track per pair of places is enough. A trail may use two tracks between
    the same places: with an itinerary open, keep up to two per pair, owned pairs included.
    """
    owned = {frozenset(track.ends) for track in own}
    found: dict[frozenset[str], list[Track]] = {}
    for track in sorted(opponents, key=lambda track: track.id):
        ends = frozenset(track.ends)
        if city not in track.ends or (ends in owned and not parallel):
            continue
        kept = found.setdefault(ends, [])
        if len(kept) < (2 if parallel else 1):
            kept.append(track)
    return [None, *(track for tracks in found.values() for track in tracks)]
