"""The routes of a described table: which track each player holds.

A route given by its two cities takes "the track free for that player". Tracks are handed out
route by route, all the claims on one route together, so a table is accepted whenever some
assignment of tracks holds, whatever order its players and routes are written in. A route has
at most four tracks (to a country), so trying every assignment of one route costs at most
4! = 24 tries. Separate routes between the same two places are separate routes here too: a
claim names one of them (the tally picks it), and a player may hold a track of each.

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
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import N_, InvalidInput
from ...table_input import flag, join, text, whole_number
from .board import ROUTE_KEYS, Map, Track, differences, routes_of
from .mapfields import MAX_LENGTH, color_of
from .names import fold


def claim_options(board: Map, a: str, b: str, spec: Mapping[str, Any], where: str
                  ) -> list[Track]:
    """The tracks a route written in a table may be: between `a` and `b`, of one route, of the
    colour given, if given (a double route's claim is any of its tracks).

    `spec` may name what tells separate routes between `a` and `b` apart (`length`, `tunnel`,
    `ferries`, `sea`, `arrow`); when the tracks left are still of several routes, the claim is
    refused, naming what to give.
    """
    options = list(board.tracks_between(a, b))
    if not options:
        raise InvalidInput(where, N_("there is no route between {a} and {b}"), a=a, b=b)
    given = []
    for key in ROUTE_KEYS:
        if key in spec:
            value = _route_value(spec, key, where)
            given.append(f"{key} {written(value)}")
            options = [t for t in options if _same(getattr(t, key), value)]
            if not options:
                raise InvalidInput(join(where, key),
                                   N_("there is no route between {a} and {b} with {given}"),
                                   a=a, b=b, given=", ".join(given))
    if "color" in spec:
        word = spec["color"]
        color = color_of(word) if isinstance(word, str) else None
        options = [t for t in options if t.color == color]
        if not options:
            raise InvalidInput(join(where, "color"),
                               N_("there is no {color} track between {a} and {b}"),
                               color=str(word), a=a, b=b)
    for key in TRACK_KEYS:  # a track of a double route whose tracks differ (Legendary Asia)
        if key in spec:
            value = _route_value(spec, key, where)
            options = [t for t in options if getattr(t, key) == value]
            if not options:
                raise InvalidInput(join(where, key),
                                   N_("there is no route between {a} and {b} with {given}"),
                                   a=a, b=b, given=f"{key} {written(value)}")
    routes = routes_of(options)
    if len(routes) > 1:
        keys = differences(route[0] for route in routes)
        assert keys, "a map's separate routes between two places differ (see mapfile)"
        key = keys[0]
        values = list(dict.fromkeys(written(getattr(route[0], key)) for route in routes))
        reason = (N_("there are {count} routes between {a} and {b}: give its length ({some} or "
                     "{last})") if key == "length" else
                  N_("there are {count} routes between {a} and {b}: give {key} ({some} or "
                     "{last})"))
        raise InvalidInput(where, reason, count=len(routes), a=a, b=b, key=key,
                           some=", ".join(values[:-1]), last=values[-1])
    return options


#: Markings a map may give per track of a double route: a table names the one it means.
TRACK_KEYS = ("waves", "mountains")


def _route_value(spec: Mapping[str, Any], key: str, where: str) -> object:
    if key in ("tunnel", "sea"):
        return flag(spec, key, where, default=False)
    if key == "arrow":
        return text(spec, key, where)
    return whole_number(spec, key, where, minimum=1 if key == "length" else 0,
                        maximum=MAX_LENGTH)


def _same(value: object, wanted: object) -> bool:
    if isinstance(value, str) and isinstance(wanted, str):
        return fold(value) == fold(wanted)
    return value == wanted


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
    `double_routes_from`, one track of a route at most is used. Every claim's options are
    tracks of one route.
    """
    by_route: dict[int, list[Claim]] = {}
    for claim in claims:
        assert len({track.route for track in claim.options}) == 1, "one route per claim"
        by_route.setdefault(claim.options[0].route, []).append(claim)
    held: list[tuple[Claim, Track]] = []
    for route in sorted(by_route):
        held += _assign_route(board, by_route[route], names, people)
    position = {id(claim): number for number, claim in enumerate(claims)}
    return sorted(held, key=lambda pair: position[id(pair[0])])


def _assign_route(board: Map, wanted: list[Claim], names: Sequence[str], people: int
                  ) -> list[tuple[Claim, Track]]:
    tracks = board.route_tracks[wanted[0].options[0].route]
    route = route_name(board, tracks[0])
    seen: set[int] = set()
    for claim in wanted:
        if claim.seat in seen:
            name = names[claim.seat]
            if len(tracks) == 1:
                raise InvalidInput(claim.where, N_("{name} lists the route {route} twice"),
                                   name=name, route=route)
            raise InvalidInput(claim.where,
                               N_("{name} cannot hold two tracks of the route {route}"),
                               name=name, route=route)
        seen.add(claim.seat)
    if len(wanted) > 1 and len(tracks) > 1 and people < board.rules.double_routes_from:
        raise InvalidInput(wanted[1].where, N_("with {count} players only one track of {route}"
                                               " may be used"), count=people, route=route)
    # The first claim (in writing order) that no assignment can satisfy is the one at fault.
    for size in range(1, len(wanted) + 1):
        found = _matching(wanted[:size], tracks, names)
        if found is None:
            _refuse(board, wanted[size - 1], _matching(wanted[:size - 1], tracks, names) or [],
                    names)
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


def _refuse(board: Map, claim: Claim, others: list[tuple[Claim, Track]], names: Sequence[str]
            ) -> None:
    holders = {track.id: names[other.seat] for other, track in others}
    taken = [track for track in claim.options if track.id in holders]
    track = taken[0] if taken else claim.options[0]
    raise InvalidInput(claim.where, N_("{track} is already held by {other}"),
                       track=shown(board, track), other=holders.get(track.id, "?"))


def shown(board: Map, track: Track) -> str:
    """A track as a table names it: its route, then its colour on a route of several tracks
    ("A - B (red)", "A - B (length 4, red)")."""
    return _named(board, track, [track.color] if track.number else [])


def route_name(board: Map, track: Track) -> str:
    """ "A - B", with what tells its route apart when separate routes join A and B, in the
    tally's words: "A - B (length 4)", "A - B (arrow "Konstanz")"."""
    return _named(board, track, [])


def _named(board: Map, track: Track, more: list[str]) -> str:
    a, b = track.ends
    words = [f"{key} {written(value)}" for key, value in told_apart(board, track).items()]
    return f"{a} - {b} ({', '.join(words + more)})" if words or more else f"{a} - {b}"


def told_apart(board: Map, track: Track) -> dict[str, Any]:
    """What tells the route of `track` apart from the other routes between its two places, as
    a table gives it (`length`, `tunnel`, ...): nothing when there is no other route."""
    keys = differences(route[0] for route in board.routes_between(*track.ends))
    return {key: getattr(track, key) for key in keys}


def route_entry(board: Map, track: Track) -> dict[str, Any]:
    """A track as a table writes it: its places, its colour, what tells its route apart and,
    where the tracks of its route differ in their markings, its own."""
    siblings = [t for t in board.route_tracks[track.route] if t.color == track.color]
    marked = {key: getattr(track, key) for key in TRACK_KEYS
              if len({getattr(t, key) for t in siblings}) > 1}
    return {"from": track.ends[0], "to": track.ends[1], "color": track.color,
            **told_apart(board, track), **marked}


def written(value: object) -> str:
    """A value as a table writes it in JSON: 4, true, "Konstanz"."""
    return json.dumps(value, ensure_ascii=False)
