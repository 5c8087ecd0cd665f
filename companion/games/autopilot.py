"""The automated players of `companion demo` and of the tests: each game's autopilot module
(named by its record) says which input a person makes next at the table to enter a move,
reading the flow's screen state.

Each module names the screens it only acknowledges (`ACKNOWLEDGED`) and says the input toward
a move on the others (`enter`).

The table flows never call these: what plays the demo stays out of what runs at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.flows.inputs import Input, Press
from companion.games import TABLE_GAMES
from companion.games.record import imported
from engine.events import Event

#: Gives a tag UID of a card (kind, value) that is free to tap.
UidFor = Callable[[str, str], str]


def next_input(flow: Any, state: Any, goal: Event, uid_for: UidFor) -> Input:
    """The next input an automated player makes to enter `goal` at a table shown by `flow`.

    `uid_for(kind, value)` gives a tag UID of such a card that is free to tap.
    """
    module = imported(TABLE_GAMES[flow.game].autopilot)
    mode = flow.current_mode(state)
    if mode in module.ACKNOWLEDGED:
        return Press("ok")
    answer: Input = module.enter(flow, state, mode, goal, uid_for)
    return answer
