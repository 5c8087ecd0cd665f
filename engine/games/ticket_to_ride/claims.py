"""The routes of a described table: which track each player holds.

A route given by its two cities takes "the track free for that player". Tracks are handed out
route by route, all the claims on one route together, so a table is accepted whenever some
assignment of tracks holds, whatever order its players and routes are written in. A route has
at most three tracks, so trying every assignment of one route costs at most 3! = 6 tries.

>>> from .library import shipped_map
>>> usa = shipped_map("usa")
>>> a, b = usa.place("Kansas City"), usa.place("Saint Louis")
>>> wanted = [Claim(0, "p0", list(usa.tracks_between(a, b))),
...           Claim(1, "p1", [t for t in usa.tracks_between(a, b) if t.color == "blue"])]
>>> held = assign_tracks(usa, wanted, ["Ana", "Ben", "Cleo", "Dan"], people=4)
>>> [(claim.seat, track.color) for claim, track in held]
[(0, 'pink'), (1, 'blue')]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import N_, InvalidInput
from .board import Map, Track


@dataclass(frozen=True)
class Claim:
    """One route as written in a player's list: the tracks it may be, and where it was written."""

    seat: int
    where: str
    options: list[Track]
    #: Old West: its place in the order of all claims at the table (None: not given).
    order: int | None = None


def assign_tracks(board: Map, claims: Sequence[Claim], names: Sequence[str], people: int
                  ) -> list[tuple[Claim, Track]]:
    """A track for every claim, or the reason none exists (naming the claim at fault).

    `people` is the number of players at the table (a team counts its members): below the map's
    `double_routes_from`, one track of a route at most is used.
    """
    by_route: dict[int, list[Claim]] = {}
    for claim in claims:
        by_route.setdefault(claim.options[0].route, []).append(claim)
    held: list[tuple[Claim, Track]] = []
    for route in sorted(by_route):
        held += _assign_route(board, by_route[route], names, people)
    position = {id(claim): number for number, claim in enumerate(claims)}
    return sorted(held, key=lambda pair: position[id(pair[0])])


def _assign_route(board: Map, wanted: list[Claim], names: Sequence[str], people: int
                  ) -> list[tuple[Claim, Track]]:
    tracks = board.route_tracks[wanted[0].options[0].route]
    a, b = tracks[0].ends
    seen: set[int] = set()
    for claim in wanted:
        if claim.seat in seen:
            name = names[claim.seat]
            if len(tracks) == 1:
                raise InvalidInput(claim.where, N_("{name} lists the route {a} - {b} twice"),
                                   name=name, a=a, b=b)
            raise InvalidInput(claim.where,
                               N_("{name} cannot hold two tracks of the route {a} - {b}"),
                               name=name, a=a, b=b)
        seen.add(claim.seat)
    if len(wanted) > 1 and len(tracks) > 1 and people < board.rules.double_routes_from:
        raise InvalidInput(wanted[1].where, N_("with {count} players only one track of {a} - {b}"
                                               " may be used"), count=people, a=a, b=b)
    # The first claim (in writing order) that no assignment can satisfy is the one at fault.
    for size in range(1, len(wanted) + 1):
        found = _matching(wanted[:size], tracks, names)
        if found is None:
            _refuse(wanted[size - 1], _matching(wanted[:size - 1], tracks, names) or [], names)
    result = _matching(wanted, tracks, names)
    assert result is not None
    return result


def _matching(wanted: list[Claim], tracks: Sequence[Track], names: Sequence[str]
              ) -> list[tuple[Claim, Track]] | None:
    """Tracks for the claims of one route, the same whatever order the claims were written in."""
    ordered = sorted(wanted, key=lambda claim: names[claim.seat].casefold())
    for picked in itertools.permutations(tracks, len(ordered)):
        if all(track in claim.options for claim, track in zip(ordered, picked)):
            return list(zip(ordered, picked))
    return None


def _refuse(claim: Claim, others: list[tuple[Claim, Track]], names: Sequence[str]) -> None:
    holders = {track.id: names[other.seat] for other, track in others}
    taken = [track for track in claim.options if track.id in holders]
    track = taken[0] if taken else claim.options[0]
    raise InvalidInput(claim.where, N_("{track} is already held by {other}"),
                       track=shown(track), other=holders.get(track.id, "?"))


def shown(track: Track) -> str:
    a, b = track.ends
    return f"{a} - {b} ({track.color})" if track.number else f"{a} - {b}"
