"""Every misuse of the command line gets one line on standard error and exit status 2; options
that apply everywhere work before or after the subcommand; a closed pipe ends quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.main import main, state_dir_after_command
from companion.lib.files import MAX_TAGS_CSV_BYTES, MAX_TALLY_BYTES

Capture = pytest.CaptureFixture[str]


def outcome(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse ends this way
        status = stop.code if isinstance(stop.code, int) else -1
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys: Capture, *argv: str) -> str:
    status, out, err = outcome(capsys, *argv)
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("companion"), err
    assert "Traceback" not in err and "usage:" not in err
    return err.strip()


# --- Options before or after the subcommand ----------------------------------------------------


def test_lang_after_the_subcommand_is_the_same_as_before(capsys: Capture) -> None:
    before = outcome(capsys, "--lang", "fr", "games", "--rules", "ticket-to-ride")
    after = outcome(capsys, "games", "--rules", "ticket-to-ride", "--lang", "fr")
    english = outcome(capsys, "--lang", "en", "games", "--rules", "ticket-to-ride")
    assert before == after and before[0] == 0
    assert before[1] != english[1] and "Routes doubles" in before[1]
    # The last one given wins, and a nested action takes it too.
    assert outcome(capsys, "--lang", "en", "games", "--lang", "fr")[1] == outcome(
        capsys, "--lang", "fr", "games")[1]
    assert "Aucune étiquette" in outcome(capsys, "tags", "list", "--lang", "fr", "--state-dir",
                                         "/nonexistent/state/dir")[2]


def test_state_dir_before_the_subcommand(capsys: Capture, tmp_path: Path) -> None:
    for command in (["log"], ["status"], ["export", "--format", "json"]):
        assert outcome(capsys, "--state-dir", str(tmp_path), *command) == outcome(
            capsys, *command, "--state-dir", str(tmp_path))
        assert outcome(capsys, f"--state-dir={tmp_path}", *command)[0] == 0
    assert outcome(capsys, "--state-dir", str(tmp_path), "--lang", "en", "tags", "enroll",
                   "01020304", "*", "player", "Ana")[0] == 0
    for line in (["tags", "list", "--state-dir", str(tmp_path)],
                 ["tags", "--state-dir", str(tmp_path), "list"]):
        assert outcome(capsys, *line)[1] == "01020304\t*\tplayer\tAna\n"
    assert "no state folder" in refused(capsys, "--state-dir", str(tmp_path / "none"), "log")
    assert "unrecognized arguments: --state-dir" in refused(
        capsys, "--state-dir", str(tmp_path), "games")


def test_state_dir_is_moved_to_the_end() -> None:
    assert state_dir_after_command(["--state-dir", "S", "--lang", "fr", "log", "--json"]) == [
        "--lang", "fr", "log", "--json", "--state-dir", "S"]
    assert state_dir_after_command(["--state-dir=S", "tags", "import", "--", "-x.csv"]) == [
        "tags", "import", "--state-dir=S", "--", "-x.csv"]
    assert state_dir_after_command(["tags", "--state-dir", "S", "list"]) == [
        "tags", "list", "--state-dir", "S"]
    assert state_dir_after_command(["log", "--state-dir", "S"]) == ["log", "--state-dir", "S"]
    assert state_dir_after_command(["--state-dir"]) == ["--state-dir"]


# --- Misuses -----------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    [], ["nosuch"], ["--lang", "de", "games"], ["games", "--lang", "xx"], ["games", "--rules"],
    ["games", "--rules", "monopoly"], ["tally"], ["tally", "-", "-"],
    ["demo", "freight-train", "--state-dir", "S", "--seed", "x"],
    ["demo", "freight-train", "--state-dir", "S", "--players", "three"],
    ["demo", "chess", "--state-dir", "S"],
    ["log", "--play", "first"], ["export"], ["export", "--format", "xml"],
    ["tags"], ["tags", "enroll", "0102"], ["tags", "list", "--game"],
    ["log", "--state-dir", ""], ["--state-dir=", "log"], ["export", "--format", "csv", "--output="],
    ["run", "--config", ""], ["demo", "freight-train", "--state-dir", "S", "--frames", ""],
])  # fmt: skip
def test_argument_misuses(capsys: Capture, argv: list[str]) -> None:
    refused(capsys, *argv)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    made = {
        "missing": tmp_path / "missing",
        "folder": tmp_path / "folder",
        "under a file": tmp_path / "plain" / "inside",
        "not UTF-8": tmp_path / "latin1",
        "empty": tmp_path / "empty",
        "too large": tmp_path / "large",
    }
    made["folder"].mkdir()
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    made["not UTF-8"].write_bytes("Cléo".encode("latin-1"))
    made["empty"].write_bytes(b"")
    made["too large"].write_bytes(b" " * (max(MAX_TALLY_BYTES, MAX_TAGS_CSV_BYTES) + 1))
    return made


@pytest.mark.parametrize("kind", ["missing", "folder", "under a file", "not UTF-8", "empty",
                                  "too large"])
@pytest.mark.parametrize("command", [["tally"], ["tags", "import"], ["run", "--config"]])
def test_file_misuses(capsys: Capture, tmp_path: Path, files: dict[str, Path], kind: str,
                      command: list[str]) -> None:
    if command[0] == "run" and kind == "empty":
        return  # an empty configuration is the defaults: not a misuse
    words = {"missing": "No such file", "folder": "a folder, not a file",
             "under a file": "Not a directory", "not UTF-8": "not UTF-8 text",
             "empty": "", "too large": "too large"}[kind]
    state = [] if command == ["tally"] else ["--state-dir", str(tmp_path / "s")]
    message = refused(capsys, *command, str(files[kind]), *state)
    assert words in message


def test_standard_input_misuses(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    class Bytes:
        def __init__(self, data: bytes) -> None:
            self.buffer = __import__("io").BytesIO(data)

    for data, words in ((b"", "not valid JSON"), (b"\xff", "not UTF-8"),
                        (b" " * (MAX_TALLY_BYTES + 1), "too large")):
        monkeypatch.setattr(sys, "stdin", Bytes(data))
        assert words in refused(capsys, "tally", "-")


def test_frames_naming_a_file_is_refused(capsys: Capture, tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_text("x", encoding="utf-8")
    state = str(tmp_path / "state")
    assert "is a file" in refused(capsys, "demo", "freight-train", "--state-dir", state,
                                  "--frames", str(plain))
    assert "Not a directory" in refused(capsys, "demo", "freight-train", "--state-dir", state,
                                        "--frames", str(plain / "frames"))
    assert not Path(state).exists()  # refused before anything was played


# --- A closed pipe -----------------------------------------------------------------------------


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path: Path) -> None:
    rows = "".join(f"{number:08X},*,player,Player {number}\n" for number in range(20_000))
    listing = tmp_path / "tags.csv"
    listing.write_text("uid,game,kind,value\n" + rows, encoding="utf-8")
    state = ["--state-dir", str(tmp_path)]
    command = [sys.executable, "-m", "companion", "tags"]
    subprocess.run([*command, "import", str(listing), *state], check=True, capture_output=True)
    # Far more than a pipe holds (64 kB on Linux), a line at a time: the command is still
    # writing when the reader closes.
    child = subprocess.Popen([*command, "list", *state], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ, "COMPANION_LANG": "en"})
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.readline()
    child.stdout.close()
    error = child.stderr.read()
    assert child.wait() == 1  # as Python's documentation does on SIGPIPE
    assert error == b""
