"""The journal's own checks: the move count beside it, the checksums of its rows, SQLite's
quick check, and the checkpoints that keep the main file close behind the log.

`JournalChecks` is a part of `Journal` (it uses the journal's connection and path).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from companion.state.errors import JournalDamaged, JournalError, ProgressUnreadable
from companion.state.progress import MoveCount
from engine.errors import N_

log = logging.getLogger("companion.state.journal")

#: The start-up integrity check stops after this long (a very large journal is checked in
#: part rather than delaying the table).
CHECK_SECONDS = 2.0
#: Beside the journal: the last committed move of the open play, kept outside the database
#: so that a lost or rolled-back log is noticed.
PROGRESS_SUFFIX = ".last-move"
#: The columns of a play that its checksum covers.
PLAY_SEALED = "uuid, game, setup, key, started, finished, result"

P = ParamSpec("P")
T = TypeVar("T")


def _guarded(method: Callable[P, T]) -> Callable[P, T]:
    """Turn SQLite's exceptions into a JournalError that names the file."""

    @wraps(method)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as error:
            checks = args[0]
            assert isinstance(checks, JournalChecks)
            raise checks._failure(error) from error

    return guarded


class JournalChecks:
    """Checks and checkpoints of a journal file (mixed into `Journal`)."""

    path: Path
    read_only: bool
    _db: sqlite3.Connection
    _durable: bool
    _move_count: MoveCount | None
    _noted: tuple[str, int] | None | ProgressUnreadable = None

    def _failure(self, error: sqlite3.Error) -> JournalError:
        raise NotImplementedError

    @_guarded
    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file (end of a round, of a game): the file
        alone then holds every move. PASSIVE never waits for a reader (`companion status`
        reading meanwhile); the log is emptied at close."""
        if not self.read_only:
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    @property
    def progress_path(self) -> Path:
        return self.path.with_name(self.path.name + PROGRESS_SUFFIX)

    def committed_progress(self) -> tuple[str, int] | None:
        """(play uuid, seq) of the last move committed, as noted outside the database; for a
        read-only copy, as noted just before the copy was made."""
        noted = self._noted if self.read_only else self._read_progress()
        if isinstance(noted, ProgressUnreadable):
            raise noted
        return noted

    def _read_progress(self) -> tuple[str, int] | None | ProgressUnreadable:
        try:
            return MoveCount(self.progress_path).read()
        except (OSError, ValueError) as error:
            return ProgressUnreadable(
                N_("{file} cannot be read ({reason}): whether moves were lost cannot be told"),
                file=str(self.progress_path), reason=str(error))

    def _note_before_copy(self) -> None:
        """Read the count before copying the journal: the count is written after each commit,
        so the copy holds at least the moves it names, even while the companion plays."""
        self._noted = self._read_progress()

    def _note_progress(self, play_uuid: str, seq: int, *, synced: bool = False) -> None:
        """Write the move count; `synced` for a count that goes down or follows another
        journal (the only writes a power cut could leave stale and ahead of the journal)."""
        if self.read_only:
            return
        try:
            if self._move_count is None:
                self._move_count = MoveCount(self.progress_path, self._durable)
            self._move_count.write(play_uuid, seq, synced=synced)
        except OSError as error:
            # The move itself is committed: a full disk here weakens the loss check, and
            # failing the move would be worse.
            log.warning("cannot write %s: %s", self.progress_path, error)

    @_guarded
    def losses(self) -> Loss | None:
        """The moves the companion committed that this journal no longer holds, if any."""
        noted = self.committed_progress()
        if noted is None:
            return None
        play_uuid, seq = noted
        row = self._db.execute("SELECT id FROM plays WHERE uuid = ?", (play_uuid,)).fetchone()
        held = 0 if row is None else int(self._db.execute(
            "SELECT coalesce(max(seq), 0) FROM events WHERE play_id = ?", (row[0],)).fetchone()[0])
        if held >= seq and row is not None:
            return None
        return Loss(play_uuid, None if row is None else int(row[0]), held, seq)

    @_guarded
    def damage(self, seconds: float = CHECK_SECONDS) -> str | None:
        """What SQLite's quick check finds wrong (None when nothing, or when it ran out of
        time: it stops after `seconds`)."""
        deadline = time.monotonic() + seconds
        self._db.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
        try:
            rows = self._db.execute("PRAGMA quick_check(5)").fetchall()
        except sqlite3.OperationalError as error:
            if "interrupted" in str(error):
                return None
            raise
        finally:
            self._db.set_progress_handler(None, 0)
        found = [line for row in rows for line in str(row[0]).splitlines()
                 if not line.startswith("***")]  # "*** in database main ***"
        if found != ["ok"]:
            return "; ".join(found[:3])  # one line: the first few say enough
        return self._mismatches(deadline)

    def check(self) -> Loss | None:
        """At start: JournalDamaged when the file is damaged, else the moves lost, if any."""
        problem = self.damage()
        if problem is not None:
            raise JournalDamaged(N_("{file} is damaged: {problem}"), file=str(self.path),
                                 problem=problem)
        return self.losses()

    def _seal_play(self, play_id: int) -> None:
        """Store the checksum of the play's row as it is now (inside the caller's write)."""
        row = self._db.execute(f"SELECT {PLAY_SEALED} FROM plays WHERE id = ?",
                               (play_id,)).fetchone()
        self._db.execute("UPDATE plays SET checksum = ? WHERE id = ?",
                         (checksum(*row), play_id))

    def _mismatches(self, deadline: float) -> str | None:
        """The first row whose content no longer matches its checksum, newest plays first;
        None when all match or time ran out."""
        plays = self._db.execute(
            f"SELECT id, {PLAY_SEALED}, checksum FROM plays ORDER BY id DESC").fetchall()
        for play_id, *fields, stored in plays:
            if stored is not None and stored != checksum(*fields):
                return f"play {play_id} does not match its checksum"
            rows = self._db.execute(
                "SELECT seq, event, recorded, uids, checksum FROM events WHERE play_id = ? "
                "ORDER BY seq", (play_id,))
            for seq, event, recorded, uids, stored in rows:
                if stored is not None and stored != checksum(play_id, seq, event, recorded,
                                                             uids):
                    return f"play {play_id} move {seq} does not match its checksum"
            for seq, state, stored in self._db.execute(
                    "SELECT seq, state, checksum FROM snapshots WHERE play_id = ?", (play_id,)):
                if stored is not None and stored != checksum(play_id, seq, state):
                    return f"play {play_id} snapshot {seq} does not match its checksum"
            if time.monotonic() > deadline:
                return None
        return None


@dataclass(frozen=True)
class Loss:
    """Moves committed once that the journal no longer holds: `held` of `committed`."""

    play_uuid: str
    play_id: int | None
    held: int
    committed: int

    def error(self, file: Path) -> JournalError:
        """The loss in one line, naming the moves lost."""
        if self.play_id is None:
            return JournalError(
                N_("{file} lost a whole play ({committed} moves committed): restore a backup "
                   "or run companion journal recover"),
                file=str(file), committed=self.committed)
        first = self.held + 1
        return JournalError(
            N_("{file} lost moves {first} to {last} of play {play}: it holds {held} of the "
               "{committed} committed"),
            file=str(file), first=first, last=self.committed, play=self.play_id,
            held=self.held, committed=self.committed)




def checksum(*fields: Any) -> int:
    """CRC-32 of a row's fields as stored: any single flipped bit changes it."""
    text = json.dumps(list(fields), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return zlib.crc32(text.encode())
