"""The maps shipped with the engine, read from the package's data files at first use.

>>> shipped_map("Europe").place("Zagreb")
'Zágráb'
>>> find_map("Etats-Unis").name
'usa'
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...errors import N_, InvalidInput
from .board import Map
from .mapfile import map_from_toml, parse_map
from .names import fold


@dataclass(frozen=True)
class ShippedMap:
    """A shipped map as its index lists it: enough to offer it without reading its file."""

    name: str
    file: str
    title: str
    other_names: tuple[str, ...]
    players: tuple[int, int]
    team_size: int
    standing: str
    #: Per rule left off for want of values, how many are missing.
    missing: tuple[tuple[str, int], ...]
    #: Its ticket cards (their tags are numbered from 1).
    tickets: int

    def answers_to(self, folded: str) -> bool:
        return folded in {fold(self.name), fold(self.title), *map(fold, self.other_names)}


def _read_index() -> dict[str, ShippedMap]:
    text = resources.files(__package__).joinpath("maps", "index.toml").read_text("utf-8")
    return {name: ShippedMap(name, entry["file"], entry["title"], tuple(entry["other_names"]),
                             (entry["players"][0], entry["players"][1]), entry["team_size"],
                             entry["standing"], tuple(entry["missing"].items()),
                             entry["tickets"])
            for name, entry in tomllib.loads(text).items()}


#: The shipped maps by name, in the order they are offered (maps/index.toml).
INDEX: dict[str, ShippedMap] = _read_index()
SHIPPED: tuple[str, ...] = tuple(INDEX)


def _text(name: str) -> str:
    return resources.files(__package__).joinpath("maps", INDEX[name].file).read_text("utf-8")


@functools.cache
def _load(name: str) -> Map:
    return map_from_toml(_text(name))


def shipped_data(name: str) -> dict[str, Any]:
    """A shipped map's data as its file writes it (to lay entered values over it)."""
    return tomllib.loads(_text(name))


def find_map(spelling: str) -> Map | None:
    """A shipped map by its name or one of its other names, in any case, with or without accents."""
    wanted = fold(spelling)
    for entry in INDEX.values():
        if entry.answers_to(wanted):
            return _load(entry.name)
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
