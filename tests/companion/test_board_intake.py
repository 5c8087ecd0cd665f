"""The board's intake: what every table publishes passes; anything else is dropped in one log
line, forgets its topic when empty, and never raises; the board keeps a bounded evening."""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from companion.games.map_choices import map_option
from companion.lib.log_limit import LimitedLog
from companion.publish.mqtt_settings import MqttSettings
from companion.publish.outbox import Outbox
from companion.state.endings import ABANDONED
from companion.state.journal import Journal
from companion.table.session import GameSession
from companion.web.board import Board, Evening
from companion.web.board_intake import MAX_DEPTH, Intake, Message, decode, deeper_than, read
from companion.web.board_limits import BoardLimits
from companion.web.board_schema import Unfit
from engine.registry import GAMES
from engine.simulate import play_random

ROOT = Path(__file__).parents[2]
NOW = datetime(2026, 12, 4, 21, 30, tzinfo=timezone(timedelta(hours=1)))
NAMES = ("Ana", "Ben", "Cléo 🚂", "Dan", "Eve")


def uid(number: int) -> str:
    return f"00000000-0000-4000-8000-{number:012d}"


def good_play(number: int, started: datetime = NOW, players: tuple[str, ...] = ("Ana", "Ben"),
              winners: list[str] | None = None) -> bytes:
    result = None if winners is None else {
        "game": "freight-train", "winners": winners,
        "players": [{"name": name, "total": 10, "breakdown": {"loads": 10}} for name in players]}
    return json.dumps({"id": number, "uuid": uid(number), "game": "freight-train",
                       "players": list(players), "options": {}, "key": None,
                       "started": started.isoformat(), "finished": None, "ending": None,
                       "result": result}).encode()


