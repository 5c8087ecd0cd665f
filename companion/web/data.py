"""A read-only view of the journal that follows the table's writes.

The journal is copied into memory through a read-only connection (`Journal.open_read_only`):
nothing on disk changes and the table's lock is never taken. The copy is made again when the
journal's files change (their sizes and modification times), which `signature` tells cheaply.
SQLite connections belong to the thread that made them, so one thread of its own does every
read of the copy (`read`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from companion.publish.scoreboard import SHORT_ID_LENGTH
from companion.publish.scoreboard import short_id as short_id  # shared with the table's QR code
from companion.state.endings import ABANDONED
from companion.state.journal import PROGRESS_SUFFIX, Journal, PlayRecord
from companion.state.paths import journal_path
from companion.web.progress import Progress, progress

Signature = tuple[object, ...]
#: Bytes of the move count file read for the signature: its two slots (see `progress`).
MOVE_COUNT_BYTES = 512
#: Finished plays whose scores over the game are kept in memory.
KEPT_PROGRESS = 64
T = TypeVar("T")


@dataclass
class Profile:
    """One player's figures across finished plays, by game."""

    name: str
    tagged: bool = False
    games: dict[str, dict[str, Any]] = field(default_factory=dict)


class JournalView:
    """The journal of one state folder as it is now; reopened when its files change."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir
        self.path = journal_path(state_dir)
        self._reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")
        self._journal: Journal | None = None
        self._signature: Signature | None = None
        #: Finished plays' scores over the game, by uuid: a finished play no longer changes.
        self._progress: dict[str, Progress | None] = {}

    def files(self) -> tuple[Path, ...]:
        return (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}{PROGRESS_SUFFIX}"))

    def signature(self) -> Signature:
        """The journal files' (size, mtime in ns), (-1, -1) for a missing one, and the move
        count file's content: it is rewritten after every commit with a new write number,
        so a move shows even when a file's size and time (coarse on some file systems)
        stay the same."""
        marks: list[object] = []
        for file in self.files():
            try:
                info = os.stat(file)
            except OSError:
                marks.append((-1, -1))
            else:
                marks.append((info.st_size, info.st_mtime_ns))
        try:
            with open(self.files()[2], "rb") as count:
                marks.append(count.read(MOVE_COUNT_BYTES))
        except OSError:
            marks.append(b"")
        return tuple(marks)

    def read(self, reading: Callable[[Journal], T]) -> T:
        """`reading(journal)` on the reader's thread, with a copy as recent as the files."""
        return self._reader.submit(self._read, reading).result()

    def _read(self, reading: Callable[[Journal], T]) -> T:
        now = self.signature()
        if self._journal is None or now != self._signature:
            if self._journal is not None:
                self._journal.close()
            self._journal = None
            self._journal = Journal.open_read_only(self.path)
            self._signature = now
        return reading(self._journal)

    def close(self) -> None:
        def closing() -> None:
            if self._journal is not None:
                self._journal.close()
                self._journal = None

        self._reader.submit(closing).result()
        self._reader.shutdown()

    # --- Reading ---------------------------------------------------------------------------

    def plays(self) -> list[PlayRecord]:
        """Every play, newest first."""
        return self.read(
            lambda journal: sorted(journal.plays(), key=lambda play: play.id, reverse=True))

    def find(self, uuid_or_short: str) -> PlayRecord | None:
        """The play with this uuid, or whose uuid starts with this short id."""
        wanted = uuid_or_short.strip().lower()
        if not wanted:
            return None
        for play in self.plays():
            if play.uuid == wanted or (len(wanted) == SHORT_ID_LENGTH
                                       and short_id(play.uuid) == wanted):
                return play
        return None

    def progress(self, play: PlayRecord) -> Progress | None:
        """The play's scores over the game (`progress.progress`), kept once it is finished."""
        if play.uuid in self._progress:
            return self._progress[play.uuid]
        chart = self.read(lambda journal: progress(journal, play))
        if play.finished is not None:
            if len(self._progress) >= KEPT_PROGRESS:
                self._progress.pop(next(iter(self._progress)))
            self._progress[play.uuid] = chart
        return chart

    def profiles(self, tagged: set[str]) -> list[Profile]:
        """Plays, wins, average and best score per game for every player of a finished play;
        `tagged` are the names that have a personal tag."""
        found: dict[str, Profile] = {}
        for play in reversed(self.plays()):
            # An abandoned play was not played out: its scores say nothing of a player.
            if play.finished is None or not play.result or play.ending == ABANDONED:
                continue
            winners = set(play.result.get("winners", ()))
            for row in play.result.get("players", ()):
                name = str(row.get("name", ""))
                profile = found.setdefault(name, Profile(name, name in tagged))
                figures = profile.games.setdefault(
                    play.game, {"plays": 0, "wins": 0, "total": 0, "best": None})
                score = int(row.get("total", 0))
                figures["plays"] += 1
                figures["wins"] += name in winners
                figures["total"] += score
                figures["best"] = score if figures["best"] is None else max(figures["best"], score)
        for profile in found.values():
            for figures in profile.games.values():
                figures["average"] = round(figures.pop("total") / figures["plays"], 1)
        return sorted(found.values(), key=lambda profile: profile.name.casefold())


def tagged_players(state_dir: Path) -> set[str]:
    """The names on personal tags (kind "player"), read without changing the registry."""
    from companion.state.tags import FILENAME, TagRegistry

    if not (state_dir / FILENAME).exists():
        return set()
    try:
        with TagRegistry.read_only(state_dir) as registry:
            return {card.value for _uid, card in registry.all() if card.kind == "player"}
    except Exception:  # a damaged registry hides the marks, never the scores
        return set()
