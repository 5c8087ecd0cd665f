"""The appliance's one owner of table state: inputs in, moves to the journal, a screen out.

`TableApp.handle` takes one player input, asks the game's flow what it means, submits the
resulting move (shown as accepted only once the journal has it), and keeps the short-lived
screens: acknowledgements and refusals, and the questions asked over the game (undo, enrol an
unknown tag, claim a personal tag: `questions`), one at a time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from companion.flows.base import CardLike, Reaction, TableFlow
from companion.flows.inputs import Button, Hold, Input, Press, Tap
from companion.games.cards import Card, CardError, check_card
from companion.screens.model import Screen, Style
from companion.table import game_menu, movers
from companion.table.questions import ClaimQuestion, EnrolQuestion, Question, UndoQuestion
from companion.table.tag_identity import TAG_MEMORY_SECONDS, write_and_verify
from engine.errors import N_, IllegalEvent
from engine.game import GameRules

log = logging.getLogger(__name__)

#: The kind of a personal tag: a player's name, the same for every game.
PERSONAL_KIND = "player"
DEVICE_NAMES = {"reader": N_("RFID reader"), "display": N_("Display"), "buttons": N_("Buttons")}


class Session(Protocol):
    """The game being played, kept in step with the journal."""

    @property
    def rules(self) -> GameRules[Any, Any]: ...

    @property
    def state(self) -> Any: ...

    @property
    def event_count(self) -> int: ...

    def submit(self, event: Any, uids: Sequence[str] = ()) -> Any: ...

    def undo(self) -> Any:
        """Take back the last move; None when there was none."""

    def history(self) -> list[tuple[Any, tuple[str, ...]]]: ...

    @property
    def draft(self) -> dict[str, Any] | None:
        """The move being entered, saved so that it survives a power cut."""

    @draft.setter
    def draft(self, value: dict[str, Any] | None) -> None: ...

    def end_early(self, how: Any) -> Any:
        """End the play before its rules do (see `GameSession.end_early`): its record."""


class Registry(Protocol):
    def lookup(self, uid: str) -> CardLike | None: ...

    def enroll(self, uid: str, card: Any) -> Any: ...


class TagMemory(Protocol):
    """A reader that can keep a card's identity on the tag itself (MIFARE Classic, NTAG)."""

    def read_text(self, timeout: float = ...) -> Any:
        """An object with `uid` and `text`, or None when no card answers."""

    def write_text(self, uid: str, text: str, timeout: float = ...) -> None: ...


#: The attribute or property by which every app of the loop translates.
_GETTEXT = "_"


@dataclass(frozen=True)
class Flash:
    """A screen shown over the app's own until the clock reads `until`."""

    screen: Screen
    until: float


class Notices:
    """What every app of the loop does alike: a notice shown for a while, the drivers' faults."""

    clock: Callable[[], float]
    notice_seconds: float
    flash: Flash | None
    faults: dict[str, str]
    #: What the loop shows next instead of this app (None: this app goes on).
    next_app: Any

    def start_notices(self, clock: Callable[[], float], notice_seconds: float) -> None:
        """What every app starts with: no notice shown, no fault, no app to follow."""
        self.clock = clock
        self.notice_seconds = notice_seconds
        self.flash = None
        self.faults = {}
        self.next_app = None

    def fault(self, device: str, message: str | None) -> None:
        """A driver failed (`message`) or recovered (None)."""
        if message is None:
            self.faults.pop(device, None)
        else:
            self.faults[device] = message

    def expires_at(self) -> float | None:
        """When the screen changes by itself (a notice ends), for the loop's wait."""
        return self.flash.until if self.flash else None

    def _notice(self, screen: Screen) -> None:
        self.flash = Flash(screen, self.clock() + self.notice_seconds)

    def notice(self, message: str, **values: object) -> None:
        """A notice from outside the app's own inputs (a tag scanned for a command):
        `message` (marked with N_) in the app's language, over what it shows."""
        translate: Callable[[str], str] = getattr(self, _GETTEXT)  # each app's own `_`
        self._notice(Screen(top=self.screen().top, title=translate(message).format(**values),
                            style=Style.NOTICE))

    def flashing(self) -> Screen | None:
        """The notice shown over the app's own screen, until it ends (then None)."""
        if self.flash is not None and self.clock() < self.flash.until:
            return self.flash.screen
        self.flash = None
        return None

    def screen(self) -> Screen:
        """What the app shows: a notice while it lasts, else its own screen."""
        flash = self.flashing()
        return flash if flash is not None else self._screen()

    def _screen(self) -> Screen:
        raise NotImplementedError

    def tell(self, screen: Screen) -> None:
        """Show `screen` for a while over this app's own, as a notice is shown."""
        self._notice(screen)


