"""The outbox: what a table publishes to MQTT, kept in the journal until the broker has it.

Items are written inside the transaction of the change they describe (a move, a play started,
finished or reopened), so they cost no sync of their own, and a power cut keeps both or
neither. An item marked `latest_only` (the live view) replaces the one of its topic not sent
yet: after an outage only the last view goes out, while the plays' items all go, in order.
The publisher reads and removes items through a connection of its own (`OutboxStore`).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class OutboxItem:
    """One message to publish: `topic` is under `companion/<table>/`, `payload` its JSON."""

    topic: str
    payload: dict[str, Any]
    latest_only: bool = False


@dataclass(frozen=True)
class Pending:
    """An item read back from the outbox, ready to send."""

    id: int
    topic: str
    payload: str


#: Builds the items for a change, inside its transaction: called with the journal and the
#: play as it is after the change.
OutboxBuilder = Callable[[Any, Any], Sequence[OutboxItem]]


def enqueue(db: sqlite3.Connection, items: Sequence[OutboxItem],
            dumps: Callable[[Any], str]) -> None:
    """Add `items` inside the caller's open transaction, replacing superseded ones."""
    for item in items:
        if item.latest_only:
            db.execute("DELETE FROM outbox WHERE topic = ? AND latest_only = 1", (item.topic,))
        db.execute("INSERT INTO outbox (topic, payload, latest_only) VALUES (?, ?, ?)",
                   (item.topic, dumps(item.payload), int(item.latest_only)))


class OutboxStore:
    """The publisher's own connection to an existing journal: it reads the outbox in order
    and removes what the broker acknowledged.

    Its commits are not synced (`synchronous=NORMAL`): a power cut may forget that an item
    was sent, and it is sent again (MQTT's QoS 1 allows a repeat, never a loss).
    """

    def __init__(self, path: str | os.PathLike[str], timeout: float = 5.0) -> None:
        # mode=rw: the table creates the journal; this connection must never make an empty one.
        self._path = Path(path)
        uri = self._path.absolute().as_uri() + "?mode=rw"
        self._db = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
        self._db.execute("PRAGMA synchronous=NORMAL")

    def after(self, last_id: int, limit: int) -> list[Pending]:
        """Up to `limit` items after id `last_id`, oldest first."""
        rows = self._db.execute(
            "SELECT id, topic, payload FROM outbox WHERE id > ? ORDER BY id LIMIT ?",
            (last_id, limit)).fetchall()
        return [Pending(int(row[0]), str(row[1]), str(row[2])) for row in rows]

    def sent(self, ids: Sequence[int]) -> None:
        """Remove the items the broker has acknowledged, in one transaction."""
        if not ids:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.executemany("DELETE FROM outbox WHERE id = ?", [(i,) for i in ids])
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def pending_topics(self) -> set[str]:
        """The topics of the items not acknowledged yet."""
        return {str(row[0]) for row in self._db.execute("SELECT DISTINCT topic FROM outbox")}

    def recent_plays(self, limit: int) -> list[Any]:
        """The `limit` most recent plays of the journal (`PlayRecord`), newest first: what
        the publisher sends again to a broker that may have lost them."""
        from companion.state.reads import PLAY_COLUMNS, JournalReader

        reader = JournalReader(self._db, self._path)
        rows = self._db.execute(f"SELECT {PLAY_COLUMNS} FROM plays ORDER BY id DESC LIMIT ?",
                                (limit,)).fetchall()
        return [reader.play_from_row(row) for row in rows]

    def count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM outbox").fetchone()[0])

    def close(self) -> None:
        self._db.close()
