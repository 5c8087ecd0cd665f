"""The outbox: what a table publishes, written with each change in the same transaction,
the live view coalesced, the plays' items all kept in order; layout 3 and its upgrade."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.publish.export import json_play
from companion.publish.outbox import Outbox
from companion.state.journal import SCHEMA_VERSION, Journal, JournalError
from companion.state.outbox_store import OutboxItem, OutboxStore
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

PLAYERS = ("Ana", "Ben", "Cléo")


def played(game: str = "freight-train", seed: int = 3) -> list[Any]:
    rules = GAMES[game]
    return list(play_random(rules, rules.new_game(PLAYERS), seed=seed).events)


def test_a_table_that_publishes_nothing_keeps_no_outbox(tmp_path: Path) -> None:
    rules = GAMES["freight-train"]
    with Journal(tmp_path / "journal.sqlite3") as journal:
        assert journal.pragmas()["user_version"] == SCHEMA_VERSION >= 3
        session = GameSession.start(journal, rules, PLAYERS)
        for event in played()[:10]:
            session.submit(event)
        assert journal.outbox() == []


def test_each_change_adds_its_items_and_only_the_latest_live_view_waits(
        tmp_path: Path) -> None:
    rules = GAMES["freight-train"]
    outbox = Outbox()
    woken: list[int] = []
    outbox.listen(lambda: woken.append(len(journal.outbox())))
    events = played()
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = GameSession.start(journal, rules, PLAYERS, outbox=outbox)
        uuid = session.play.uuid
        assert [topic for topic, _ in journal.outbox()] == [f"plays/{uuid}", "live"]
        start = journal.outbox()[0][1]
        assert start["players"] == list(PLAYERS) and start["result"] is None
        for event in events[:5]:
            session.submit(event)
        # The live views of the moves replaced one another: one waits, the latest.
        assert [topic for topic, _ in journal.outbox()] == [f"plays/{uuid}", "live"]
        live = journal.outbox()[1][1]
        assert live["event_count"] == 5 and live["status"] == "playing"
        assert [move["seq"] for move in live["last_moves"]] == [5, 4, 3, 2, 1]
        assert live["last_moves"][0]["event"] == events[4].to_json()
        # The publisher was woken after each commit, when the items were there to read.
        assert woken == [2] * 6
        for event in events[5:]:
            session.submit(event)
        assert session.finished
        topics = [topic for topic, _ in journal.outbox()]
        assert topics == [f"plays/{uuid}", f"plays/{uuid}", "live"]
        finished = journal.outbox()[1][1]
        play = journal.play(session.play.id)
        assert play is not None
        assert finished == json_play(play)
        assert finished["result"] == rules.result(session.state).to_json()
        final = journal.outbox()[2][1]
        assert final["status"] == "finished" and final["event_count"] == len(events)

        session.undo()  # the end undone: the play goes out again without its result
        topics = [topic for topic, _ in journal.outbox()]
        assert topics == [f"plays/{uuid}"] * 3 + ["live"]
        assert journal.outbox()[2][1]["result"] is None
        assert journal.outbox()[3][1]["event_count"] == len(events) - 1
        assert journal.outbox()[3][1]["status"] == "playing"


def test_the_items_are_committed_in_the_moves_transaction(tmp_path: Path) -> None:
    """A journal failure while the items are written takes the move back with them."""
    rules = GAMES["freight-train"]
    events = played()
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = GameSession.start(journal, rules, PLAYERS)
        session.submit(events[0])

        def failing(journal: Journal, play: Any) -> list[OutboxItem]:
            raise JournalError("the disk is full")

        with pytest.raises(JournalError):
            journal.append(session.play.id, events[1].to_json(), outbox=failing)
        assert journal.event_count(session.play.id) == 1
        assert journal.outbox() == []
        journal.append(session.play.id, events[1].to_json(),
                       outbox=lambda journal, play: [OutboxItem("live", {"n": 2}, True)])
        assert journal.event_count(session.play.id) == 2
        assert journal.outbox() == [("live", {"n": 2})]


def test_a_fault_in_describing_a_play_never_costs_the_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.publish.outbox as outbox_module

    def broken(*args: Any) -> Any:
        raise KeyError("a view that cannot be built")

    monkeypatch.setattr(outbox_module, "live_view", broken)
    rules = GAMES["freight-train"]
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = GameSession.start(journal, rules, PLAYERS, outbox=Outbox())
        session.submit(played()[0])
        assert session.event_count == journal.event_count(session.play.id) == 1
        assert journal.outbox() == []


def test_the_publishers_store_reads_in_order_and_removes_what_was_sent(
        tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    rules = GAMES["freight-train"]
    with Journal(path) as journal:
        session = GameSession.start(journal, rules, PLAYERS, outbox=Outbox())
        store = OutboxStore(path)
        try:
            first = store.after(0, 10)
            assert [item.topic for item in first] == [f"plays/{session.play.uuid}", "live"]
            store.sent([first[0].id])
            session.submit(played()[0])  # replaces the live view not sent yet
            rest = store.after(0, 10)
            assert len(rest) == 1 and rest[0].topic == "live" and rest[0].id > first[1].id
            store.sent([first[1].id])  # a late acknowledgement removes nothing newer
            assert store.count() == 1
        finally:
            store.close()


def test_the_publishers_store_never_creates_a_journal(tmp_path: Path) -> None:
    with pytest.raises(sqlite3.OperationalError):
        OutboxStore(tmp_path / "absent.sqlite3")
    assert not (tmp_path / "absent.sqlite3").exists()


def test_a_layout_2_journal_gets_its_outbox_and_keeps_its_plays(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    rules = GAMES["freight-train"]
    events = played()
    with Journal(path) as journal:
        session = GameSession.start(journal, rules, PLAYERS)
        for event in events[:20]:
            session.submit(event)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE outbox")
    db.execute("DELETE FROM sqlite_sequence WHERE name = 'outbox'")
    db.execute("PRAGMA user_version=2")
    db.commit()
    db.close()

    with Journal(path) as journal:
        assert journal.pragmas()["user_version"] == SCHEMA_VERSION
        (play,) = journal.plays()
        resumed = GameSession.resume(journal, play, outbox=Outbox())
        assert resumed.event_count == 20
        resumed.submit(events[20])
        assert [topic for topic, _ in journal.outbox()] == ["live"]
    with Journal.open_read_only(path) as copy:
        assert copy.pragmas()["user_version"] == SCHEMA_VERSION


def test_a_publisher_without_its_journal_says_so_and_lets_nobody_wait(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from companion.publish.mqtt_settings import MqttSettings
    from companion.publish.publisher import Publisher

    publisher = Publisher(tmp_path / "absent.sqlite3", MqttSettings("127.0.0.1", 1, "t"))
    publisher.start()
    try:
        assert publisher.wait_until_sent(None) is False
    finally:
        publisher.stop()
    assert "cannot open the outbox" in caplog.text
