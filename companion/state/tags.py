"""The tag registry: which card each RFID tag is, kept in SQLite in the state directory.

A UID is stored as upper-case hex without separators, the form the drivers report. Every
change is one transaction; an import is all or nothing.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.games.cards import Card, CardError, check_card
from companion.lib.spreadsheet import neutralise, restore
from engine.errors import N_, Reasoned

FILENAME = "tags.sqlite3"
CSV_COLUMNS = ("uid", "game", "kind", "value")
#: ISO 14443-A UIDs have 4, 7 or 10 bytes; 125 kHz EM4100 tags read as 5.
UID_BYTES = range(4, 11)

_SEPARATORS = re.compile(r"[\s:\-]+")
_HEX = re.compile(r"[0-9A-F]+")
_SCHEMA_VERSION = 1


class TagError(Reasoned, ValueError):
    """A UID, an enrolment or an import the registry refuses; nothing was written.

    It carries an English `reason` template and its `params` for `games.names.reason()`;
    `field` is the part that is wrong and `line` the CSV line, when there is one.
    """

    def __init__(self, field: str, reason: str, /, *, line: int | None = None,
                 **params: Any) -> None:
        self.field = field
        self.line = line
        super().__init__(reason, **params)

    def told(self) -> str:
        text = super().told()
        return f"line {self.line}: {text}" if self.line is not None else text


class AlreadyEnrolled(TagError):
    """The UID is enrolled to another card; `card` is that card."""

    def __init__(self, uid: str, card: Card, *, line: int | None = None) -> None:
        self.uid = uid
        self.card = card
        super().__init__("uid", N_("{uid} is already enrolled as {card}"), line=line,
                         uid=uid, card=describe(card))


def describe(card: Card) -> str:
    """A card in a few words for messages: "freight-train wagon coal"."""
    return " ".join(part for part in (card.game, card.kind, card.value) if part)


def normalise_uid(text: str) -> str:
    """"04:a3 1f-2b" -> "04A31F2B". Raises `TagError` unless 4 to 10 bytes of hex remain."""
    uid = _SEPARATORS.sub("", text).upper()
    if uid.startswith("0X"):
        uid = uid[2:]
    if not uid or not _HEX.fullmatch(uid) or len(uid) % 2:
        raise TagError("uid", N_("{uid!r} is not a tag UID (an even number of hex digits)"),
                       uid=text)
    if len(uid) // 2 not in UID_BYTES:
        raise TagError("uid", N_("{uid} has {count} bytes; a tag UID has 4 to 10"),
                       uid=uid, count=len(uid) // 2)
    return uid


class TagRegistry:
    """UID -> `Card`, stored in an SQLite file (WAL, synchronous FULL).

    >>> registry = TagRegistry(":memory:")
    >>> registry.enroll("04 a3 1f 2b", Card("freight-train", "wagon", "coal"))
    >>> registry.lookup("04A31F2B")
    Card(game='freight-train', kind='wagon', value='coal')
    """

    def __init__(self, path: str | Path, *, connection: sqlite3.Connection | None = None) -> None:
        """Open (or create) the file; with `connection`, use that database instead."""
        self.path = path
        if connection is not None:
            self._db = connection
        else:
            # The companion and `companion tags` may use the file at the same time: wait for
            # a writer rather than fail at once.
            self._db = sqlite3.connect(path, timeout=10.0, isolation_level=None)
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        with self._transaction():
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS tags ("
                " uid TEXT PRIMARY KEY, game TEXT NOT NULL, kind TEXT NOT NULL,"
                " value TEXT NOT NULL) WITHOUT ROWID")
            self._db.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")

    @classmethod
    def in_state_dir(cls, state_dir: str | Path) -> TagRegistry:
        """The registry of a state directory, created with the directory if needed.

        The folder must be the user's own and the files no links (StateFolderRefused)."""
        from companion.state.folder import check_owner, refuse_links, sqlite_files

        directory = Path(state_dir)
        check_owner(directory)
        directory.mkdir(parents=True, exist_ok=True)
        refuse_links(*sqlite_files(directory / FILENAME))
        return cls(directory / FILENAME)

    @classmethod
    def read_only(cls, state_dir: str | Path) -> TagRegistry:
        """The registry as it is now, copied into memory: changes nothing on disk (a missing
        file reads as empty), works while the companion runs."""
        from companion.state.folder import read_only_copy

        path = Path(state_dir) / FILENAME
        # A path through a file is an error; a missing folder reads as empty.
        with contextlib.suppress(FileNotFoundError):
            path.parent.stat()
        connection = (read_only_copy(path) if path.exists()
                      else sqlite3.connect(":memory:", isolation_level=None))
        return cls(path, connection=connection)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> TagRegistry:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def __len__(self) -> int:
        (count,) = self._db.execute("SELECT COUNT(*) FROM tags").fetchone()
        return int(count)

    # --- Queries -------------------------------------------------------------------------------

    def lookup(self, uid: str) -> Card | None:
        """The card of this tag, or None when it is not enrolled."""
        row = self._db.execute("SELECT game, kind, value FROM tags WHERE uid = ?",
                               (normalise_uid(uid),)).fetchone()
        return Card(*row) if row else None

    def all(self, game: str | None = None) -> list[tuple[str, Card]]:
        """Every (UID, card), ordered by card then UID; only `game`'s cards when given."""
        query = "SELECT uid, game, kind, value FROM tags"
        params: tuple[str, ...] = ()
        if game is not None:
            query += " WHERE game = ?"
            params = (game,)
        rows = self._db.execute(query + " ORDER BY game, kind, value, uid", params)
        return [(uid, Card(g, k, v)) for uid, g, k, v in rows]

    # --- Changes -------------------------------------------------------------------------------

    def enroll(self, uid: str, card: Card, replace: bool = False) -> None:
        """Enrol a tag as `card` (enrolling it again as the same card changes nothing).

        A UID already enrolled to another card is refused (`AlreadyEnrolled`) unless
        `replace`. Several tags may be the same card (a deck has many coal wagons).
        """
        entry = normalise_uid(uid), _checked(card)
        with self._transaction():
            self._put([entry], replace)

    def enroll_missing(self, entries: Iterable[tuple[str, Card]]) -> int:
        """Enrol each tag not enrolled yet, leaving the others as they are; all in one
        transaction (one sync, where a tag at a time would sync once per tag). The number of
        tags enrolled."""
        checked = [(normalise_uid(uid), _checked(card)) for uid, card in entries]
        added = 0
        with self._transaction():
            for uid, card in checked:
                cursor = self._db.execute("INSERT OR IGNORE INTO tags VALUES (?, ?, ?, ?)",
                                          (uid, card.game, card.kind, card.value))
                added += cursor.rowcount
        return added

    def forget(self, uid: str) -> bool:
        """Remove a tag; False when it was not enrolled."""
        with self._transaction():
            cursor = self._db.execute("DELETE FROM tags WHERE uid = ?", (normalise_uid(uid),))
        return cursor.rowcount > 0

    def import_csv(self, text: str, replace: bool = False) -> int:
        """Enrol every row of a CSV text (header `uid,game,kind,value`); the number of tags
        enrolled or changed. A bad row refuses the whole file: `TagError` names its line."""
        entries = parse_csv(text)
        with self._transaction():
            return self._put([(uid, card) for uid, card, _ in entries], replace,
                             lines=[line for _, _, line in entries])

    def export_csv(self) -> str:
        """Every tag as CSV text that `import_csv` reads back."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for uid, card in self.all():
            writer.writerow([neutralise(cell) for cell in (uid, card.game, card.kind, card.value)])
        return out.getvalue()

    # --- Inside --------------------------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def _put(self, entries: list[tuple[str, Card]], replace: bool,
             lines: list[int] | None = None) -> int:
        """Write the entries inside the caller's transaction; the number of rows changed."""
        changed = 0
        for index, (uid, card) in enumerate(entries):
            row = self._db.execute("SELECT game, kind, value FROM tags WHERE uid = ?",
                                   (uid,)).fetchone()
            if row is not None:
                current = Card(*row)
                if current == card:
                    continue
                if not replace:
                    raise AlreadyEnrolled(uid, current,
                                          line=lines[index] if lines is not None else None)
            self._db.execute("INSERT OR REPLACE INTO tags VALUES (?, ?, ?, ?)",
                             (uid, card.game, card.kind, card.value))
            changed += 1
        return changed


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        # IMMEDIATE takes the write lock now, so the checks and the writes see the same rows.
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._db.execute("ROLLBACK" if kind is not None else "COMMIT")


