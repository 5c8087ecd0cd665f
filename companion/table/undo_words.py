"""The undo question in words: which move it takes back ("Undo: Ana claims Paris – Berlin?").

A game's flow may name a move (`move_words(state, event)`, the state being the game as it
stands after the move); a move it does not name is asked about as "the last move". A move
too long for the question's title is said under it, and left out when even that would cut it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.screens.model import Screen, Style
from companion.screens.render import cuts
from engine.errors import N_
from engine.events import Event

UNDO_LAST = N_("Undo the last move?")
UNDO_NAMED = N_("Undo: {move}?")


def undo_question(flow: Any, state: Any, history: list[tuple[Event, tuple[str, ...]]],
                  gettext: Callable[[str], str], hints: str) -> tuple[str, tuple[str, ...]]:
    """The undo question's title and body: the last move of `history` named by `flow` when
    it can be, whole, on the question's screen (whose hint line is `hints`)."""
    name: Callable[[Any, Event], str | None] | None = getattr(flow, "move_words", None)
    said = name(state, history[-1][0]) if name is not None and history else None
    if said:
        for title, body in ((gettext(UNDO_NAMED).format(move=said), ()),
                            (gettext(UNDO_LAST), (said,))):
            if not cuts(Screen(top=" ", title=title, body=body, hints=hints,
                               style=Style.CONFIRM)):
                return title, body
    return gettext(UNDO_LAST), ()
