"""Every reason the table cannot go on: one line, the panel's message, the right exit status."""

from __future__ import annotations

import errno
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bench.faults_table import file_size_limit, without_root_override
from companion.config import ConfigError
from companion.i18n.translate import translator
from companion.screens.render import render
from companion.state.errors import JournalTooNew
from companion.state.journal import Journal, JournalError
from companion.table.failures import (
    BUSY,
    DAMAGED,
    DENIED,
    FULL,
    NOT_A_FILE,
    PERMANENT,
    READ_ONLY,
    TEMPORARY,
    WRITE,
    Failure,
    FileUnusable,
    classify,
)

fr = translator("fr").gettext


def sqlite_error(code: int, text: str) -> sqlite3.Error:
    error = sqlite3.OperationalError(text)
    error.sqlite_errorcode = code  # type: ignore[attr-defined]
    return error


def journal_failure(cause: BaseException) -> JournalError:
    try:
        raise JournalError("{file}: {reason}", file="/state/journal.sqlite3",
                           reason=str(cause)) from cause
    except JournalError as error:
        return error


@pytest.mark.parametrize("error, kind", [
    (OSError(errno.ENOSPC, "No space left on device", "/state"), FULL),
    (OSError(errno.EFBIG, "File too large", "/state"), FULL),
    (OSError(errno.EROFS, "Read-only file system", "/state"), READ_ONLY),
    (PermissionError(errno.EACCES, "Permission denied", "/state"), DENIED),
    (journal_failure(sqlite_error(13, "database or disk is full")), FULL),
    (journal_failure(sqlite_error(778, "disk I/O error")), WRITE),
    (journal_failure(sqlite_error(8, "attempt to write a readonly database")), READ_ONLY),
    (journal_failure(sqlite_error(5, "database is locked")), BUSY),
])
def test_a_storage_problem_is_temporary_and_names_its_place(error: Exception,
                                                          kind: tuple[str, ...]) -> None:
    failure = classify(error, Path("/state"))
    assert failure is not None
    assert (failure.title, failure.reason, failure.todo, failure.status) == kind
    assert failure.status == TEMPORARY
    assert str(failure.params["place"]).startswith("/state")
    line = failure.line("fr")
    assert "\n" not in line and fr(failure.todo) in line and fr(failure.todo) != failure.todo


def test_a_damaged_file_and_a_refused_configuration_are_permanent(tmp_path: Path) -> None:
    damaged = FileUnusable(tmp_path / "tags.sqlite3")
    damaged.__cause__ = sqlite_error(26, "file is not a database")
    assert classify(damaged) == Failure(*DAMAGED, params={"place": str(damaged.place)})
    folder = tmp_path / "tags.sqlite3"
    folder.mkdir()
    in_place = FileUnusable(folder)
    in_place.__cause__ = sqlite_error(14, "unable to open database file")
    assert classify(in_place) == Failure(*NOT_A_FILE, params={"place": str(folder)})
    config = classify(ConfigError("/etc/companion/config.toml", "companion.language",
                                  "unknown language {value}", value="tlh"), None, "fr")
    assert config is not None and config.status == PERMANENT
    assert "companion.language" in config.line("fr")
    newer = classify(JournalTooNew("{file} was written by a newer companion", file="j"))
    assert newer is not None and newer.status == PERMANENT


def test_a_bug_is_no_reason_to_stop_the_table() -> None:
    assert classify(KeyError("x")) is None
    assert classify(ValueError("a bad tap")) is None


def test_the_panel_says_what_is_wrong_and_what_to_do_in_both_languages() -> None:
    failure = Failure(*FULL, params={"place": "/var/lib/companion"})
    for language in ("en", "fr"):
        screen = failure.screen(language)
        assert len(screen.hints) <= 21
        _ = translator(language).gettext
        assert (screen.title, screen.body) == (_("Disk full"),
                                               (_("Free some space on the SD card"),))
    assert failure.screen("fr").title != failure.screen("en").title


def companion(*args: str, preexec: object = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "--lang", "en", *args],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          check=False, preexec_fn=preexec)  # type: ignore[arg-type]


def png_panel(tmp_path: Path) -> tuple[Path, Path]:
    """A configuration whose panel writes its frames as PNG files; (config, latest frame)."""
    panel = tmp_path / "panel"
    config = tmp_path / "config.toml"
    config.write_text(f'[reader]\nkind = "sim"\n[buttons]\nkind = "sim"\n'
                      f'[display]\nkind = "png"\npath = "{panel}"\n', encoding="utf-8")
    return config, panel / "latest.png"


def assert_stopped(done: subprocess.CompletedProcess[str], status: int) -> str:
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("companion: ")
    return done.stderr


def same_image(path: Path, failure: Failure) -> bool:
    with Image.open(path) as shown:
        expected = render(failure.screen("en"))
        return ImageChops.difference(shown.convert("1"), expected.convert("1")).getbbox() is None


@pytest.mark.parametrize("damage", ["garbage", "folder"])
def test_a_damaged_tag_registry_is_kept_aside_and_the_table_still_opens(
        tmp_path: Path, damage: str) -> None:
    """The game matters more than the box of tags: the damaged registry is moved aside (never
    deleted), the log says where, and a new registry begins."""
    state = tmp_path / "state"
    state.mkdir()
    registry = state / "tags.sqlite3"
    if damage == "garbage":
        registry.write_bytes(bytes(range(256)) * 40)
    else:
        registry.mkdir()
    config, _latest = png_panel(tmp_path)
    done = companion("run", "--config", str(config), "--state-dir", str(state))
    assert done.returncode == 0, done.stderr
    (kept,) = state.glob("tags.sqlite3.damaged-*")
    assert kept.is_dir() == (damage == "folder")
    assert str(kept) in done.stderr and "Traceback" not in done.stderr


def test_a_folder_the_companion_cannot_write_stops_with_a_temporary_status(
        tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    config, latest = png_panel(tmp_path)
    try:
        done = companion("run", "--config", str(config), "--state-dir", str(locked / "state"),
                         preexec=without_root_override)
    finally:
        locked.chmod(0o755)
    line = assert_stopped(done, TEMPORARY)
    assert str(locked) in line
    assert same_image(latest, Failure(*DENIED))


def test_a_full_disk_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    """The demo announces each move once the journal has it; the disk fills up mid-game."""
    state, frames = tmp_path / "state", tmp_path / "frames"
    command = ["demo", "ticket-to-ride", "--state-dir", str(state), "--progress-every", "1"]
    done = companion(*command, "--frames", str(frames), preexec=file_size_limit(60_000))
    assert_stopped(done, TEMPORARY)
    announced = [int(line.split()[1]) for line in done.stdout.splitlines()
                 if line.startswith("Move ")]
    assert announced, "the game did not start before the disk was full"
    with Journal(state / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=False)
        assert journal.event_count(play.id) >= announced[-1]
    last_frame = max(frames.glob("frame-*.png"))
    assert same_image(last_frame, Failure(*WRITE))
    # Space again: the same game goes on from where it stopped, to the same end.
    resumed = companion(*command)
    fresh = companion("demo", "ticket-to-ride", "--state-dir", str(tmp_path / "fresh"))
    assert resumed.returncode == 0 and fresh.returncode == 0, resumed.stderr + fresh.stderr
    assert resumed.stdout.splitlines()[-1] == fresh.stdout.splitlines()[-1]
    assert "Resuming the game at move" in resumed.stdout

