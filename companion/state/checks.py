"""The journal's own checks: the move count beside it, the checksums of its rows and SQLite's
quick check, which together tell a journal that was damaged or lost moves.

`JournalChecks` works over the journal's connection; the journal owns one (`journal.checks`).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from companion.state.errors import JournalDamaged, JournalError, ProgressUnreadable
from companion.state.layout import PLAY_SEALED, checksum, guarded
from companion.state.progress import MoveCount
from engine.errors import N_

log = logging.getLogger("companion.state.journal")

#: The start-up integrity check stops after this long (a very large journal is checked in
#: part rather than delaying the table).
CHECK_SECONDS = 2.0
#: Beside the journal: the last committed move of the open play, kept outside the database
#: so that a lost or rolled-back log is noticed.
PROGRESS_SUFFIX = ".last-move"

#: The move count as read beside the journal: (play uuid, seq), None when no move was noted,
#: or why it cannot be read.
Noted = tuple[str, int] | None | ProgressUnreadable


def move_count_path(journal_path: Path) -> Path:
    """The move count's file beside the journal: journal.sqlite3.last-move."""
    return journal_path.with_name(journal_path.name + PROGRESS_SUFFIX)


def read_move_count(path: Path) -> Noted:
    """The move count in the file at `path`, or why it cannot be read."""
    try:
        return MoveCount(path).read()
    except (OSError, ValueError) as error:
        return ProgressUnreadable(
            N_("{file} cannot be read ({reason}): whether moves were lost cannot be told"),
            file=str(path), reason=str(error))


class JournalChecks:
    """The checks of one journal file, and the writer's move count beside it."""

    def __init__(self, db: sqlite3.Connection, path: Path, *, durable: bool = True,
                 read_only: bool = False, noted: Noted = None) -> None:
        """`noted`, for a read-only copy: the move count as read just before the copy was
        made (the count is written after each commit, so the copy holds at least the moves
        it names, even while the companion plays)."""
        self._db = db
        self.path = path
        self.progress_path = move_count_path(path)
        self._read_only = read_only
        self._durable = durable
        self._noted = noted
        self._move_count: MoveCount | None = None  # the writer's, opened by its first note

    def committed_progress(self) -> tuple[str, int] | None:
        """(play uuid, seq) of the last move committed, as noted outside the database; for a
        read-only copy, as noted just before the copy was made."""
        noted = self._noted if self._read_only else read_move_count(self.progress_path)
        if isinstance(noted, ProgressUnreadable):
            raise noted
        return noted

    def note_progress(self, play_uuid: str, seq: int, *, synced: bool = False) -> None:
        """Write the move count; `synced` for a count that goes down or follows another
        journal (the only writes a power cut could leave stale and ahead of the journal)."""
        if self._read_only:
            return
        try:
            if self._move_count is None:
                self._move_count = MoveCount(self.progress_path, self._durable)
            self._move_count.write(play_uuid, seq, synced=synced)
        except OSError as error:
            # The move itself is committed: a full disk here weakens the loss check, and
            # failing the move would be worse.
            log.warning("cannot write %s: %s", self.progress_path, error)

    @guarded
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

    @guarded
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

    def seal_play(self, play_id: int) -> None:
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

    def close(self) -> None:
        if self._move_count is not None:
            self._move_count.close()


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


