"""Mid-game the scoreboard badges the running leader "leading"; "winner" is for a finished
play only, in English and in French."""

from __future__ import annotations

import re
from pathlib import Path

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from companion.web.pages import scores_table
from engine.registry import GAMES
from engine.simulate import play_random

from .web_server import get, get_json, players_for, web_server

BADGES = {"en": ("leading", "winner"), "fr": ("en tête", "gagnant")}


def badges(html: str) -> list[tuple[str, str]]:
    """Each badge of the page as (class, text)."""
    return re.findall(r'<span class="(leading|winner)">([^<]*)</span>', html)


def test_leading_during_the_game_winner_once_it_is_over(tmp_path: Path) -> None:
    game = "whistle-stop"
    rules = GAMES[game]
    with Journal(journal_path(tmp_path)) as journal, web_server(tmp_path) as url:
        session = GameSession.start(journal, rules, players_for(game))
        events = list(play_random(rules, session.state, seed=2).events)
        leaders: list[str] = []
        while not leaders:  # until one player is ahead
            session.submit(events.pop(0))
            leaders = get_json(url + "api/live")["result"]["leaders"]
        short = get_json(url + "api/live")["short_id"]
        for language, (leading, winner) in BADGES.items():
            for path in ("", f"p/{short}"):
                status, _, html = get(url + path, headers={"Accept-Language": language})
                assert status == 200
                assert badges(html) == [("leading", leading)] * len(leaders), (language, path)
                assert winner not in html
        for event in events:
            session.submit(event)
        assert session.finished
        winners = session.play.result["winners"] if session.play.result else []
        assert winners
        for language, (_, winner) in BADGES.items():
            status, _, html = get(f"{url}p/{short}", headers={"Accept-Language": language})
            assert status == 200
            assert badges(html) == [("winner", winner)] * len(winners), language
            assert 'class="leading"' not in html


def test_a_result_marks_winners_a_running_one_its_leaders() -> None:
    players = [{"name": "Ana", "total": 9, "breakdown": {}},
               {"name": "Ben", "total": 4, "breakdown": {}}]
    final = scores_table({"players": players, "winners": ["Ana"]}, "en")
    running = scores_table({"players": players, "leaders": ["Ana"]}, "fr")
    assert badges(final) == [("winner", "winner")]
    assert badges(running) == [("leading", "en tête")]
