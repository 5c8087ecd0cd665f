"""The journal's write-ahead log: when its commits reach the disk, and its checkpoints.

Each commit is synced before it returns (`synchronous=FULL`), unless syncs are deferred (the
table does): a commit then only hands its pages to the kernel, and `sync`, after the frame,
makes it durable with one sync of the log, or with a checkpoint's syncs once the log holds
more than CHECKPOINT_PAGES pages. The journal owns one (`journal.wal`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import sys
from pathlib import Path

from companion.state.errors import JournalError
from engine.errors import N_

log = logging.getLogger("companion.state.journal")

#: Pages in the write-ahead log before it is copied into the main file (a checkpoint, after
#: the commit that passes the bound). SQLite's default, 1000 pages, kept a whole game of
#: Ticket to Ride in the log alone; 16 keeps at most 15 moves there, at no cost a move
#: measured (`python bench/bench_checkpoint.py` has the table).
CHECKPOINT_PAGES = 16
#: Bytes of the wal-index header that holds `mxFrame` (at bytes 16-19, native order).
WAL_INDEX_HEADER = 48


class WriteAheadLog:
    """The log of one journal connection: set up, synced, copied into the main file."""

    _log_path: Path  # the log and its index, named by `defer`
    _index_path: Path

    def __init__(self, db: sqlite3.Connection, path: Path, *, durable: bool) -> None:
        """`durable=False` skips the syncs (benchmarks, and a read-only copy)."""
        self._db = db
        self.path = path
        self.durable = durable
        #: Whether commits wait for `sync` to be durable (`defer`).
        self.deferred = False
        #: Commits since the last `sync`, when syncs are deferred (the journal's writes say).
        self.unsynced = False

    def set_up(self) -> None:
        """The write-ahead log, synced at every commit unless not `durable`."""
        mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise JournalError(
                N_("{file}: the file system refuses the write-ahead log the journal needs"),
                file=str(self.path),
            )
        # FULL: the write-ahead log is synced at every commit, so a committed event survives
        # a power cut (NORMAL would only keep the file consistent, and could lose the last one).
        self._db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'OFF'}")
        self._db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")

    def defer(self) -> None:
        """Commit without syncing: the table shows a move first, then `sync` makes it durable.

        A commit still hands every page to the kernel (a crash of the program loses nothing);
        only a power cut in the few milliseconds before `sync` could take back the last move,
        which the screen then shows missing. The log is copied into the main file by `sync`
        too, after the frame, instead of inside the commit that passes the bound.
        """
        if not self.durable:
            return
        from companion.state.folder import sqlite_files

        _, self._log_path, self._index_path, _ = sqlite_files(self.path)
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self.deferred = True

    def sync(self, checkpoint: bool = False) -> bool:
        """Make the commits since the last `sync` durable (after `defer`): one sync of the
        log, or, when the log holds more than CHECKPOINT_PAGES pages or `checkpoint` asks,
        the checkpoint's own syncs (the log before it is copied, the main file after).
        Whether it did: not when there was nothing to sync, or the sync failed."""
        if not self.deferred or not (self.unsynced or checkpoint):
            return False
        if not self._synced(checkpoint):
            return False
        self.unsynced = False
        return True

    def _synced(self, checkpoint: bool) -> bool:
        if checkpoint or self.frames() > CHECKPOINT_PAGES:
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

    def frames(self) -> int:
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

    def checkpoint(self) -> None:
        """Copy the log into the main file; PASSIVE never waits for a reader."""
        self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def empty(self) -> None:
        """Copy the log into the main file and empty it, at a clean stop."""
        # A reader holding the log stops it: SQLite checkpoints at a later commit.
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
