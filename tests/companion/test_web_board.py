"""`companion web --mqtt`: every table of the evening on one board, and the standings."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from companion.publish.mqtt_settings import MqttSettings
from companion.publish.outbox import Outbox
from companion.publish.publisher import Publisher
from companion.state.journal import Journal
from companion.table.session import GameSession
from companion.web.board import Evening
from companion.web.board_pages import tables_page
from engine.registry import GAMES
from engine.simulate import play_random

from .mosquitto import mosquitto, needs_mosquitto
from .web_server import get, get_json, web_server

ROOT = Path(__file__).parents[2]
NOW = datetime(2026, 12, 4, 21, 30, tzinfo=timezone(timedelta(hours=1)))


def uid(short: str) -> str:
    """A play's uuid in the journal's form, told apart by `short` ("p1")."""
    return f"00000000-0000-4000-8000-{short.encode().hex():0>12}"


def at(table: str, short: str) -> str:
    """The topic of play `short` of `table`."""
    return f"companion/{table}/plays/{uid(short)}"


def play(short: str, players: list[str], started: datetime | str,
         winners: list[str] | None) -> bytes:
    result = None if winners is None else {
        "game": "freight-train", "winners": winners,
        "players": [{"name": name, "total": 10 + (name in winners), "breakdown": {}}
                    for name in players]}
    stamp = started if isinstance(started, str) else started.isoformat()
    return json.dumps({"uuid": uid(short), "game": "freight-train", "players": players,
                       "started": stamp, "finished": None if result is None else stamp,
                       "result": result}).encode()


def test_the_standings_count_wins_across_the_evenings_tables() -> None:
    evening = Evening(clock=lambda: NOW)
    earlier = NOW - timedelta(hours=2)
    assert evening.receive(at("hall", "p1"), play("p1", ["Ana", "Ben"], earlier,
                                                            ["Ana"]), retained=True)
    evening.receive(at("hall", "p2"), play("p2", ["Ana", "Ben"], earlier, ["Ben"]),
                    retained=False)
    evening.receive(at("porch", "p3"), play("p3", ["Ana", "Dan"], earlier, ["Ana"]),
                    retained=False)
    evening.receive(at("porch", "p4"), play("p4", ["Ana", "Dan"], earlier, None),
                    retained=False)  # in progress: no win yet
    # Last week's retained play is not of the evening.
    evening.receive(at("attic", "p5"),
                    play("p5", ["Eve"], NOW - timedelta(days=7), ["Eve"]), retained=True)
    standings = evening.standings()
    assert [(row["name"], row["wins"], row["plays"]) for row in standings] == [
        ("Ana", 2, 3), ("Ben", 1, 2), ("Dan", 0, 1)]
    assert standings[0]["tables"] == ["hall", "porch"]
    assert [table["table"] for table in evening.tables()] == ["hall", "porch"]


def test_a_play_stamped_by_an_unset_clock_counts_only_when_it_arrives_live() -> None:
    evening = Evening(clock=lambda: NOW)
    unset = "1970-01-01T00:02:00+00:00"
    evening.receive(at("old", "p1"), play("p1", ["Ana"], unset, ["Ana"]),
                    retained=True)
    evening.receive(at("new", "p2"), play("p2", ["Ben"], unset, ["Ben"]),
                    retained=False)
    assert [table["table"] for table in evening.tables()] == ["new"]


def test_messages_that_are_not_a_tables_are_ignored() -> None:
    evening = Evening(clock=lambda: NOW)
    assert not evening.receive("companion/hall/live", b"not json", retained=False)
    assert not evening.receive("companion/hall/live", b"[1, 2]", retained=False)
    assert not evening.receive("elsewhere/hall/live", b"{}", retained=False)
    assert not evening.receive("companion/hall/status", b"{}", retained=False)
    assert evening.tables() == []


def test_the_board_page_speaks_english_and_french() -> None:
    evening = Evening(clock=lambda: NOW)
    evening.receive(at("hall", "p1"),
                    play("p1", ["Ana", "Ben"], NOW - timedelta(hours=1), ["Ana"]), False)
    tables = evening.tables()
    snapshot = {"broker": "b:1883", "connected": True, "tables": tables,
                "standings": evening.standings(tables)}
    english = tables_page(snapshot, "en")
    french = tables_page(snapshot, "fr")
    assert "Evening standings" in english and "Table hall" in english
    assert "Won by Ana" in english
    assert 'lang="fr"' in french and "Classement de la soirée" in french
    assert "Gagnée par Ana" in french
    offline = tables_page({**snapshot, "connected": False}, "en")
    assert "b:1883 cannot be reached" in offline


def test_a_wrong_broker_address_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "web", "--state-dir", str(tmp_path),
         "--mqtt", "http://broker"], capture_output=True, text=True, cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "COMPANION_LANG": "en"})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--mqtt: expected mqtt://HOST:PORT" in done.stderr


def test_a_board_bound_out_of_range_is_refused_in_one_line(tmp_path: Path) -> None:
    for language, said in (("en", "--max-tables must be from 1 to 10000, not 0"),
                           ("fr", "--max-tables doit aller de 1 à 10000, pas 0")):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "web", "--state-dir", str(tmp_path),
             "--mqtt", "mqtt://127.0.0.1:1883", "--max-tables", "0"],
            capture_output=True, text=True, cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "COMPANION_LANG": language})
        assert done.returncode == 2
        assert done.stderr == f"companion web: {said}\n"


def publish_game(path: Path, port: int, table: str, game: str, seed: int,
                 players: tuple[str, ...], moves: int | None = None) -> dict[str, Any] | None:
    """A play at a simulated table publishing to the broker; its result when it ended."""
    rules = GAMES[game]
    events = list(play_random(rules, rules.new_game(players), seed=seed).events)
    with Journal(path, durable=False) as journal:
        outbox = Outbox()
        session = GameSession.start(journal, rules, players, outbox=outbox)
        publisher = Publisher(path, MqttSettings("127.0.0.1", port, table))
        outbox.listen(publisher.wake)
        publisher.start()
        try:
            for event in events[:moves]:
                session.submit(event)
            assert publisher.wait_until_sent(None)
        finally:
            publisher.stop()
        return session.play.result


@needs_mosquitto
def test_companion_web_shows_every_table_and_the_standings(tmp_path: Path) -> None:
    with mosquitto(tmp_path / "broker") as broker:
        won = publish_game(tmp_path / "hall.sqlite3", broker.port, "hall", "freight-train", 2,
                           ("Ana", "Ben", "Cléo"))
        publish_game(tmp_path / "porch.sqlite3", broker.port, "porch", "whistle-stop", 3,
                     ("Ana", "Dan"), moves=12)
        assert won is not None
        with web_server(tmp_path / "state", "--mqtt", broker.url) as address:
            board = get_json(address + "api/tables")
            # Until every retained message is in: each table's live view and its play (they
            # arrive one by one, so two tables listed may still lack one of them).
            deadline = time.monotonic() + 120
            while not (board["connected"] and len(board["tables"]) == 2
                       and all(table["live"] and table["plays"] for table in board["tables"])):
                assert time.monotonic() < deadline, f"the board never showed both: {board}"
                board = get_json(address + "api/tables")
            status, headers, english = get(address + "tables")
            _, _, french = get(address + "tables", headers={"Accept-Language": "fr"})
    hall, porch = board["tables"]
    assert (hall["table"], porch["table"]) == ("hall", "porch")
    assert hall["live"]["status"] == "finished" and hall["plays"][0]["winners"] == won["winners"]
    assert porch["live"]["status"] == "playing" and porch["live"]["event_count"] == 12
    assert porch["plays"][0]["winners"] is None
    wins = {row["name"]: row["wins"] for row in board["standings"]}
    assert wins == {name: int(name in won["winners"]) for name in ("Ana", "Ben", "Cléo")}
    assert status == 200 and headers["content-security-policy"].startswith("default-src 'self'")
    assert "Table hall" in english and "Table porch" in english
    assert 'lang="fr"' in french and "Classement de la soirée" in french
    assert "http" not in english.replace('http-equiv', '')  # nothing fetched from elsewhere
