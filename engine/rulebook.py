"""What every game's `apply` and `new_game` do the same way.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Options:
...     fast: bool = False
>>> settings_of(Options, {"fast": True}), settings_of(Options, None)
(Options(fast=True), Options(fast=False))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .codec import from_jsonable
from .errors import N_, IllegalEvent, template_of

T = TypeVar("T")
S = TypeVar("S")


def settings_of(kind: type[T], given: T | Mapping[str, Any] | None) -> T:
    """A game's settings: given as they are, in their JSON form (as journalled), or defaults."""
    if given is None:
        return kind()
    if isinstance(given, kind):
        return given
    try:
        chosen = from_jsonable(kind, dict(given))  # type: ignore[arg-type]
    except (ValueError, TypeError) as error:
        raise IllegalEvent(N_("Unknown settings: {error}"), error=str(error)) from error
    assert isinstance(chosen, kind)
    return chosen


def rule_for(
    rules: Mapping[type[Any], Callable[[S, Any], S]], event: object, *, over: bool, foreign: str
) -> Callable[[S, Any], S]:
    """The rule that applies `event`; IllegalEvent when the game is over or the event belongs
    to another game (`foreign` is the game's own "Not a ... move" reason)."""
    if over:
        raise IllegalEvent(N_("The game is over"))
    rule = rules.get(type(event))
    if rule is None:
        raise IllegalEvent(foreign)
    return rule


@dataclass(frozen=True)
class Prompt:
    """One instruction for the table: an English template (for gettext), its values, who acts."""

    message: str
    seat: int | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return template_of(self.message, self.params).format(**self.params)


def refusal(apply: Callable[[S, Any], S], state: S, event: object) -> IllegalEvent | None:
    """None when `event` may happen now, else the reason it may not (nothing changes)."""
    try:
        apply(state, event)
    except IllegalEvent as error:
        return error
    return None