def _checked(card: Card, line: int | None = None) -> Card:
    try:
        return check_card(card)
    except CardError as error:
        raise TagError(error.field, error.reason, line=line, **error.params) from error


def parse_csv(text: str) -> list[tuple[str, Card, int]]:
    """(UID, card, line number) for each row; raises `TagError` at the first bad line.

    Columns are separated by commas, or semicolons or tabs as spreadsheets write them. Blank
    lines and lines starting with `#` are skipped; the `value` column may be left out.
    A UID listed twice must name the same card both times.
    """
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text), delimiter=_separator(text), strict=True)
    columns: dict[str, int] | None = None
    entries: list[tuple[str, Card, int]] = []
    seen: dict[str, Card] = {}
    try:
        for row in reader:
            line = reader.line_num
            cells = [restore(cell.strip()) for cell in row]
            if not any(cells) or cells[0].startswith("#"):
                continue
            if columns is None:
                columns = _header(cells, line)
                continue
            entries.append(_row(cells, columns, line, seen))
    except csv.Error as error:
        raise TagError("", N_("not valid CSV: {detail}"), line=reader.line_num,
                       detail=str(error)) from error
    if columns is None:
        raise TagError("", N_("no header line ({columns})"), columns=",".join(CSV_COLUMNS))
    return entries


