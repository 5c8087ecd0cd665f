"""What the box holds: the checks every tally shares when a table must fit the game's components.

- `TableCount`: a count added up across the whole table (rubies, coal wagons, mission cards),
  refused as soon as it exceeds what the box holds;
- `Bound` and `at_most`: a number's upper bound, with where it comes from said in the refusal;
- `Names`: the keys a table may use (a game's ids, or the names it documents, any case),
  each read as its id.

>>> gems = TableCount({"ruby": 24})
>>> gems.add("ruby", 20, "players[0].gems.ruby")
>>> gems.add("ruby", 5, "players[1].gems.ruby")
Traceback (most recent call last):
...
engine.errors.InvalidInput: players[1].gems.ruby: the game has only 24 of these (got 25 in all)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import N_, InvalidInput
from .table_input import join, whole_number


class TableCount:
    """Counts of each kind added up over every player, each at most what the box holds.

    `reason` says what the box holds; it is filled in with `count` (the box's), `got` (the
    table's so far), `kind`, the `params` given here and those given to `add`.
    """

    def __init__(self, box: Mapping[str, int],
                 reason: str = N_("the game has only {count} of these (got {got} in all)"),
                 **params: Any) -> None:
        self.box = dict(box)
        self.seen = dict.fromkeys(self.box, 0)
        self.reason = reason
        self.params = params

    def add(self, kind: str, count: int, where: str, **params: Any) -> None:
        """Count `count` more of `kind` (read at `where`), refused when the box has fewer."""
        self.seen[kind] += count
        if self.seen[kind] > self.box[kind]:
            raise InvalidInput(where, self.reason, count=self.box[kind], got=self.seen[kind],
                               kind=kind, **self.params, **params)


@dataclass(frozen=True)
class Bound:
    """The most a number can be, and why: `reason` is filled in with `maximum`, `value` and
    `params`, and should say where the bound comes from (the box, the rules).

    >>> at_most({"stars": 30}, "stars", "players[0]",
    ...         Bound(27, N_("at most {maximum}: 3 upgrades of 9 stars (got {value})")))
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInput: players[0].stars: at most 27: 3 upgrades of 9 stars (got 30)
    """

    maximum: int
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def check(self, value: int, where: str) -> int:
        if value > self.maximum:
            raise InvalidInput(where, self.reason, maximum=self.maximum, value=value,
                               **self.params)
        return value


def at_most(data: Mapping[str, Any], key: str, path: str, bound: Bound, *, default: int = 0,
            minimum: int | None = 0) -> int:
    """A whole-number field (`default` when absent) no greater than `bound`."""
    return bound.check(whole_number(data, key, path, default=default, minimum=minimum),
                       join(path, key))


def _spelled(name: str) -> str:
    """The form names are compared in: any case, one space between words."""
    return " ".join(name.casefold().split())


class Names:
    """The keys a table may use: a game's ids, or the other names it documents for them.

    Names are compared in any case; anything else is refused with what is accepted.

    >>> wagons = Names({"coal": ("Coal", "Charbon")}, N_("not a wagon type: use {accepted}"))
    >>> wagons.id_of(" CHARBON", "trains")
    'coal'
    >>> wagons.id_of("kohle", "trains")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInput: trains.kohle: not a wagon type: use coal
    """

    def __init__(self, names: Mapping[str, Iterable[str]], reason: str) -> None:
        self.ids = tuple(names)
        self.reason = reason
        self._found: dict[str, str] = {}
        for key, others in names.items():
            for name in (key, *others):
                self._found.setdefault(_spelled(name), key)

    def id_of(self, name: str, path: str) -> str:
        found = self._found.get(_spelled(name))
        if found is None:
            raise InvalidInput(join(path, name), self.reason, accepted=", ".join(self.ids))
        return found

    def read(self, given: Mapping[str, Any], path: str) -> dict[str, str]:
        """Each key of `given` (in order) by its id; two keys naming one id are refused."""
        ids: dict[str, str] = {}
        for name in given:
            key = self.id_of(name, path)
            if key in ids.values():
                other = next(old for old, found in ids.items() if found == key)
                raise InvalidInput(join(path, name),
                                   N_("names the same as {other}: give it once"), other=other)
            ids[name] = key
        return ids
