"""The last moves of a play in the words the table's screen uses ("Ana claims Paris – Berlin,
+7"), in every language the companion speaks.

A game that names its moves (its `move_words` module, which its notices or its undo question
use) names them here with the same functions and catalogue; any other move is said as whose it
was, and a move of the table's own (a shuffle, a deal) as the table's. The points are the
change of the mover's running score, less what the rules keep hidden until the end
(`progress.public_points`). A card drawn blind from the deck is someone's secret: it is said as
a draw from the deck, never by its colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.i18n.translate import LANGUAGES, N_, translator
from companion.publish.live_view import turn
from companion.web.progress import public_points
from engine.events import Event
from engine.game import GameRules

#: A move named without its player ("Red taken"): the player first.
WHOSE = N_("{name}: {move}")
#: A move the game does not name: whose it was.
PLAYED = N_("{name} played")
#: The change of the mover's score the move made.
WITH_POINTS = N_("{move}, {points}")
#: A move no player made (a deal, a new day) that the game does not name.
TABLE_MOVE = N_("The table's move")

#: Text of a move in one language: (language, state before, state after, event) -> words.
Wording = Callable[[str, Any, Any, Event], str | None]


def _ticket_to_ride(language: str, before: Any, after: Any, event: Event) -> str | None:
    from companion.games.ticket_to_ride.move_words import move_words
    from companion.games.ticket_to_ride.words import (
        BLIND_LOCOMOTIVE,
        DEALT,
        RESHUFFLED,
        TICKETS_DRAWN,
        Words,
    )
    from engine.games.ticket_to_ride.events import DrawCard

    words = Words(language)
    if isinstance(event, DrawCard) and event.index < 0:
        # The deck's top card goes to the drawer's hand unseen by the others.
        return words.say(BLIND_LOCOMOTIVE)
    # Moves the undo question leaves unnamed, said as the table's screen says them.
    notice = {"draw-tickets": TICKETS_DRAWN, "deal": DEALT, "reshuffle": RESHUFFLED}.get(
        event.kind)
    return words.say(notice) if notice else move_words(words, after, event)


def _freight_train(language: str, before: Any, after: Any, event: Event) -> str | None:
    from companion.games.freight_train.move_words import move_words
    from companion.games.freight_train.words import Words

    return move_words(Words(language), after, event, getattr(before, "current", None))


def _game_of_trains(language: str, before: Any, after: Any, event: Event) -> str | None:
    from companion.games.game_of_trains.move_words import move_words
    from companion.games.game_of_trains.words import Words

    return move_words(Words(language), before, event)


def _whistle_stop(language: str, before: Any, after: Any, event: Event) -> str | None:
    from companion.games.whistle_stop.move_words import move_words
    from companion.games.whistle_stop.words import Words

    return move_words(Words(language), before, event)


def _off_the_rails(language: str, before: Any, after: Any, event: Event) -> str | None:
    from companion.games.off_the_rails.move_words import move_words
    from companion.games.off_the_rails.words import Words

    return move_words(Words(language), before, event)


#: The games whose moves have words of their own, by game id.
WORDINGS: dict[str, Wording] = {
    "ticket-to-ride": _ticket_to_ride,
    "freight-train": _freight_train,
    "game-of-trains": _game_of_trains,
    "whistle-stop": _whistle_stop,
    "off-the-rails": _off_the_rails,
}
#: Moves no player makes (shuffles, deals, cards the table turns over), by event kind: said
#: without anyone's name.
TABLE_MOVES = frozenset({
    "bring-locomotive", "deal", "draw-cave-in-token", "draw-deposit", "refill", "refill-lane",
    "replace-face-up", "reshuffle", "reveal-cave-in", "reveal-tunnel", "setup", "start-day",
})


def said(game: str, language: str, before: Any, after: Any, event: Event,
         points: int) -> str:
    """One move in `language`: the game's words for it, with its player and its points."""
    gettext = translator(language).gettext
    wording = WORDINGS.get(game)
    words = wording(language, before, after, event) if wording is not None else None
    name = None if event.kind in TABLE_MOVES else turn(before)
    if words is None:
        words = gettext(PLAYED).format(name=name) if name else gettext(TABLE_MOVE)
    elif name and name not in words:
        words = gettext(WHOSE).format(name=name, move=words)
    if points:
        words = gettext(WITH_POINTS).format(move=words, points=f"{points:+d}")
    return words


def mover_points(rules: GameRules[Any, Any], game: str, before: Any, after: Any) -> int:
    """What the move changed of its player's running score; 0 when it changed others' too
    (a day's scoring at its end is no one move's points)."""
    mover = getattr(before, "current", None)
    then, now = public_points(rules, game, before), public_points(rules, game, after)
    if not isinstance(mover, int) or then is None or now is None or not 0 <= mover < len(now):
        return 0
    changed = [seat for seat, (old, new) in enumerate(zip(then, now)) if old != new]
    return now[mover] - then[mover] if changed == [mover] else 0


def said_moves(rules: GameRules[Any, Any], game: str, states: Sequence[Any],
               events: Sequence[Event],
               languages: Sequence[str] = LANGUAGES) -> list[dict[str, str]]:
    """Each of `events` in words, by language; `states[i]` is the play before `events[i]`
    and `states[i + 1]` after it."""
    worded = []
    for index, event in enumerate(events):
        before, after = states[index], states[index + 1]
        points = 0 if event.kind in TABLE_MOVES else mover_points(rules, game, before, after)
        worded.append({language: said(game, language, before, after, event, points)
                       for language in languages})
    return worded
