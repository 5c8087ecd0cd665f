"""The journal's reads: plays, their events, snapshots and the outbox as stored.

`JournalReader` works over the journal's connection; the journal owns one (`journal.reads`),
and its writes read back what they wrote with it too.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.state.endings import Ending, ending_of
from companion.state.errors import JournalDamaged, JournalError
from companion.state.layout import checksum, guarded
from engine.errors import N_

PLAY_COLUMNS = "id, uuid, game, setup, key, started, finished, result"


@dataclass(frozen=True)
class PlayRecord:
    """One play as journalled: `setup` is {"players": [...], "options": {...}}."""

    id: int
    uuid: str
    game: str
    setup: dict[str, Any]
    key: str | None
    started: str
    finished: str | None = None
    result: dict[str, Any] | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.setup.get("players", ()))

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.get("options", {}))

    @property
    def ending(self) -> Ending | None:
        """How the play ended before its rules ended it (abandoned, finished early); None
        for a play in progress or one the rules ended."""
        return ending_of(self.result) if self.finished is not None else None


@dataclass(frozen=True)
class EventRecord:
    """One journalled event; `uids` are the tags scanned to enter it, if any."""

    seq: int
    event: dict[str, Any]
    recorded: str
    uids: tuple[str, ...] = ()


class JournalReader:
    """What a journal file holds, read through its connection."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self._db = db
        self.path = path  # names the file in errors

    @guarded
    def play(self, play_id: int) -> PlayRecord | None:
        row = self._db.execute(f"SELECT {PLAY_COLUMNS} FROM plays WHERE id = ?",
                               (play_id,)).fetchone()
        return None if row is None else self.play_from_row(row)

    @guarded
    def unfinished(self, key: str | None = None) -> PlayRecord | None:
        """The most recent play not finished (with that key, when one is given)."""
        query = f"SELECT {PLAY_COLUMNS} FROM plays WHERE finished IS NULL"
        params: tuple[Any, ...] = ()
        if key is not None:
            query += " AND key = ?"
            params = (key,)
        row = self._db.execute(query + " ORDER BY id DESC LIMIT 1", params).fetchone()
        return None if row is None else self.play_from_row(row)

    @guarded
    def plays(self, finished: bool | None = None) -> list[PlayRecord]:
        """Every play, oldest first; only the finished or unfinished ones when asked."""
        query = f"SELECT {PLAY_COLUMNS} FROM plays"
        if finished is not None:
            query += " WHERE finished IS NOT NULL" if finished else " WHERE finished IS NULL"
        return [self.play_from_row(row) for row in self._db.execute(query + " ORDER BY id")]

    @guarded
    def events(self, play_id: int, after: int = 0) -> list[dict[str, Any]]:
        """The play's events after seq `after`, in order."""
        rows = self._db.execute(
            "SELECT event FROM events WHERE play_id = ? AND seq > ? ORDER BY seq",
            (play_id, after),
        )
        return [self.parsed(text, play_id) for (text,) in rows]

    @guarded
    def records(self, play_id: int, after: int = 0) -> list[EventRecord]:
        """Like `events`, with each event's seq, the time it was recorded and its tags."""
        rows = self._db.execute(
            "SELECT seq, event, recorded, uids FROM events WHERE play_id = ? AND seq > ? "
            "ORDER BY seq",
            (play_id, after),
        )
        return [EventRecord(seq, self.parsed(text, play_id), recorded,
                            tuple(self.parsed(uids, play_id)))
                for seq, text, recorded, uids in rows]

    @guarded
    def event_count(self, play_id: int) -> int:
        # Seqs run 1..n without gaps (append and pop only touch the end), so max is the count.
        row = self._db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE play_id = ?",
                               (play_id,)).fetchone()
        return int(row[0])

    @guarded
    def outbox(self) -> list[tuple[str, dict[str, Any]]]:
        """The items not yet sent, oldest first, as (topic, payload)."""
        rows = self._db.execute("SELECT topic, payload FROM outbox ORDER BY id").fetchall()
        return [(str(topic), json.loads(payload)) for topic, payload in rows]

    @guarded
    def latest_snapshot(self, play_id: int,
                        at_most: int | None = None) -> tuple[int, dict[str, Any]] | None:
        """The last snapshot (at or before seq `at_most`), as (seq, state)."""
        row = self._db.execute(
            "SELECT seq, state, checksum FROM snapshots WHERE play_id = ? AND seq <= ? "
            "ORDER BY seq DESC LIMIT 1",
            (play_id, at_most if at_most is not None else 2**62),
        ).fetchone()
        if row is None:
            return None
        if row[2] is not None and row[2] != checksum(play_id, row[0], row[1]):
            raise JournalDamaged(N_("{file}: play {play} has a damaged entry"),
                                 file=str(self.path), play=play_id)
        return int(row[0]), self.parsed(row[1], play_id)

    # --- Rows ----------------------------------------------------------------------------------

    def play_from_row(self, row: tuple[Any, ...]) -> PlayRecord:
        """The play in a row of PLAY_COLUMNS."""
        play_id, play_uuid, game, setup, key, started, finished, result = row
        return PlayRecord(
            id=play_id,
            uuid=play_uuid,
            game=game,
            setup=self.parsed(setup, play_id),
            key=key,
            started=started,
            finished=finished,
            result=None if result is None else self.parsed(result, play_id),
        )

    def parsed(self, text: str, play_id: int) -> Any:
        """A stored JSON value; a row that does not parse is reported, not raised as is."""
        try:
            return json.loads(text)
        except (json.JSONDecodeError, TypeError) as error:
            raise JournalError(N_("{file}: play {play} has a damaged entry"),
                               file=str(self.path), play=play_id) from error
