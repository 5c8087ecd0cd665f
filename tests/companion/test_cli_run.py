"""`companion run` on a desktop: typed lines stand for the hardware; bad files stop it cleanly."""

from __future__ import annotations

import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def run(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=text,
                          capture_output=True, text=True, check=False)


def test_typed_lines_play_a_move_and_end_of_input_closes_the_table(tmp_path: Path) -> None:
    # Four setup pages and the deal (ok x5), then three coal wagons into the coal train.
    lines = ["o"] * 5 + ["coal", "o", "coal", "o", "coal", "o"]
    done = run(["--lang", "en", "run", "--state-dir", str(tmp_path), "--players", "Ana,Ben"],
               "\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "█" in done.stdout  # the OLED, drawn in the terminal
    status = run(["status", "--json", "--state-dir", str(tmp_path)])
    assert '"event_count": 2' in status.stdout  # the deal and the three wagons


def test_a_typed_word_that_names_no_card_is_refused_and_the_table_keeps_listening(
        tmp_path: Path) -> None:
    # A player with no tag (accents are optional: "cleo" is Cléo's), a misspelt wagon, a
    # one-byte hex string: then a move.
    lines = ["o"] * 5 + ["zoe", "caol", "ab"] + ["coal", "o", "coal", "o", "coal", "o"]
    done = run(["--lang", "en", "run", "--state-dir", str(tmp_path), "--players", "Ana,Ben"],
               "\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    # The rest of standard error is the table's log (a game started, resumed...).
    refusals = [line for line in done.stderr.splitlines() if line.startswith("companion: ")]
    assert [line.split("'")[1] for line in refusals] == ["zoe", "caol", "ab"]
    assert all(line.endswith("names no card: type a card or player name, or a tag UID")
               for line in refusals)
    status = run(["status", "--json", "--state-dir", str(tmp_path)])
    assert '"event_count": 2' in status.stdout  # the wagons typed after them still counted


def test_typed_ahead_lines_each_wait_for_the_table_the_same_tag_twice_and_an_undo(
        tmp_path: Path) -> None:
    # The deal, three coal wagons, back held (undo) and confirmed; then the same three tags
    # again (nothing is in play after the undo): each counts only once the reader saw it go.
    move = ["coal", "o", "coal", "o", "coal", "o"]
    lines = ["o"] * 5 + move + ["bb", "o"] + move
    done = run(["--lang", "en", "run", "--state-dir", str(tmp_path), "--players", "Ana,Ben"],
               "\n".join(lines) + "\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    status = run(["status", "--json", "--state-dir", str(tmp_path)])
    assert '"event_count": 2' in status.stdout  # the deal and the wagons entered again


def test_a_bad_config_is_refused_in_one_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[companion]\nlanguage = 'klingon'\n", encoding="utf-8")
    done = run(["run", "--config", str(config), "--state-dir", str(tmp_path)])
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "companion.language" in done.stderr
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    done = run(["run", "--config", str(deep), "--state-dir", str(tmp_path)])
    assert done.returncode == 2 and "nested too deeply" in done.stderr
    assert "Traceback" not in done.stderr
    bad_driver = tmp_path / "drivers.toml"
    bad_driver.write_text("[display]\nkind = 'crt'\n", encoding="utf-8")
    done = run(["run", "--config", str(bad_driver), "--state-dir", str(tmp_path)])
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "display.kind" in done.stderr


def test_a_journal_from_a_newer_companion_is_refused_and_kept(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    with sqlite3.connect(journal) as db:
        db.execute("PRAGMA user_version = 99")
        db.execute("CREATE TABLE plays (id INTEGER PRIMARY KEY)")
    before = journal.read_bytes()
    done = run(["run", "--state-dir", str(tmp_path)])
    assert done.returncode == 2
    assert "newer" in done.stderr and "Traceback" not in done.stderr
    assert journal.read_bytes() == before


def test_player_names_given_twice_or_empty_are_refused_before_anything_opens(
        tmp_path: Path) -> None:
    for given, message in (("Ana,Ana", "--players: Ana is named twice"),
                           ("Ana,ANA ", "--players: ANA is named twice"),
                           ("Ana,,Ben", "--players: a name is empty"),
                           (" ", "--players: no name given")):
        done = run(["--lang", "en", "run", "--state-dir", str(tmp_path / "state"),
                    "--game", "freight-train", "--players", given])
        assert done.returncode == 2, given
        assert done.stderr.startswith(f"companion: {message}")
        assert done.stderr.count("\n") == 1 and done.stdout == ""
    assert not (tmp_path / "state").exists()  # refused before the journal is opened


def test_the_language_chosen_at_the_table_wins_over_the_environment(tmp_path: Path) -> None:
    import json
    import os

    (tmp_path / "device-settings.json").write_text('{"language": "fr", "brightness": null}')
    # The typed line for the system menu, then ok on its first entry: the next language.
    done = subprocess.run([sys.executable, "-m", "companion", "run", "--state-dir",
                           str(tmp_path)], input="menu\no\n", capture_output=True, text=True,
                          check=False, env={**os.environ, "LANG": "en_GB.UTF-8"})
    assert done.returncode == 0, done.stderr
    # Started in French (the saved choice, not LANG), so the next language is English.
    saved = json.loads((tmp_path / "device-settings.json").read_text())
    assert saved == {"language": "en", "brightness": None}


def _line_with(stream: Any, text: str, deadline: float) -> list[str]:
    """The lines read from `stream` up to the first holding `text` (fails after `deadline`)."""
    seen: list[str] = []
    while time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        line = stream.readline()
        if not line:
            break
        seen.append(line)
        if text in line:
            return seen
    raise AssertionError(f"no line with {text!r} in {seen!r}")


def test_the_desktop_says_how_to_leave_and_ctrl_c_keeps_the_game(tmp_path: Path) -> None:
    table = subprocess.Popen(
        [sys.executable, "-m", "companion", "--lang", "en", "run", "--state-dir", str(tmp_path),
         "--players", "Ana,Ben"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True)
    assert table.stdin is not None and table.stderr is not None
    try:
        deadline = time.monotonic() + 120  # against a hang only: each step waits for a line
        _line_with(table.stderr, "Ctrl-C or q to leave; your game is kept", deadline)
        table.send_signal(signal.SIGINT)
        said = "".join(_line_with(table.stderr, "Goodbye", deadline))
        assert table.wait(timeout=120) == 0
    finally:
        table.kill()
        table.wait()
    assert "Traceback" not in said
    assert f"the game is saved; companion run --state-dir {tmp_path} resumes it." in said
    status = run(["status", "--json", "--state-dir", str(tmp_path)])
    assert '"status": "playing"' in status.stdout  # the game is kept, to pick up again


def test_q_leaves_like_ctrl_c(tmp_path: Path) -> None:
    done = run(["--lang", "en", "run", "--state-dir", str(tmp_path), "--players", "Ana,Ben"],
               "o\nq\no\n")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert "Ctrl-C or q to leave; your game is kept" in lines
    assert lines[-1].startswith("Goodbye: the game is saved")
    status = run(["status", "--json", "--state-dir", str(tmp_path)])
    assert '"event_count": 0' in status.stdout  # the line after `q` was never read
