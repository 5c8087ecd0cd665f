"""The automated players of `companion demo` and of the tests: each game's module says which
input a person makes next at the table to enter a move, reading the flow's screen state.

Each module names the screens it only acknowledges (`ACKNOWLEDGED`) and says the input toward
a move on the others (`enter`); a game whose table needs moves the physical game makes by
itself names them (`TABLE_ONLY`) and says when one is due (`table_only`).

The table flows never call these: what plays the demo stays out of what runs at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib import import_module
from typing import Any

from engine.events import Event

from ...inputs import Input, Press

#: Gives a tag UID of a card (kind, value) that is free to tap.
UidFor = Callable[[str, str], str]


def table_only(flow: Any, state: Any, goal: Event) -> Event | None:
    """A move the table must enter before `goal` although the physical game made it by itself
    (its players saw what the companion did not); None when there is none."""
    before = getattr(_module(flow), "table_only", None)
    answer: Event | None = None if before is None else before(state, goal)
    return answer


def physical_count(flow: Any, events: Iterable[Event]) -> int:
    """How many of the table's events are moves of the physical game (`table_only` moves are
    not)."""
    extra: tuple[type[Event], ...] = getattr(_module(flow), "TABLE_ONLY", ())
    return sum(1 for event in events if not isinstance(event, extra))


def _module(flow: Any) -> Any:
    return import_module(f"companion.games.{flow.game.replace('-', '_')}.autopilot")


def next_input(flow: Any, state: Any, goal: Event, uid_for: UidFor) -> Input:
    """The next input an automated player makes to enter `goal` at a table shown by `flow`.

    `uid_for(kind, value)` gives a tag UID of such a card that is free to tap.
    """
    module = _module(flow)
    mode = flow.current_mode(state)
    if mode in module.ACKNOWLEDGED:
        return Press("ok")
    answer: Input = module.enter(flow, state, mode, goal, uid_for)
    return answer
