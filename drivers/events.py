"""Input events the drivers put on the companion's queue.

Every event carries `at`, the `time.monotonic()` instant it was produced, so the companion can
measure tap-to-frame latency. `at` takes no part in equality: two taps of the same card compare
equal, which keeps tests and de-duplication simple.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias


@dataclass(frozen=True, slots=True)
class TagPlaced:
    """A tag arrived on `reader` (reported once while it rests there)."""

    reader: str
    uid: str
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class TagRemoved:
    """The tag left `reader` (reported after a short silence)."""

    reader: str
    uid: str
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class ButtonPressed:
    """The button `name` went down."""

    name: str
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class ButtonHeld:
    """The button has stayed down for the hold time; its release will carry `held=True`."""

    name: str
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class ButtonReleased:
    """`held` tells a click (False) from the end of a long press (True)."""

    name: str
    held: bool
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class EncoderStep:
    """The rotary encoder moved `steps` detents, +1 clockwise."""

    steps: int
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class DriverFault:
    """A device stopped working; sent once per fault episode. `device` is the driver's name."""

    device: str
    message: str
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class DriverRecovered:
    """The device named in an earlier DriverFault works again."""

    device: str
    at: float = field(default_factory=time.monotonic, compare=False, kw_only=True)


DriverEvent: TypeAlias = (
    TagPlaced
    | TagRemoved
    | ButtonPressed
    | ButtonHeld
    | ButtonReleased
    | EncoderStep
    | DriverFault
    | DriverRecovered
)


class EventSink(Protocol):
    """Where drivers put their events; a `queue.Queue` is one."""

    def put(self, item: DriverEvent) -> None: ...
