"""The scoreboard on a phone: a real headless Chromium at 360x740, in the light and the dark
scheme, in English and French, on the live, play, players, plays and tables pages of an
evening (finished plays of every game, one in progress, two tables publishing to a real
Mosquitto). On each page `page_check.js` finds no word cut over two lines, no element wider
than the screen and no text under AA contrast. The live page says when its stream is lost,
and Chromium finds the scoreboard installable ("Add to home screen").

Every page's screenshot is kept in tmp_path/screens, and in COMPANION_SCREENSHOTS if set."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from bench.mosquitto import free_port
from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

from .browser import (
    GENEROUS,
    PHONE,
    chromium,
    color_scheme,
    needs_chromium,
    page_faults,
    screenshot,
)
from .mosquitto import mosquitto, needs_mosquitto
from .test_web_board import publish_game
from .web_server import finished_play, get_json, players_for, web_server

pytestmark = needs_chromium
LANGUAGES = {"en": "en-GB,en", "fr": "fr-FR,fr"}
LOST = {"en": "Connection lost, reconnecting…", "fr": "Connexion perdue, reconnexion…"}
#: Moves made in the game left in progress.
IN_PROGRESS_MOVES = 30


@dataclass(frozen=True)
class Evening:
    url: str
    #: The pages to look at: {screenshot name: path after the address}.
    pages: dict[str, str]


def wait_for(condition: Callable[[], Any], what: str) -> Any:
    """`condition()`'s first true answer, asked again until GENEROUS seconds have passed."""
    deadline = time.monotonic() + GENEROUS
    while not (answer := condition()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)
    return answer


def start_game(state: Path, game: str, seed: int, moves: int) -> None:
    """`game` left in progress in `state`'s journal after `moves` of a random play."""
    rules = GAMES[game]
    with Journal(journal_path(state)) as journal:
        session = GameSession.start(journal, rules, players_for(game))
        for event in play_random(rules, session.state, seed=seed).events[:moves]:
            session.submit(event)
        assert not session.finished


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Evening]:
    folder = tmp_path_factory.mktemp("evening")
    state = folder / "state"
    for seed, game in enumerate(sorted(GAMES), start=1):
        finished_play(state, game, seed)
    start_game(state, "ticket-to-ride", seed=4, moves=IN_PROGRESS_MOVES)
    with mosquitto(folder / "broker") as broker:
        publish_game(folder / "hall.sqlite3", broker.port, "hall", "freight-train", 2,
                     ("Ana", "Ben", "Cléo"))
        publish_game(folder / "porch.sqlite3", broker.port, "porch", "whistle-stop", 3,
                     ("Ana", "Dan"), moves=12)
        with web_server(state, "--mqtt", broker.url) as url:
            wait_for(lambda: all(table["live"] and table["plays"] for table in
                                 get_json(url + "api/tables")["tables"][:2])
                     and len(get_json(url + "api/tables")["tables"]) == 2,
                     "both tables on the board")
            pages = {"live": "", "plays": "plays", "players": "players", "tables": "tables"}
            for play in get_json(url + "api/plays")["plays"]:
                state_word = "finished" if play["finished"] else "in-progress"
                pages[f"play-{play['game']}-{state_word}"] = f"p/{play['short_id']}"
            yield Evening(url, pages)


def background_luminance(driver: WebDriver) -> float:
    found: float = driver.execute_script("""
        var rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
        return (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;""")
    return found


@needs_mosquitto
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_reads_on_a_phone(tmp_path: Path, evening: Evening, language: str,
                                     scheme: str) -> None:
    driver = chromium(tmp_path / "profile", LANGUAGES[language], *PHONE, mobile=True)
    try:
        color_scheme(driver, scheme)
        assert len(evening.pages) == 4 + len(GAMES) + 1
        for name, path in evening.pages.items():
            driver.get(evening.url + path)
            WebDriverWait(driver, GENEROUS).until(
                lambda driver: driver.execute_script(
                    "return document.readyState === 'complete' && "
                    "!!document.querySelector('main')"))
            screenshot(driver, tmp_path / "screens", f"{language}-{scheme}-{name}")
            assert driver.execute_script("return document.documentElement.lang") == language
            assert driver.execute_script("return window.innerWidth") == PHONE[0]
            # The scheme asked for is the one drawn: a dark page, or a light one.
            luminance = background_luminance(driver)
            assert luminance < 0.2 if scheme == "dark" else luminance > 0.9, (name, luminance)
            assert page_faults(driver) == [], name
    finally:
        driver.quit()


