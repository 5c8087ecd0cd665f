"""The game menu: finish the game now, or abandon it, each asked first.

It opens when `up` is held during a game. Every other long press has a job already (`back`:
undo; `ok`: a new game once the game is over), and `up` and `ok` act as soon as they are
pressed, for an instant answer: a long `up` is first a press of `up`, which only moves a
cursor or opens a page. That press is taken back when the hold opens the menu, unless it
made a move (`PressTakenBack`), so the gesture changes nothing of the game on its own.

Both keep the play in the journal with the tally as it stands (`GameSession.end_early`), then
the lobby is free for a new game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.flows.inputs import Button, Input, Press, Tap
from companion.screens.model import Menu, Screen, Style
from companion.state.endings import ABANDONED, FINISHED_EARLY, Ending
from engine.errors import N_

if TYPE_CHECKING:
    from companion.table.app import TableApp

#: The button held for the game menu.
MENU_BUTTON: Button = "up"
#: The menu's entries, in order: an ending, or None to close it.
ENTRIES: tuple[tuple[str, Ending | None], ...] = (
    (N_("Finish now"), FINISHED_EARLY),
    (N_("Abandon game"), ABANDONED),
    (N_("Back"), None),
)
#: What each ending asks, and the line under the question saying what it keeps.
QUESTIONS = {
    FINISHED_EARLY: (N_("Finish the game now?"), N_("Scored as it stands")),
    ABANDONED: (N_("Abandon the game?"), N_("Kept, with no winner")),
}
#: What the lobby says once the game is ended.
ENDED = {FINISHED_EARLY: N_("Finished early"), ABANDONED: N_("Game abandoned")}
#: The notice that tells the table the menu is there, when a game begins or resumes.
HOW_TO_OPEN = N_("Hold up: game menu")


@dataclass
class PressTakenBack:
    """The move being entered before the last press of `MENU_BUTTON`, to put back when that
    press turns out to begin a hold."""

    draft: dict[str, Any]
    event_count: int

    @classmethod
    def before(cls, app: TableApp) -> PressTakenBack:
        return cls(app.flow.draft(), app.session.event_count)

    def put_back(self, app: TableApp) -> None:
        """The entry as it was before the press, unless the press made a move."""
        if app.session.event_count == self.event_count:
            app.flow.restore(self.draft)


@dataclass
class GameMenu:
    """The game menu, chosen with up/down and ok; `back` closes it."""

    app: TableApp
    choice: int = 0

    def screen(self) -> Screen:
        _ = self.app._
        return Screen(top=self.app.top_line(), title=_("Game menu"),
                      menu=Menu(tuple(_(label) for label, _how in ENTRIES), self.choice),
                      hints=_("ok:choose back:close"), style=Style.CONFIRM)

    def answer(self, item: Input) -> None:
        app = self.app
        if isinstance(item, Press) and item.button in ("up", "down"):
            step = 1 if item.button == "down" else -1
            self.choice = (self.choice + step) % len(ENTRIES)
        elif isinstance(item, Press) and item.button == "ok":
            how = ENTRIES[self.choice][1]
            app.question = None if how is None else EndQuestion(app, how)
        elif isinstance(item, Press) and item.button == "back" or isinstance(item, Tap):
            app.question = None


@dataclass
class EndQuestion:
    """"Finish the game now?" or "Abandon the game?": ok ends it, back or a tap does not."""

    app: TableApp
    how: Ending

    def screen(self) -> Screen:
        _ = self.app._
        title, line = QUESTIONS[self.how]
        return Screen(top=self.app.top_line(), title=_(title), body=(_(line),),
                      hints=_("ok:yes  back:no"), style=Style.CONFIRM)

    def answer(self, item: Input) -> None:
        app = self.app
        if isinstance(item, Press) and item.button == "ok":
            app.question = None
            end_game(app, self.how)
        elif isinstance(item, Press) and item.button == "back" or isinstance(item, Tap):
            app.question = None


def end_game(app: TableApp, how: Ending) -> None:
    """End the play `how`, durably, then leave for the lobby (`app.new_game`: the menu opens
    only where there is one), which says how it ended and the tally kept."""
    from companion.table.app import Notices

    _ = app._
    result = app.session.end_early(how).result or {}
    winners = ", ".join(result.get("winners", ()))
    scores = tuple(f"{player['name']}: {player['total']}" for player in result.get("players", ()))
    title = (_("{winners} wins").format(winners=winners) if how == FINISHED_EARLY and winners
             else _(ENDED[how]))
    assert app.new_game is not None
    lobby = app.new_game()
    if isinstance(lobby, Notices):
        lobby.tell(Screen(top=_(ENDED[how]), title=title, body=scores[:3], style=Style.ANNOUNCE))
    app.next_app = lobby
