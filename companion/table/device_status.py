"""What the system menu tells about the machine: the scoreboard's address and whether the
journal is safely on disk."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.publish.scoreboard import Scoreboard, lan_address, site_url
from companion.state.folder import FREE_FAIL_BYTES
from companion.state.journal import Journal, JournalError
from engine.errors import N_


def scoreboard_url(web: Scoreboard | None,
                   address: Callable[[], str | None] = lan_address) -> str | None:
    """`http://ADDRESS:PORT/` of the configured scoreboard; None when there is none or the
    machine has no network."""
    if web is None:
        return None
    host = web.address or address()
    return None if host is None else site_url(web, host)


@dataclass(frozen=True)
class JournalSafety:
    """The journal's own answer: every committed move held and synced, room to write more."""

    #: English templates (N_) of what is wrong; empty when the journal is safe.
    problems: tuple[str, ...]
    free_bytes: int

    @property
    def safe(self) -> bool:
        return not self.problems


def journal_safety(journal: Journal, state_dir: Path) -> JournalSafety:
    """Ask the journal: the move count beside it matches what it holds, every commit is
    synced (`synchronous=FULL`, or right after its frame at the table), the folder and the
    draft file take the next write, and space is left."""
    problems: list[str] = []
    try:
        if journal.losses() is not None:
            problems.append(N_("Moves are missing"))
    except JournalError:
        problems.append(N_("Move count unreadable"))
    try:
        # FULL syncs each commit; the table's NORMAL is synced by `Journal.sync` after the frame.
        synchronous = journal.pragmas()["synchronous"]
        if synchronous != 2 and not (journal.syncs_deferred and synchronous == 1):
            problems.append(N_("Moves not synced"))
    except JournalError:
        problems.append(N_("Journal unreadable"))
    if not os.access(state_dir, os.W_OK):
        problems.append(N_("Folder not writable"))
    elif journal.draft_path.exists() and not os.access(journal.draft_path, os.W_OK):
        problems.append(N_("Draft not writable"))  # the move being entered would be lost
    try:
        free = shutil.disk_usage(state_dir).free
    except OSError:
        free = 0
    if free < FREE_FAIL_BYTES:
        problems.append(N_("Disk nearly full"))
    return JournalSafety(tuple(problems), free)
