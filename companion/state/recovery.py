"""Opening the journal at the table's start, and putting one back: backup, restore, recover.

At start the journal is checked (SQLite's quick check, bounded in time) and compared with the
count of moves noted outside it: a loss is reported, never silent. A damaged journal is moved
aside (never deleted) and a new one begins, so the table can start a new game; `companion
journal recover` salvages every readable move of the damaged one into a new journal.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.games.cards import Card, CardError, check_card
from companion.state.card_facts import Fact, add_rows, every_fact, rows_in
from companion.state.folder import refuse_links, set_aside, sqlite_files
from companion.state.journal import (
    Journal,
    JournalDamaged,
    JournalError,
    Loss,
    ProgressUnreadable,
    checksum,
)
from companion.state.paths import JOURNAL_FILE
from companion.state.tags import FILENAME as TAGS_FILE
from companion.state.tags import TagError, TagRegistry
from engine.errors import N_

log = logging.getLogger("companion")


@dataclass(frozen=True)
class Opened:
    """The journal a writer opened, and what it found wrong on the way (for the screen)."""

    journal: Journal
    problem: JournalError | None = None
    #: The journal moved aside because it was damaged, if it was.
    set_aside: Path | None = None
    loss: Loss | None = None


def open_checked(state_dir: Path) -> Opened:
    """The state folder's journal for its owner: checked, a damaged one set aside."""
    path = state_dir / JOURNAL_FILE
    try:
        journal = Journal(path)
    except JournalDamaged as error:
        return _fresh_after(path, error)
    try:
        loss = journal.check()
    except JournalDamaged as error:
        journal.close()
        return _fresh_after(path, error)
    except ProgressUnreadable as error:
        log.warning("%s", error)
        return Opened(journal, error)  # the next move writes the count again
    except BaseException:
        journal.close()
        raise
    if loss is None:
        return Opened(journal)
    problem = loss.error(path)
    log.warning("%s", problem)
    return Opened(journal, problem, loss=loss)


def _fresh_after(path: Path, error: JournalDamaged) -> Opened:
    aside = set_aside(path)
    log.warning("%s; kept as %s, a new journal begins", error, aside)
    journal = Journal(path)
    problem = JournalError(
        N_("{file} was damaged and is kept as {aside}; companion journal recover --from "
           "{aside} salvages its moves"), file=str(path), aside=str(aside))
    try:
        loss = journal.losses()
    except ProgressUnreadable:
        loss = None
    return Opened(journal, problem, set_aside=aside, loss=loss)


def open_registry(state_dir: Path) -> TagRegistry:
    """The tag registry; a damaged one is moved aside and a new one begins."""
    path = state_dir / TAGS_FILE
    refuse_links(*sqlite_files(path))
    try:
        return TagRegistry(path)
    except sqlite3.DatabaseError as error:
        aside = set_aside(path)
        log.warning("%s: %s; kept as %s, a new registry begins", path, error, aside)
        return TagRegistry(path)


# --- backup and restore --------------------------------------------------------------------------


#: The tag registry's rows inside a backup file, beside the journal's tables: one file
#: carries both. A restore takes them out again.
BACKUP_TAGS = "backup_tags"
#: What the table learned of the boxes (`card_facts`), kept in the registry's file: carried too.
BACKUP_FACTS = "backup_card_facts"


@dataclass(frozen=True)
class Copied:
    """What a backup holds, or a restore put back (`tags` None: the backup held no registry;
    `tags_aside`: where the registry a restore replaced is kept, None when there was none)."""

    plays: int
    tags: int | None
    tags_aside: Path | None = None


def backup(state_dir: Path, destination: Path) -> Copied:
    """A consistent copy of the journal (its log included) and of the tag registry, in one
    file at `destination`."""
    source = state_dir / JOURNAL_FILE
    if not source.exists():
        raise JournalError(N_("there is no journal in {folder} to back up"),
                           folder=str(state_dir))
    try:
        with TagRegistry.read_only(state_dir) as registry:
            tags = registry.all()
        facts = every_fact(state_dir)
    except (OSError, sqlite3.Error) as error:
        raise JournalError(N_("cannot read the tag registry in {folder}: {reason}"),
                           folder=str(state_dir), reason=str(error)) from error

    def add_tags(copy: sqlite3.Connection) -> None:
        copy.execute(f"CREATE TABLE {BACKUP_TAGS} (uid TEXT PRIMARY KEY, game TEXT NOT NULL,"
                     " kind TEXT NOT NULL, value TEXT NOT NULL)")
        copy.executemany(f"INSERT INTO {BACKUP_TAGS} VALUES (?, ?, ?, ?)",
                         [(uid, card.game, card.kind, card.value) for uid, card in tags])
        add_rows(copy, facts, BACKUP_FACTS)

    with Journal.open_read_only(source) as journal:
        count = len(journal.plays())
        _write_copy(journal, destination, add_tags)
    return Copied(count, len(tags))


