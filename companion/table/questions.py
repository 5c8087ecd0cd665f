"""What the table asks over the game, answered before any input reaches the game's flow: undo
the last move, enrol an unknown tag, claim a personal tag from another table.

Each question is one small object with its screen and its answer to an input; the app holds at
most one (`TableApp.question`) and gives it every input until it is answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from companion.flows.inputs import Input, Press, Tap
from companion.games.cards import Card
from companion.screens.model import Menu, Screen, Style
from companion.table.tag_identity import enrolled_notice
from companion.table.undo_words import undo_question

if TYPE_CHECKING:
    from companion.table.app import TableApp


class Question(Protocol):
    """A question the table asks: its screen, and what an input answers."""

    def screen(self) -> Screen: ...

    def answer(self, item: Input) -> None:
        """Act on `item`; the question closes itself (`app.question = None`) once answered."""


def _yes(item: Input) -> bool:
    return isinstance(item, Press) and item.button == "ok"


def _no(item: Input) -> bool:
    """Back, or a tag laid on the reader: the players moved on."""
    return isinstance(item, Press) and item.button == "back" or isinstance(item, Tap)


@dataclass
class UndoQuestion:
    """The question "Undo the last move?", after back was held."""

    app: TableApp
    #: The question in words, naming the move: title and body (read from the journal once).
    words: tuple[str, tuple[str, ...]] | None = None

    def screen(self) -> Screen:
        _ = self.app._
        hints = _("ok:yes  back:no")
        if self.words is None:
            session = self.app.session
            self.words = undo_question(self.app.flow, session.state, session.history(), _, hints)
        title, body = self.words
        return Screen(top=self.app.top_line(), title=title, body=body, hints=hints,
                      style=Style.CONFIRM)

    def answer(self, item: Input) -> None:
        app = self.app
        if _yes(item):
            app.question = None
            if app.session.undo() is not None:
                app.flow.rebuild(app.session.state, app.session.history())
                app.show(app._("Last move undone"), Style.NOTICE)
        elif _no(item):
            app.question = None


@dataclass
class EnrolQuestion:
    """An unknown tag: which card of the game it is, chosen with up/down and ok."""

    app: TableApp
    uid: str
    choice: int = 0

    def screen(self) -> Screen:
        _ = self.app._
        labels = tuple(label for label, _card in self.app.enrollable())
        return Screen(top=_("Unknown card {uid}").format(uid=self.uid),
                      title=_("Enrol it as:"), menu=Menu(labels, self.choice),
                      hints=_("ok:enrol back:skip"), style=Style.CONFIRM)

    def answer(self, item: Input) -> None:
        app = self.app
        choices = app.enrollable()
        if not choices:
            app.question = None
            app.show(app._("Unknown card"), Style.REFUSAL)
        elif isinstance(item, Press) and item.button in ("up", "down"):
            step = 1 if item.button == "down" else -1
            self.choice = (self.choice + step) % len(choices)
        elif _yes(item):
            label, card = choices[self.choice]
            app.registry.enroll(self.uid, card)
            kept = app.write_identity(self.uid, card)
            app.question = None
            app.show(enrolled_notice(app._, label, kept), Style.NOTICE)
        elif _no(item):
            app.question = None


@dataclass
class ClaimQuestion:
    """A personal tag written by another table: its player says it is theirs before it names
    them here (anyone can write a name on a sticker)."""

    app: TableApp
    uid: str
    card: Card

    def screen(self) -> Screen:
        _ = self.app._
        return Screen(top=_("Tag from another table"),
                      title=_("Is this {name}'s tag?").format(name=self.card.value),
                      hints=_("ok:yes  back:no"), style=Style.CONFIRM)

    def answer(self, item: Input) -> None:
        app = self.app
        if _yes(item):
            app.question = None
            app.registry.enroll(self.uid, self.card)
            app.show(app._("Enrolled: {card}").format(card=self.card.value), Style.NOTICE)
        elif _no(item):
            app.question = None

