"""The play's QR code on the OLED: decoded from the frames the simulated panel is sent (with
zxing-cpp, a real decoder), it gives the play's page, and that page answers on a running
`companion web`. It comes after the final result, only with a `[web]` section."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from companion.config import ConfigError, parse_config
from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck
from companion.flows.automaton import enter_move, physical_moves
from companion.flows.inputs import Hold, Input, Press
from companion.games import TABLE_GAMES, autopilot
from companion.games.names import reason
from companion.publish.scoreboard import (
    MAX_ADDRESS_LENGTH,
    Scoreboard,
    address_of,
    lan_address,
    play_url,
    qr_text,
)
from companion.screens.model import Style
from companion.screens.qr import QrScreen, layout, qr_frame, render_screen
from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.build import Table, open_table
from companion.table.play_qr import last_play_screen

from .web_server import finished_play, get, web_server

PLAYERS = ("Ana", "Ben")
UUID = "0f3e1a2b-9c8d-4e7f-a6b5-c4d3e2f1a0b9"


def decoded(frame: Image.Image) -> list[str]:
    """Every QR code a decoder finds in a 1-bit frame, as the OLED shows it."""
    return [found.text for found in zxingcpp.read_barcodes(frame.convert("L"))]


# --- The frame --------------------------------------------------------------------------------

@pytest.mark.parametrize(("address", "port", "scale"), [
    ("192.168.1.20", 8080, 2),
    ("255.255.255.255", 65535, 2),
    ("companion.local", 8080, 2),
    ("fe80::1", 8080, 2),
    ("a" * MAX_ADDRESS_LENGTH, 65535, 1),
])
def test_every_address_fits_64_rows_and_decodes(address: str, port: int, scale: int) -> None:
    url = play_url(Scoreboard(port, address), UUID)
    code = qr_text(url)
    shape = layout(code, 64)
    assert shape.pixels <= 64 and shape.scale == scale and shape.border >= 3
    frame = qr_frame(code, 128, 64, ["Scores & BG Stats", url], "ok:next")
    assert frame.mode == "1" and frame.size == (128, 64)
    assert decoded(frame) == [code]


def test_an_ipv4_address_is_a_version_2_code_at_2_pixels_a_module() -> None:
    code = qr_text(play_url(Scoreboard(8080, "192.168.100.200"), UUID))
    assert code == "HTTP://192.168.100.200:8080/P/0F3E1A2B"
    shape = layout(code, 64)
    assert (shape.version, shape.modules, shape.scale, shape.border) == (2, 25, 2, 3)
    assert shape.error in ("M", "Q", "H")
    # In lower case the same address needs the next version, which 64 rows hold only at
    # one pixel a module.
    assert layout(code.lower(), 64).scale == 1


def test_the_words_beside_the_code_are_the_screens() -> None:
    screen = QrScreen(title="Scores & BG Stats", body=("192.168.1.20:8080/p/0f3e1a2b",),
                      hints="ok:next", code="HTTP://192.168.1.20:8080/P/0F3E1A2B")
    frame = render_screen(screen)
    lines = [text for _row, _marked, text in sorted(frame.info["lines"])]
    assert lines[:2] == ["Scores &", "BG Stats"]
    assert "".join(lines[2:-1]) == "192.168.1.20:8080/p/0f3e1a2b"
    assert lines[-1] == "ok:next"


# --- The addresses ----------------------------------------------------------------------------

def test_the_address_is_the_configured_one_else_the_lan_one_else_the_mdns_name() -> None:
    def name() -> str:
        return "table.local"

    assert address_of(Scoreboard(8080, "10.0.0.5"), lambda: "192.168.1.9", name) == "10.0.0.5"
    assert address_of(Scoreboard(8080), lambda: "192.168.1.9", name) == "192.168.1.9"
    assert address_of(Scoreboard(8080), lambda: None, name) == "table.local"
    found = lan_address()
    assert found is None or (not found.startswith("127.") and found.count(".") == 3)


def test_the_web_section_is_checked() -> None:
    assert parse_config("").web is None
    assert parse_config("[web]\n").web == Scoreboard(8080, None)
    assert parse_config('[web]\nport = 8181\naddress = "companion.local"\n').web == \
        Scoreboard(8181, "companion.local")
    for text, key in (("port = 0", "web.port"), ("port = true", "web.port"),
                      ('port = "80"', "web.port"), ("port = 70000", "web.port"),
                      ('address = "http://x/"', "web.address"), ('address = ""', "web.address"),
                      ('address = "a b"', "web.address"), ("address = 3", "web.address"),
                      (f'address = "{"a" * (MAX_ADDRESS_LENGTH + 1)}"', "web.address"),
                      ("host = 'x'", "web.host")):
        with pytest.raises(ConfigError) as refused:
            parse_config(f"[web]\n{text}\n", "c.toml")
        assert refused.value.key == key
        message = reason(refused.value, "en")
        assert "\n" not in message and message.startswith(f"c.toml: {key}: ")


# --- At the table -----------------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def table_at_the_end(state: Path, game: str, scoreboard: Scoreboard | None,
                     frames: list[Image.Image]) -> Iterator[tuple[Table, Clock]]:
    """A table on simulated devices whose game of `game` has just been played to its end;
    every frame sent to the panel is added to `frames`."""
    clock = Clock()
    table = open_table(state_dir=state, game=game, players=PLAYERS, language="en",
                       driver_config=DEMO_DRIVERS, clock=clock, scoreboard=scoreboard,
                       on_frame=frames.append)
    try:
        deck = demo_deck(game)
        enroll_deck(table.registry, game, deck)
        app = table.app
        for goal in physical_moves(app.session.rules, PLAYERS, seed=4):
            enter_move(goal, lambda g: autopilot.next_input(
                app.flow, app.session.state, g, lambda kind, value: deck.pick(
                    kind, value, app.flow.in_play())),
                lambda item: send(table, clock, item), lambda: app.session.event_count)
        assert app.over
        yield table, clock
    finally:
        table.close()


def send(table: Table, clock: Clock, item: Input) -> None:
    """One input, then the frame once any flash is over."""
    table.app.handle(item)
    table.app.settle()
    clock.now += 10
    table.loop.refresh()


@pytest.mark.parametrize("game", ["whistle-stop", "game-of-trains"])
def test_the_qr_code_follows_the_final_result_and_opens_the_play(tmp_path: Path,
                                                                 game: str) -> None:
    state = tmp_path / "state"
    state.mkdir()
    frames: list[Image.Image] = []
    with web_server(state) as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        scoreboard = Scoreboard(port, "127.0.0.1")
        with table_at_the_end(state, game, scoreboard, frames) as (table, clock):
            app = table.app
            uuid = app.session.play.uuid
            first = app.screen()
            assert not isinstance(first, QrScreen) and decoded(frames[-1]) == []
            # ok turns the result's pages; after the last one comes the code.
            pages = [first]
            while not isinstance(app.screen(), QrScreen):
                send(table, clock, Press("ok"))
                pages.append(app.screen())
                assert len(pages) < 50
            assert len(pages) > 2 and pages[-2] != first
            assert pages.count(first) == 1  # every page of the result was shown once
            code = decoded(frames[-1])
            assert code == [qr_text(play_url(scoreboard, uuid))]
            assert code[0] == f"HTTP://127.0.0.1:{port}/P/{uuid[:8].upper()}"
            # ok goes round to the result's first page, up from there back to the code.
            send(table, clock, Press("ok"))
            assert app.screen() == first
            send(table, clock, Press("up"))
            assert isinstance(app.screen(), QrScreen)
            send(table, clock, Press("up"))
            assert app.screen() == pages[-2]
            # Holding ok starts a new game from the code too.
            send(table, clock, Press("ok"))
            assert isinstance(app.screen(), QrScreen)
            send(table, clock, Hold("ok"))
            assert app.next_app is not None  # the lobby, which the loop shows next
        # The address the code gives answers with the play's page, finished.
        status, _, page = get(code[0])
        assert status == 200
        assert all(name in page for name in PLAYERS) and 'class="bgstats"' in page


def test_the_code_answers_on_the_server_it_names(tmp_path: Path) -> None:
    uuid = finished_play(tmp_path, "off-the-rails", seed=6)
    with web_server(tmp_path) as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        with Journal.open_read_only(journal_path(tmp_path)) as journal:
            screen = last_play_screen(journal, Scoreboard(port, "127.0.0.1"), "fr")
        assert isinstance(screen, QrScreen)
        assert screen.title == "Scores et BG Stats" and screen.hints == "ok:suite"
        code = decoded(render_screen(screen))
        assert code == [f"HTTP://127.0.0.1:{port}/P/{uuid[:8].upper()}"]
        status, _, page = get(code[0])
        assert status == 200 and "Ajouter à BG Stats" not in page  # the browser's language
        assert 'class="bgstats"' in page


def test_without_a_scoreboard_no_code_is_shown(tmp_path: Path) -> None:
    frames: list[Image.Image] = []
    with table_at_the_end(tmp_path, "whistle-stop", None, frames) as (table, clock):
        app = table.app
        first = app.screen()
        for _ in range(12):  # more than the result's pages: they come round again
            send(table, clock, Press("ok"))
            assert not isinstance(app.screen(), QrScreen)
        seen = set()
        for _ in range(12):
            send(table, clock, Press("ok"))
            seen.add(app.screen())
        assert first in seen
        assert all(decoded(frame) == [] for frame in frames[-24:])
        screen = last_play_screen(table.journal, None, "en")
        assert screen.style is Style.REFUSAL and screen.title == "No scoreboard"


def test_the_last_play_screen_without_a_play(tmp_path: Path) -> None:
    with Journal(journal_path(tmp_path)) as journal:
        screen = last_play_screen(journal, Scoreboard(), "fr")
    assert screen.style is Style.REFUSAL and screen.title == "Aucune partie encore"


def test_undo_from_the_code_goes_back_into_the_game() -> None:
    from companion.i18n.translate import translator
    from companion.table.app import TableApp
    from engine.registry import GAMES

    from .fakes import Card, MemoryRegistry, MemorySession

    game = "whistle-stop"
    rules = GAMES[game]
    deck = demo_deck(game)
    flow = TABLE_GAMES[game].make_flow("en")
    code = QrScreen(title="Scores & BG Stats", code="HTTP://127.0.0.1:8080/P/0F3E1A2B")
    clock = Clock()
    app = TableApp(session=MemorySession(rules, PLAYERS), flow=flow,
                   registry=MemoryRegistry({uid: Card(game, kind, value)
                                            for (kind, value), uids in deck.uids.items()
                                            for uid in uids}),
                   gettext=translator("en").gettext, explain=str, enrollable=list,
                   clock=clock, end_page=lambda: code)
    moves = physical_moves(rules, PLAYERS, seed=4)

    def pick(kind: str, value: str) -> str:
        return deck.pick(kind, value, flow.in_play())

    for goal in moves:
        enter_move(goal, lambda g: autopilot.next_input(flow, app.session.state, g, pick),
                   app.handle, lambda: app.session.event_count)
    clock.now += 10  # past the flash
    first = app.screen()
    app.handle(Press("up"))
    assert app.screen() == code
    app.handle(Hold("back"))
    assert app.screen().title == "Undo the last move?"
    app.handle(Press("ok"))
    clock.now += 10  # past the flash
    assert not app.over and app.screen() != code
    enter_move(moves[-1], lambda g: autopilot.next_input(flow, app.session.state, g, pick),
               app.handle, lambda: app.session.event_count)
    clock.now += 10  # past the flash
    assert app.over and app.screen() == first
    app.handle(Press("up"))
    assert app.screen() == code


def test_the_modules_examples_hold() -> None:
    import doctest

    import companion.publish.scoreboard
    import companion.screens.qr

    for module in (companion.publish.scoreboard, companion.screens.qr):
        tried = doctest.testmod(module)
        assert tried.attempted > 0 and tried.failed == 0, module.__name__
