"""A journal that defers its syncs (the table's): a commit reaches the kernel at once, and
`sync`, after the frame, makes it durable with one sync of the log, or with the checkpoint's
own syncs when the log is past its bound."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from companion.state.journal import CHECKPOINT_PAGES, Journal

GAME = "freight-train"
SETUP = {"players": ["Ana", "Ben"], "options": {}}


def counted_syncs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The write-ahead logs `os.fdatasync` is called on, the real sync done too (the move
    count beside the journal has syncs of its own)."""
    calls: list[str] = []
    real = os.fdatasync

    def counting(descriptor: int) -> None:
        name = os.path.realpath(f"/proc/self/fd/{descriptor}")
        if name.endswith("-wal"):
            calls.append(name)
        real(descriptor)

    monkeypatch.setattr(os, "fdatasync", counting)
    return calls


def log_bound(path: Path) -> int:
    """The log's header, and its pages with their frame headers: the bound, and the pages a
    commit may add past it before the sync that copies them."""
    page = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    return 32 + (CHECKPOINT_PAGES + 16) * (page + 24)


def test_a_commit_waits_for_sync_and_one_sync_covers_every_commit_before_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "journal.sqlite3"
    syncs = counted_syncs(monkeypatch)
    with Journal(path) as journal:
        assert journal.pragmas()["synchronous"] == 2  # FULL until the table asks
        journal.defer_syncs()
        assert journal.syncs_deferred and journal.pragmas()["synchronous"] == 1
        play = journal.start_play(GAME, SETUP)
        journal.append(play.id, {"kind": "a"})
        journal.append(play.id, {"kind": "b"})
        # Committed: another connection reads both before any sync.
        other = sqlite3.connect(path)
        assert other.execute("SELECT count(*) FROM events").fetchone()[0] == 2
        other.close()
        assert syncs == []
        journal.sync()
        assert len(syncs) == 1
        journal.sync()  # nothing new: no sync
        assert len(syncs) == 1
        journal.pop(play.id)  # an undo is a commit too
        journal.sync()
        assert len(syncs) == 2
    with Journal(path) as again:
        assert again.events(play.id) == [{"kind": "a"}]


def test_the_log_is_copied_into_the_main_file_by_sync_and_stays_within_its_bound(
        tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    wal = path.with_name(path.name + "-wal")
    with Journal(path) as journal:
        journal.defer_syncs()
        play = journal.start_play(GAME, SETUP)
        journal.sync()
        bound = log_bound(path)
        largest = 0
        for number in range(300):
            journal.append(play.id, {"kind": "move", "number": number, "pad": "x" * 200})
            journal.sync()
            largest = max(largest, wal.stat().st_size)
        assert 0 < largest <= bound
        # The main file alone holds what was copied: read it without its log.
        journal.sync(checkpoint=True)
        copy = tmp_path / "main-only.sqlite3"
        copy.write_bytes(path.read_bytes())
        alone = sqlite3.connect(copy)
        assert alone.execute("SELECT count(*) FROM events").fetchone()[0] == 300
        alone.close()


def test_the_pages_in_the_log_are_read_from_its_index_as_sqlite_counts_them(
        tmp_path: Path) -> None:
    with Journal(tmp_path / "journal.sqlite3") as journal:
        journal.defer_syncs()
        play = journal.start_play(GAME, SETUP)
        journal.sync(checkpoint=True)
        for number in range(5):
            journal.append(play.id, {"kind": "move", "number": number})
        frames = journal.wal.frames()
        assert 0 < frames <= CHECKPOINT_PAGES
        _busy, counted, _copied = journal._db.execute(
            "PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert frames == counted
        journal.append(play.id, {"kind": "move", "number": 5})  # the log starts again
        assert 0 < journal.wal.frames() < frames


def test_a_reader_holding_the_log_gets_the_move_synced_all_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "journal.sqlite3"
    syncs = counted_syncs(monkeypatch)
    with Journal(path) as journal:
        journal.defer_syncs()
        play = journal.start_play(GAME, SETUP)
        journal.append(play.id, {"kind": "first"})
        journal.sync()
        reader = sqlite3.connect(path, isolation_level=None)
        reader.execute("BEGIN")
        assert reader.execute("SELECT count(*) FROM events").fetchone()[0] == 1
        before = len(syncs)
        journal.append(play.id, {"kind": "second"})
        journal.sync(checkpoint=True)  # the reader keeps the new frame out of the main file
        assert len(syncs) == before + 1
        reader.execute("COMMIT")
        reader.close()
    with Journal(path) as again:
        assert again.events(play.id) == [{"kind": "first"}, {"kind": "second"}]


def test_a_journal_not_deferring_syncs_at_every_commit_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    syncs = counted_syncs(monkeypatch)
    with Journal(tmp_path / "journal.sqlite3") as journal:
        play = journal.start_play(GAME, SETUP)
        journal.append(play.id, {"kind": "a"})
        journal.sync()
        assert not journal.syncs_deferred and syncs == []


def test_the_move_count_beside_the_journal_is_written_once_the_move_is_synced(
        tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.defer_syncs()
        play = journal.start_play(GAME, SETUP)
        journal.append(play.id, {"kind": "a"})
        assert journal.committed_progress() == (play.uuid, 0)  # not ahead of the synced log
        journal.sync()
        assert journal.committed_progress() == (play.uuid, 1)
        journal.append(play.id, {"kind": "b"})
        journal.pop(play.id)  # undone before its sync: the count never says 2
        journal.sync()
        assert journal.committed_progress() == (play.uuid, 1)


def test_closing_syncs_what_waited_for_the_frame_and_writes_its_count(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.defer_syncs()
        play = journal.start_play(GAME, SETUP)
        journal.append(play.id, {"kind": "a"})
    with Journal(path) as again:
        assert again.committed_progress() == (play.uuid, 1)
        assert again.events(play.id) == [{"kind": "a"}]
