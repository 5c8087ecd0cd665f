"""A stable JSON form for frozen dataclasses, driven by their type hints.

Events and game states are frozen dataclasses of ints, strings, bools, tuples, dicts and
nested dataclasses; this module turns them into plain JSON values and back, so the journal
can store them and replaying them gives equal objects.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     tags: tuple[str, ...] = ()
>>> from_jsonable(Point, to_jsonable(Point(1, ("a",))))
Point(x=1, tags=('a',))
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

T = TypeVar("T")

JSON = Any


def to_jsonable(value: Any) -> JSON:
    """Turn a dataclass tree into lists, dicts, strings and numbers."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: to_jsonable(getattr(value, field.name))
            for field in dataclasses.fields(value)
            if field.init
        }
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list, frozenset)):
        return [to_jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_jsonable(item) for key, item in value.items()}
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def from_jsonable(kind: Any, data: JSON) -> Any:
    """Rebuild a value of type `kind` from its JSON form; raise ValueError when it does not fit."""
    origin = get_origin(kind)
    if kind is Any:
        return data
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        if not isinstance(data, dict):
            raise ValueError(f"{kind.__name__} expects an object, got {data!r}")
        hints = _hints(kind)
        values = {}
        for field in dataclasses.fields(kind):
            if not field.init:
                continue
            if field.name in data:
                values[field.name] = from_jsonable(hints[field.name], data[field.name])
            elif (
                field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING
            ):
                raise ValueError(f"{kind.__name__} lacks the field {field.name!r}")
        return kind(**values)
    if origin in (typing.Union, types.UnionType):
        options = get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_jsonable(option, data)
            except (ValueError, TypeError) as error:
                errors.append(str(error))
        raise ValueError("; ".join(errors))
    if origin is typing.Literal:
        if data not in get_args(kind):
            raise ValueError(f"expected one of {get_args(kind)}, got {data!r}")
        return data
    if origin is tuple:
        if not isinstance(data, list):
            raise ValueError(f"expected a list, got {data!r}")
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], item) for item in data)
        if len(args) != len(data):
            raise ValueError(f"expected {len(args)} items, got {len(data)}")
        return tuple(from_jsonable(arg, item) for arg, item in zip(args, data))
    if origin is frozenset:
        (item_kind,) = get_args(kind)
        return frozenset(from_jsonable(item_kind, item) for item in data)
    if origin is dict:
        key_kind, item_kind = get_args(kind)
        if not isinstance(data, dict):
            raise ValueError(f"expected an object, got {data!r}")
        return {
            _key(key_kind, key): from_jsonable(item_kind, item) for key, item in data.items()
        }
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(data)
    if kind is bool:
        if not isinstance(data, bool):
            raise ValueError(f"expected true or false, got {data!r}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ValueError(f"expected a whole number, got {data!r}")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise ValueError(f"expected a number, got {data!r}")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise ValueError(f"expected text, got {data!r}")
        return data
    if kind is type(None):
        if data is not None:
            raise ValueError(f"expected null, got {data!r}")
        return None
    raise TypeError(f"no JSON form for {kind!r}")


def _key(kind: Any, key: str) -> Any:
    return int(key) if kind is int else from_jsonable(kind, key)
