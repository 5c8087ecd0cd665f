"""The scoreboard in a real headless Chromium (Selenium and the system's chromedriver), from
`companion web` running as its own process: the live page follows a move, the play page's
numbers are the journal's, French, and a phone's width. Screenshots stay in tmp_path."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from companion.games.names import category_name
from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.state.replay import rebuild
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

from .browser import GENEROUS, chromium, needs_chromium
from .web_server import finished_play, get_json, players_for, web_server

pytestmark = needs_chromium


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    driver = chromium(tmp_path / "profile", "en-GB,en")
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(tmp_path / "profile", ignore_errors=True)


def shown_seq(driver: WebDriver) -> str | None:
    # Read in one script: the live section is replaced whole after each move, so an element
    # found by one call may be gone by the next.
    seq: str | None = driver.execute_script(
        "var play = document.getElementById('play'); return play ? play.dataset.seq : null;")
    return seq


def shown_live(driver: WebDriver) -> dict[str, object]:
    """The live section's text and its score rows, read at one moment."""
    found: dict[str, object] = driver.execute_script("""
        var live = document.getElementById('live');
        var rows = Array.from(live.querySelectorAll('tr.player')).map(function (row) {
            return [row.querySelector('th').firstChild.textContent.trim(),
                    parseInt(row.querySelector('.total').textContent, 10)];
        });
        return {text: live.innerText, rows: rows};""")
    return found


def test_the_live_page_shows_a_move_as_it_is_made(tmp_path: Path, browser: WebDriver) -> None:
    state = tmp_path / "state"
    rules = GAMES["ticket-to-ride"]
    with Journal(journal_path(state)) as journal, web_server(state) as url:
        browser.get(url)
        assert shown_live(browser)["text"] == "No game in progress."
        session = GameSession.start(journal, rules, players_for("ticket-to-ride"))
        events = play_random(rules, session.state, seed=7).events
        for event in events[:5]:
            session.submit(event)
        WebDriverWait(browser, GENEROUS).until(lambda driver: shown_seq(driver) == "5")
        session.submit(events[5])
        WebDriverWait(browser, GENEROUS).until(lambda driver: shown_seq(driver) == "6")
        browser.save_screenshot(str(tmp_path / "live.png"))
        shown = shown_live(browser)
        text = str(shown["text"])
        assert "Ticket to Ride" in text and "6 moves" in text
        # The running scores shown are the engine's for the state now, less the secret
        # destination tickets (test_live_secrets checks every view of whole games).
        expected = rules.result(session.state).to_json()
        assert shown["rows"] == [[player["name"],
                                  player["total"] - player["breakdown"]["tickets"]]
                                 for player in expected["players"]]


def test_the_play_page_shows_the_journals_numbers(tmp_path: Path, browser: WebDriver) -> None:
    state = tmp_path / "state"
    uuid = finished_play(state, "freight-train", seed=9)
    with Journal.open_read_only(journal_path(state)) as journal:
        play = next(play for play in journal.plays() if play.uuid == uuid)
        final, _ = rebuild(journal, GAMES[play.game], play)
    assert play.result == GAMES[play.game].result(final).to_json()
    with web_server(state) as url:
        short = get_json(f"{url}api/plays/{uuid}")["short_id"]
        browser.get(f"{url}p/{short}")
        browser.save_screenshot(str(tmp_path / "play.png"))
        rows = browser.find_elements(By.CSS_SELECTOR, "table.scores tr.player")
        assert len(rows) == len(play.result["players"])
        for row, player in zip(rows, play.result["players"]):
            name = row.find_element(By.TAG_NAME, "th").text
            assert name.split("\n")[0].replace(" winner", "") == player["name"]
            assert int(row.find_element(By.CLASS_NAME, "total").text) == player["total"]
            items = row.find_elements(By.CSS_SELECTOR, "ul.breakdown li")
            shown = {item.find_element(By.TAG_NAME, "span").text:
                     int(item.find_element(By.CLASS_NAME, "points").text) for item in items}
            # Each category by its name on the table's screen.
            assert shown == {category_name(play.game, key, "en"): points
                             for key, points in player["breakdown"].items()}
        marked = {row.find_element(By.TAG_NAME, "th").text.split()[0] for row in rows
                  if row.find_elements(By.CLASS_NAME, "winner")}
        assert marked == set(play.result["winners"])


def test_french_on_a_phone_without_sideways_scrolling(tmp_path: Path) -> None:
    state = tmp_path / "state"
    finished_play(state, "ticket-to-ride", seed=3)
    finished_play(state, "whistle-stop", seed=3)
    driver = chromium(tmp_path / "profile", "fr-FR,fr", width=360, height=740)
    try:
        with web_server(state) as url:
            short = get_json(url + "api/plays")["plays"][0]["short_id"]
            for path in ("", "plays", "players", f"p/{short}"):
                driver.get(url + path)
                driver.save_screenshot(str(tmp_path / f"phone-{path.replace('/', '-')}.png"))
                assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
                assert "En direct" in driver.find_element(By.TAG_NAME, "nav").text
                overflow = driver.execute_script(
                    "return document.documentElement.scrollWidth - window.innerWidth")
                assert overflow <= 0, (path, overflow)
            driver.get(url + "players")
            assert "Victoires" in driver.find_element(By.TAG_NAME, "main").text
    finally:
        driver.quit()


def test_the_play_page_offers_bg_stats_and_the_downloads(tmp_path: Path,
                                                         browser: WebDriver) -> None:
    from .test_web_bgstats import exported, link_data

    state = tmp_path / "state"
    uuid = finished_play(state, "ticket-to-ride", seed=5)
    with web_server(state) as url:
        short = get_json(f"{url}api/plays/{uuid}")["short_id"]
        # As a phone opens it from the table's QR code: the address in capitals.
        browser.get(f"{url}P/{short.upper()}")
        browser.save_screenshot(str(tmp_path / "play-bgstats.png"))
        button = browser.find_element(By.CSS_SELECTOR, "a.bgstats")
        assert button.is_displayed() and button.text == "Add to BG Stats"
        href = str(button.get_attribute("href"))
        assert link_data(f'<a class="bgstats" href="{href}">x</a>') == exported(state)[uuid]
        downloads = {link.text: str(link.get_attribute("href")) for link in
                     browser.find_elements(By.CSS_SELECTOR, ".downloads a[download]")}
        assert downloads == {"JSON": f"{url}p/{short}.json", "CSV": f"{url}p/{short}.csv"}