class TableApp(Notices):
    """One game at the table: its session, its flow, the tag registry and the language."""

    #: The last screen shown that a flash may be laid over, and the one an input answers.
    _shown: Screen | None = None
    _answered: Screen | None = None
    #: The entry as it was before the last press of the game menu's button (a hold begins
    #: with a press), to put back if that press began a hold.
    _pressed: game_menu.PressTakenBack | None = None

    def __init__(
        self,
        session: Session,
        flow: TableFlow,
        registry: Registry,
        gettext: Callable[[str], str],
        explain: Callable[[Exception], str],
        enrollable: Callable[[], Sequence[tuple[str, Any]]],
        clock: Callable[[], float],
        notice_seconds: float = 2.0,
        new_game: Callable[[], Any] | None = None,
        tag_memory: TagMemory | None = None,
        end_page: Callable[[], Screen | None] | None = None,
    ) -> None:
        self.start_notices(clock, notice_seconds)
        self.session = session
        #: The page after the final result (the play's QR code); None: there is none.
        self.end_page = end_page
        self.showing_end_page = False
        #: The flow's screen when the final result was first shown: pages that come back
        #: to it have gone round the whole result.
        self._first_result: Screen | None = None
        self.tag_memory = tag_memory
        self.new_game = new_game
        self.flow = flow
        self.registry = registry
        self._ = gettext
        self.explain = explain
        self.enrollable = enrollable
        #: What the table asks over the game; it takes every input until it is answered.
        self.question: Question | None = None
        #: When set, `handle` leaves the draft to `settle` (the loop's: after the frame).
        self.defer_drafts = False
        self._draft_due = False
        draft = session.draft
        flow.rebuild(session.state, session.history())
        if draft:
            flow.restore(draft)

    # --- Inputs -------------------------------------------------------------------------------

    def handle(self, item: Input) -> None:
        """Act on one input; every input gets an answer on the screen."""
        self.flash = None
        self._answered = self._shown
        # Only the input right before a hold can be the press that began it.
        pressed, self._pressed = self._pressed, None
        if self.question is not None:
            self.question.answer(item)
        elif isinstance(item, Hold) and item.button == "ok" and self.over:
            if self.new_game is not None:
                self.next_app = self.new_game()
        elif isinstance(item, Hold) and item.button == game_menu.MENU_BUTTON:
            self._open_game_menu(pressed)
        elif isinstance(item, Hold):
            if item.button == "back":
                if self.session.history():
                    self.question = UndoQuestion(self)
                else:
                    self.show(self._("Nothing to undo"), Style.REFUSAL)
        elif isinstance(item, Tap):
            card = self.registry.lookup(item.uid)
            if card is None:
                self._unknown_tag(item.uid)
            else:
                self._react(self.flow.on_card(self.session.state, card, item.uid))
        elif isinstance(item, Press):
            if item.button == game_menu.MENU_BUTTON:
                self._pressed = game_menu.PressTakenBack.before(self)
            self._press(item.button)
        self._draft_due = True
        if not self.defer_drafts:
            self.settle()

    def _open_game_menu(self, pressed: game_menu.PressTakenBack | None) -> None:
        """The game menu, where the table can go back to the lobby after it (a game over
        has nothing to end); the press that began the hold (`pressed`) is taken back first."""
        if self.over or self.new_game is None:
            return
        if pressed is not None:
            pressed.put_back(self)
        self.question = game_menu.GameMenu(self)

    def _press(self, button: Button) -> None:
        """A button for the flow; at the end of a game the end page comes after the result's
        last page (and before its first): ok or down on the last page, up on the first."""
        if not self._end_page_offered():
            self._react(self.flow.on_button(self.session.state, button))
            return
        if self.showing_end_page:
            self.showing_end_page = False
            if button == "up":
                self._react(self.flow.on_button(self.session.state, button))
            return
        if button == "up" and self._on_first_result_page():
            self.showing_end_page = True
            return
        self._react(self.flow.on_button(self.session.state, button))
        self.showing_end_page = button in ("ok", "down") and self._on_first_result_page()

    def _end_page_offered(self) -> bool:
        if self.end_page is None or not self.over:
            self._first_result = None
            self.showing_end_page = False
            return False
        if self._first_result is None:
            self._first_result = self.flow.screen(self.session.state)
        return True

    def _on_first_result_page(self) -> bool:
        return self.flow.screen(self.session.state) == self._first_result

    def settle(self) -> None:
        """Write what could wait for the frame: a due snapshot, and the move being entered
        if it changed since it was last kept (a write without a sync: `Journal.set_draft`)."""
        settle = getattr(self.session, "settle", None)  # a session in memory has none
        if settle is not None:
            settle()
        if self._draft_due:
            self._draft_due = False
            self.session.draft = self.flow.draft()

    def _react(self, reaction: Reaction) -> None:
        if reaction.refusal:
            self.show(reaction.refusal, Style.REFUSAL)
            return
        if reaction.event is None:
            if reaction.notice:
                self.show(reaction.notice, Style.NOTICE)
            return
        before = self.session.state
        try:
            after = self.session.submit(reaction.event, reaction.uids)
        except IllegalEvent as refusal:
            self.show(self.explain(refusal), Style.REFUSAL)
            return
        self.flow.accepted(before, after, reaction.event, reaction.uids)
        if reaction.notice:
            self.show(reaction.notice, Style.NOTICE, moved=True,
                      mover=movers.mover(self.session.rules, before, after, reaction.notice))

    def _unknown_tag(self, uid: str) -> None:
        """A tag this table does not know: enrol the card it carries, or ask what it is."""
        card = self._card_on_tag(uid)
        if card is None:
            self.question = EnrolQuestion(self, uid)
        elif card.kind == PERSONAL_KIND:
            self.question = ClaimQuestion(self, uid, card)
        else:
            self.registry.enroll(uid, card)
            self._react(self.flow.on_card(self.session.state, card, uid))

    def _card_on_tag(self, uid: str) -> Card | None:
        """The card another companion wrote on this tag; None when it carries none."""
        if self.tag_memory is None:
            return None
        try:
            found = self.tag_memory.read_text(timeout=TAG_MEMORY_SECONDS)
            if found is None or found.uid != uid or not found.text:
                return None
            return check_card(Card.from_text(found.text))
        except CardError:
            return None  # no identity this companion knows: the player can enrol it
        except Exception as error:  # another key, a collision: enrolled by hand
            log.info("tag %s: its memory cannot be read: %s", uid, error)
            return None

    def write_identity(self, uid: str, card: Any) -> bool | None:
        """Write the card's identity on its tag and read it back: whether the tag carries it
        now; None when the reader keeps nothing on tags."""
        if self.tag_memory is None:
            return None
        try:
            text = Card(card.game, card.kind, card.value).to_text()
        except CardError:  # too long for a tag: the registry alone knows it
            return False
        return write_and_verify(self.tag_memory, uid, text)

    def show(self, text: str, style: Style, moved: bool = False,
             mover: str | None = None) -> None:
        """A notice or a refusal, laid over the screen the input came to; after a move
        (`moved`: the game's state changed), over the screen of the game as it now stands,
        naming the player who moved (`mover`) when the move ended their turn."""
        # The flash answers the screen the input came to: laid over it (with the hint line
        # of what the buttons do now), only what says something new changes on the panel.
        # A move changes what the screen says (whose turn, the figures): the flash then lies
        # over the new screen, never over figures of the state before.
        # The game's screen is built once: for what lies beneath and for the context line.
        game = self.flow.screen(self.session.state)
        now = self._beneath(game)
        answered = self._answered if self._answered is not None and not moved else now
        beneath = replace(answered, hints=now.hints) if answered.style is Style.PROMPT else now
        flash = Screen(title=text, style=style, top=self.top_line(game), beneath=beneath)
        self._notice(flash if mover is None else movers.named(flash, mover, self._))

    # --- The screen ---------------------------------------------------------------------------

    def screen(self) -> Screen:
        shown = self._screen()
        # What the next input answers (under a flash, the screen the flash answered).
        self._shown = shown.beneath if shown.beneath is not None else shown
        return shown

    def _screen(self) -> Screen:
        if self.question is not None:
            return self.question.screen()
        flash = self.flashing()
        return flash if flash is not None else self._beneath()

    def _beneath(self, game: Screen | None = None) -> Screen:
        """The screen of the game when nothing is asked or flashed; `game`: the flow's screen
        of the state as it stands, when already built."""
        if self.showing_end_page and self._end_page_offered():
            page = self.end_page() if self.end_page is not None else None
            if page is not None:
                return replace(page, top=self.top_line(game)) if self.faults else page
        screen = game if game is not None else self.flow.screen(self.session.state)
        if self._first_result is None and self.end_page is not None and self.over:
            self._first_result = screen
        if self.faults:
            return Screen(top=self.top_line(screen), title=screen.title, body=screen.body,
                          hints=screen.hints, style=screen.style, progress=screen.progress,
                          menu=screen.menu)
        return screen

    def top_line(self, game: Screen | None = None) -> str:
        """The context line, or the first broken device in words; `game` as for `_beneath`."""
        for device in self.faults:
            name = DEVICE_NAMES.get(device)
            return self._("! {device}: check wiring").format(
                device=self._(name) if name else device)
        return (game if game is not None else self.flow.screen(self.session.state)).top

    @property
    def over(self) -> bool:
        return bool(self.session.rules.is_over(self.session.state))
