"""What `companion demo` prints while it plays, in the chosen language.

A progress line is meant for a terminal, not the OLED: how far the game is, the context the
screen shows (day and round, whose turn) and everyone's points so far.
"""

from __future__ import annotations

from pathlib import Path

from companion.i18n.translate import translator
from companion.screens.model import Screen
from engine.game import TallyResult


class DemoWords:
    def __init__(self, language: str) -> None:
        self._ = translator(language).gettext

    def folder(self, game: str, folder: Path) -> str:
        return self._("Demo of {game}; its journal is kept in {folder}").format(
            game=game, folder=folder)

    def played_already(self) -> str:
        return self._("This demo was played to the end already: its result, from the journal")

    def resuming(self, done: int, total: int) -> str:
        return self._("Resuming the game at move {done} of {total}").format(
            done=done, total=total)

    def move(self, done: int, total: int, screen: Screen, standing: TallyResult | None) -> str:
        """`Move 25 of 142 · D2 · R3 · 3 players · scores: Ana 12, Ben 9, Cléo 7`; the scores
        only once someone has a point (a Game of Trains table has none until it is won)."""
        parts = [self._("Move {done} of {total}").format(done=done, total=total)]
        if screen.top:
            parts.append(screen.top)
        if standing is not None and any(player.total for player in standing.players):
            parts.append(self._("scores: {scores}").format(scores=", ".join(
                f"{player.name} {player.total}" for player in standing.players)))
        return " · ".join(parts)

    def not_sent(self, broker: str) -> str:
        return self._("The broker {broker} has not taken every message yet: the journal keeps "
                      "them and the next start sends them").format(broker=broker)
