"""The durable journal: every accepted event, committed before the table shows it.

One SQLite file (standard library) in write-ahead-log mode with `synchronous=FULL`: each
`append` is one transaction, and when it returns the event has been written and synced, so a
power cut cannot take it back. The table defers the sync (`defer_syncs`): it shows the move
first and `sync`s it right after the frame, so a tap never waits for the SD card.

Plays, their events and periodic state snapshots (to resume quickly) live in three tables;
the half-entered move ("draft") of the table is kept in a small file beside it, rewritten in
place without a sync (`companion.state.draft_file`). A fourth table held drafts in earlier versions
and is still read.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> journal = Journal(pathlib.Path(folder.name) / "journal.sqlite3")
>>> play = journal.start_play("freight-train", {"players": ["Ana", "Ben"], "options": {}})
>>> journal.append(play.id, {"kind": "bring-locomotive"})
1
>>> journal.events(play.id)
[{'kind': 'bring-locomotive'}]
>>> journal.close(); folder.cleanup()
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.state.checks import (
    CHECK_SECONDS,
    PROGRESS_SUFFIX,
    JournalChecks,
    Loss,
    Noted,
    move_count_path,
    read_move_count,
)
from companion.state.draft_file import DraftFile
from companion.state.errors import (
    EXIT_BUSY,
    JournalDamaged,
    JournalError,
    ProgressUnreadable,
    StateFolderBusy,
    StateFolderRefused,
)
from companion.state.layout import (
    SCHEMA_VERSION,
    checksum,
    failure,
    guarded,
    lay_out,
    too_new,
)
from companion.state.reads import PLAY_COLUMNS, EventRecord, JournalReader, PlayRecord
from companion.state.write_ahead import CHECKPOINT_PAGES, WriteAheadLog
from engine.errors import N_

if TYPE_CHECKING:  # the outbox's module is read when a table publishes, not on every start
    from companion.state.outbox_store import OutboxBuilder

#: The draft file sits beside the journal: journal.sqlite3-draft.
DRAFT_SUFFIX = "-draft"

__all__ = [
    "CHECKPOINT_PAGES", "CHECK_SECONDS", "EXIT_BUSY", "PROGRESS_SUFFIX", "EventRecord",
    "Journal", "JournalDamaged", "JournalError", "Loss", "PlayRecord", "ProgressUnreadable",
    "SCHEMA_VERSION", "StateFolderBusy", "StateFolderRefused", "checksum", "now",
]


def now() -> str:
    """The local time with its UTC offset, to the second (ISO 8601)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class Journal:
    """The journal file: open it once, keep it open while the companion runs.

    It writes plays, events and snapshots itself; the parts below work over its connection,
    and the reads and checks its callers use are methods here too.
    """

    path: Path
    read_only: bool
    #: What the file holds, read.
    reads: JournalReader
    #: The move count beside the file, the rows' checksums and SQLite's quick check.
    checks: JournalChecks
    #: When commits reach the disk, and the checkpoints.
    wal: WriteAheadLog
    _progress_due: tuple[str, int] | None = None  # the move count `sync` writes

    def __init__(self, path: str | os.PathLike[str], *, durable: bool = True,
                 timeout: float = 5.0) -> None:
        """Open or create the file; `durable=False` skips the syncs (benchmarks only)."""
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise JournalError(N_("cannot create the folder {folder}: {reason}"),
                               folder=str(self.path.parent),
                               reason=error.strerror or str(error)) from error
        from companion.state.folder import refuse_links, sqlite_files

        refuse_links(*sqlite_files(self.path), move_count_path(self.path), self.draft_path)
        self.read_only = False
        try:
            # Autocommit mode: this class opens and commits every transaction itself.
            db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise failure(error, self.path) from error
        self._take(db, durable=durable)
        self._take_layout(self.wal.set_up)

    @classmethod
    def open_read_only(cls, path: str | os.PathLike[str]) -> Journal:
        """The journal as it is now, copied into memory: reading it changes nothing on disk,
        and works while the companion runs. An older layout is upgraded in the copy only."""
        from companion.state.folder import read_only_copy

        journal = cls.__new__(cls)
        journal.path = Path(path)
        journal.read_only = True
        # Read first: then the copy holds at least the moves the count names.
        noted = read_move_count(move_count_path(journal.path))
        if not journal.path.exists():
            # Nothing on disk (yet, or any more): an empty journal that writes nowhere.
            db = sqlite3.connect(":memory:", isolation_level=None)
        else:
            try:
                db = read_only_copy(journal.path)
            except sqlite3.Error as error:
                raise failure(error, journal.path) from error
        journal._take(db, durable=False, noted=noted)
        journal._take_layout()
        return journal

    @property
    def draft_path(self) -> Path:
        return self.path.with_name(self.path.name + DRAFT_SUFFIX)

    # --- Opening -------------------------------------------------------------------------------

    def _take(self, db: sqlite3.Connection, *, durable: bool, noted: Noted = None) -> None:
        """Keep the open connection, and make the parts that work over it (`noted`: see
        `JournalChecks`)."""
        self._db = db
        self.reads = JournalReader(db, self.path)
        self.checks = JournalChecks(db, self.path, durable=durable, read_only=self.read_only,
                                    noted=noted)
        self.wal = WriteAheadLog(db, self.path, durable=durable)
        self._drafts = DraftFile(self.draft_path)

    def _take_layout(self, set_up: Callable[[], None] | None = None) -> None:
        """Refuse a newer layout, `set_up` the connection, upgrade an older layout; the file
        is closed again when any of it fails."""
        try:
            version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise too_new(self.path, version)
            if set_up is not None:
                set_up()
            self._db.execute("PRAGMA foreign_keys=ON")
            if version < SCHEMA_VERSION:
                with self._write() as db:
                    lay_out(db, self.path)
        except sqlite3.Error as error:
            self._db.close()
            raise failure(error, self.path) from error
        except JournalError:
            self._db.close()
            raise

    # --- Syncs ---------------------------------------------------------------------------------

    def defer_syncs(self) -> None:
        """Commit without syncing: the table shows a move first, then `sync` makes it durable
        (see `WriteAheadLog.defer`)."""
        self.wal.defer()

    @property
    def syncs_deferred(self) -> bool:
        """Whether commits wait for `sync` to be durable (`defer_syncs`)."""
        return self.wal.deferred

    @guarded
    def sync(self, checkpoint: bool = False) -> None:
        """Make the commits since the last `sync` durable (after `defer_syncs`, see
        `WriteAheadLog.sync`). Then the move count beside the journal is written, never
        ahead of what is synced."""
        if not self.wal.sync(checkpoint):
            return
        due, self._progress_due = self._progress_due, None
        if due is not None:
            self.checks.note_progress(*due)

    @guarded
    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file (end of a round, of a game): the file
        alone then holds every move. PASSIVE never waits for a reader (`companion status`
        reading meanwhile); the log is emptied at close."""
        if not self.read_only:
            self.wal.checkpoint()

    # --- Transactions --------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed (and synced) when the block ends without error."""
        # IMMEDIATE takes the write lock at once, so the reads inside see what is written.
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
            self._db.execute("COMMIT")
            self.wal.unsynced = self.wal.deferred
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    @contextmanager
    def consistent(self) -> Iterator[None]:
        """A read transaction: the reads inside all see the journal as of one moment."""
        if self._db.in_transaction:
            yield
            return
        self._db.execute("BEGIN")
        try:
            yield
        finally:
            if self._db.in_transaction:
                self._db.execute("COMMIT")

    # --- Reads and checks, by the parts that own them ------------------------------------------

    def play(self, play_id: int) -> PlayRecord | None:
        return self.reads.play(play_id)

    def unfinished(self, key: str | None = None) -> PlayRecord | None:
        return self.reads.unfinished(key)

    def plays(self, finished: bool | None = None) -> list[PlayRecord]:
        return self.reads.plays(finished)

    def events(self, play_id: int, after: int = 0) -> list[dict[str, Any]]:
        return self.reads.events(play_id, after)

    def records(self, play_id: int, after: int = 0) -> list[EventRecord]:
        return self.reads.records(play_id, after)

    def event_count(self, play_id: int) -> int:
        return self.reads.event_count(play_id)

    def outbox(self) -> list[tuple[str, dict[str, Any]]]:
        return self.reads.outbox()

    def latest_snapshot(self, play_id: int,
                        at_most: int | None = None) -> tuple[int, dict[str, Any]] | None:
        return self.reads.latest_snapshot(play_id, at_most)

    @property
    def progress_path(self) -> Path:
        return self.checks.progress_path

    def committed_progress(self) -> tuple[str, int] | None:
        return self.checks.committed_progress()

    def losses(self) -> Loss | None:
        return self.checks.losses()

    def damage(self, seconds: float = CHECK_SECONDS) -> str | None:
        return self.checks.damage(seconds)

    def check(self) -> Loss | None:
        return self.checks.check()

    # --- Plays ---------------------------------------------------------------------------------

    @guarded
    def start_play(self, game: str, setup: dict[str, Any], key: str | None = None,
                   started: str | None = None,
                   outbox: OutboxBuilder | None = None) -> PlayRecord:
        """A new play; `outbox` builds what to publish of it, in the same transaction."""
        import uuid  # with the platform module it reads, only for a new play: a resume does not

        record = PlayRecord(0, str(uuid.uuid4()), game, setup, key, started or now())
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO plays (uuid, game, setup, key, started) VALUES (?, ?, ?, ?, ?)",
                (record.uuid, game, _dumps(setup), key, record.started),
            )
            assert cursor.lastrowid is not None
            self.checks.seal_play(cursor.lastrowid)
            self._enqueue(db, cursor.lastrowid, outbox)
        self._progress_due = None
        self.checks.note_progress(record.uuid, 0)
        assert cursor.lastrowid is not None
        return PlayRecord(cursor.lastrowid, record.uuid, game, setup, key, record.started)

    @guarded
    def finish(self, play_id: int, result: dict[str, Any],
               finished: str | None = None,
               outbox: OutboxBuilder | None = None) -> PlayRecord:
        """Mark the play over with its result; returns the updated record."""
        with self._write() as db:
            cursor = db.execute("UPDATE plays SET finished = ?, result = ? WHERE id = ?",
                                (finished or now(), _dumps(result), play_id))
            if cursor.rowcount == 0:
                raise self._no_play(play_id)
            self.checks.seal_play(play_id)
            self._enqueue(db, play_id, outbox)
            row = db.execute(f"SELECT {PLAY_COLUMNS} FROM plays WHERE id = ?",
                             (play_id,)).fetchone()
        return self.reads.play_from_row(row)

    # --- Events --------------------------------------------------------------------------------

    @guarded
    def append(self, play_id: int, event: dict[str, Any], recorded: str | None = None,
               uids: Sequence[str] = (), expected_seq: int | None = None,
               outbox: OutboxBuilder | None = None) -> int:
        """Add the next event; when this returns it is committed. Returns its seq (from 1).

        `uids` are the tags scanned for it (the table must know them after a power cut). The
        play's draft goes in the same transaction: it was the move now recorded. With
        `expected_seq`, an event that would get another seq (another program added one
        meanwhile) is refused inside the transaction: a move is never committed twice.
        `outbox` builds what to publish of the move, committed with it.
        """
        text = _dumps(event)
        tags = _dumps(list(uids))
        with self._write() as db:
            row = db.execute("SELECT finished FROM plays WHERE id = ?", (play_id,)).fetchone()
            if row is None:
                raise self._no_play(play_id)
            if row[0] is not None:
                raise JournalError(N_("play {play} is finished; undo its last event first"),
                                   play=play_id)
            seq = 1 + db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE play_id = ?",
                                 (play_id,)).fetchone()[0]
            if expected_seq is not None and seq != expected_seq:
                raise self._changed(play_id)
            when = recorded or now()
            db.execute(
                "INSERT INTO events (play_id, seq, event, recorded, uids, checksum) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (play_id, seq, text, when, tags, checksum(play_id, seq, text, when, tags)),
            )
            db.execute("DELETE FROM drafts WHERE play_id = ?", (play_id,))
            play_uuid = db.execute("SELECT uuid FROM plays WHERE id = ?",
                                   (play_id,)).fetchone()[0]
            self._enqueue(db, play_id, outbox)
        if self.wal.deferred:
            self._progress_due = (play_uuid, int(seq))  # by `sync`, once the move is durable
        else:
            self.checks.note_progress(play_uuid, int(seq))
        return int(seq)

    @guarded
    def pop(self, play_id: int, expected_seq: int | None = None,
            outbox: OutboxBuilder | None = None) -> dict[str, Any] | None:
        """Undo: remove the last event, the snapshots from it on and the draft; reopen the play.

        One transaction, so a power cut leaves either the event or none of it. With
        `expected_seq`, the last event must be that one.
        """
        with self._write() as db:
            row = db.execute(
                "SELECT seq, event FROM events WHERE play_id = ? ORDER BY seq DESC LIMIT 1",
                (play_id,),
            ).fetchone()
            if row is None:
                return None
            seq, text = row
            if expected_seq is not None and seq != expected_seq:
                raise self._changed(play_id)
            play_uuid = db.execute("SELECT uuid FROM plays WHERE id = ?",
                                   (play_id,)).fetchone()[0]
            # Lowered and synced before the commit: a power cut in between leaves the count
            # behind the journal (harmless), never ahead of it (a false loss).
            self._progress_due = None
            self.checks.note_progress(play_uuid, seq - 1, synced=True)
            db.execute("DELETE FROM events WHERE play_id = ? AND seq = ?", (play_id, seq))
            db.execute("DELETE FROM snapshots WHERE play_id = ? AND seq >= ?", (play_id, seq))
            db.execute("DELETE FROM drafts WHERE play_id = ?", (play_id,))
            db.execute("UPDATE plays SET finished = NULL, result = NULL WHERE id = ?",
                       (play_id,))
            self.checks.seal_play(play_id)
            self._enqueue(db, play_id, outbox)
        event: dict[str, Any] = self.reads.parsed(text, play_id)
        return event

    # --- The outbox ----------------------------------------------------------------------------

    def _enqueue(self, db: sqlite3.Connection, play_id: int,
                 outbox: OutboxBuilder | None) -> None:
        """The items `outbox` builds for the play as it now is, in the open transaction."""
        if outbox is None:
            return
        from companion.state.outbox_store import enqueue

        row = db.execute(f"SELECT {PLAY_COLUMNS} FROM plays WHERE id = ?",
                         (play_id,)).fetchone()
        enqueue(db, outbox(self, self.reads.play_from_row(row)), _dumps)

    # --- Snapshots -----------------------------------------------------------------------------

    @guarded
    def snapshot(self, play_id: int, seq: int, state: dict[str, Any]) -> None:
        """Keep the state reached after event `seq` (its JSON form).

        Committed without a sync of its own: a snapshot only saves replaying, so a power cut
        that takes it costs a longer resume, and the next move's synced commit keeps it.
        """
        text = _dumps(state)
        level = int(self._db.execute("PRAGMA synchronous").fetchone()[0])
        self._db.execute(f"PRAGMA synchronous={min(level, 1)}")  # NORMAL, or OFF if it was
        try:
            with self._write() as db:
                last = db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE play_id = ?",
                                  (play_id,)).fetchone()[0]
                if not 0 <= seq <= last:
                    raise JournalError(N_("play {play} has no event {seq} to snapshot"),
                                       play=play_id, seq=seq)
                db.execute("INSERT OR REPLACE INTO snapshots (play_id, seq, state, checksum) "
                           "VALUES (?, ?, ?, ?)",
                           (play_id, seq, text, checksum(play_id, seq, text)))
        finally:
            self._db.execute(f"PRAGMA synchronous={level}")

    # --- Drafts --------------------------------------------------------------------------------

    @guarded
    def set_draft(self, play_id: int, draft: dict[str, Any] | None) -> None:
        """Keep (or, with None, forget) the move the table is entering: in the draft file
        beside the journal, without a sync and without growing the log (see `DraftFile`)."""
        try:
            self._drafts.write(play_id, self.reads.event_count(play_id), draft)
        except OSError as error:
            raise JournalError(N_("cannot open {file} for writing: {reason}"),
                               file=str(self._drafts.path),
                               reason=error.strerror or str(error)) from error

    @guarded
    def draft(self, play_id: int) -> dict[str, Any] | None:
        """The move being entered, while the play is still at the move it was written at."""
        known, draft = self._drafts.read(play_id, self.reads.event_count(play_id))
        if known:
            return draft
        # A draft an earlier version kept in the journal itself (a move clears it).
        row = self._db.execute("SELECT draft FROM drafts WHERE play_id = ?",
                               (play_id,)).fetchone()
        return None if row is None else self.reads.parsed(row[0], play_id)

    # --- The file ------------------------------------------------------------------------------

    @guarded
    def pragmas(self) -> dict[str, Any]:
        """The settings in force: journal_mode, synchronous (2 is FULL), foreign_keys, version."""
        return {
            name: self._db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "synchronous", "foreign_keys", "user_version")
        }

    def close(self) -> None:
        """Close the file; a clean stop leaves every move in the main file."""
        if not self.read_only:
            with contextlib.suppress(JournalError):
                self.sync()  # the moves committed since the last frame, and their count
            self.wal.empty()
        self.checks.close()
        try:
            self._drafts.close()
        finally:
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _changed(self, play_id: int) -> JournalError:
        return JournalError(N_("play {play} was changed by another program"), play=play_id)

    def _no_play(self, play_id: int) -> JournalError:
        return JournalError(N_("there is no play {play} in the journal"), play=play_id)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
