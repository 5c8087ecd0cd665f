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

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from .errors import N_, InvalidInput

_MISSING = object()
_T = TypeVar("_T")


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
    """A value as the file wrote it, short: an object or a list by its brackets alone."""
    if isinstance(value, dict):
        return "{...}"
    if isinstance(value, list):
        return "[...]"
    shown = repr(value)
    return shown if len(shown) <= 30 else shown[:27] + "..."


# --- Nothing accepted silently -------------------------------------------------------------------


class _Read(dict[str, Any]):
    """A JSON object that remembers which of its keys the reader looked at.

    A key nobody looked at is one the game does not know (often a typo such as "route" for
    "routes"): `refuse_unread` refuses it instead of letting it change nothing silently.
    """

    __slots__ = ("path", "seen")

    def __init__(self, pairs: Mapping[str, Any], path: str) -> None:
        super().__init__(pairs)
        self.path = path
        self.seen: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.seen.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.seen.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.seen.add(key)
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        self.seen.update(super().keys())
        return super().__iter__()

    def keys(self) -> Any:
        self.seen.update(super().keys())
        return super().keys()

    def items(self) -> Any:
        self.seen.update(super().keys())
        return super().items()

    def values(self) -> Any:
        self.seen.update(super().keys())
        return super().values()


def strict(value: Any, path: str = "") -> Any:
    """The parsed input with every object able to tell which keys were read.

    Also refuses text no keyboard gives (a lone UTF-16 surrogate, which JSON's \\ud800 can
    carry), in keys and values alike. Objects already made strict are left as they are.
    """
    if isinstance(value, _Read):
        return value
    root: list[Any] = [value]
    stack: list[tuple[Any, Any, str]] = [(root, 0, path)]
    while stack:
        parent, slot, where = stack.pop()
        # Reading through the strict copy would count as the reader looking at the key.
        item = parent[slot] if isinstance(parent, list) else dict.__getitem__(parent, slot)
        if isinstance(item, str):
            _refuse_surrogates(item, where)
        elif isinstance(item, dict) and not isinstance(item, _Read):
            for key in item:
                if isinstance(key, str):
                    _refuse_surrogates(key, join(where, key))
            copy = _Read(item, where)
            parent[slot] = copy
            for key in reversed(list(dict.keys(copy))):
                stack.append((copy, key, join(where, key)))
        elif isinstance(item, list):
            copy_list = list(item)
            parent[slot] = copy_list
            for index in reversed(range(len(copy_list))):
                stack.append((copy_list, index, join(where, index)))
    return root[0]


def _refuse_surrogates(value: str, where: str) -> None:
    if any("\ud800" <= char <= "\udfff" for char in value):
        raise InvalidInput(where, N_("holds a lone surrogate (\\ud800-\\udfff), which is not "
                                     "text: retype it"))


def refuse_unread(value: Any) -> None:
    """Refuse the first key, in reading order, that the reader never looked at."""
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Read):
            for key in dict.keys(item):
                if key not in item.seen:
                    raise InvalidInput(join(item.path, key),
                                       N_("unknown key: check its spelling, or remove it"))
            stack.extend(reversed(list(dict.values(item))))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def checked(read: Callable[[Any], _T], table: Any, path: str = "") -> _T:
    """`read(table)`, refusing afterwards any key of the table that `read` never looked at.

    >>> checked(lambda table: table["name"], {"name": "Ana", "nmae": "Ben"})
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInput: nmae: unknown key: check its spelling, or remove it
    """
    tracked = strict(table, path)
    result = read(tracked)
    refuse_unread(tracked)
    return result
