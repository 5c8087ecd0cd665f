"""Where a guided enrolment of a box stopped: one small JSON file per box in the state folder,
written whole after each step, so a setup resumes at the card it showed after a restart.

The registry holds what matters (the tags enrolled); this file only adds the card on screen
and the tags the walk may still take back. A missing or damaged file starts from the
registry alone: nothing is lost but the place.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> save_progress(folder, "ticket-to-ride", "europe", Progress(3, ("04A31F2B",)))
>>> read_progress(folder, "ticket-to-ride", "europe")
Progress(position=3, recent=('04A31F2B',))
>>> read_progress(folder, "freight-train", None)
Progress(position=None, recent=())
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from companion.lib.files import read_text
from companion.state.folder import write_atomically

log = logging.getLogger(__name__)

#: The folder of setups in progress inside the state folder.
PROGRESS_FOLDER = "box-setup"
#: A file of ours holds a number and a few UIDs: a bigger one is not ours.
MAX_PROGRESS_BYTES = 16 * 1024


@dataclass(frozen=True)
class Progress:
    """The box entry on screen (None: none saved) and the tags enrolled last, oldest first."""

    position: int | None = None
    recent: tuple[str, ...] = ()


def progress_path(state_dir: Path, game: str, board: str | None) -> Path:
    name = game if board is None else f"{game}.{board}"
    return state_dir / PROGRESS_FOLDER / f"{name}.json"


def last_left(state_dir: Path) -> tuple[str, str | None] | None:
    """The box whose setup changed last, (game, board); None when none was started."""
    folder = state_dir / PROGRESS_FOLDER
    files = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime) if (
        folder.is_dir()) else []
    if not files:
        return None
    game, _dot, board = files[-1].stem.partition(".")
    return game, board or None


def read_progress(state_dir: Path, game: str, board: str | None) -> Progress:
    """Where the setup of this box stopped; an empty `Progress` when it never started or the
    file cannot be read (said in the log)."""
    path = progress_path(state_dir, game, board)
    if not path.exists():
        return Progress()
    try:
        data = json.loads(read_text(path, MAX_PROGRESS_BYTES))
        position, recent = data["position"], data["recent"]
        if type(position) is not int or position < 0 or not isinstance(recent, list) or not all(
                isinstance(uid, str) for uid in recent):
            raise ValueError("not a position and a list of tags")
    except (ValueError, TypeError, KeyError) as error:  # InputFileError is a ValueError
        log.warning("box setup progress %s cannot be read, starting from the registry: %s",
                    path, error)
        return Progress()
    return Progress(position, tuple(recent))


def save_progress(state_dir: Path, game: str, board: str | None, progress: Progress) -> None:
    """Keep where the setup stands. Not synced: a power cut may lose the place, never a tag
    (the registry syncs each enrolment)."""
    path = progress_path(state_dir, game, board)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"position": progress.position, "recent": list(progress.recent)}
    write_atomically(path, json.dumps(data).encode("utf-8"), durable=False)
