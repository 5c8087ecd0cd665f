"""`companion tags scan`: the next tag's UID from the command's own simulated reader when no
table runs, and from a running table's next tap otherwise; a clear message when none comes."""

from __future__ import annotations

import argparse
import threading
import time
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.cli.tags_scan import read_next_tag, run_scan
from companion.flows.inputs import Tap
from companion.screens.model import Style
from companion.table.build import SIMULATED
from companion.table.tag_scan import REPLY, REQUEST, ScanAnswer, ask, wait_reply
from drivers.factory import SimHandles

from .hands import Hands, simulated_table

UID = "04A31F2B"
#: Against a hang only: every wait below ends on an observed event long before.
DEADLINE = 60.0


def scan_args(state: Path, timeout: float = DEADLINE) -> argparse.Namespace:
    config = state.parent / "config.toml"
    config.write_text('[reader]\nkind = "sim"\n', encoding="utf-8")
    return argparse.Namespace(state_dir=str(state), timeout=timeout, config=str(config))


def lay(uid: str) -> object:
    def on_open(sim: SimHandles) -> None:
        assert sim.reader is not None
        sim.reader.place(uid)
    return on_open


def test_without_a_table_the_command_reads_its_own_reader(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_scan(scan_args(tmp_path / "state"), "en", opened=lay(UID)) == 0
    out, err = capsys.readouterr()
    assert out == f"{UID}\n" and "Lay a tag on the reader" in err
    assert read_next_tag(SIMULATED, DEADLINE, lay("0A0B0C0D")) == "0A0B0C0D"


@pytest.mark.parametrize(("lang", "words"), [("en", "no tag was laid on the reader within"),
                                             ("fr", "aucune étiquette posée")])
def test_no_tag_in_time_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                lang: str, words: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[reader]\nkind = "sim"\n', encoding="utf-8")
    status = main(["--lang", lang, "tags", "scan", "--timeout", "0.2", "--config", str(config),
                   "--state-dir", str(tmp_path / "state")])
    out, err = capsys.readouterr()
    assert status == 1 and out == "" and words in err and "--timeout" in err


def test_a_timeout_out_of_bounds_is_refused(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert run_scan(scan_args(tmp_path / "state", timeout=0), "en") == 2
    assert "--timeout" in capsys.readouterr().err


def wait_for(path: Path) -> None:
    """Until another thread has written `path` (observed on the disk)."""
    deadline = time.monotonic() + DEADLINE
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never came"
        time.sleep(0.01)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_running_table_answers_with_its_next_tap(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str) -> None:
    state = tmp_path / "state"
    with simulated_table(state, "freight-train", ("Ana", "Ben"), language) as table:
        seen: list[object] = []
        app = table.app
        original = app.handle
        app.handle = lambda item: (seen.append(item), original(item))  # type: ignore[method-assign]
        hands = Hands(table)
        status: list[int] = []
        command = threading.Thread(target=lambda: status.append(
            run_scan(scan_args(state), language)))
        command.start()
        wait_for(state / REQUEST)
        hands.tap(UID)  # the loop, in this thread, answers the request with this tap
        command.join(DEADLINE)
        assert status == [0]
        out, err = capsys.readouterr()
        assert out == f"{UID}\n" and "(" in err  # names who holds the reader
        screen = table.app.screen()
        scanned = "Scanned" if language == "en" else "Étiquette lue"
        assert screen.style is Style.NOTICE and screen.title.startswith(scanned)
        assert UID in screen.title
        assert seen == [], "the scan's tap is not the game's"
        assert not (state / REQUEST).exists() and not (state / REPLY).exists()
        # The next tap is the game's again.
        hands.tap("0A0B0C0D")
        assert seen == [Tap("0A0B0C0D")]


def test_a_request_past_its_deadline_takes_no_tap(tmp_path: Path) -> None:
    token = ask(tmp_path, timeout=5)
    now = [time.time() + 6]
    answer = ScanAnswer(tmp_path, clock=lambda: now[0])
    assert answer(UID) is False and not (tmp_path / REQUEST).exists()
    assert wait_reply(tmp_path, token, timeout=0.01) is None
    assert answer(UID) is False  # no request: one failed open, the tap is the app's
    token = ask(tmp_path, timeout=5)
    now[0] = time.time()
    assert ScanAnswer(tmp_path)(UID) is True
    assert wait_reply(tmp_path, token, timeout=DEADLINE) == UID
    assert not (tmp_path / REPLY).exists()


def test_a_withdrawn_request_leaves_the_table_alone(tmp_path: Path) -> None:
    token = ask(tmp_path, timeout=DEADLINE)
    (tmp_path / REQUEST).write_text(f"{token} 0\n", encoding="utf-8")  # the command gave up
    assert ScanAnswer(tmp_path)(UID) is False
    (tmp_path / REQUEST).write_text("not a request\n", encoding="utf-8")
    assert ScanAnswer(tmp_path)(UID) is False


def test_a_command_stopped_while_waiting_withdraws_its_request(tmp_path: Path) -> None:
    token = ask(tmp_path, timeout=DEADLINE)

    def interrupted(seconds: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        wait_reply(tmp_path, token, DEADLINE, sleep=interrupted)
    assert not (tmp_path / REQUEST).exists()
    assert ScanAnswer(tmp_path)(UID) is False
