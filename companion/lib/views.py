"""A read-only public name for a private attribute, written once instead of a property each.

>>> class Counter:
...     count = ReadOnly[int]("_count")
...     def __init__(self) -> None:
...         self._count = 0
>>> counter = Counter()
>>> counter._count += 2
>>> counter.count
2
>>> counter.count = 5
Traceback (most recent call last):
AttributeError: count is read-only
"""

from __future__ import annotations

from typing import Any, Generic, NoReturn, TypeVar, overload

T = TypeVar("T")


class ReadOnly(Generic[T]):
    """Reads `private` on the instance; refuses to be assigned (the owner changes `private`)."""

    def __init__(self, private: str) -> None:
        self.private = private
        self.name = private.lstrip("_")

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> ReadOnly[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        return getattr(instance, self.private)

    def __set__(self, instance: object, value: NoReturn) -> None:
        # `NoReturn`: the type checker refuses an assignment as it refuses one to a property.
        raise AttributeError(f"{self.name} is read-only")
