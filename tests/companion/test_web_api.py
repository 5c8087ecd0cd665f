"""`companion web`'s JSON interface, from its own process: plays exactly as journalled, the
live game, one-line 404s, and nothing but GET and HEAD."""

from __future__ import annotations

import csv
import io
import json
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

from .web_server import finished_play, get, get_json, players_for, web_server


@pytest.fixture(scope="module")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A state folder with one finished play of every game."""
    folder = tmp_path_factory.mktemp("state")
    uuids = {game: finished_play(folder, game, seed=11) for game in GAMES}
    return folder, uuids


def test_every_finished_play_has_the_journals_result(
        every_game: tuple[Path, dict[str, str]]) -> None:
    folder, uuids = every_game
    with Journal.open_read_only(journal_path(folder)) as journal:
        stored = {play.uuid: play for play in journal.plays()}
    with web_server(folder) as url:
        listed = get_json(url + "api/plays")["plays"]
        assert sorted(entry["uuid"] for entry in listed) == sorted(uuids.values())
        for game, uuid in uuids.items():
            entry = get_json(f"{url}api/plays/{uuid}")
            assert entry["game"] == game
            assert entry["result"] == stored[uuid].result
            assert entry["result"]["game"] == game
            assert set(entry["result"]) == {"game", "players", "winners"}
            # The short address and the downloads give the same play.
            short = entry["short_id"]
            status, headers, body = get(f"{url}p/{short}.json")
            assert status == 200 and "attachment" in headers["content-disposition"]
            assert json.loads(body)["result"] == stored[uuid].result
            status, _, body = get(f"{url}p/{short}.csv")
            rows = list(csv.DictReader(io.StringIO(body)))
            assert [int(row["score"]) for row in rows] == [
                player["total"] for player in stored[uuid].result["players"]]


def test_live_follows_a_game_in_progress(tmp_path: Path) -> None:
    game = "freight-train"
    rules = GAMES[game]
    with Journal(journal_path(tmp_path)) as journal, web_server(tmp_path) as url:
        assert get_json(url + "api/live") == {"status": "idle"}
        session = GameSession.start(journal, rules, players_for(game))
        events = play_random(rules, session.state, seed=5).events
        for event in events[:12]:
            session.submit(event)
        live = get_json(url + "api/live")
        assert live["status"] == "playing"
        assert live["uuid"] == session.play.uuid
        assert live["event_count"] == 12
        assert live["last_moves"][0] == {**live["last_moves"][0], "seq": 12,
                                         "event": events[11].to_json()}
        assert live["turn"] in players_for(game)
        assert live["stage"]["day"] >= 1
        # Freight Train hides no score: the running one is the engine's, with its leaders
        # (none while all are level), not yet winners.
        running = rules.result(session.state).to_json()
        assert live["result"] == {"game": game, "players": running["players"], "leaders": []}
        session.submit(events[12])
        assert get_json(url + "api/live")["event_count"] == 13
        # An unfinished play's entry carries the same live view.
        assert get_json(f"{url}api/plays/{session.play.uuid}")["live"]["event_count"] == 13


def test_missing_things_are_404_in_one_line_of_json(tmp_path: Path) -> None:
    with web_server(tmp_path) as url:
        for path in ("api/plays/00000000-0000-0000-0000-000000000000", "p/deadbeef",
                     "p/deadbeef.json", "nowhere", "static/secret.txt"):
            status, headers, body = get(url + path)
            assert status == 404, path
            assert headers["content-type"] == "application/json"
            assert "\n" not in body.strip() and json.loads(body)["error"]
        status, _, body = get(url + "nowhere", headers={"Accept-Language": "fr"})
        assert json.loads(body)["error"] == "Cette page n’existe pas."


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_only_get_and_head(tmp_path: Path, method: str) -> None:
    finished_play(tmp_path, "whistle-stop", seed=2)
    before = journal_path(tmp_path).read_bytes()
    with web_server(tmp_path) as url:
        uuid = get_json(url + "api/plays")["plays"][0]["uuid"]
        for path in ("", "api/plays", f"api/plays/{uuid}", "api/live"):
            assert get(url + path, method="HEAD")[0] == 200
            status, _, body = get(url + path, method=method)
            assert status == 405, (method, path)
            assert json.loads(body)["error"]
    assert journal_path(tmp_path).read_bytes() == before


def test_the_pages_say_nothing_is_fetched_from_elsewhere(tmp_path: Path) -> None:
    finished_play(tmp_path, "game-of-trains", seed=4)
    with web_server(tmp_path) as url:
        for path in ("", "plays", "players"):
            status, headers, body = get(url + path)
            assert status == 200
            assert headers["content-security-policy"].startswith("default-src 'self'")
            assert "http://" not in body and "https://" not in body and "//" not in \
                body.replace("<!doctype", "")


def test_a_newer_journal_is_said_in_one_line(tmp_path: Path) -> None:
    finished_play(tmp_path, "freight-train", seed=1)
    with sqlite3.connect(journal_path(tmp_path)) as db:
        db.execute("PRAGMA user_version = 999")
    db.close()
    with web_server(tmp_path) as url:
        status, _, body = get(url + "api/plays")
        assert status == 503
        assert "newer" in json.loads(body)["error"]


def test_the_tables_process_loads_nothing_of_the_scoreboard(tmp_path: Path) -> None:
    from .test_lazy_imports import loaded, modules_after

    modules = modules_after("demo", "whistle-stop", "--state-dir", str(tmp_path / "demo"))
    assert "companion.cli.run" in modules  # the probe did run the table
    for prefix in ("companion.web", "companion.cli.web", "starlette", "uvicorn", "anyio"):
        assert loaded(modules, prefix) == [], prefix


def test_bad_command_lines_are_one_line_and_status_2(tmp_path: Path) -> None:
    taken = socket.create_server(("127.0.0.1", 0))
    port = taken.getsockname()[1]
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    try:
        for args, words in (
            (["--port", "70000"], "between 0 and 65535"),
            (["--port", "many"], "invalid int value"),
            (["--host", "127.0.0.1", "--port", str(port)], "cannot listen on 127.0.0.1"),
            (["--state-dir", str(tmp_path / "file")], "is not a folder"),
        ):
            done = subprocess.run([sys.executable, "-m", "companion", "web", *args],
                                  capture_output=True, text=True, check=False)
            assert done.returncode == 2, (args, done.stderr)
            assert words in done.stderr and done.stderr.count("\n") == 1, done.stderr
            assert "Traceback" not in done.stderr and done.stdout == ""
    finally:
        taken.close()


@pytest.mark.parametrize(("header", "language"), [
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("en-GB,fr;q=0.5", "en"), ("de,fr;q=0.7", "fr"),
    ("de-DE", "en"), ("", "en"), (None, "en"), ("fr;q=0,en;q=0.3", "en"), ("fr;q=x", "en"),
])
def test_the_language_is_the_browsers_first_that_the_companion_speaks(
        header: str | None, language: str) -> None:
    from companion.web.i18n import negotiate

    assert negotiate(header) == language