def _write_copy(journal: Journal, destination: Path,
                extra: Callable[[sqlite3.Connection], None] | None = None) -> None:
    """The journal's database written to `destination` through SQLite's backup interface
    (and then `extra`'s additions), beside it first and then renamed, so a crash leaves no
    half copy."""
    if destination.is_dir():
        raise JournalError(N_("{file} is a folder: give a file name"), file=str(destination))
    refuse_links(destination)
    temporary = destination.with_name(f".{destination.name}.{os.getpid()}.tmp")
    for leftover in sqlite_files(temporary):
        leftover.unlink(missing_ok=True)
    try:
        target = sqlite3.connect(temporary, isolation_level=None)
        try:
            journal._db.backup(target)
            # One self-contained file: no log beside it.
            target.execute("PRAGMA journal_mode=DELETE")
            if extra is not None:
                with target:
                    extra(target)
        finally:
            target.close()
        descriptor = os.open(temporary, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, destination)
    except OSError as error:
        raise JournalError(N_("cannot write {file}: {reason}"), file=str(destination),
                           reason=error.strerror or str(error)) from error
    except sqlite3.Error as error:
        raise JournalError(N_("cannot write {file}: {reason}"), file=str(destination),
                           reason=str(error)) from error
    finally:
        for leftover in sqlite_files(temporary):
            leftover.unlink(missing_ok=True)


def verified(source: Path) -> Journal:
    """A copy of a journal file, read-only and in memory, after checking it whole."""
    if not source.is_file():
        raise JournalError(N_("{file} is not a file"), file=str(source))
    # A copy the user names may be reached through a link (a mounted drive): it is only read.
    journal = Journal.open_read_only(source.resolve())
    try:
        problem = journal.damage(seconds=float("inf"))
        if problem is not None:
            raise JournalDamaged(N_("{file} is damaged: {problem}"), file=str(source),
                                 problem=problem)
        for play in journal.plays():
            journal.records(play.id)  # every row parses
    except BaseException:
        journal.close()
        raise
    return journal


def restore(state_dir: Path, source: Path) -> tuple[Copied, Path | None]:
    """Put a checked copy in place of the journal (kept aside), and the tag registry it
    carries in place of the registry (kept aside too); what was put back, and where the
    old journal is. A backup without a registry leaves the registry as it is.

    The caller owns the folder."""
    path = state_dir / JOURNAL_FILE
    with verified(source) as copy:
        plays = copy.plays()
        tags = _carried_tags(copy, source)
        facts = rows_in(copy._db, BACKUP_FACTS)
        staged = state_dir / f".{JOURNAL_FILE}.restoring"
        _write_copy(copy, staged, _drop_tags if tags is not None else None)
    staged_tags = None if tags is None else _stage_registry(state_dir, tags, facts)
    aside = set_aside(path, "replaced") if path.exists() else None
    os.replace(staged, path)
    _note_latest(path)
    tags_aside = None
    if staged_tags is not None:
        registry = state_dir / TAGS_FILE
        if any(part.exists() for part in sqlite_files(registry)):
            tags_aside = set_aside(registry, "replaced")
        os.replace(staged_tags, registry)
    return Copied(len(plays), None if tags is None else len(tags), tags_aside), aside


def _carried_tags(copy: Journal, source: Path) -> list[tuple[str, Card]] | None:
    """The registry inside a backup; None for a backup made before backups carried one."""
    try:
        if copy._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                            (BACKUP_TAGS,)).fetchone() is None:
            return None
        rows = copy._db.execute(f"SELECT uid, game, kind, value FROM {BACKUP_TAGS}").fetchall()
        return [(str(uid), check_card(Card(str(game), str(kind), str(value))))
                for uid, game, kind, value in rows]
    except (sqlite3.Error, CardError) as error:
        raise JournalDamaged(N_("{file} is damaged: {problem}"), file=str(source),
                             problem=str(error)) from error


def _drop_tags(copy: sqlite3.Connection) -> None:
    copy.execute(f"DROP TABLE {BACKUP_TAGS}")
    copy.execute(f"DROP TABLE IF EXISTS {BACKUP_FACTS}")


def _stage_registry(state_dir: Path, tags: list[tuple[str, Card]], facts: list[Fact]) -> Path:
    """A new registry file holding `tags` (and the `facts` learned of the boxes), beside the
    one it is to replace."""
    staged = state_dir / f".{TAGS_FILE}.restoring"
    for leftover in sqlite_files(staged):
        leftover.unlink(missing_ok=True)
    try:
        # Without a write-ahead log (SQLite's default, synced): one lone file to rename.
        connection = sqlite3.connect(staged, isolation_level=None)
        with TagRegistry(staged, connection=connection) as registry:
            registry.enroll_missing(tags)
            with connection:
                add_rows(connection, facts)
    except (sqlite3.Error, OSError, TagError) as error:
        raise JournalError(N_("cannot write {file}: {reason}"), file=str(staged),
                           reason=str(error)) from error
    return staged


