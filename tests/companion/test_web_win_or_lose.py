"""The Game of Trains is won or lost, without points: its pages show the winner and the order
of the players, never totals of 0, in English and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from companion.web import pages
from companion.web.board_pages import tables_page
from companion.web.data import JournalView, Profile
from companion.web.live import live
from engine.registry import GAMES
from engine.simulate import play_random

from .web_html import Element, parse
from .web_server import finished_play, players_for

GAME = "game-of-trains"
WINNER = {"en": "Winner: {name}", "fr": "Gagnant : {name}"}
NOT_YET = {"en": "No winner yet", "fr": "Pas encore de gagnant"}


def _order(page: Element) -> list[tuple[int, str, bool]]:
    rows = page.one("table", "order").one("tbody").all("tr")
    return [(int(row.one("td").text), row.one("th").text.split()[0],
             bool(row.all("span", "winner"))) for row in rows]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_finished_play_shows_its_winner_and_order(tmp_path: Path, language: str) -> None:
    uuid = finished_play(tmp_path, GAME, seed=11)
    view = JournalView(tmp_path)
    try:
        play = next(play for play in view.plays() if play.uuid == uuid)
        html = pages.play_page(play, None, language)
    finally:
        view.close()
    assert play.result is not None
    [winner] = play.result["winners"]
    page = parse(html)
    assert page.one("p", "outcome").text == WINNER[language].format(name=winner)
    order = _order(page)
    assert order[0] == (1, winner, True)
    assert sorted(name for _, name, _ in order) == sorted(play.players)
    assert all(place == 2 and not won for place, _, won in order[1:])
    # No scores: no totals table, no picture of points.
    assert not page.all("table", "scores") and not page.all("svg")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_game_in_progress_shows_no_totals(tmp_path: Path, language: str) -> None:
    rules = GAMES[GAME]
    with Journal(journal_path(tmp_path)) as journal:
        session = GameSession.start(journal, rules, players_for(GAME))
        for event in play_random(rules, session.state, seed=11).events[:20]:
            session.submit(event)
        assert not session.finished
    view = JournalView(tmp_path)
    try:
        page = parse(pages.live_page(view.read(live), language))
    finally:
        view.close()
    assert page.one("p", "outcome").text.startswith(NOT_YET[language])
    assert not page.all("table", "scores") and not page.all("td", "total")


def test_the_players_page_and_the_board_give_no_average_of_a_win() -> None:
    profile = Profile("Ana", games={GAME: {"plays": 3, "wins": 2, "average": 0.7, "best": 1},
                                    "freight-train": {"plays": 2, "wins": 1, "average": 40.5,
                                                      "best": 44}})
    for language, average in (("en", "40.5"), ("fr", "40,5")):
        rows = parse(pages.players_page([profile], language)).one("tbody").all("tr")
        cells = {row.all("td")[0].text: [cell.text for cell in row.all("td")[1:]]
                 for row in rows}
        assert cells[pages.game_name(GAME, language)] == ["3", "2", "-", "-"]
        assert cells[pages.game_name("freight-train", language)] == ["2", "1", average, "44"]
    result = {"game": GAME, "winners": ["Ben"], "players": [
        {"name": "Ana", "total": 0, "breakdown": {"ascending": 0}},
        {"name": "Ben", "total": 1, "breakdown": {"ascending": 1}}]}
    board = parse(tables_page({"connected": True, "tables": [{
        "table": "hall", "live": {"game": GAME, "status": "finished", "event_count": 9,
                                  "result": result}, "plays": []}]}, "fr"))
    assert board.one("p", "outcome").text == "Gagnant : Ben"
    assert _order(board) == [(1, "Ben", True), (2, "Ana", False)]
