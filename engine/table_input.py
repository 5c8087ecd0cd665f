"""Reading a table description (the JSON given to `companion tally`) with exact complaints.

Every reader takes the parsed JSON value and the path that leads to it, and raises
`InvalidInput` naming that path and what is wrong.

>>> players_of({"players": [{"name": "Ana"}]})[0]["name"]
'Ana'
>>> whole_number({"n": -1}, "n", "x", minimum=0)
Traceback (most recent call last):
...
engine.errors.InvalidInput: x.n: must be at least 0 (got -1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import N_, InvalidInput

_MISSING = object()


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def obj(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise InvalidInput(path, N_("must be an object"))
    return value


def whole_number(
    data: Mapping[str, Any],
    key: str,
    path: str = "",
    *,
    default: int | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """An integer field; `default` None makes it required."""
    where = join(path, key)
    value = data.get(key, _MISSING)
    if value is _MISSING:
        if default is None:
            raise InvalidInput(where, N_("is missing"))
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(where, N_("must be a whole number (got {value})"), value=_show(value))
    return bounded(value, where, minimum, maximum)


def bounded(value: int, where: str, minimum: int | None, maximum: int | None) -> int:
    if minimum is not None and value < minimum:
        raise InvalidInput(where, N_("must be at least {minimum} (got {value})"),
                           minimum=minimum, value=value)
    if maximum is not None and value > maximum:
        raise InvalidInput(where, N_("must be at most {maximum} (got {value})"),
                           maximum=maximum, value=value)
    return value


def text(data: Mapping[str, Any], key: str, path: str = "", *, default: str | None = None) -> str:
    where = join(path, key)
    value = data.get(key, _MISSING)
    if value is _MISSING:
        if default is None:
            raise InvalidInput(where, N_("is missing"))
        return default
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(where, N_("must be a non-empty text (got {value})"),
                           value=_show(value))
    return value.strip()


def flag(data: Mapping[str, Any], key: str, path: str = "", *, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidInput(join(path, key), N_("must be true or false (got {value})"),
                           value=_show(value))
    return value


def items(data: Mapping[str, Any], key: str, path: str = "", *, default: list[Any] | None = None
          ) -> list[Any]:
    where = join(path, key)
    value = data.get(key, _MISSING)
    if value is _MISSING:
        if default is None:
            raise InvalidInput(where, N_("is missing"))
        return default
    if not isinstance(value, list):
        raise InvalidInput(where, N_("must be a list (got {value})"), value=_show(value))
    return value


def players_of(
    table: Any, counts: range | None = None, game: str = ""
) -> list[Mapping[str, Any]]:
    """The `players` list: objects with distinct non-empty names, in a count the game allows."""
    players = items(obj(table, ""), "players")
    if counts is not None and len(players) not in counts:
        raise InvalidInput("players", N_("{game} is for {low} to {high} players (got {count})"),
                           game=game, low=counts.start, high=counts.stop - 1, count=len(players))
    if not players:
        raise InvalidInput("players", N_("needs at least one player"))
    seen: set[str] = set()
    for index, player in enumerate(players):
        where = join("players", index)
        name = text(obj(player, where), "name", where)
        if name.casefold() in seen:
            raise InvalidInput(join(where, "name"), N_("{name} is named twice"), name=name)
        seen.add(name.casefold())
    return players


def _show(value: Any) -> str:
    shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return shown if len(shown) <= 30 else shown[:27] + "..."
