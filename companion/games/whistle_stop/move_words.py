"""A Whistle Stop move in words: the notice the table shows when it is made, and the move as
the scoreboard lists it."""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.games.whistle_stop import events as moves
from engine.games.whistle_stop.state import WhistleStopState

from .messages import (
    ARRIVED,
    FAME_GAINED,
    PLACED,
    SHARE_TAKEN,
    TOKENS_GAINED,
    WHISTLE_FOR_NO_MOVE,
)
from .words import Words


def move_words(words: Words, state: WhistleStopState, event: Event) -> str | None:
    """`event` in words ("Coal +2 · Whistle +1"), `state` the game before it; None for a
    move said no better than "the last move"."""
    player = state.player()
    if isinstance(event, moves.PlaceTrain):
        return words.say(PLACED, station=event.station, name=player.name)
    if isinstance(event, moves.Move):
        return words.say(ARRIVED) if event.arrived else words.moved(
            event.token, player.held(event.token) - 1)
    if isinstance(event, moves.TakeShare):
        held = sum(1 for share in player.shares if share.company == event.company) + 1
        return words.say(SHARE_TAKEN, share=words.share(event.company, event.number),
                         count=held)
    if isinstance(event, moves.GainTokens):
        return words.say(TOKENS_GAINED, coal=event.coal, whistles=event.whistles)
    if isinstance(event, moves.GainFame):
        return words.say(FAME_GAINED, points=event.points)
    if isinstance(event, moves.BuyUpgrade):
        return words.upgrade_bought(event.stars)
    if isinstance(event, moves.EndTurn) and state.moves == 0:
        return words.say(WHISTLE_FOR_NO_MOVE)
    return None


def page_words(language: str, before: Any, after: Any, event: Event) -> str | None:
    """The move as the scoreboard's pages say it (`companion.web.moves`)."""
    return move_words(Words(language), before, event)
