"""The last moves of a play in the words the table's screen uses ("Ana claims Paris – Berlin,
+7"), in every language the companion speaks.

A game that names its moves for the undo question (its `move_words` module) names them here
too, with the same functions and catalogue; any other move is said as whose it was. The points
are the change of the mover's running score, less what the rules keep hidden until the end
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
    from companion.games.ticket_to_ride.words import BLIND_LOCOMOTIVE, Words
    from engine.games.ticket_to_ride.events import DrawCard

    words = Words(language)
    if isinstance(event, DrawCard) and event.index < 0:
        # The deck's top card goes to the drawer's hand unseen by the others.
        return words.say(BLIND_LOCOMOTIVE)
    return move_words(words, after, event)


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


#: The games whose moves have words of their own, by game id, and whether those words leave
#: the player out ("Red taken"); Freight Train's name the player of every player's move, and
#: leave out only the table's own ("Locomotive brought").
WORDINGS: dict[str, tuple[Wording, bool]] = {
    "ticket-to-ride": (_ticket_to_ride, True),
    "freight-train": (_freight_train, False),
    "game-of-trains": (_game_of_trains, True),
    "whistle-stop": (_whistle_stop, True),
}


def said(game: str, language: str, before: Any, after: Any, event: Event,
         points: int) -> str:
    """One move in `language`: the game's words for it, with its player and its points."""
    gettext = translator(language).gettext
    wording, unnamed = WORDINGS.get(game, (None, False))
    words = wording(language, before, after, event) if wording is not None else None
    name = turn(before)
    if words is None:
        words = gettext(PLAYED).format(name=name) if name else gettext(TABLE_MOVE)
    elif unnamed and name and name not in words:
        words = gettext(WHOSE).format(name=name, move=words)
    if points:
        words = gettext(WITH_POINTS).format(move=words, points=f"{points:+d}")
    return words


def said_moves(rules: GameRules[Any, Any], game: str, states: Sequence[Any],
               events: Sequence[Event],
               languages: Sequence[str] = LANGUAGES) -> list[dict[str, str]]:
    """Each of `events` in words, by language; `states[i]` is the play before `events[i]`
    and `states[i + 1]` after it."""
    worded = []
    for index, event in enumerate(events):
        before, after = states[index], states[index + 1]
        mover = getattr(before, "current", None)
        points = 0
        if isinstance(mover, int):
            gained = public_points(rules, game, after), public_points(rules, game, before)
            if gained[0] is not None and gained[1] is not None and mover < len(gained[0]):
                points = gained[0][mover] - gained[1][mover]
        worded.append({language: said(game, language, before, after, event, points)
                       for language in languages})
    return worded
