"""Events: the only way a game state changes.

Each game declares one family base class; its events are frozen dataclasses that subclass it.
`to_json` gives `{"kind": ..., field: value, ...}`; `Family.from_json` finds the class again.

>>> from dataclasses import dataclass
>>> class DemoEvent(Event, family=True): pass
>>> @dataclass(frozen=True)
... class Roll(DemoEvent):
...     kind = "roll"
...     value: int
>>> DemoEvent.from_json(Roll(4).to_json())
Roll(value=4)
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from .codec import from_jsonable, to_jsonable


class Event:
    """Base of every game's event family."""

    kind: ClassVar[str]
    _family: ClassVar[dict[str, type[Event]]]

    def __init_subclass__(cls, family: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if family:
            cls._family = {}
        elif "kind" in cls.__dict__:
            if cls.kind in cls._family:
                raise TypeError(f"two events are called {cls.kind!r}")
            cls._family[cls.kind] = cls

    def to_json(self) -> dict[str, Any]:
        body = to_jsonable(self)
        assert isinstance(body, dict)
        return {"kind": self.kind, **body}

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Rebuild an event of this family; raise ValueError naming what does not fit."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("an event is an object with a 'kind'")
        event_class = cls._family.get(data["kind"])
        if event_class is None:
            raise ValueError(f"unknown event kind {data['kind']!r}")
        fields = {key: value for key, value in data.items() if key != "kind"}
        event = from_jsonable(event_class, fields)
        assert isinstance(event, cls)
        return event

    @classmethod
    def kinds(cls) -> tuple[str, ...]:
        return tuple(cls._family)
