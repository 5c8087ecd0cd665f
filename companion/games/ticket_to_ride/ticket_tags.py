"""The tags of a Ticket to Ride map's tickets: "usa-07", "lake-shore-112".

A map's tickets are numbered in the order of their ids, folded; the tag is the map's name
folded to letters, digits and dashes, then the number.
"""

from __future__ import annotations

import re
from functools import cache

from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.library import INDEX, SHIPPED, shipped_map
from engine.games.ticket_to_ride.names import fold

#: "tc1|ticket-to-ride|ticket|" leaves 22 of a tag's 48 bytes: a map's tag and "-NNN".
MAP_TAG_CHARS = 18
_NOT_TAG = re.compile(r"[^a-z0-9]+")


def map_tag(board: Map) -> str:
    """The first part of a map's ticket tags: its name folded to lower-case letters, digits and
    dashes, short enough for a tag ("usa"; "Lake Shore" -> "lake-shore")."""
    return name_tag(board.name)


def name_tag(name: str) -> str:
    """The first part of the ticket tags of the map of that name (see `map_tag`)."""
    tag = _NOT_TAG.sub("-", fold(name)).strip("-")
    return tag[:MAP_TAG_CHARS].strip("-") or "map"


#: The boards whose codes were worked out last, by identity: a game keeps its board object,
#: and comparing two maps field by field would cost more than numbering the tickets again.
_NUMBERED: list[tuple[Map, dict[str, str]]] = []


def map_ticket_codes(board: Map) -> dict[str, str]:
    """Tag value -> ticket id, for the tickets of one map (shipped or from a file)."""
    for seen, codes in _NUMBERED:
        if seen is board:
            return codes
    ids = sorted((t.id for t in board.tickets), key=lambda ticket: (fold(ticket), ticket))
    tag = map_tag(board)
    codes = {f"{tag}-{number:02d}": ticket for number, ticket in enumerate(ids, start=1)}
    _NUMBERED[:] = [(board, codes), *_NUMBERED[:7]]
    return codes


def shipped_ticket_tags() -> tuple[str, ...]:
    """The tag values of every shipped map's tickets, from the maps' index: the registry
    knows them without reading nineteen maps ("usa-01" ... "europe-1912-101")."""
    return tuple(f"{name_tag(name)}-{number:02d}" for name, entry in INDEX.items()
                 for number in range(1, entry.tickets + 1))


@cache
def ticket_codes() -> dict[str, tuple[str, str]]:
    """Tag value -> (map name, ticket id), for the tickets of every shipped map."""
    codes: dict[str, tuple[str, str]] = {}
    for name in SHIPPED:
        board = shipped_map(name)
        codes.update((code, (board.name, ticket))
                     for code, ticket in map_ticket_codes(board).items())
    return codes


def ticket_code(board: Map, ticket: str) -> str:
    """The tag value of one of a map's tickets."""
    for code, ticket_id in map_ticket_codes(board).items():
        if ticket_id == ticket:
            return code
    raise KeyError(ticket)
