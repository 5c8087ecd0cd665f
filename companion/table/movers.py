"""Whose move a notice reports, and the notice that says it.

A move that ends a player's turn is acknowledged over the screen of the next player's turn:
the notice then names the player who moved, or the table would read it as the next player's.
Every game's state seats its players alike (`players`, each with a `name`, and `current`),
so this reads no game of its own.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.flows.words import LINE, packed
from companion.screens.model import Screen
from companion.screens.render import cuts
from engine.game import GameRules

#: What parts a notice says are separated by ("Denver – Omaha +4 · 2 to the bank").
SEPARATOR = " · "


def mover(rules: GameRules[Any, Any], before: Any, after: Any, notice: str) -> str | None:
    """The player whose turn the move from `before` to `after` ended (or whose move ended
    the game), for `notice` to name; None when the turn goes on, when the notice names them
    already, or for a state without seats. (A notice may name another player: "2 to Ana"
    says whom a toll was paid to, not who paid it.)"""
    moved = seated(before)
    if moved is None or (seated(after) == moved and not rules.is_over(after)):
        return None
    return None if names(notice, moved) else moved


def names(notice: str, player: str) -> bool:
    """Whether `notice` names `player` as a word of its own.

    >>> names("Brug – Haven +7 · 3 to Ana", "ana"), names("Banana taken", "Ana")
    (True, False)
    """
    return re.search(rf"(?<!\w){re.escape(player)}(?!\w)", notice, re.IGNORECASE) is not None


def named(flash: Screen, player: str, gettext: Callable[[str], str]) -> Screen:
    """`flash` naming `player`: "Ana: Black taken" in the notice's place when every word of
    it fits, else the name as its title and the notice in lines under it."""
    said = replace(flash, title=gettext("{player}: {notice}").format(player=player,
                                                                      notice=flash.title))
    if not cuts(said):
        return said
    # Each of its parts (" · ") on lines of its own when they do not fit together.
    lines = [line for part in flash.title.split(SEPARATOR)
             for line in textwrap.wrap(part, LINE, break_long_words=False)]
    return replace(flash, title=player, body=packed(lines, None, SEPARATOR))


def seated(state: Any) -> str | None:
    """The name of the player whose turn it is in `state`; None for a state without seats."""
    players = getattr(state, "players", None)
    current = getattr(state, "current", None)
    if not isinstance(current, int) or not players or not 0 <= current < len(players):
        return None
    name = getattr(players[current], "name", None)
    return name if isinstance(name, str) else None
