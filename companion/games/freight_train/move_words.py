"""A Freight Train move in the words its notice used: for the undo question."""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.games.freight_train.events import (
    BringLocomotive,
    MoveFromYard,
    Rearrange,
    TakeFromMainYard,
)
from engine.games.freight_train.state import FreightTrainState

from .messages import LOCOMOTIVE_BROUGHT, MOVED, REARRANGED, TAKEN
from .words import Words


def move_words(words: Words, state: FreightTrainState, event: Event, mover: int | None
               ) -> str | None:
    """`event` in words ("Ana takes coal, tank, box"), `state` the game after it and `mover`
    the seat that played it (None when unknown); None for a move said no better than "the
    last move"."""
    if isinstance(event, BringLocomotive):
        return words.say(LOCOMOTIVE_BROUGHT)
    if mover is None or not 0 <= mover < len(state.players):
        return None
    name = state.players[mover].name
    if isinstance(event, (TakeFromMainYard, MoveFromYard)):
        wagons = ", ".join(words.wagon(wagon) for wagon in event.wagons)
        return words.say(TAKEN if isinstance(event, TakeFromMainYard) else MOVED, name=name,
                         wagons=wagons)
    if isinstance(event, Rearrange):
        return words.say(REARRANGED, name=name)
    return None


def page_words(language: str, before: Any, after: Any, event: Event) -> str | None:
    """The move as the scoreboard's pages say it (`companion.web.moves`)."""
    return move_words(Words(language), after, event, getattr(before, "current", None))
