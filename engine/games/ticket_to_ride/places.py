"""A place named in a described table, found on the map or refused with the field."""

from __future__ import annotations

from typing import Any

from ...errors import N_, InvalidInput
from .board import Map


def place_of(board: Map, value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(where, N_("must name a city"))
    place = board.place(value)
    if place is None:
        raise InvalidInput(where, N_("unknown city {city!r} on {map}"), city=value.strip(),
                           map=board.title)
    return place
