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
import logging
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.state.checks import CHECK_SECONDS, PROGRESS_SUFFIX, Loss, _guarded, checksum
from companion.state.draft_file import DraftFile
from companion.state.errors import (
    EXIT_BUSY,
    JournalDamaged,
    JournalError,
    ProgressUnreadable,
    StateFolderBusy,
    StateFolderRefused,
)
from companion.state.layout import SCHEMA_VERSION, failure, lay_out, too_new
from companion.state.progress import MoveCount
from companion.state.reads import PLAY_COLUMNS, EventRecord, JournalReads, PlayRecord
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

log = logging.getLogger(__name__)

#: Pages in the write-ahead log before it is copied into the main file (a checkpoint, after
#: the commit that passes the bound). SQLite's default, 1000 pages, kept a whole game of
#: Ticket to Ride in the log alone; 16 keeps at most 15 moves there, at no cost a move
#: measured (`python bench/bench_checkpoint.py` has the table).
CHECKPOINT_PAGES = 16
#: Bytes of the wal-index header that holds `mxFrame` (at bytes 16-19, native order).
WAL_INDEX_HEADER = 48


def now() -> str:
    """The local time with its UTC offset, to the second (ISO 8601)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class Journal(JournalReads):
    """The journal file: open it once, keep it open while the companion runs."""

    _syncs_deferred = False  # `defer_syncs`
    _unsynced = False  # commits since the last `sync`, when syncs are deferred
    _progress_due: tuple[str, int] | None = None  # the move count `sync` writes
    _log_path: Path  # the write-ahead log and its index, named by `defer_syncs`
    _index_path: Path

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

        refuse_links(*sqlite_files(self.path), self.progress_path, self.draft_path)
        self._durable = durable
        self.read_only = False
        self._move_count: MoveCount | None = None
        try:
            # Autocommit mode: this class opens and commits every transaction itself.
            self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise self._failure(error) from error
        self._drafts = DraftFile(self.draft_path)
        self._take_layout(lambda: self._write_ahead(durable))

    @property
    def draft_path(self) -> Path:
        return self.path.with_name(self.path.name + DRAFT_SUFFIX)

    @classmethod
    def open_read_only(cls, path: str | os.PathLike[str]) -> Journal:
        """The journal as it is now, copied into memory: reading it changes nothing on disk,
        and works while the companion runs. An older layout is upgraded in the copy only."""
        from companion.state.folder import read_only_copy

        journal = cls.__new__(cls)
        journal.path = Path(path)
        journal._durable = False
        journal.read_only = True
        journal._move_count = None
        journal._drafts = DraftFile(journal.draft_path)
        journal._note_before_copy()
        if not journal.path.exists():
            # Nothing on disk (yet, or any more): an empty journal that writes nowhere.
            journal._db = sqlite3.connect(":memory:", isolation_level=None)
        else:
            try:
                journal._db = read_only_copy(journal.path)
            except sqlite3.Error as error:
                raise journal._failure(error) from error
        journal._take_layout()
        return journal

    # --- Opening -------------------------------------------------------------------------------

    def _take_layout(self, set_up: Callable[[], None] | None = None) -> None:
        """Refuse a newer layout, `set_up` the connection, upgrade an older layout; the file
        is closed again when any of it fails."""
        try:
            version = self._version()
            if version > SCHEMA_VERSION:
                raise self._newer(version)
            if set_up is not None:
                set_up()
            self._db.execute("PRAGMA foreign_keys=ON")
            if version < SCHEMA_VERSION:
                self._upgrade()
        except sqlite3.Error as error:
            self._db.close()
            raise self._failure(error) from error
        except JournalError:
            self._db.close()
            raise

    def _write_ahead(self, durable: bool) -> None:
        """The write-ahead log, synced at every commit unless not `durable`."""
        mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise JournalError(
                N_("{file}: the file system refuses the write-ahead log the journal needs"),
                file=str(self.path),
            )
        # FULL: the write-ahead log is synced at every commit, so a committed event survives
        # a power cut (NORMAL would only keep the file consistent, and could lose the last one).
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'OFF'}")
        self._db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")

    def defer_syncs(self) -> None:
        """Commit without syncing: the table shows a move first, then `sync` makes it durable.

        A commit still hands every page to the kernel (a crash of the program loses nothing);
        only a power cut in the few milliseconds before `sync` could take back the last move,
        which the screen then shows missing. The log is copied into the main file by `sync`
        too, after the frame, instead of inside the commit that passes the bound.
        """
        if self.read_only or not self._durable:
            return
        from companion.state.folder import sqlite_files

        _, self._log_path, self._index_path, _ = sqlite_files(self.path)
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._syncs_deferred = True

    @_guarded
    def sync(self, checkpoint: bool = False) -> None:
        """Make the commits since the last `sync` durable (after `defer_syncs`): one sync of
        the log, or, when the log holds more than CHECKPOINT_PAGES pages or `checkpoint` asks,
        the checkpoint's own syncs (the log before it is copied, the main file after). Then
        the move count beside the journal is written, never ahead of what is synced."""
        if not self._syncs_deferred or not (self._unsynced or checkpoint):
            return
        if not self._synced_log(checkpoint):
            return
        self._unsynced = False
        due, self._progress_due = self._progress_due, None
        if due is not None:
            self._note_progress(*due)

    def _synced_log(self, checkpoint: bool) -> bool:
        if checkpoint or self._log_frames() > CHECKPOINT_PAGES:
            _busy, frames, copied = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if frames >= 0 and copied == frames:
                return True  # every frame is in the main file, synced
        # A reader kept part of the log from the main file (or there was nothing to copy).
        try:
            descriptor = os.open(self._log_path, os.O_RDONLY)
            try:
                os.fdatasync(descriptor)
            finally:
                os.close(descriptor)
        except FileNotFoundError:
            return True  # no log: every commit is in the main file
        except OSError as error:
            # Committed all the same (the kernel has it); a disk that fails its syncs fails
            # the next commit too, which the table says.
            log.warning("cannot sync %s: %s", self._log_path, error)
            return False
        return True

    def _log_frames(self) -> int:
        """The pages in the write-ahead log since it was last emptied: `mxFrame` of the
        wal-index header at the start of the -shm file (SQLite's documented WAL format). The
        log file itself keeps its size when it starts again: truncating and growing it on
        every round costs a commit a millisecond."""
        try:
            with open(self._index_path, "rb") as index:
                header = index.read(WAL_INDEX_HEADER)
        except OSError:
            return CHECKPOINT_PAGES + 1  # no index to read: copy the log to be sure
        if len(header) < WAL_INDEX_HEADER:
            return CHECKPOINT_PAGES + 1
        return int.from_bytes(header[16:20], sys.byteorder)

    @property
    def syncs_deferred(self) -> bool:
        """Whether commits wait for `sync` to be durable (`defer_syncs`)."""
        return self._syncs_deferred

    def _version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _newer(self, version: int) -> JournalError:
        return too_new(self.path, version)

    def _upgrade(self) -> None:
        with self._write() as db:
            lay_out(db, self.path)

    def _failure(self, error: sqlite3.Error) -> JournalError:
        return failure(error, self.path)

    # --- Transactions --------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed (and synced) when the block ends without error."""
        # IMMEDIATE takes the write lock at once, so the reads inside see what is written.
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
            self._db.execute("COMMIT")
            self._unsynced = self._syncs_deferred
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

    # --- Plays ---------------------------------------------------------------------------------

    @_guarded
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
            self._seal_play(cursor.lastrowid)
            self._enqueue(db, cursor.lastrowid, outbox)
        self._progress_due = None
        self._note_progress(record.uuid, 0)
        assert cursor.lastrowid is not None
        return PlayRecord(cursor.lastrowid, record.uuid, game, setup, key, record.started)

    @_guarded
    def finish(self, play_id: int, result: dict[str, Any],
               finished: str | None = None,
               outbox: OutboxBuilder | None = None) -> PlayRecord:
        """Mark the play over with its result; returns the updated record."""
        with self._write() as db:
            cursor = db.execute("UPDATE plays SET finished = ?, result = ? WHERE id = ?",
                                (finished or now(), _dumps(result), play_id))
            if cursor.rowcount == 0:
                raise self._no_play(play_id)
            self._seal_play(play_id)
            self._enqueue(db, play_id, outbox)
            row = db.execute(f"SELECT {PLAY_COLUMNS} FROM plays WHERE id = ?",
                             (play_id,)).fetchone()
        return self._play(row)

    # --- Events --------------------------------------------------------------------------------

    @_guarded
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
        if self._syncs_deferred:
            self._progress_due = (play_uuid, int(seq))  # by `sync`, once the move is durable
        else:
            self._note_progress(play_uuid, int(seq))
        return int(seq)

    @_guarded
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
            self._note_progress(play_uuid, seq - 1, synced=True)
            db.execute("DELETE FROM events WHERE play_id = ? AND seq = ?", (play_id, seq))
            db.execute("DELETE FROM snapshots WHERE play_id = ? AND seq >= ?", (play_id, seq))
            db.execute("DELETE FROM drafts WHERE play_id = ?", (play_id,))
            db.execute("UPDATE plays SET finished = NULL, result = NULL WHERE id = ?",
                       (play_id,))
            self._seal_play(play_id)
            self._enqueue(db, play_id, outbox)
        event: dict[str, Any] = self._loads(text, play_id)
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
        enqueue(db, outbox(self, self._play(row)), _dumps)

    # --- Snapshots -----------------------------------------------------------------------------

    @_guarded
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

    @_guarded
    def set_draft(self, play_id: int, draft: dict[str, Any] | None) -> None:
        """Keep (or, with None, forget) the move the table is entering: in the draft file
        beside the journal, without a sync and without growing the log (see `DraftFile`)."""
        try:
            self._drafts.write(play_id, self.event_count(play_id), draft)
        except OSError as error:
            raise JournalError(N_("cannot open {file} for writing: {reason}"),
                               file=str(self._drafts.path),
                               reason=error.strerror or str(error)) from error

    @_guarded
    def draft(self, play_id: int) -> dict[str, Any] | None:
        """The move being entered, while the play is still at the move it was written at."""
        known, draft = self._drafts.read(play_id, self.event_count(play_id))
        if known:
            return draft
        # A draft an earlier version kept in the journal itself (a move clears it).
        row = self._db.execute("SELECT draft FROM drafts WHERE play_id = ?",
                               (play_id,)).fetchone()
        return None if row is None else self._loads(row[0], play_id)

    # --- The file ------------------------------------------------------------------------------

    @_guarded
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
            # A reader holding the log stops it: SQLite checkpoints at a later commit.
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        if self._move_count is not None:
            self._move_count.close()
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