def _separator(text: str) -> str:
    """The header line's separator: a comma, or the semicolon or tab of a spreadsheet's CSV
    (as `companion tags export --excel` writes it in French)."""
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return next((mark for mark in (",", ";", "\t") if mark in line), ",")
    return ","


def _header(cells: list[str], line: int) -> dict[str, int]:
    names = [cell.lower() for cell in cells]
    for name in names:
        if name not in CSV_COLUMNS:
            raise TagError("", N_("unknown column {column!r}; the columns are {columns}"),
                           line=line, column=name, columns=",".join(CSV_COLUMNS))
    for name in CSV_COLUMNS[:3]:
        if name not in names:
            raise TagError("", N_("the header lacks the column {column!r}"), line=line,
                           column=name)
    if len(set(names)) != len(names):
        raise TagError("", N_("a column is named twice"), line=line)
    return {name: index for index, name in enumerate(names)}


def _row(cells: list[str], columns: dict[str, int], line: int,
         seen: dict[str, Card]) -> tuple[str, Card, int]:
    if len(cells) > len(columns) and any(cells[len(columns):]):
        raise TagError("", N_("{count} cells, the header has {columns}"), line=line,
                       count=len(cells), columns=len(columns))

    def cell(name: str) -> str:
        index = columns.get(name)
        return cells[index] if index is not None and index < len(cells) else ""

    try:
        uid = normalise_uid(cell("uid"))
    except TagError as error:
        raise TagError(error.field, error.reason, line=line, **error.params) from error
    card = _checked(Card(cell("game"), cell("kind"), cell("value")), line)
    earlier = seen.setdefault(uid, card)
    if earlier != card:
        raise TagError("uid", N_("{uid} is listed earlier as {card}"), line=line, uid=uid,
                       card=describe(earlier))
    return uid, card, line
