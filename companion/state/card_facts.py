"""What the table learned about the cards of a box, kept beside the tags that stand for them.

A fact is one printed property of one card of a game (The Game of Trains: wagon 12's
ability), learned at the table or given at enrolment, and remembered for every later game
played with the same box. The facts live in their own table of the tag registry's SQLite file
(`tags.sqlite3`): every change is one transaction, so a power cut keeps it whole or not at all.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> put_fact(folder, "game-of-trains", "12", "ability", "lock")
>>> facts(folder, "game-of-trains", "ability")
{'12': 'lock'}
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from companion.state.tags import FILENAME

#: One fact: (game, card, fact, value).
Fact = tuple[str, str, str, str]

TABLE = "card_facts"
_COLUMNS = ("game TEXT NOT NULL, card TEXT NOT NULL, fact TEXT NOT NULL, value TEXT NOT NULL,"
            " PRIMARY KEY (game, card, fact)")
_TABLE = f"CREATE TABLE IF NOT EXISTS {TABLE} ({_COLUMNS}) WITHOUT ROWID"


@contextmanager
def _written(state_dir: Path) -> Iterator[sqlite3.Connection]:
    """The registry file in one write transaction (created with the folder if needed)."""
    from companion.state.folder import refuse_links, sqlite_files

    state_dir.mkdir(parents=True, exist_ok=True)
    path = state_dir / FILENAME
    refuse_links(*sqlite_files(path))
    # The table's registry holds the same file open: wait for its writer rather than fail.
    with closing(sqlite3.connect(path, timeout=10.0, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(_TABLE)
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def put_fact(state_dir: Path, game: str, card: str, fact: str, value: str) -> None:
    """Remember `fact` of `card` (a new value replaces the one learned before)."""
    with _written(state_dir) as db:
        db.execute("INSERT OR REPLACE INTO card_facts VALUES (?, ?, ?, ?)",
                   (game, card, fact, value))


def forget_fact(state_dir: Path, game: str, card: str, fact: str) -> bool:
    """Forget `fact` of `card`; False when it was not known."""
    with _written(state_dir) as db:
        gone = db.execute("DELETE FROM card_facts WHERE game = ? AND card = ? AND fact = ?",
                          (game, card, fact)).rowcount
    return bool(gone)


def facts(state_dir: Path, game: str, fact: str) -> dict[str, str]:
    """Every card of `game` whose `fact` is known, with its value (none without the file)."""
    from companion.state.folder import read_only_copy

    path = state_dir / FILENAME
    if not path.exists():
        return {}
    # Read as every reader of the folder reads: a copy, nothing written, whoever owns it.
    with closing(read_only_copy(path)) as db:
        rows = rows_in(db, TABLE)  # none in a registry from before the facts
    return {card: value for of, card, kind, value in rows if of == game and kind == fact}


def every_fact(state_dir: Path) -> list[Fact]:
    """Every fact kept in `state_dir`, for a backup (none without the file)."""
    from companion.state.folder import read_only_copy

    path = state_dir / FILENAME
    if not path.exists():
        return []
    with closing(read_only_copy(path)) as db:
        return rows_in(db, TABLE)


def rows_in(db: sqlite3.Connection, table: str) -> list[Fact]:
    """The facts in `table` of `db` (a registry, or a backup's copy); none without it."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                  (table,)).fetchone() is None:
        return []
    rows = db.execute(f"SELECT game, card, fact, value FROM {table}").fetchall()
    return [(str(game), str(card), str(fact), str(value)) for game, card, fact, value in rows]


def add_rows(db: sqlite3.Connection, facts: list[Fact], table: str = TABLE) -> None:
    """Write `facts` into `table` of `db` (created if needed), inside the caller's transaction."""
    db.execute(f"CREATE TABLE IF NOT EXISTS {table} ({_COLUMNS}) WITHOUT ROWID")
    db.executemany(f"INSERT OR REPLACE INTO {table} VALUES (?, ?, ?, ?)", facts)
