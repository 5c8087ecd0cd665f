"""A Game of Trains move in words: the notice the table shows when it is made, and the move as
the scoreboard lists it."""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.cards import Ability
from engine.games.game_of_trains.events import DrawCard, LearnAbility, UseAbility
from engine.games.game_of_trains.state import GameOfTrainsState

from .messages import LEARNED, LOCKED, MOVED, PAIR_LEARNED, SWAPPED
from .opening import arrival_notice
from .words import Words


def move_words(words: Words, state: GameOfTrainsState, event: Event) -> str | None:
    """`event` in words ("Swapped 12 and 40"), `state` the game before it; None for a move
    said no better than "the last move"."""
    if isinstance(event, DrawCard):
        return arrival_notice(words, state, event, event.card, event.position)
    if isinstance(event, UseAbility):
        return _used(words, state, event)
    if isinstance(event, LearnAbility):
        after = RULES.apply(state, event)
        twin = next((other for other in state.face_up
                     if other != event.card and other not in after.face_up), None)
        if twin is not None:
            return words.say(PAIR_LEARNED, first=event.card, second=twin)
        return words.say(LEARNED, card=event.card, ability=words.ability(event.ability))
    return None


def _used(words: Words, state: GameOfTrainsState, event: UseAbility) -> str | None:
    """A face-up card's ability used on the player's line; the removals say nothing more."""
    ability = state.ability(event.card)
    line, position = state.player().line, event.position
    if ability in (Ability.SWAP_ADJACENT, Ability.SWAP_OVER_ONE):
        gap = 1 if ability is Ability.SWAP_ADJACENT else 2
        return words.say(SWAPPED, first=line[position - 1], second=line[position - 1 + gap])
    if ability is Ability.MOVE_RIGHT_TWO:
        return words.say(MOVED, card=line[position - 1], position=position + 2)
    if ability is Ability.MOVE_LEFT_TWO:
        return words.say(MOVED, card=line[position - 1], position=position - 2)
    if ability is Ability.LOCK:
        return words.say(LOCKED, card=line[position - 1])
    return None


def page_words(language: str, before: Any, after: Any, event: Event) -> str | None:
    """The move as the scoreboard's pages say it (`companion.web.moves`)."""
    return move_words(Words(language), before, event)
