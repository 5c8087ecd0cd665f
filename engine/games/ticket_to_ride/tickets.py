"""Tickets at the end of the game: completed, failed, itineraries in order or not, and the
best destination of a ticket to one of several.

A player's network is the graph of their tracks. A neighbouring country is a dead end: each
track into it ends at a node of its own, so two tracks into the same country never connect.

>>> from .library import shipped_map
>>> europe = shipped_map("europe")
>>> mine = [europe.track("Paris-Frankfurt#1"), europe.track("Berlin-Wien")]
>>> ticket_points(europe.ticket("Paris-Wien"), PlayerNetwork(mine, europe))
-8
>>> mine.append(europe.track("Frankfurt-Berlin#2"))
>>> ticket_points(europe.ticket("Paris-Wien"), PlayerNetwork(mine, europe))
8
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from ...graph import Network
from .board import Map, Ticket, Track

#: A node of a player's network: (place, "") for a city, (country, track id) for a country end.
Node = tuple[str, str]


class Outcome(Enum):
    #: Completed (one of several destinations: at least one joined to its origin).
    COMPLETED = "completed"
    #: An itinerary whose places are connected but cannot be travelled in order.
    CONNECTED = "connected"
    FAILED = "failed"


def node(track: Track, place: str, board: Map | None = None) -> Node:
    """The node where `track` reaches `place`: a country end is the track's own."""
    countries = board.countries if board is not None else ()
    return (place, track.id) if place in countries else (place, "")


class PlayerNetwork:
    """The tracks a player may use for their tickets (their own, and any borrowed by stations)."""

    def __init__(self, tracks: Iterable[Track], board: Map | None = None) -> None:
        self.board = board
        self.edges: list[tuple[Node, Node, int]] = []
        self.network: Network[Node] = Network([])
        for track in tracks:
            self.add(track)

    def add(self, track: Track) -> None:
        a, b = (self._node(track, end) for end in track.ends)
        self.edges.append((a, b, track.length))
        self.network.add(a, b)

    def _node(self, track: Track, place: str) -> Node:
        if self.board is None:
            return (place, "")  # no board: no neighbouring countries
        return node(track, place, self.board)

    def nodes_of(self, place: str) -> list[Node]:
        return [n for n in self.network.nodes if n[0] == place]

    def joins(self, a: str, b: str) -> bool:
        return any(self.network.connected(x, y) for x in self.nodes_of(a) for y in self.nodes_of(b))

    def all_joined(self, places: Sequence[str]) -> bool:
        """Whether one connected part of the network reaches every place."""
        parts: set[Node] | None = None
        for place in places:
            reached = {self.network.component(n) for n in self.nodes_of(place)}
            parts = reached if parts is None else parts & reached
            if not parts:
                return False
        return bool(parts)

    def travels_in_order(self, places: Sequence[str]) -> bool:
        """A trail (no track twice) from the first place through the others in order."""
        if not self.all_joined(places):
            return False
        adjacency: dict[Node, list[tuple[int, Node]]] = {}
        for number, (a, b, _) in enumerate(self.edges):
            adjacency.setdefault(a, []).append((number, b))
            adjacency.setdefault(b, []).append((number, a))
        seen: set[tuple[Node, int, int]] = set()

        def walk(here: Node, wanted: int, used: int) -> bool:
            while wanted < len(places) and here[0] == places[wanted]:
                wanted += 1
            if wanted == len(places):
                return True
            if (here, wanted, used) in seen:
                return False
            seen.add((here, wanted, used))
            return any(
                walk(there, wanted, used | 1 << number)
                for number, there in adjacency.get(here, ())
                if not used >> number & 1
            )

        return any(walk(start, 0, 0) for start in self.nodes_of(places[0]))


@dataclass(frozen=True)
class Scored:
    """What a ticket scores at the end."""

    outcome: Outcome
    points: int
    #: The destination that scored, on a ticket to one of several destinations ("": none).
    destination: str = ""


def joined(ticket: Ticket, joins: Callable[[str, str], bool]) -> Scored:
    """A ticket other than an itinerary, from which places the network `joins`: one of several
    destinations scores its best one joined to its origin, else costs its lowest value."""
    if ticket.any_of:
        origin = ticket.places[0]
        reached = [(place, points) for place, points in ticket.choices if joins(origin, place)]
        if not reached:
            return Scored(Outcome.FAILED, ticket.failed)
        place, points = max(reached, key=lambda choice: choice[1])  # the first printed of ties
        return Scored(Outcome.COMPLETED, points, place)
    if joins(ticket.places[0], ticket.places[1]):
        return Scored(Outcome.COMPLETED, ticket.points)
    return Scored(Outcome.FAILED, ticket.failed)


def scored(ticket: Ticket, network: PlayerNetwork) -> Scored:
    if not ticket.itinerary:
        return joined(ticket, network.joins)
    if network.travels_in_order(ticket.places):
        return Scored(Outcome.COMPLETED, ticket.points)
    if network.all_joined(ticket.places):
        return Scored(Outcome.CONNECTED, ticket.connected)
    return Scored(Outcome.FAILED, ticket.failed)


def outcome(ticket: Ticket, network: PlayerNetwork) -> Outcome:
    return scored(ticket, network).outcome


def ticket_points(ticket: Ticket, network: PlayerNetwork) -> int:
    return scored(ticket, network).points
