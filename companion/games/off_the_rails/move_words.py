"""An Off the Rails move in words: the notice the table shows when a mission is taken, and the
move as the scoreboard lists it, in the words of the table's screens."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.events import Event
from engine.games.off_the_rails.events import (
    MoveCarts,
    PlaceCaveIn,
    TakeActions,
    ValidateMission,
)
from engine.games.off_the_rails.state import OffTheRailsState

from .messages import CRUSHED_NOTICE, DERAIL_NOTICE, MISSION_TAKEN
from .words import Words


def move_words(words: Words, state: OffTheRailsState, event: Event) -> str | None:
    """`event` in words ("Lay a rail ×2, Place a cart"), `state` the game before it; None for
    a move said no better than "the last move"."""
    if isinstance(event, TakeActions):
        counts = Counter(event.actions)
        return ", ".join(words.action(action, count if count > 1 else 0)
                         for action, count in counts.items()) or None
    if isinstance(event, ValidateMission):
        return words.say(MISSION_TAKEN, name=state.player().name)
    if isinstance(event, MoveCarts):
        # The gems unloaded go behind the player's screen: only the derailments are said.
        return " · ".join(words.say(DERAIL_NOTICE, name=state.player(seat).name)
                          for seat in dict.fromkeys(event.derailed)) or None
    if isinstance(event, PlaceCaveIn):
        return " · ".join(words.say(CRUSHED_NOTICE, name=state.player(seat).name)
                          for seat in dict.fromkeys(event.crushed)) or None
    return None


def page_words(language: str, before: Any, after: Any, event: Event) -> str | None:
    """The move as the scoreboard's pages say it (`companion.web.moves`)."""
    return move_words(Words(language), before, event)
