"""Setting up a box at the table: which game (and map), then one tap a card.

Opened from the system menu. The screen names the next card of the box ("Coal wagon", copy 3
of 16); a fresh tag laid on the reader is enrolled as that card at once, its identity written
on the tag where the tag can keep it, and the next card is shown with the last one confirmed
beneath it: no press between cards. A tag already enrolled says which card it is. `back`
takes back the last tag, `up`/`down` pass to the previous or next card, `ok` leaves (the
setup resumes where it stopped); a finished box returns to the menu by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from companion.flows.inputs import Input, Press, Tap
from companion.flows.words import wrapped
from companion.games import TABLE_GAMES
from companion.games.ticket_to_ride.ticket_names import fitting
from companion.screens.model import Menu, Screen, Style
from companion.state.box_progress import last_left
from companion.state.tags import TagError
from companion.table.app import Notices, TagMemory
from companion.table.box_walk import BoxWalk, Outcome, TapResult, WalkRegistry
from companion.table.tag_identity import write_and_verify
from engine.errors import N_

log = logging.getLogger(__name__)

#: The small-font lines a card's name may take above the last tap's answer and the hints.
TITLE_LINES = 3
#: What the buttons do while the walk shows a card (up/down are said in the body).
WALK_HINTS = N_("ok:exit  back:undo")
#: The small-font lines a known tag's card takes under "Already enrolled".
KNOWN_LINES = 2


def keep_identity(memory: TagMemory | None, uid: str, text: str) -> bool:
    """Write a card's text form onto the tag and read it back: whether the tag now holds it.
    Best effort: a tag that cannot keep it (an EM4100, another key, lifted too soon) is still
    enrolled in the registry."""
    return memory is not None and write_and_verify(memory, uid, text)


class BoxSetup(Notices):
    """The setup of one box: choose the game, the map, then the walk (`BoxWalk`)."""

    def __init__(self, controls: Any, gettext: Callable[[str], str],
                 leave: Callable[[str | None], Any], clock: Callable[[], float],
                 notice_seconds: float = 2.0) -> None:
        """`controls` holds the state folder, language, registry and tag memory (the system
        menu's); `leave(notice)` builds what follows, with a notice to show there."""
        self.start_notices(clock, notice_seconds)
        self.state_dir = controls.state_dir
        self.language: str = controls.language
        self.registry: WalkRegistry = controls.registry
        self.memory: TagMemory | None = controls.tag_memory
        self._ = gettext
        self.leave = leave
        # The registry's order: the games as each table lists them once.
        self.games = list(TABLE_GAMES)
        self.game: str | None = None
        self.choice = self._left_last(self.games)
        self.boards: tuple[str, ...] = ()
        self.walk: BoxWalk | None = None
        #: The last tap's answer, shown beneath the next card until the next input.
        self.last: str | None = None

    def _left_last(self, items: list[str] | tuple[str, ...], board: bool = False) -> int:
        """Where a list starts: on the game (or map) of the setup left last, so a resumed
        setup is one press away."""
        left = last_left(self.state_dir)
        wanted = None if left is None else left[1] if board else left[0]
        return list(items).index(wanted) if wanted is not None and wanted in items else 0

    # --- Inputs -------------------------------------------------------------------------------

    def handle(self, item: Input) -> None:
        self.flash = None
        if self.walk is not None:
            self._walk_input(self.walk, item)
        elif isinstance(item, Tap):
            self._notice(Screen(top=self._("Set up a box"), title=self._("Choose a game first"),
                                style=Style.REFUSAL))
        elif isinstance(item, Press):
            self._choose(item.button)

    def _choose(self, button: str) -> None:
        items = self.boards if self.game is not None else self.games
        if button in ("up", "down"):
            self.choice = (self.choice + (1 if button == "down" else -1)) % len(items)
        elif button == "back" and self.game is not None:
            self.choice, self.game, self.boards = self.games.index(self.game), None, ()
        elif button == "back":
            self.next_app = self.leave(None)
        elif button == "ok" and self.game is None:
            self.game = self.games[self.choice]
            maps = TABLE_GAMES[self.game].maps
            if maps is None:
                self._open(None)
            else:
                self.boards = maps()
                self.choice = self._left_last(self.boards, board=True)
        elif button == "ok":
            self._open(self.boards[self.choice])

    def _open(self, board: str | None) -> None:
        assert self.game is not None
        self.walk = BoxWalk.open(self.state_dir, self.registry, self.game, self.language, board)
        self.last = None
        if self.walk.done:
            self._finish(self.walk)

    def _walk_input(self, walk: BoxWalk, item: Input) -> None:
        _ = self._
        if isinstance(item, Tap):
            self._tap(walk, item.uid)
        elif not isinstance(item, Press):
            return
        elif item.button == "ok":
            self.next_app = self.leave(_("Setup kept: {left} left").format(left=walk.left))
        elif item.button == "back":
            taken = walk.back()
            if taken is None:
                self.last = None
                self._refuse(_("Nothing to take back"))
            else:
                self.last = self._one_line(_("Taken back: {card}"), (taken.label, taken.name),
                                           _("Taken back"))
        else:
            walk.skip(1 if item.button == "down" else -1)
            self.last = None

    def _tap(self, walk: BoxWalk, uid: str) -> None:
        _ = self._
        try:
            known = self.registry.lookup(uid)
            if known is None:
                keep_identity(self.memory, uid, walk.entry.card.to_text())
            result = walk.tap(uid)
        except TagError:
            self._refuse(_("Unreadable tag"))
            return
        if result.outcome is Outcome.KNOWN:
            self.last = None
            self._refuse(_("Already enrolled"), wrapped(fitting(
                [result.label, result.name or result.label], KNOWN_LINES), KNOWN_LINES))
            return
        self.last = self._counted(result)
        if walk.done:
            self._finish(walk)

    def _counted(self, result: TapResult) -> str:
        """The enrolment confirmed in one small-font line: "Done: Coal wagon 3/16", else
        shorter ("Done: Coal 3/16", "Done")."""
        forms: tuple[str, ...] = (result.label, result.name or result.label)
        if result.copies > 1:
            forms = tuple(self._("{card} {copy}/{copies}").format(
                card=form, copy=result.copy, copies=result.copies) for form in forms)
        return self._one_line(self._("Done: {card}"), forms, self._("Done"))

    @staticmethod
    def _one_line(template: str, names: tuple[str, ...], bare: str) -> str:
        """`template` with the first of `names` that keeps it to one small-font line, else
        `bare`."""
        return fitting([*(template.format(card=name) for name in dict.fromkeys(names)), bare],
                       1)

    def _finish(self, walk: BoxWalk) -> None:
        self.next_app = self.leave(self._("Box complete: {count} tags").format(
            count=walk.total))

    def _refuse(self, text: str, body: tuple[str, ...] = ()) -> None:
        """A refusal with its reason, over the walk's top line and hints."""
        self._notice(Screen(top=self._top(), title=text, body=body, style=Style.REFUSAL,
                            hints=self._(WALK_HINTS) if self.walk else ""))

    # --- The screen ---------------------------------------------------------------------------

    def _top(self) -> str:
        walk = self.walk
        if walk is None:
            return self._("Set up a box")
        if walk.entry.copies > 1:
            return self._("{copy}/{copies} · {left} left").format(
                copy=walk.copy, copies=walk.entry.copies, left=walk.left)
        return self._("{left} cards left").format(left=walk.left)

    def _screen(self) -> Screen:
        _ = self._
        if self.walk is None and self.game is None:
            titles = tuple(_(TABLE_GAMES[game].title) for game in self.games)
            return Screen(top=self._top(), title=_("Which game?"),
                          menu=Menu(titles, self.choice), hints=_("ok:choose back:return"))
        if self.walk is None:
            from companion.games.ticket_to_ride.map_files import map_title

            return Screen(top=self._top(), title=_("Which map?"),
                          menu=Menu(tuple(map_title(board) for board in self.boards),
                                    self.choice), hints=_("ok:choose back:return"))
        walk = self.walk
        entry = walk.entry
        body = (self.last or _("Tap a new tag on it"), _("↑↓:other card"))
        # A ticket of five places is named without its kind's word, to be read whole.
        title = fitting([entry.label, entry.name or entry.label], TITLE_LINES)
        return Screen(top=self._top(), title=title, body=body,
                      hints=_(WALK_HINTS))
