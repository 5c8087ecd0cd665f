"""The journal file: its settings, what it keeps, and how it refuses files it cannot use."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.state.journal import SCHEMA_VERSION, EventRecord, Journal, JournalError

SETUP = {"players": ["Ana", "Ben"], "options": {"first": 1}}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "state" / "journal.sqlite3"


@pytest.fixture
def journal(path: Path) -> Iterator[Journal]:
    opened = Journal(path)
    yield opened
    opened.close()


def test_write_ahead_log_and_full_sync_are_in_force(journal: Journal, path: Path) -> None:
    assert journal.pragmas() == {
        "journal_mode": "wal", "synchronous": 2, "foreign_keys": 1,
        "user_version": SCHEMA_VERSION,
    }  # fmt: skip
    # The log mode is stored in the file itself: any other program sees it too.
    other = sqlite3.connect(path)
    try:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        other.close()


def test_parent_folders_are_created(path: Path, journal: Journal) -> None:
    assert path.is_file()


def test_round_trip(journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP, key="demo:1",
                              started="2024-05-01T20:15:00+02:00")
    assert (play.game, play.setup, play.key, play.players, play.options) == (
        "freight-train", SETUP, "demo:1", ("Ana", "Ben"), {"first": 1})
    events: list[dict[str, Any]] = [
        {"kind": "a", "n": 1}, {"kind": "b", "text": "Cléo"}, {"kind": "c", "list": [1, 2]}]
    seqs = [journal.append(play.id, event, recorded=f"2024-05-01T20:1{i}:00+02:00",
                           uids=[f"uid{i}"])
            for i, event in enumerate(events)]
    assert seqs == [1, 2, 3]
    assert journal.events(play.id) == events
    assert journal.events(play.id, after=1) == events[1:]
    assert journal.event_count(play.id) == 3
    assert journal.records(play.id, after=2) == [
        EventRecord(3, events[2], "2024-05-01T20:12:00+02:00", ("uid2",))]
    assert journal.play(play.id) == play
    assert journal.play(play.id + 1) is None
    assert journal.plays() == [play]
    assert journal.plays(finished=True) == []
    assert journal.plays(finished=False) == [play]


def test_unfinished_finds_the_most_recent_and_by_key(journal: Journal) -> None:
    first = journal.start_play("freight-train", SETUP, key="demo:freight-train:7")
    second = journal.start_play("freight-train", SETUP)
    assert journal.unfinished() == second
    assert journal.unfinished(key="demo:freight-train:7") == first
    assert journal.unfinished(key="demo:other") is None
    finished = journal.finish(first.id, {"winners": ["Ana"]}, finished="2024-05-01T21:00:00Z")
    assert finished.finished == "2024-05-01T21:00:00Z" and finished.result == {"winners": ["Ana"]}
    assert journal.unfinished(key="demo:freight-train:7") is None
    assert journal.plays(finished=True) == [finished]


def test_a_finished_play_takes_no_event_and_an_unknown_play_none(journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP)
    journal.append(play.id, {"kind": "a"})
    journal.finish(play.id, {"winners": []})
    with pytest.raises(JournalError, match="finished"):
        journal.append(play.id, {"kind": "b"})
    with pytest.raises(JournalError, match="no play 99"):
        journal.append(99, {"kind": "b"})
    with pytest.raises(JournalError, match="no play 99"):
        journal.finish(99, {})
    assert journal.event_count(play.id) == 1


def test_pop_takes_the_last_event_its_snapshots_and_the_draft(journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP)
    assert journal.pop(play.id) is None
    for n in range(1, 6):
        journal.append(play.id, {"kind": "e", "n": n})
    journal.snapshot(play.id, 2, {"at": 2})
    journal.snapshot(play.id, 5, {"at": 5})
    journal.finish(play.id, {"winners": ["Ben"]})
    journal.set_draft(play.id, {"picks": [1]})
    assert journal.pop(play.id) == {"kind": "e", "n": 5}
    assert journal.event_count(play.id) == 4
    assert journal.latest_snapshot(play.id) == (2, {"at": 2})
    assert journal.draft(play.id) is None
    reopened = journal.play(play.id)
    assert reopened is not None and reopened.finished is None and reopened.result is None
    # The seqs stay contiguous: the next event takes the freed number.
    assert journal.append(play.id, {"kind": "e", "n": 50}) == 5


def test_snapshots(journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP)
    assert journal.latest_snapshot(play.id) is None
    journal.snapshot(play.id, 0, {"at": 0})
    for n in range(1, 8):
        journal.append(play.id, {"kind": "e"})
        if n % 3 == 0:
            journal.snapshot(play.id, n, {"at": n})
    assert journal.latest_snapshot(play.id) == (6, {"at": 6})
    assert journal.latest_snapshot(play.id, at_most=5) == (3, {"at": 3})
    assert journal.latest_snapshot(play.id, at_most=2) == (0, {"at": 0})
    with pytest.raises(JournalError, match="no event 8"):
        journal.snapshot(play.id, 8, {"at": 8})


def test_drafts(journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP)
    assert journal.draft(play.id) is None
    journal.set_draft(play.id, {"mode": "main", "picks": [{"uid": "04a1", "wagon": "coal"}]})
    assert journal.draft(play.id) == {"mode": "main", "picks": [{"uid": "04a1", "wagon": "coal"}]}
    journal.set_draft(play.id, {"mode": "yard"})
    assert journal.draft(play.id) == {"mode": "yard"}
    journal.set_draft(play.id, None)
    assert journal.draft(play.id) is None
    # The draft becomes the recorded move: it goes with the append, in the same transaction.
    journal.set_draft(play.id, {"mode": "main"})
    journal.append(play.id, {"kind": "e"})
    assert journal.draft(play.id) is None


def test_reopening_keeps_everything(path: Path) -> None:
    with Journal(path) as journal:
        play = journal.start_play("freight-train", SETUP, key="k")
        for n in range(3):
            journal.append(play.id, {"kind": "e", "n": n}, uids=("a", "b"))
        journal.snapshot(play.id, 2, {"state": [1, 2]})
        journal.set_draft(play.id, {"mode": "yard"})
        done = journal.start_play("freight-train", SETUP)
        journal.append(done.id, {"kind": "e"})
        done = journal.finish(done.id, {"winners": ["Ana"]})
        before = (journal.plays(), journal.records(play.id), journal.records(done.id))
    with Journal(path) as journal:
        assert (journal.plays(), journal.records(play.id), journal.records(done.id)) == before
        assert journal.latest_snapshot(play.id) == (2, {"state": [1, 2]})
        assert journal.draft(play.id) == {"mode": "yard"}
        assert journal.unfinished(key="k") == play
        assert journal.pragmas()["journal_mode"] == "wal"


def test_a_newer_journal_is_refused_with_what_to_do(path: Path) -> None:
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(JournalError) as caught:
        Journal(path)
    message = str(caught.value)
    assert str(path) in message
    assert f"version {SCHEMA_VERSION + 1}" in message
    assert "upgrade the companion" in message
    assert caught.value.params["version"] == SCHEMA_VERSION + 1


def test_a_file_that_is_not_a_database_is_refused(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is a shopping list, not a journal\n" * 200)
    with pytest.raises(JournalError, match="damaged or is not a companion journal"):
        Journal(path)


def test_a_damaged_journal_is_refused(path: Path) -> None:
    with Journal(path) as journal:
        play = journal.start_play("freight-train", SETUP)
        for n in range(300):
            journal.append(play.id, {"kind": "e", "padding": "x" * 200, "n": n})
    data = bytearray(path.read_bytes())
    page = 4096
    data[page : 3 * page] = b"\xff" * (2 * page)  # the first pages after the header
    path.write_bytes(bytes(data))
    with pytest.raises(JournalError, match="damaged"), Journal(path) as journal:
        journal.plays()
        journal.events(1)


def test_another_database_is_not_taken_for_a_journal(path: Path) -> None:
    path.parent.mkdir(parents=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="not a companion journal"):
        Journal(path)


def test_a_locked_journal_is_reported(path: Path, journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        late = Journal(path, timeout=0.05)
        with pytest.raises(JournalError, match="locked"):
            late.append(play.id, {"kind": "e"})
        late.close()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert journal.append(play.id, {"kind": "e"}) == 1


def test_a_folder_that_cannot_be_made_is_reported(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(JournalError, match="cannot create the folder"):
        Journal(tmp_path / "file" / "journal.sqlite3")


def test_a_damaged_entry_is_reported_not_raised_raw(path: Path, journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP)
    journal.append(play.id, {"kind": "e"})
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET event = '{not json' WHERE seq = 1")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="damaged entry"):
        journal.events(play.id)


def test_the_error_carries_a_template_for_translation(path: Path) -> None:
    error = JournalError("{file} is locked by another program; try again", file="j.sqlite3")
    assert error.reason == "{file} is locked by another program; try again"
    assert error.params == {"file": "j.sqlite3"}
    assert str(error) == "j.sqlite3 is locked by another program; try again"


def test_a_snapshot_leaves_the_moves_synced(journal: Journal) -> None:
    play = journal.start_play("freight-train", SETUP)
    journal.append(play.id, {"kind": "e"})
    journal.snapshot(play.id, 1, {"at": 1})
    assert journal.pragmas()["synchronous"] == 2  # FULL again for the next move
    assert journal.latest_snapshot(play.id) == (1, {"at": 1})
    with pytest.raises(JournalError):
        journal.snapshot(play.id, 5, {"at": 5})
    assert journal.pragmas()["synchronous"] == 2
