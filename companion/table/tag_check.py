""""What is this tag?": any tag tapped says which card it is (or that it is not enrolled),
then can be enrolled as another card, as a player's personal tag, or forgotten, each after a
confirmation.

Opened from the system menu. A personal tag is given a name the table already knows (the
players of the journal's plays and the configured names): spelling a new name letter by letter
on four buttons would take dozens of presses, where a family's names are in the journal after
their first game (or on their other tags); a name never played yet is enrolled with
`companion tags enroll`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from companion.flows.inputs import Input, Press, Tap
from companion.games import TABLE_GAMES
from companion.games.box import BoxEntry, box_contents, card_label
from companion.games.cards import ANY_GAME, Card
from companion.screens.model import Menu, Screen, Style
from companion.state.tags import TagError, normalise_uid
from companion.table.app import PERSONAL_KIND, Notices, TagMemory
from companion.table.box_setup import keep_identity
from companion.table.tag_identity import enrolled_notice


class Step(Enum):
    WAIT = "wait"
    INFO = "info"
    ACTIONS = "actions"
    GAME = "game"
    BOARD = "board"
    CARD = "card"
    PLAYER = "player"
    CONFIRM = "confirm"


class Action(Enum):
    ENROL = "enrol"
    PLAYER = "player"
    FORGET = "forget"


class TagCheck(Notices):
    """Tap a tag, see what it is, change or forget it."""

    def __init__(self, controls: Any, gettext: Callable[[str], str],
                 leave: Callable[[str | None], Any], clock: Callable[[], float],
                 notice_seconds: float = 2.0) -> None:
        """`controls` as for the box setup (language, registry, tag memory, journal)."""
        self.start_notices(clock, notice_seconds)
        self.language: str = controls.language
        self.registry = controls.registry
        self.memory: TagMemory | None = controls.tag_memory
        self.journal = controls.journal
        self._ = gettext
        self.leave = leave
        self.step = Step.WAIT
        self.uid = ""
        self.card: Card | None = None
        self.choice = 0
        self.game = ""
        self.boards: tuple[str, ...] = ()
        self.entries: list[BoxEntry] = []
        self.names: list[str] = []
        #: What a confirmation does: enrol as this card, or forget (None).
        self.pending: Card | None = None

    # --- Inputs -------------------------------------------------------------------------------

    def handle(self, item: Input) -> None:
        self.flash = None
        if isinstance(item, Tap) and self.step in (Step.WAIT, Step.INFO):
            self._look(item.uid)
        elif isinstance(item, Tap):
            self._notice(Screen(top=self._top(), title=self._("Finish this first"),
                                style=Style.REFUSAL, beneath=self._screen()))
        elif isinstance(item, Press):
            self._press(item.button)

    def _look(self, uid: str) -> None:
        try:
            self.uid = normalise_uid(uid)
        except TagError:
            self._notice(Screen(top=self._top(), title=self._("Unreadable tag"),
                                style=Style.REFUSAL))
            return
        self.card = self.registry.lookup(self.uid)
        self.step, self.choice = Step.INFO, 0

    def _actions(self) -> list[Action]:
        return [Action.ENROL, Action.PLAYER] + ([Action.FORGET] if self.card else [])

    def _items(self) -> tuple[str, ...]:
        _ = self._
        if self.step is Step.ACTIONS:
            words = {Action.ENROL: _("Enrol as a card"), Action.PLAYER: _("A player's tag"),
                     Action.FORGET: _("Forget it")}
            return tuple(words[action] for action in self._actions())
        if self.step is Step.GAME:
            return tuple(_(TABLE_GAMES[game].title) for game in TABLE_GAMES)
        if self.step is Step.BOARD:
            from companion.games.ticket_to_ride.map_files import map_title

            return tuple(map_title(board) for board in self.boards)
        if self.step is Step.CARD:
            return tuple(entry.label for entry in self.entries)
        return tuple(self.names)

    def _press(self, button: str) -> None:
        if self.step is Step.WAIT:
            if button == "back":
                self.next_app = self.leave(None)
            return
        if self.step is Step.CONFIRM:
            if button == "ok":
                self._confirmed()
            elif button == "back":
                self.step, self.choice = Step.ACTIONS, 0
            return
        if self.step is Step.INFO:
            if button == "ok":
                self.step, self.choice = Step.ACTIONS, 0
            elif button == "back":
                self.step = Step.WAIT
            return
        items = self._items()
        if button in ("up", "down") and items:
            self.choice = (self.choice + (1 if button == "down" else -1)) % len(items)
        elif button == "back":
            self._back()
        elif button == "ok" and items:
            self._chosen(self.choice)

    def _back(self) -> None:
        back = {Step.ACTIONS: Step.INFO, Step.GAME: Step.ACTIONS, Step.PLAYER: Step.ACTIONS,
                Step.BOARD: Step.GAME,
                Step.CARD: Step.BOARD if self.boards else Step.GAME}
        self.step, self.choice = back[self.step], 0

    def _chosen(self, index: int) -> None:
        if self.step is Step.ACTIONS:
            action = self._actions()[index]
            if action is Action.ENROL:
                self.step = Step.GAME
            elif action is Action.PLAYER:
                self.names = self._known_names()
                if not self.names:
                    self._notice(Screen(top=self._top(), title=self._("No player names yet"),
                                        body=(self._("Play a game first"),),
                                        style=Style.REFUSAL))
                    return
                self.step = Step.PLAYER
            else:
                self.pending, self.step = None, Step.CONFIRM
        elif self.step is Step.GAME:
            self.game = list(TABLE_GAMES)[index]
            maps = TABLE_GAMES[self.game].maps
            self.boards = maps() if maps is not None else ()
            if self.boards:
                self.step = Step.BOARD
            else:
                self._cards(None)
        elif self.step is Step.BOARD:
            self._cards(self.boards[index])
        elif self.step is Step.CARD:
            self.pending, self.step = self.entries[index].card, Step.CONFIRM
        else:
            self.pending = Card(ANY_GAME, PERSONAL_KIND, self.names[index])
            self.step = Step.CONFIRM
        self.choice = 0 if self.step is not Step.CONFIRM else self.choice

    def _cards(self, board: str | None) -> None:
        self.entries = box_contents(self.game, self.language, board)
        self.step = Step.CARD

    def _known_names(self) -> list[str]:
        """The players of the journal's plays, the latest first, then the names of the
        personal tags enrolled."""
        names: dict[str, None] = {}
        for play in reversed(self.journal.plays()):
            names.update(dict.fromkeys(play.players))
        names.update(dict.fromkeys(card.value for _uid, card in self.registry.all(ANY_GAME)))
        return list(names)

    def _confirmed(self) -> None:
        _ = self._
        if self.pending is None:
            self.registry.forget(self.uid)
            text = _("Tag forgotten")
        else:
            self.registry.enroll(self.uid, self.pending, replace=True)
            kept = (keep_identity(self.memory, self.uid, self.pending.to_text())
                    if self.memory is not None else None)
            text = enrolled_notice(_, card_label(self.pending, self.language), kept)
        self.step, self.choice, self.card, self.pending = Step.WAIT, 0, None, None
        self._notice(Screen(top=_("What is this tag?"), title=text, style=Style.NOTICE))

    # --- The screen ---------------------------------------------------------------------------

    def _top(self) -> str:
        return self.uid if self.step is not Step.WAIT else self._("What is this tag?")

    def _what(self) -> str:
        if self.card is None:
            return self._("Not enrolled")
        if self.card.kind == PERSONAL_KIND:
            return self._("{name}'s tag").format(name=self.card.value)
        return card_label(self.card, self.language)

    def _screen(self) -> Screen:
        _ = self._
        if self.step is Step.WAIT:
            return Screen(top=self._top(), title=_("Tap a tag"), hints=_("back:return"))
        if self.step is Step.INFO:
            return Screen(top=self._top(), title=self._what(),
                          hints=_("ok:change  back:exit"))
        if self.step is Step.CONFIRM:
            question = (_("Forget this tag?") if self.pending is None
                        else _("Enrol as {card}?").format(
                            card=card_label(self.pending, self.language)))
            return Screen(top=self._top(), title=question, body=(self._what(),),
                          hints=_("ok:yes  back:no"), style=Style.CONFIRM)
        titles = {Step.ACTIONS: _("Change it:"), Step.GAME: _("Which game?"),
                  Step.BOARD: _("Which map?"), Step.CARD: _("Which card?"),
                  Step.PLAYER: _("Whose tag?")}
        return Screen(top=self._top(), title=titles[self.step],
                      menu=Menu(self._items(), self.choice),
                      hints=_("ok:choose back:return"))
