"""The device's system menu: language, brightness, the scoreboard's address, the version and
whether the journal is safely on disk.

It is reached from the lobby's first screen by holding back (back does nothing else there,
and no game is under way), and speaks the loop's language (handle, screen, fault, expires_at)
like the lobby. Back leaves it for the lobby, in the language chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.flows.inputs import Input, Press, Tap
from companion.i18n.translate import LANGUAGES, translator
from companion.screens.model import Menu, Screen, Style
from companion.state.journal import Journal
from companion.table.app import Notices
from companion.table.device_settings import DeviceSettings, save_settings
from companion.table.panel_rest import BRIGHTNESS_LEVELS, PanelRest, brightness_step
from engine.errors import N_

if TYPE_CHECKING:  # what the menu's pages read is loaded when a page is opened
    from companion.publish.scoreboard import Scoreboard
    from companion.table.device_status import JournalSafety

#: Each language by its own name, as a player looking for theirs reads it.
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


class Entry(Enum):
    LANGUAGE = "language"
    BRIGHTNESS = "brightness"
    SCOREBOARD = "scoreboard"
    LAST_PLAY = "last_play"
    VERSION = "version"
    JOURNAL = "journal"
    #: Values a shipped board lacks (the Netherlands' tolls), entered once.
    BOARD_VALUES = "board_values"
    #: Tap a tag: what it is; enrol it again or forget it (`tag_check`).
    TAG_CHECK = "tag_check"
    #: The guided enrolment of a whole box (`box_setup`); last, one `up` from the first.
    SET_UP_BOX = "set_up_box"


#: The entries that change a setting when chosen; the others open a page.
SETTINGS = (Entry.LANGUAGE, Entry.BRIGHTNESS)
#: The pages whose facts change with no input (the network comes up, the disk fills): built
#: again every LIVE_PAGE_SECONDS while open.
LIVE_PAGES = (Entry.SCOREBOARD, Entry.LAST_PLAY, Entry.JOURNAL)
LIVE_PAGE_SECONDS = 2.0
#: The entries that open a page, by the page's name in the list.
PAGE_TITLES = {
    Entry.SCOREBOARD: N_("Scoreboard"),
    Entry.LAST_PLAY: N_("Last play's QR code"),
    Entry.VERSION: N_("Version"),
    Entry.JOURNAL: N_("Journal"),
    Entry.BOARD_VALUES: N_("Board values"),
    Entry.TAG_CHECK: N_("What is this tag?"),
    Entry.SET_UP_BOX: N_("Set up a box"),
}


@dataclass
class DeviceControls:
    """What the menu reads and changes on this table: its settings file, panel and journal."""

    state_dir: Path
    settings: DeviceSettings
    language: str
    rest: PanelRest | None
    journal: Journal
    web: Scoreboard | None
    #: The host's address on the network; None: the address of its LAN interface.
    address: Callable[[], str | None] | None = None
    #: The tag registry and the reader's tag memory, for setting up a box.
    registry: Any = None
    tag_memory: Any = None
    #: Whether the scoreboard answers, None when it cannot be asked (None: asked over
    #: HTTP, `scoreboard_probe`).
    answers: Callable[[Scoreboard], bool | None] | None = None

    @property
    def brightness(self) -> int:
        contrast = self.rest.contrast if self.rest is not None else BRIGHTNESS_LEVELS[-1]
        return self.settings.brightness or brightness_step(contrast)

    def choose_language(self, language: str) -> bool:
        """Speak `language` from now on; False when it could not be kept for the next start."""
        self.language = language
        return self._keep(replace(self.settings, language=language))

    def choose_brightness(self, step: int) -> bool:
        """Light the panel at `step` now; False when it could not be kept."""
        if self.rest is not None:
            self.rest.set_brightness(BRIGHTNESS_LEVELS[step - 1])
        return self._keep(replace(self.settings, brightness=step))

    def _keep(self, settings: DeviceSettings) -> bool:
        self.settings = settings  # in force for this run whatever happens to the file
        try:
            save_settings(self.state_dir, settings)
        except OSError:
            return False
        return True

    def scoreboard(self) -> str | None:
        from companion.publish.scoreboard import lan_address
        from companion.table.device_status import scoreboard_url

        return scoreboard_url(self.web, self.address or lan_address)

    def scoreboard_answers(self) -> bool | None:
        """Whether `companion web` answers on this machine; None when the table may not ask
        (its service has no network drop-in yet)."""
        if self.web is None:
            return False
        if self.answers is not None:
            return self.answers(self.web)
        from companion.publish.scoreboard_probe import scoreboard_answers

        return scoreboard_answers(self.web)

    def journal_safety(self) -> JournalSafety:
        from companion.table.device_status import journal_safety

        return journal_safety(self.journal, self.state_dir)


class SystemMenu(Notices):
    """The menu's list, and the page of the entry opened (None: the list)."""

    def __init__(self, controls: DeviceControls, leave: Callable[[str], Any],
                 clock: Callable[[], float], notice_seconds: float = 2.0) -> None:
        self.start_notices(clock, notice_seconds)
        self.controls = controls
        #: Builds what follows the menu (the lobby) in the language now chosen.
        self.leave = leave
        from companion.table.value_entry import boards_wanting_values

        self.entries = [entry for entry in Entry
                        if entry is not Entry.BOARD_VALUES or boards_wanting_values()]
        self.choice = 0
        self.page: Entry | None = None

    @property
    def _(self) -> Callable[[str], str]:
        return translator(self.controls.language).gettext

    # --- Inputs -------------------------------------------------------------------------------

    def handle(self, item: Input) -> None:
        self.flash = None
        if isinstance(item, Tap):
            self._show(self._("No cards here"), Style.REFUSAL)
        elif not isinstance(item, Press):
            return
        elif self.page is not None:
            if item.button in ("ok", "back"):
                self.page = None
        elif item.button in ("up", "down"):
            step = 1 if item.button == "down" else -1
            self.choice = (self.choice + step) % len(self.entries)
        elif item.button == "back":
            self.next_app = self.leave(self.controls.language)
        elif item.button == "ok":
            self._choose(self.entries[self.choice])

    def _choose(self, entry: Entry) -> None:
        if entry is Entry.LANGUAGE:
            following = LANGUAGES[(LANGUAGES.index(self.controls.language) + 1) % len(LANGUAGES)]
            kept = self.controls.choose_language(following)
        elif entry is Entry.BRIGHTNESS:
            kept = self.controls.choose_brightness(
                self.controls.brightness % len(BRIGHTNESS_LEVELS) + 1)
        elif entry is Entry.BOARD_VALUES:
            self.next_app = self._value_entry()
            return
        elif entry is Entry.SET_UP_BOX:
            from companion.table.box_setup import BoxSetup

            self.next_app = BoxSetup(self.controls, self._, self._back_with, self.clock,
                                     self.notice_seconds)
            return
        elif entry is Entry.TAG_CHECK:
            from companion.table.tag_check import TagCheck

            self.next_app = TagCheck(self.controls, self._, self._back_with, self.clock,
                                     self.notice_seconds)
            return
        else:
            self.page = entry
            return
        if not kept:
            self._show(self._("Not kept for restart"), Style.REFUSAL)

    def _value_entry(self) -> Any:
        """The entry of the first board still lacking values (else the first board's, to check
        or change them); back on its first value returns here."""
        from companion.state.board_values import read_values
        from companion.table.value_entry import ValueEntry, boards_wanting_values, entered_all

        boards = boards_wanting_values()
        state_dir = self.controls.state_dir
        board = next((name for name in boards
                      if not entered_all(name, read_values(state_dir, name))), boards[0])

        def back() -> SystemMenu:
            return self

        return ValueEntry(board, state_dir, self._, back, self.clock, self.notice_seconds)

    def _back_with(self, notice: str | None) -> SystemMenu:
        """The menu again, saying `notice` if any (an app opened from it returns here)."""
        if notice is not None:
            self._show(notice, Style.NOTICE)
        return self

    def _show(self, text: str, style: Style) -> None:
        self._notice(Screen(top=self._("System"), title=text, style=style))

    # --- The screen ---------------------------------------------------------------------------

    def expires_at(self) -> float | None:
        """A notice's end; while a page of changing facts is open, its next build too."""
        notice = super().expires_at()
        if self.page not in LIVE_PAGES:
            return notice
        again = self.clock() + LIVE_PAGE_SECONDS
        return again if notice is None else min(notice, again)

    def _screen(self) -> Screen:
        _ = self._
        if self.page is not None:
            return self._page(self.page)
        entry = self.entries[self.choice]
        hints = _("ok:change  back:exit") if entry in SETTINGS else _("ok:open  back:exit")
        return Screen(top=_("System"), title=_("Settings"),
                      menu=Menu(tuple(self._label(entry) for entry in self.entries),
                                self.choice),
                      hints=hints)

    def _label(self, entry: Entry) -> str:
        _ = self._
        if entry is Entry.LANGUAGE:
            return _("Language: {name}").format(name=LANGUAGE_NAMES[self.controls.language])
        if entry is Entry.BRIGHTNESS:
            return _("Brightness: {step}/{steps}").format(step=self.controls.brightness,
                                                          steps=len(BRIGHTNESS_LEVELS))
        return _(PAGE_TITLES[entry])

    def _page(self, entry: Entry) -> Screen:
        _ = self._
        top, hints = _("System"), _("back:return")
        if entry is Entry.SCOREBOARD:
            url = self.controls.scoreboard()
            if url is None:
                reason = (_("None configured") if self.controls.web is None
                          else _("No network"))
                return Screen(top=top, title=_("No scoreboard"), body=(reason,), hints=hints)
            scheme, _slashes, rest = url.partition("//")
            if self.controls.scoreboard_answers() is False:
                # The QR codes would lead nowhere: say what to start.
                return Screen(top=top, title=_("Scoreboard off"),
                              body=(_("Not answering:"), _("start companion-web"),
                                    rest.rstrip("/")), hints=hints, style=Style.REFUSAL)
            return Screen(top=top, title=_("Scoreboard"),
                          body=(_("On a phone, open"), scheme + "//", rest.rstrip("/")),
                          hints=hints)
        if entry is Entry.LAST_PLAY:
            from companion.table.play_qr import last_play_screen

            return replace(last_play_screen(self.controls.journal, self.controls.web,
                                            self.controls.language), hints=hints)
        if entry is Entry.VERSION:
            from companion.version import version

            return Screen(top=top, title=_("Version"), body=(version(),), hints=hints)
        safety = self.controls.journal_safety()
        free = _("{size} MB free").format(size=safety.free_bytes // (1024 * 1024))
        if safety.safe:
            return Screen(top=top, title=_("Journal safe"),
                          body=(_("Every move on disk"), free), hints=hints)
        return Screen(top=top, title=_("Journal at risk"),
                      body=(*(_(problem) for problem in safety.problems[:2]), free),
                      hints=hints, style=Style.REFUSAL)
