"""The maps shipped with the engine, read from the package's data files at first use.

>>> shipped_map("Europe").place("Zagreb")
'Zágráb'
>>> find_map("Etats-Unis").name
'usa'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib import resources
from typing import Any

from ...errors import N_, InvalidInput
from .board import Map
from .mapfile import map_from_toml, parse_map
from .names import fold

SHIPPED: tuple[str, ...] = ("usa", "europe")


@functools.cache
def _load(name: str) -> Map:
    source = resources.files(__package__).joinpath("maps", f"{name}.toml").read_text("utf-8")
    return map_from_toml(source)


def find_map(spelling: str) -> Map | None:
    """A shipped map by its name or one of its other names, in any case, with or without accents."""
    wanted = fold(spelling)
    # A map named by its own name first: a game on one map does not parse the others' files.
    for name in sorted(SHIPPED, key=lambda name: name != wanted):
        board = _load(name)
        if wanted in {fold(board.name), fold(board.title), *map(fold, board.other_names)}:
            return board
    return None


def shipped_map(spelling: str) -> Map:
    board = find_map(spelling)
    if board is None:
        raise InvalidInput("map", N_("unknown map {map!r}: one of {maps}"), map=spelling,
                           maps=", ".join(SHIPPED))
    return board


def resolve_map(spec: Map | str | Mapping[str, Any], path: str = "map") -> Map:
    """A map given as itself, as a shipped map's name, or as an inline map object."""
    if isinstance(spec, Map):
        return spec
    if isinstance(spec, str):
        board = find_map(spec)
        if board is None:
            raise InvalidInput(path, N_("unknown map {map!r}: one of {maps}"), map=spec,
                               maps=", ".join(SHIPPED))
        return board
    if isinstance(spec, Mapping):
        return parse_map(spec, path)
    raise InvalidInput(path, N_("must be a map's name or a map object"))
