"""The values an owner entered at the table for a board that lacks them (the Netherlands'
tolls): one small JSON file per board in the state folder, written whole after each value, so
an entry stopped half way resumes where it stopped.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> save_values(folder, "netherlands", {"tolls.Amsterdam-Utrecht": 2})
>>> read_values(folder, "netherlands")
{'tolls.Amsterdam-Utrecht': 2}
>>> read_values(folder, "poland")
{}
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from companion.state.folder import write_atomically

log = logging.getLogger(__name__)

#: The folder of entered values inside the state folder.
VALUES_FOLDER = "board-values"
#: More than any board could want (the Netherlands want 56): a bigger file is not ours.
MAX_VALUES_BYTES = 64 * 1024


def values_path(state_dir: Path, board: str) -> Path:
    return state_dir / VALUES_FOLDER / f"{board}.json"


def read_values(state_dir: Path, board: str) -> dict[str, int]:
    """The values entered for `board`; none when there is no file, or one that cannot be read
    (said in the log: the owner enters them again rather than play on wrong ones)."""
    path = values_path(state_dir, board)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_VALUES_BYTES + 1)
        if len(raw) > MAX_VALUES_BYTES:
            raise ValueError(f"more than {MAX_VALUES_BYTES} bytes")
        data = json.loads(raw)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        log.warning("entered values %s cannot be read: %s", path, error)
        return {}
    if not isinstance(data, dict) or not all(
            isinstance(key, str) and type(value) is int for key, value in data.items()):
        log.warning("entered values %s are not a table of numbers: left out", path)
        return {}
    return data


def save_values(state_dir: Path, board: str, values: dict[str, int]) -> None:
    path = values_path(state_dir, board)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps(values, ensure_ascii=False, indent=1).encode("utf-8"))
