"""The undo question in words: which move it takes back ("Undo: Ana claims Paris – Berlin?").

A game's flow may name a move (`move_words(state, event)`, the state being the game as it
stands after the move); a move it does not name is asked about as "the last move".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import N_
from engine.events import Event

UNDO_LAST = N_("Undo the last move?")
UNDO_NAMED = N_("Undo: {move}?")


def undo_title(flow: Any, state: Any, history: list[tuple[Event, tuple[str, ...]]],
               gettext: Callable[[str], str]) -> str:
    """The undo question's title: the last move of `history` named by `flow` when it can."""
    name: Callable[[Any, Event], str | None] | None = getattr(flow, "move_words", None)
    said = name(state, history[-1][0]) if name is not None and history else None
    if not said:
        return gettext(UNDO_LAST)
    return gettext(UNDO_NAMED).format(move=said)
