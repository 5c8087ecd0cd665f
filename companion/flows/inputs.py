"""What a player did, as the table flows see it: a tap, a click, a long press, a turn.

The drivers report raw edges (pressed, held, released); this module decides what they mean:
`up`, `down` and `ok` act when pressed, for an instant answer; `back` acts on release as a
click, or as a long press (undo) once it has been held.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeGuard, get_args

from drivers.events import (
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    EncoderStep,
    TagPlaced,
)  # fmt: skip

#: The four buttons of the table, by the names the flows read.
Button = Literal["up", "down", "ok", "back"]
BUTTONS: tuple[Button, ...] = get_args(Button)


@dataclass(frozen=True)
class Tap:
    """A tag was put on the reader."""

    uid: str


@dataclass(frozen=True)
class Press:
    """A button click: one of `up`, `down`, `ok`, `back`."""

    button: Button


@dataclass(frozen=True)
class Hold:
    """A long press: `back` held means undo."""

    button: Button


Input = Tap | Press | Hold


def from_driver(event: object) -> list[Input]:
    """The player inputs carried by one driver event (none for removals and releases)."""
    if isinstance(event, TagPlaced):
        return [Tap(event.uid)]
    if isinstance(event, ButtonPressed) and event.name != "back":
        pressed = _button(event.name)
        return [Press(pressed)] if is_button(pressed) else []
    if isinstance(event, ButtonReleased) and event.name == "back" and not event.held:
        return [Press("back")]
    if isinstance(event, ButtonHeld):
        held = _button(event.name)
        return [Hold(held)] if is_button(held) else []
    if isinstance(event, EncoderStep):
        step = Press("down" if event.steps > 0 else "up")
        return [step] * abs(event.steps)
    return []


def _button(name: str) -> str:
    """The encoder's push button is `ok`."""
    return "ok" if name in ("push", "encoder") else name


def is_button(name: str) -> TypeGuard[Button]:
    """Whether `name` is one of the table's buttons (a panel wired otherwise means nothing)."""
    return name in BUTTONS
