"""Where the companion keeps its state (the journal) on this machine."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

STATE_DIR_VARIABLE = "COMPANION_STATE_DIR"
#: The service's folder (systemd `StateDirectory=companion`).
SYSTEM_STATE_DIR = Path("/var/lib/companion")
JOURNAL_FILE = "journal.sqlite3"


def default_state_dir(environ: Mapping[str, str] | None = None,
                      system_dir: Path = SYSTEM_STATE_DIR) -> Path:
    """COMPANION_STATE_DIR, else /var/lib/companion if writable, else the user's state folder.

    The user's folder is $XDG_STATE_HOME/companion, by default ~/.local/state/companion.
    """
    env = os.environ if environ is None else environ
    chosen = env.get(STATE_DIR_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    if system_dir.is_dir() and os.access(system_dir, os.W_OK | os.X_OK):
        return system_dir
    return user_state_dir(env)


def user_state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """$XDG_STATE_HOME/companion, by default ~/.local/state/companion."""
    env = os.environ if environ is None else environ
    xdg = env.get("XDG_STATE_HOME", "")
    # The XDG rules say a relative value is to be ignored.
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "state"
    return base / "companion"


def demo_state_dir(game: str, environ: Mapping[str, str] | None = None) -> Path:
    """A demo's own folder, `demo-GAME` in COMPANION_STATE_DIR or the user's state folder.

    Never the service's folder: a demo's journal is not the table's.
    """
    env = os.environ if environ is None else environ
    chosen = env.get(STATE_DIR_VARIABLE)
    base = Path(chosen).expanduser() if chosen else user_state_dir(env)
    return base / f"demo-{game}"


def journal_path(state_dir: Path) -> Path:
    return state_dir / JOURNAL_FILE