def published(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """Every item a table publishes over a random play of each game (ended by its rules,
    and one abandoned), and a Ticket to Ride play on a map file of one's own, as
    (topic under companion/<table>/, payload)."""
    import companion.state.outbox_store as store

    sent: list[tuple[str, bytes]] = []
    enqueue = store.enqueue

    def spy(db: Any, items: Any, dumps: Any) -> None:
        sent.extend((item.topic, dumps(item.payload).encode()) for item in items)
        enqueue(db, items, dumps)

    monkeypatch.setattr(store, "enqueue", spy)
    own_map = {"map_name": map_option("ticket-to-ride",
                                      str(ROOT / "examples" / "maps" / "example.toml"))}
    plays = [(game, {}, max(GAMES[game].players)) for game in GAMES]
    plays.append(("ticket-to-ride", own_map, 3))
    with Journal(tmp_path / "table.sqlite3", durable=False) as journal:
        for seed, (game, options, seats) in enumerate(plays):
            rules = GAMES[game]
            players = NAMES[:seats]
            session = GameSession.start(journal, rules, players, options, outbox=Outbox())
            for event in play_random(rules, session.state, seed=seed).events:
                session.submit(event)
        session = GameSession.start(journal, GAMES["whistle-stop"], NAMES[:2], outbox=Outbox())
        session.end_early(ABANDONED)
    return sent


def test_everything_a_table_publishes_is_taken_as_it_was_sent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = published(tmp_path, monkeypatch)
    assert {topic.split("/")[0] for topic, _ in sent} == {"live", "plays"}
    results = [json.loads(payload)["result"] for topic, payload in sent
               if topic.startswith("plays/")]
    assert any(result and result.get("ending") == ABANDONED for result in results)
    assert max(len(payload) for topic, payload in sent if topic.startswith("plays/")) > 2000
    for topic, payload in sent:
        message = read(f"companion/kitchen/{topic}", payload)
        sent_value = json.loads(payload)
        assert message.table == "kitchen" and message.value is not None
        # Every field kept is as the table sent it (options alone are left out).
        assert message.value == {key: sent_value[key] for key in message.value}
        kept = set(message.value)
        assert kept >= {"uuid", "game", "players", "started"}
        if topic == "live":
            assert kept >= {"status", "event_count", "last_moves", "result", "turn", "stage"}


def test_the_depth_is_counted_on_the_bytes_brackets_in_strings_aside() -> None:
    assert deeper_than(b"[" * 1000, MAX_DEPTH)
    assert deeper_than(b'{"a":' * 17 + b"1" + b"}" * 17, MAX_DEPTH)
    assert not deeper_than(b'{"a":' * 16 + b"1" + b"}" * 16, MAX_DEPTH)
    assert not deeper_than(json.dumps({"name": "[" * 500 + '\\"{'}).encode(), MAX_DEPTH)
    # A string left open runs to the end, once (no quadratic rescan).
    assert not deeper_than(b'"\\"' * 30000, MAX_DEPTH)


@pytest.mark.parametrize(("payload", "said"), [
    (b"[" * 1000 + b"]" * 1000, "nested more than"),
    (b'{"a": NaN}', "NaN is not a number"),
    (b'{"a": -Infinity}', "-Infinity is not a number"),
    (b'{"a": 1e400}', "too large a number"),
    (b'{"a": ' + b"9" * 5000 + b"}", "more than 18 digits"),
    (b'{"a": "\xff\xfe"}', "not UTF-8"),
    (b'\xff\xfe{\x00}\x00', "not UTF-8"),
    (b"{'a': 1}", "not JSON"),
    (b" " * (17 * 1024), "bytes; at most"),
])
def test_a_payload_is_refused_before_or_while_decoding(payload: bytes, said: str) -> None:
    with pytest.raises(Unfit, match=said):
        decode(payload, 16 * 1024)


def fit_live(**changes: Any) -> bytes:
    live = {"status": "playing", "play_id": 1, "uuid": uid(1), "game": "freight-train",
            "players": ["Ana", "Ben"], "started": NOW.isoformat(), "event_count": 3,
            "stage": {"day": 1}, "turn": "Ana", "last_moves": [], "result": None,
            "announced": []}
    live.update(changes)
    return json.dumps({key: value for key, value in live.items() if value is not ...}).encode()


@pytest.mark.parametrize(("changes", "said"), [
    ({"event_count": "12"}, "live.event_count: expected a whole number"),
    ({"event_count": True}, "live.event_count"),
    ({"event_count": -1}, "live.event_count"),
    ({"event_count": ...}, "live.event_count: missing"),
    ({"players": "Ana"}, "live.players: expected a list"),
    ({"players": [1, 2]}, r"live.players\[0\]: expected a name"),
    ({"players": ["Ana\nBen"]}, r"live.players\[0\]"),
    ({"players": ["Ana", "Ana"]}, "listed twice"),
    ({"players": ["x"] * 13}, "at most 12"),
    ({"players": ["x" * 65]}, r"live.players\[0\]"),
    ({"status": "won"}, "live.status"),
    ({"uuid": "../../etc"}, "live.uuid"),
    ({"game": "<script>"}, "live.game"),
    ({"started": "tonight"}, "live.started: expected a time"),
    ({"turn": ["Ana"]}, "live.turn"),
    ({"result": []}, "live.result: expected an object"),
    ({"result": {"players": [{"total": 1}], "winners": []}}, r"live.result.players\[0\].name"),
    ({"result": {"players": [{"name": "Ana", "total": 1}], "winners": ["Zed"]}},
     "names a player who has no score"),
    ({"result": {"players": [{"name": "Ana", "total": 1, "breakdown": {"a": "x"}}],
                 "winners": []}}, "breakdown.a"),
    ({"last_moves": [{"seq": 1, "recorded": NOW.isoformat(), "event": {"a": "\ud800"}}]},
     "lone surrogate"),
    ({"stage": {"day": [1]}}, "live.stage.day"),
])
def test_a_live_view_of_another_shape_is_refused_naming_the_field(changes: dict[str, Any],
                                                                  said: str) -> None:
    assert read("companion/hall/live", fit_live()).value is not None
    with pytest.raises(Unfit, match=said):
        read("companion/hall/live", fit_live(**changes))


@pytest.mark.parametrize("topic", [
    "companion/hall/status", "companion/hall/plays/p1", "companion/hall/plays/", "companion//live",
    "companion/ha ll/live", "companion/tablé/live", "companion/" + "t" * 41 + "/live",
    "elsewhere/hall/live", "companion/hall/live/extra",
])
def test_a_topic_of_no_table_is_refused(topic: str) -> None:
    with pytest.raises(Unfit, match="topic"):
        read(topic, fit_live())


def test_a_play_must_be_the_one_its_topic_names() -> None:
    with pytest.raises(Unfit, match="play.uuid: is not the uuid of the topic"):
        read(f"companion/hall/plays/{uid(2)}", good_play(1))


def test_an_empty_payload_forgets_the_topic() -> None:
    evening = Evening(clock=lambda: NOW)
    assert evening.receive("companion/hall/live", fit_live(), retained=True)
    assert evening.receive(f"companion/hall/plays/{uid(1)}", good_play(1), retained=True)
    assert [len(table["plays"]) for table in evening.tables()] == [1]
    assert evening.receive(f"companion/hall/plays/{uid(1)}", b"", retained=False)
    assert evening.tables()[0]["plays"] == [] and evening.tables()[0]["live"] is not None
    assert evening.receive("companion/hall/live", b"", retained=False)
    assert evening.tables() == [] and evening.counts()["tables"] == 0


def test_the_board_keeps_at_most_its_limits_dropping_the_oldest_first() -> None:
    evening = Evening(clock=lambda: NOW, limits=BoardLimits(tables=10, plays=25))
    for number in range(5000):
        evening.receive(f"companion/rogue-{number}/plays/{uid(number)}", good_play(number),
                        retained=False)
    assert evening.receive(f"companion/hall/plays/{uid(9999)}", good_play(9999), False)
    names = [table["table"] for table in evening.tables()]
    # The ten tables heard from last, the newest among them.
    assert sorted(names) == sorted(["hall", *(f"rogue-{n}" for n in range(4991, 5000))])
    counts = evening.counts()
    assert (counts["tables"], counts["plays"], counts["evicted"]) == (10, 10, 4991)
    for number in range(40):
        evening.receive(f"companion/hall/plays/{uid(number)}", good_play(number), False)
    hall = next(table for table in evening.tables() if table["table"] == "hall")
    assert evening.counts()["plays"] == 25
    assert {play["uuid"] for play in hall["plays"]} == {uid(n) for n in range(15, 40)}


def test_a_play_not_of_the_evening_is_not_kept() -> None:
    evening = Evening(clock=lambda: NOW, limits=BoardLimits(tables=5, plays=5))
    for number in range(100):  # months of retained plays on the club's broker
        evening.receive(f"companion/hall/plays/{uid(number)}",
                        good_play(number, NOW - timedelta(days=7 + number)), retained=True)
    assert evening.receive(f"companion/hall/plays/{uid(500)}", good_play(500), retained=True)
    assert evening.counts()["plays"] == 1 and evening.counts()["not_tonight"] == 100
    # A play reopened into last week (its retained message replaced) leaves the board.
    evening.receive(f"companion/hall/plays/{uid(500)}",
                    good_play(500, NOW - timedelta(days=3)), retained=False)
    assert evening.tables() == []


def test_players_given_as_text_are_never_counted_letter_by_letter() -> None:
    evening = Evening(clock=lambda: NOW)
    bad = json.loads(good_play(1, winners=["Ana"]))
    bad["players"] = "Ana"
    assert not evening.receive(f"companion/hall/plays/{uid(1)}", json.dumps(bad).encode(), False)
    assert evening.standings() == []


def test_many_drops_of_one_kind_make_one_log_line(caplog: pytest.LogCaptureFixture) -> None:
    evening = Evening(clock=lambda: NOW)
    with caplog.at_level(logging.WARNING, logger="companion.web.board_intake"):
        for _ in range(500):
            evening.receive("companion/hall/live", fit_live(event_count="x"), retained=False)
            evening.receive("companion/hall/live", b"[" * 1000, retained=False)
            evening.receive("companion/hall/live", b"hello", retained=False)
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 3, lines
    assert "companion/hall/live: live.event_count: expected a whole number" in lines[0]
    assert "nested more than 16 deep" in lines[1]
    assert lines[2].endswith("companion/hall/live: not JSON")
    assert evening.counts()["dropped"] == 1500


def test_an_error_while_keeping_is_caught_counted_and_logged_once(
        caplog: pytest.LogCaptureFixture) -> None:
    def broken(message: Message, retained: bool) -> bool:
        raise RecursionError("maximum recursion depth exceeded")

    intake = Intake(broken, LimitedLog(logging.getLogger("companion.web.board_intake")))
    with caplog.at_level(logging.ERROR, logger="companion.web.board_intake"):
        for _ in range(50):
            assert not intake.take("companion/hall/live", fit_live(), retained=False)
    assert intake.figures()["failed"] == 50
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is not None


class _Unreadable:
    """paho-mqtt's message whose topic is not UTF-8 (its `topic` raises)."""

    payload = b"{}"
    retain = False

    @property
    def topic(self) -> str:
        return b"\xff".decode("utf-8")


def test_the_boards_message_callback_never_raises() -> None:
    board = Board(MqttSettings("127.0.0.1", 1, ""), Evening(clock=lambda: NOW))
    board._on_message(None, None, _Unreadable())
    assert board.evening.counts()["dropped"] == 1
    assert not board.snapshot()["connected"]  # never subscribed, its loop never started


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths to every value inside `value` (objects and lists included)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _leaves(item, (*path, index))
    return found


ODD_VALUES: list[Any] = [None, True, 0, -1, 10**12, 1.5, "", "x", "\u202e", [], [1], {}, {"a": 1},
                         ["Ana"], [{"name": 1}], "2026-12-04T21:30:00+01:00"]


def test_whatever_passes_the_checks_the_pages_can_show(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real messages with one value changed at random: each is refused, or shown on `/tables`
    and `/api/tables` without an error."""
    import random

    from starlette.responses import JSONResponse

    from companion.web.board_pages import tables_page

    sent = [(topic, json.loads(payload)) for topic, payload in published(tmp_path, monkeypatch)]
    chosen = random.Random(28)
    taken = 0
    for _ in range(3000):
        topic, value = chosen.choice(sent)
        value = json.loads(json.dumps(value))
        path = chosen.choice(_leaves(value)[1:])
        holder = value
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = chosen.choice(ODD_VALUES)
        evening = Evening()
        taken += evening.receive(f"companion/hall/{topic}", json.dumps(value).encode(), False)
        tables = evening.tables()
        snapshot = {"broker": "b", "connected": True, "tables": tables,
                    "standings": evening.standings(tables), "intake": evening.counts()}
        assert tables_page(snapshot, "fr").startswith("<!doctype html>")
        assert JSONResponse(snapshot).body
    assert 300 < taken < 2700, taken  # both taken and refused, many times
