"""The device's system menu, played through the simulated buttons: language and brightness
chosen and kept for the next start, the scoreboard's address, the version, the journal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.desktop.demo import DEMO_DRIVERS
from companion.flows.inputs import Press
from companion.publish.scoreboard import Scoreboard, play_url, qr_text
from companion.screens.model import Screen, Style
from companion.screens.qr import QrScreen
from companion.screens.render import cuts
from companion.state.journal import Journal
from companion.state.paths import JOURNAL_FILE
from companion.state.progress import MoveCount
from companion.table.build import Table, open_table
from companion.table.device_settings import SETTINGS_FILE, DeviceSettings, load_settings
from companion.table.device_status import scoreboard_url
from companion.table.lobby import Lobby
from companion.table.panel_rest import BRIGHTNESS_LEVELS
from companion.table.session import GameSession
from companion.table.system_menu import DeviceControls, Entry, SystemMenu
from companion.version import version
from engine.registry import GAMES

from .hands import Hands

HINT_WIDTH = 21


def open_lobby(state_dir: Path, language: str = "en") -> Table:
    return open_table(state_dir=state_dir, language=language, driver_config=DEMO_DRIVERS)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    opened = open_lobby(tmp_path)
    try:
        yield opened
    finally:
        opened.close()


def menu_of(table: Table) -> SystemMenu:
    assert isinstance(table.loop.app, SystemMenu), table.loop.app
    return table.loop.app


def to_entry(hands: Hands, entry: Entry) -> None:
    menu = menu_of(hands.table)
    while menu.entries[menu.choice] is not entry:
        hands.press("down")


def test_holding_back_on_the_first_screen_opens_the_menu_and_back_leaves_it(
        table: Table) -> None:
    hands = Hands(table)
    assert table.loop.app.screen().hints == "ok:choose  hold:menu"
    hands.hold_back()
    screen = menu_of(table).screen()
    assert screen.title == "Settings" and screen.menu is not None
    assert screen.menu.items[0] == "Language: English"
    assert screen.menu.items[1] == "Brightness: 4/4"  # the panel's own contrast, nearest step
    hands.press("back")
    assert isinstance(table.loop.app, Lobby)


def test_holding_back_later_in_the_lobby_still_starts_over(table: Table) -> None:
    hands = Hands(table)
    hands.press("ok")
    hands.hold_back()
    assert isinstance(table.loop.app, Lobby)  # back to the first screen, no menu


def test_the_language_changes_at_once_and_is_kept_for_the_next_start(tmp_path: Path) -> None:
    table = open_lobby(tmp_path)
    try:
        hands = Hands(table)
        hands.hold_back()
        hands.press("ok")
        screen = menu_of(table).screen()
        assert screen.menu is not None and screen.menu.items[0] == "Langue : Français"
        assert screen.title == "Réglages"
        hands.press("back")
        assert table.loop.app.screen().title == "Quel jeu ?"
    finally:
        table.close()
    assert load_settings(tmp_path) == DeviceSettings(language="fr")
    # A game started after the change speaks the language chosen.
    table = open_lobby(tmp_path, "fr")
    try:
        assert table.loop.app.screen().title == "Quel jeu ?"
    finally:
        table.close()


def test_the_brightness_is_applied_at_once_and_at_the_next_start(tmp_path: Path) -> None:
    table = open_lobby(tmp_path)
    try:
        panel = table.drivers.sim.display
        assert panel is not None and panel.contrast is None
        hands = Hands(table)
        hands.hold_back()
        to_entry(hands, Entry.BRIGHTNESS)
        hands.press("ok")  # 4/4 goes round to 1/4
        assert panel.contrast == BRIGHTNESS_LEVELS[0]
        hands.press("ok")
        assert panel.contrast == BRIGHTNESS_LEVELS[1]
        screen = menu_of(table).screen()
        assert screen.menu is not None and screen.menu.items[1] == "Brightness: 2/4"
    finally:
        table.close()
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["brightness"] == 2
    table = open_lobby(tmp_path)
    try:
        panel = table.drivers.sim.display
        assert panel is not None and panel.contrast == BRIGHTNESS_LEVELS[1]
        assert table.loop.rest is not None and table.loop.rest.contrast == BRIGHTNESS_LEVELS[1]
    finally:
        table.close()


def test_without_a_scoreboard_the_menu_says_so(table: Table) -> None:
    hands = Hands(table)
    hands.hold_back()
    to_entry(hands, Entry.SCOREBOARD)
    hands.press("ok")
    screen = menu_of(table).screen()
    assert (screen.title, screen.body) == ("No scoreboard", ("None configured",))
    hands.press("back")
    assert menu_of(table).page is None


def controls(tmp_path: Path, language: str = "en", web: Scoreboard | None = None,
             address: str | None = "192.168.1.23") -> tuple[DeviceControls, Journal]:
    journal = Journal(tmp_path / JOURNAL_FILE)
    # The scoreboard answers (a real one is asked in test_scoreboard_answers).
    return DeviceControls(tmp_path, DeviceSettings(), language, None, journal, web,
                          address=lambda: address, answers=lambda web: True), journal


def page(menu: SystemMenu, entry: Entry) -> Screen:
    menu.choice = menu.entries.index(entry)
    menu.handle(Press("ok"))
    screen = menu.screen()
    menu.handle(Press("back"))
    return screen


def test_the_scoreboards_address_on_the_lan(tmp_path: Path) -> None:
    device, journal = controls(tmp_path, web=Scoreboard(8080))
    menu = SystemMenu(device, lambda language: None, clock=lambda: 0.0)
    screen = page(menu, Entry.SCOREBOARD)
    assert screen.body == ("On a phone, open", "http://", "192.168.1.23:8080")
    offline, journal2 = controls(tmp_path, web=Scoreboard(8080), address=None)
    assert page(SystemMenu(offline, lambda language: None, clock=lambda: 0.0),
                Entry.SCOREBOARD).body == ("No network",)
    journal.close()
    journal2.close()


def test_a_scoreboard_on_a_named_address() -> None:
    assert scoreboard_url(Scoreboard(80, "10.0.0.7"), lambda: "192.168.1.23") \
        == "http://10.0.0.7:80/"
    assert scoreboard_url(Scoreboard(8080), lambda: "192.168.1.2") \
        == "http://192.168.1.2:8080/"
    assert scoreboard_url(None) is None


def test_the_last_plays_qr_code_from_the_menu(tmp_path: Path) -> None:
    device, journal = controls(tmp_path, web=Scoreboard(8080, "192.168.1.23"))
    menu = SystemMenu(device, lambda language: None, clock=lambda: 0.0)
    assert page(menu, Entry.LAST_PLAY).title == "No play yet"
    session = GameSession.start(journal, GAMES["whistle-stop"], ("Ana", "Ben"), {})
    screen = page(menu, Entry.LAST_PLAY)
    assert isinstance(screen, QrScreen)
    url = play_url(Scoreboard(8080, "192.168.1.23"), str(session.play.uuid))
    assert screen.code == qr_text(url) and screen.hints == "back:return"
    unconfigured, journal2 = controls(tmp_path)
    assert page(SystemMenu(unconfigured, lambda language: None, clock=lambda: 0.0),
                Entry.LAST_PLAY).title == "No scoreboard"
    journal.close()
    journal2.close()


def test_the_version_and_a_safe_journal(tmp_path: Path) -> None:
    device, journal = controls(tmp_path)
    menu = SystemMenu(device, lambda language: None, clock=lambda: 0.0)
    assert page(menu, Entry.VERSION).body == (version(),)
    safe = page(menu, Entry.JOURNAL)
    assert safe.title == "Journal safe" and safe.body[0] == "Every move on disk"
    assert safe.body[1].endswith(" MB free")
    journal.close()


def test_the_table_s_journal_synced_after_each_frame_is_safe(tmp_path: Path) -> None:
    device, journal = controls(tmp_path)
    journal.defer_syncs()  # as the table opens it
    menu = SystemMenu(device, lambda language: None, clock=lambda: 0.0)
    assert page(menu, Entry.JOURNAL).title == "Journal safe"
    journal._db.execute("PRAGMA synchronous=OFF")  # commits no one syncs
    screen = page(menu, Entry.JOURNAL)
    assert screen.title == "Journal at risk" and screen.body[0] == "Moves not synced"
    journal.close()


def test_a_journal_that_lost_moves_is_not_called_safe(tmp_path: Path) -> None:
    device, journal = controls(tmp_path)
    count = MoveCount(journal.progress_path)
    count.write("a-play-the-journal-does-not-hold", 5)  # noted as committed, not held
    count.close()
    screen = page(SystemMenu(device, lambda language: None, clock=lambda: 0.0), Entry.JOURNAL)
    assert screen.title == "Journal at risk" and screen.style is Style.REFUSAL
    assert screen.body[0] == "Moves are missing"
    journal.close()


def test_a_setting_that_cannot_be_kept_is_said(tmp_path: Path) -> None:
    device, journal = controls(tmp_path)
    (tmp_path / SETTINGS_FILE).mkdir()  # a folder where the file goes: it cannot be replaced
    menu = SystemMenu(device, lambda language: None, clock=lambda: 0.0)
    menu.handle(Press("ok"))
    assert menu.screen().title == "Non gardé au redémarrage"  # said in the language chosen
    assert device.language == "fr"  # in force for this run all the same
    journal.close()


def test_a_damaged_settings_file_gives_the_configured_ones(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(b"{not json")
    assert load_settings(tmp_path) == DeviceSettings()
    (tmp_path / SETTINGS_FILE).write_text('{"language": "de", "brightness": 9}')
    assert load_settings(tmp_path) == DeviceSettings()
    (tmp_path / SETTINGS_FILE).write_text('{"language": "fr", "brightness": 3}')
    assert load_settings(tmp_path) == DeviceSettings("fr", 3)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_screen_of_the_menu_fits_without_a_cut_word(tmp_path: Path,
                                                          language: str) -> None:
    for web, address in ((None, None), (Scoreboard(65535), "255.255.255.255"),
                         (Scoreboard(8080), None)):
        device, journal = controls(tmp_path, language, web, address)
        menu = SystemMenu(device, lambda chosen: None, clock=lambda: 0.0)
        screens = []
        for entry in Entry:
            menu.choice = menu.entries.index(entry)
            screens.append(menu.screen())
            if entry not in (Entry.LANGUAGE, Entry.BRIGHTNESS):
                screens.append(page(menu, entry))
        menu.handle(Press("ok"))  # the other language's list
        screens.append(menu.screen())
        device.language = language
        for screen in screens:
            assert not cuts(screen), (screen, cuts(screen))
            assert len(screen.hints) <= HINT_WIDTH, screen.hints
        journal.close()


def test_the_lobby_hint_fits_in_french(tmp_path: Path) -> None:
    table = open_lobby(tmp_path, "fr")
    try:
        screen = table.loop.app.screen()
        assert screen.hints == "ok:choisir tenir:menu" and not cuts(screen)
    finally:
        table.close()


def test_a_draft_file_that_takes_no_write_is_said(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from companion.table import device_status

    device, journal = controls(tmp_path)
    journal.draft_path.write_text("")
    real_access = os.access

    def access(path: object, mode: int) -> bool:  # as for a file made read-only by hand
        return False if Path(str(path)) == journal.draft_path else real_access(path, mode)

    monkeypatch.setattr(device_status.os, "access", access)
    screen = page(SystemMenu(device, lambda language: None, clock=lambda: 0.0), Entry.JOURNAL)
    assert screen.title == "Journal at risk" and "Draft not writable" in screen.body
    journal.close()


def test_a_page_of_changing_facts_is_built_again_while_open(tmp_path: Path) -> None:
    """The loop sleeps until `expires_at`: the scoreboard's page follows the network coming
    up with no input; the version's page needs no wake."""
    now = [0.0]
    address: list[str | None] = [None]
    journal = Journal(tmp_path / JOURNAL_FILE)
    device = DeviceControls(tmp_path, DeviceSettings(), "en", None, journal, Scoreboard(8080),
                            address=lambda: address[0], answers=lambda web: True)
    menu = SystemMenu(device, lambda language: None, clock=lambda: now[0])
    assert menu.expires_at() is None
    menu.choice = menu.entries.index(Entry.SCOREBOARD)
    menu.handle(Press("ok"))
    assert menu.screen().body == ("No network",)
    due = menu.expires_at()
    assert due is not None and due > now[0]
    address[0] = "192.168.1.23"
    now[0] = due
    assert menu.screen().body[-1] == "192.168.1.23:8080"
    menu.handle(Press("back"))
    menu.choice = menu.entries.index(Entry.VERSION)
    menu.handle(Press("ok"))
    assert menu.expires_at() is None
    journal.close()
