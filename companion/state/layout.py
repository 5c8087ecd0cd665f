"""The journal file's layout: its tables, the upgrades from older layouts, and a sentence for
each way SQLite can refuse the file.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from companion.state.errors import JournalDamaged, JournalError, JournalTooNew
from engine.errors import N_

#: The layout of the file; a file of a higher version is refused, a lower one is upgraded.
SCHEMA_VERSION = 4

#: The table added by layout 3 of the journal. AUTOINCREMENT: an id is never given twice, so
#: a late acknowledgement can only remove the item it was for.
OUTBOX_TABLE = """CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL,
    payload TEXT NOT NULL,
    latest_only INTEGER NOT NULL DEFAULT 0
)"""

FIRST_LAYOUT = (
    """CREATE TABLE plays (
        id INTEGER PRIMARY KEY,
        uuid TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        setup TEXT NOT NULL,
        key TEXT,
        started TEXT NOT NULL,
        finished TEXT,
        result TEXT
    )""",
    "CREATE INDEX plays_unfinished ON plays (key, id) WHERE finished IS NULL",
    """CREATE TABLE events (
        play_id INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        event TEXT NOT NULL,
        recorded TEXT NOT NULL,
        uids TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (play_id, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE snapshots (
        play_id INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        state TEXT NOT NULL,
        PRIMARY KEY (play_id, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE drafts (
        play_id INTEGER PRIMARY KEY REFERENCES plays (id) ON DELETE CASCADE,
        draft TEXT NOT NULL
    )""",
)

#: Settings whose default changed with layout 2, and the reading the plays journalled before
#: it were played with: they keep it (a Freight Train day paid as before, a Game of Trains
#: without the opening it never played), whatever the new default.
_READINGS_BEFORE_LAYOUT_2 = (
    ("freight-train", "tie_for_second_cancels_type", False),
    ("game-of-trains", "opening", False),
)

#: Whistle Stop's assumed round track changed with layout 4 (round 1 hands out coal at every
#: player count): the plays journalled before keep the track they were played on.
_READINGS_BEFORE_LAYOUT_4 = (
    ("whistle-stop", "round_track", ["coal", "coal", "whistle"] * 4),
    ("whistle-stop", "start_space", {"2": 3, "3": 2, "4": 1, "5": 0}),
)

#: The columns of a play that its checksum covers.
PLAY_SEALED = "uuid, game, setup, key, started, finished, result"


def checksum(*fields: Any) -> int:
    """CRC-32 of a row's fields as stored: any single flipped bit changes it."""
    text = json.dumps(list(fields), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return zlib.crc32(text.encode())


#: One step of an upgrade: an SQL statement, or a function given the open file.
Step = str | Callable[[sqlite3.Connection], None]


def _keeping(readings: tuple[tuple[str, str, object], ...]) -> Step:
    """A step writing each reading into the settings of the plays of its game that give none.

    A play's row whose checksum held is sealed again; a damaged one is left as it is, for the
    checks to find. Their snapshots hold the settings as they were read then: they go, and
    the moves are replayed instead.
    """
    games = sorted({game for game, _, _ in readings})
    marks = ", ".join("?" * len(games))

    def keep(db: sqlite3.Connection) -> None:
        rows = db.execute(f"SELECT id, {PLAY_SEALED}, checksum FROM plays "
                          f"WHERE game IN ({marks})", games).fetchall()
        for play_id, *sealed, stored in rows:
            if stored is not None and stored != checksum(*sealed):
                continue
            try:
                setup = json.loads(sealed[2])
                settings = setup.setdefault("options", {}).setdefault("settings", {})
            except (ValueError, TypeError, AttributeError):
                continue  # not a setup this companion wrote: left for the checks to find
            for game, setting, value in readings:
                if game == sealed[1]:
                    settings.setdefault(setting, value)
            sealed[2] = json.dumps(setup, ensure_ascii=False, separators=(",", ":"))
            db.execute("UPDATE plays SET setup = ?, checksum = ? WHERE id = ?",
                       (sealed[2], None if stored is None else checksum(*sealed), play_id))
        db.execute(f"DELETE FROM snapshots WHERE play_id IN (SELECT id FROM plays "
                   f"WHERE game IN ({marks}))", games)

    return keep


#: Upgrades from version N to N + 1, run in order in one transaction. A new file gets the
#: first layout and every upgrade.
MIGRATIONS: dict[int, tuple[Step, ...]] = {
    # A CRC-32 of each row's content, so that a flipped bit is found (rows of version 1 have
    # none and are not checked).
    1: ("ALTER TABLE plays ADD COLUMN checksum INTEGER",
        "ALTER TABLE events ADD COLUMN checksum INTEGER",
        "ALTER TABLE snapshots ADD COLUMN checksum INTEGER",
        _keeping(_READINGS_BEFORE_LAYOUT_2)),
    # What the table publishes to MQTT, written with the change it describes.
    2: (OUTBOX_TABLE,),
    3: (_keeping(_READINGS_BEFORE_LAYOUT_4),),
}


def too_new(file: Path, version: int) -> JournalError:
    """The refusal of a file written by a newer companion."""
    return JournalTooNew(
        N_("{file} was written by a newer companion (journal version {version}, this one "
           "reads up to {supported}): upgrade the companion to open it"),
        file=str(file), version=version, supported=SCHEMA_VERSION,
    )


def lay_out(db: sqlite3.Connection, file: Path) -> None:
    """Bring the file to the current layout, inside the caller's write transaction."""
    # Read again inside the lock: another process may have set the file up meanwhile.
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise too_new(file, version)
    if version == 0:
        tables = db.execute(
            "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
        ).fetchone()[0]
        if tables:
            raise JournalError(N_("{file} is a database, but not a companion journal"),
                               file=str(file))
        for statement in FIRST_LAYOUT:
            db.execute(statement)
        version = 1
    for step in range(version, SCHEMA_VERSION):
        for upgrade in MIGRATIONS[step]:
            if isinstance(upgrade, str):
                db.execute(upgrade)
            else:
                upgrade(db)
    # PRAGMA does not take parameters; the value is our own constant.
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


def failure(error: sqlite3.Error, file: Path) -> JournalError:
    """A sentence for what went wrong, naming the file."""
    text = str(error)
    name = str(file)
    # "Could not decode to UTF-8": a flipped bit made a stored text invalid.
    if "not a database" in text or "malformed" in text or "decode" in text:
        return JournalDamaged(N_("{file} is damaged or is not a companion journal"), file=name)
    if "locked" in text or "busy" in text:
        return JournalError(N_("{file} is locked by another program; try again"), file=name)
    if "unable to open" in text or "readonly" in text or "read-only" in text:
        return JournalError(N_("cannot open {file} for writing: {reason}"), file=name,
                            reason=text)
    return JournalError(N_("{file}: {reason}"), file=name, reason=text)


class NamesItsFile(Protocol):
    """An object working on a journal file: its `path` names the file in errors."""

    @property
    def path(self) -> Path: ...


Owner = TypeVar("Owner", bound=NamesItsFile)
P = ParamSpec("P")
T = TypeVar("T")


def guarded(method: Callable[Concatenate[Owner, P], T]) -> Callable[Concatenate[Owner, P], T]:
    """Turn SQLite's exceptions into a JournalError that names the file (`failure`)."""

    @wraps(method)
    def guarded_method(owner: Owner, /, *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(owner, *args, **kwargs)
        except sqlite3.Error as error:
            raise failure(error, owner.path) from error

    return guarded_method
