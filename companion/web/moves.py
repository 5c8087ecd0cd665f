"""The last moves of a play in the words the table's screen uses ("Ana claims Paris – Berlin,
+7"), in every language the companion speaks.

A game that names its moves (`page_words` in its package's `move_words`, beside the
`move_words` its notices or its undo question use) names them here with the same functions and
catalogue; any other move is said as whose it was, and a move of the table's own (a shuffle, a
deal) as the table's. The points are the change of the mover's running score, less what the
rules keep hidden until the end (`progress.public_points`). A card drawn blind from the deck is
someone's secret: it is said as a draw from the deck, never by its colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.games import TABLE_GAMES
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
    record = TABLE_GAMES.get(game)
    wording: Wording | None = record.part("move_words", "page_words") if record else None
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