def _note_latest(path: Path) -> None:
    """After a restore, the move count file follows the journal now in place: the players
    chose that copy."""
    with Journal(path) as journal:
        plays = journal.plays()
        if not plays:
            journal.progress_path.unlink(missing_ok=True)
            return
        latest = plays[-1]
        journal.checks.note_progress(latest.uuid, journal.event_count(latest.id), synced=True)


# --- salvage -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Salvage:
    """What was saved of a damaged journal: plays and moves kept, moves dropped."""

    plays: int
    moves: int
    #: Moves seen but not kept: unreadable, or after a gap (they could not be replayed).
    dropped: int
    set_aside: Path | None


def recover(state_dir: Path, damaged: Path | None = None) -> Salvage:
    """Every readable move of `damaged` (default: the folder's journal) into a new journal
    in its place; the old file is kept aside. The caller owns the folder."""
    path = state_dir / JOURNAL_FILE
    source = damaged or path
    if not source.exists():
        raise JournalError(N_("there is no journal {file} to recover"), file=str(source))
    staged = state_dir / f".{JOURNAL_FILE}.recovering"
    for leftover in sqlite_files(staged):
        leftover.unlink(missing_ok=True)
    rows = _readable_rows(source)
    plays = moves = dropped = 0
    with Journal(staged) as fresh:
        for play, events, sound in rows:
            game, setup, key, started, finished, result, play_uuid = play
            if not sound:  # its setup cannot be trusted: its moves would replay wrong
                dropped += len(events)
                continue
            db = fresh._db
            db.execute("BEGIN IMMEDIATE")
            try:
                cursor = db.execute(
                    "INSERT INTO plays (uuid, game, setup, key, started) VALUES (?, ?, ?, ?, ?)",
                    (play_uuid, game, setup, key, started))
                new_id = cursor.lastrowid
                kept = 0
                for seq, event, recorded, uids in events:
                    if seq != kept + 1:
                        break
                    db.execute("INSERT INTO events (play_id, seq, event, recorded, uids, "
                               "checksum) VALUES (?, ?, ?, ?, ?, ?)",
                               (new_id, seq, event, recorded, uids,
                                checksum(new_id, seq, event, recorded, uids)))
                    kept += 1
                if kept == len(events) and finished is not None:
                    db.execute("UPDATE plays SET finished = ?, result = ? WHERE id = ?",
                               (finished, result, new_id))
                assert new_id is not None
                fresh.checks.seal_play(new_id)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            plays += 1
            moves += kept
            dropped += len(events) - kept
        fresh.checkpoint()
    aside = None
    if source == path:
        aside = set_aside(path)
    elif path.exists():
        aside = set_aside(path, "replaced")
    for suffix_file in sqlite_files(staged)[1:]:
        suffix_file.unlink(missing_ok=True)
    os.replace(staged, path)
    # The move count is left as it is: moves the salvage could not keep stay reported.
    return Salvage(plays, moves, dropped, aside)


Row = tuple[tuple[str, str, str | None, str, str | None, str | None, str],
            list[tuple[int, str, str, str]], bool]


def _readable_rows(source: Path) -> list[Row]:
    """The plays and events SQLite can still read, from a private copy of the file."""
    try:
        db = Journal.open_read_only(source)._db
    except JournalError as error:
        raise JournalDamaged(N_("{file} cannot be read at all: {reason}"), file=str(source),
                             reason=str(error)) from error
    try:
        try:
            ids = [row[0] for row in db.execute("SELECT id FROM plays ORDER BY id")]
        except sqlite3.DatabaseError:
            ids = list(range(1, 1 + _max_id(db)))
        found: list[Row] = []
        for play_id in ids:
            try:
                row = db.execute("SELECT game, setup, key, started, finished, result, uuid, "
                                 "checksum FROM plays WHERE id = ?", (play_id,)).fetchone()
            except sqlite3.DatabaseError:
                continue
            if row is None:
                continue
            game, setup, key, started, finished, result, play_uuid, stored = row
            sound = stored is None or stored == checksum(play_uuid, game, setup, key, started,
                                                         finished, result)
            found.append(((game, setup, key, started, finished, result, play_uuid),
                          _readable_events(db, play_id), sound))
        return found
    finally:
        db.close()


def _max_id(db: sqlite3.Connection) -> int:
    try:
        return int(db.execute("SELECT coalesce(max(play_id), 0) FROM events").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0


def _readable_events(db: sqlite3.Connection, play_id: int) -> list[tuple[int, str, str, str]]:
    """The play's events in order, read one by one, up to the first unreadable or altered."""
    events: list[tuple[int, str, str, str]] = []
    seq = 1
    while True:
        try:
            row = db.execute("SELECT seq, event, recorded, uids, checksum FROM events "
                             "WHERE play_id = ? AND seq = ?", (play_id, seq)).fetchone()
        except sqlite3.DatabaseError:
            break
        if row is None:
            break
        _, event, recorded, uids, stored = row
        if stored is not None and stored != checksum(play_id, seq, event, recorded, uids):
            break
        events.append((seq, event, recorded, uids))
        seq += 1
    return events
