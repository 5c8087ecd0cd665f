"""A cheap copy with changes of the engine's frozen states.

`dataclasses.replace` reads every field and runs `__init__` again: on a state of twenty-odd
fields that is most of the cost of a move. `evolve` copies the instance's fields as they are
and sets only the changed ones, after checking their names.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)
>>> evolve(Point(1), z=3)
Traceback (most recent call last):
TypeError: Point has no field 'z'
"""

from __future__ import annotations

from typing import Any, TypeVar

State = TypeVar("State")


def evolve(instance: State, **changes: Any) -> State:
    """A copy of the frozen dataclass `instance` with `changes`, as `dataclasses.replace`."""
    kind = type(instance)
    fields = kind.__dataclass_fields__  # type: ignore[attr-defined]
    for name in changes:
        if name not in fields:
            raise TypeError(f"{kind.__name__} has no field {name!r}")
    copy = object.__new__(kind)
    copy.__dict__.update(instance.__dict__)
    copy.__dict__.update(changes)
    return copy