@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("fr", "dark")])
def test_the_live_page_says_when_its_stream_is_lost(tmp_path: Path, language: str,
                                                    scheme: str) -> None:
    state = tmp_path / "state"
    state.mkdir()
    port = str(free_port())
    driver = chromium(tmp_path / "profile", LANGUAGES[language], *PHONE, mobile=True)

    def notice() -> dict[str, Any]:
        shown: dict[str, Any] = driver.execute_script("""
            var notice = document.getElementById('connection');
            var box = notice.getBoundingClientRect();
            var play = document.getElementById('play');
            return {shown: !notice.hidden && box.height > 0, text: notice.textContent,
                    top: box.top, moves: play ? play.dataset.seq : null};""")
        return shown

    try:
        color_scheme(driver, scheme)
        with web_server(state, "--port", port) as url:
            driver.get(url)
            assert notice() == {"shown": False, "text": "", "top": 0, "moves": None}
            assert driver.execute_script("return !!document.querySelector('#live .idle')")
        # The server is gone: the page says so, on the first screen.
        lost = wait_for(lambda: notice() if notice()["shown"] else None, "the notice")
        assert lost["text"] == LOST[language] and 0 <= lost["top"] < PHONE[1] / 4
        screenshot(driver, tmp_path / "screens", f"{language}-{scheme}-connection-lost")
        assert page_faults(driver) == []
        # A game started while the stream was down shows once it is back, and the notice goes.
        start_game(state, "freight-train", seed=5, moves=3)
        with web_server(state, "--port", port) as url:
            assert url.endswith(f":{port}/")
            back = wait_for(lambda: notice() if notice()["moves"] == "3" else None,
                            "the game started meanwhile")
            assert back["shown"] is False and back["text"] == ""
    finally:
        driver.quit()


@pytest.mark.parametrize(("language", "word"), [("en", "damaged"), ("fr", "endommagé")])
def test_the_live_page_says_when_the_journal_cannot_be_read(tmp_path: Path, language: str,
                                                           word: str) -> None:
    state = tmp_path / "state"
    start_game(state, "freight-train", seed=5, moves=3)
    driver = chromium(tmp_path / "profile", LANGUAGES[language], *PHONE, mobile=True)
    try:
        with web_server(state) as url:
            driver.get(url)
            wait_for(lambda: driver.execute_script(
                "var play = document.getElementById('play');"
                "return play && play.dataset.seq === '3';"), "the game in progress")
            path = journal_path(state)
            damaged = bytearray(path.read_bytes())
            damaged[:100] = b"\x13" * 100  # the SQLite header: no longer a database
            path.write_bytes(bytes(damaged))
            said = wait_for(lambda: driver.execute_script(
                "var notice = document.getElementById('connection');"
                "return notice.hidden ? null : notice.textContent;"), "the journal's notice")
            # The server's reason stays in sight, not the "connection lost" words after it.
            assert word in said and said != LOST[language], said
            screenshot(driver, tmp_path / "screens", f"{language}-journal-unreadable")
            assert page_faults(driver) == [], said
    finally:
        driver.quit()


def test_chromium_can_add_the_scoreboard_to_a_home_screen(tmp_path: Path) -> None:
    finished_play(tmp_path / "state", "whistle-stop", seed=1)
    driver = chromium(tmp_path / "profile", LANGUAGES["fr"], *PHONE, mobile=True)
    try:
        with web_server(tmp_path / "state") as url:
            driver.get(url + "plays")
            manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
            assert manifest["url"] == url + "manifest.webmanifest"
            assert manifest["errors"] == []
            assert '"Tableau des scores de la soirée"' in manifest["data"]
            # What Chromium requires before it offers to install the page: none is missing.
            found = wait_for(lambda: driver.execute_cdp_cmd(
                "Page.getInstallabilityErrors", {}), "the installability check")
            assert found["installabilityErrors"] == []
    finally:
        driver.quit()


def test_the_page_check_finds_each_fault(tmp_path: Path) -> None:
    """The check itself, on a page made of the faults the scoreboard had: a word cut in a
    narrow cell, a table wider than the phone, the sequence numbers' old grey."""
    faulty = ("<meta name='viewport' content='width=device-width'>"
              "<body style='margin:0;background:#fafafa;color:#111'>"
              "<p style='width:4em;overflow-wrap:anywhere'>Breakdown</p>"
              "<table style='width:500px'><tr><td>Freight Train</td></tr></table>"
              "<p>Last <span style='color:#777'>30</span> moves, all fine</p></body>")
    driver = chromium(tmp_path / "profile", LANGUAGES["en"], *PHONE, mobile=True)
    try:
        driver.get("data:text/html;charset=utf-8," + quote(faulty))
        faults = {(fault["kind"], fault["where"]) for fault in page_faults(driver)}
        assert {("split", "p"), ("overflow", "html"), ("overflow", "table"),
                ("contrast", "span")} <= faults
        words = {fault["detail"] for fault in page_faults(driver) if fault["kind"] == "split"}
        assert words == {"Breakdown"}
    finally:
        driver.quit()
