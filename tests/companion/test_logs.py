"""Logging: a level, one line per event with its logger, journal priorities under systemd, and
what the appliance does reaches the log at info level."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import ConfigError, parse_config
from companion.lib import logs
from companion.table.loop import TableLoop
from drivers.events import DriverFault, DriverRecovered


@pytest.fixture
def journal_lines() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    handler = logs.configure("info", stream=stream, journal=True)
    yield stream
    logs.remove(handler)


def test_journal_lines_carry_the_syslog_priority_and_the_logger(
        journal_lines: io.StringIO) -> None:
    logging.getLogger("companion.table.loop").info("device back: reader")
    logging.getLogger("companion.table.loop").warning("device lost: reader: gone")
    logging.getLogger("companion.table.loop").debug("not shown at info")
    assert journal_lines.getvalue().splitlines() == [
        "<6>companion.table.loop: device back: reader",
        "<4>companion.table.loop: device lost: reader: gone",
    ]


def test_a_traceback_keeps_its_priority_on_every_line(journal_lines: io.StringIO) -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("companion.table.loop").exception("handling failed")
    lines = journal_lines.getvalue().splitlines()
    assert len(lines) > 2 and all(line.startswith("<3>") for line in lines)


def test_outside_the_journal_a_line_has_time_level_and_logger() -> None:
    stream = io.StringIO()
    handler = logs.configure("warning", stream=stream, journal=False)
    try:
        logging.getLogger("companion.table.session").info("hidden at warning")
        logging.getLogger("companion.table.session").warning("shown")
    finally:
        logs.remove(handler)
    [line] = stream.getvalue().splitlines()
    assert line.endswith(" WARNING companion.table.session: shown") and line[:2] == "20"


def test_the_journal_is_recognised_by_the_stream_systemd_names() -> None:
    read_end, write_end = os.pipe()
    try:
        with os.fdopen(write_end, "w", closefd=False) as stream:
            info = os.fstat(write_end)
            named = f"{info.st_dev}:{info.st_ino}"
            assert logs.stderr_is_journal({"JOURNAL_STREAM": named}, stream)
            assert not logs.stderr_is_journal({"JOURNAL_STREAM": "1:2"}, stream)
            assert not logs.stderr_is_journal({}, stream)
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_device_lost_and_back_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    class Front:
        next_app = None
        faults: dict[str, str] = {}

        def handle(self, item: object) -> None: ...
        def screen(self) -> object: return "screen"
        def fault(self, device: str, message: str | None) -> None: ...
        def expires_at(self) -> float | None: return None

    class Panel:
        def show(self, image: object) -> bool: return True

    loop = TableLoop(Front(), Panel(), render=lambda screen: screen)  # type: ignore[arg-type]
    with caplog.at_level(logging.INFO, logger="companion"):
        loop.step(DriverFault("reader", "SPI transfer failed"))
        loop.step(DriverRecovered("reader"))
    assert [(r.name, r.levelname, r.getMessage()) for r in caplog.records] == [
        ("companion.table.loop", "WARNING", "device lost: reader: SPI transfer failed"),
        ("companion.table.loop", "INFO", "device back: reader"),
    ]


def test_the_configuration_sets_the_level_and_refuses_an_unknown_one() -> None:
    assert parse_config('[companion]\nlog_level = "debug"\n').log_level == "debug"
    assert parse_config("").log_level == "info"
    with pytest.raises(ConfigError) as refused:
        parse_config('[companion]\nlog_level = "loud"\n')
    assert refused.value.key == "companion.log_level"


def run_under_journal(args: list[str], state: Path) -> str:
    """`companion ARGS` with standard error on a pipe named by JOURNAL_STREAM, as systemd
    does; returns what it wrote there."""
    read_end, write_end = os.pipe()
    info = os.fstat(write_end)
    env = dict(os.environ, JOURNAL_STREAM=f"{info.st_dev}:{info.st_ino}")
    env.pop("NOTIFY_SOCKET", None)
    with os.fdopen(read_end) as errors:
        process = subprocess.Popen([sys.executable, "-m", "companion", *args],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=write_end, env=env)
        os.close(write_end)
        text = errors.read()
    assert process.wait() == 0, text
    return text


def test_a_game_started_and_resumed_reaches_the_journal_at_info(tmp_path: Path) -> None:
    table = ["--lang", "en", "run", "--state-dir", str(tmp_path), "--players", "Ana,Ben"]
    first = run_under_journal(table, tmp_path)
    assert "<6>companion.table.session: game started: freight-train, play 1" in first
    again = run_under_journal(table, tmp_path)
    assert "<6>companion.table.session: game resumed: freight-train, play 1" in again
    quiet = run_under_journal(["--log-level", "warning", *table], tmp_path)
    assert "<6>" not in quiet


def test_a_game_finished_is_logged_with_its_play(tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    from companion.state.journal import Journal
    from companion.table.session import GameSession
    from engine.games.freight_train import RULES
    from engine.simulate import play_random

    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        with caplog.at_level(logging.INFO, logger="companion.table.session"):
            session = GameSession.start(journal, RULES, ("Ana", "Ben"))
            for event in play_random(RULES, session.state, seed=9).events:
                session.submit(event)
    finally:
        journal.close()
    messages = [record.getMessage() for record in caplog.records]
    assert messages[0] == "game started: freight-train, play 1, players Ana, Ben"
    assert messages[-1] == (f"game finished: freight-train, play 1, after "
                            f"{session.event_count} events")


def test_removing_the_set_up_puts_the_previous_level_back() -> None:
    root = logging.getLogger()
    before = root.level
    root.setLevel(logging.DEBUG)
    try:
        logs.configure("warning", stream=io.StringIO())
        logs.configure("error", stream=io.StringIO())  # replaces, does not stack
        ours = [h for h in root.handlers if isinstance(h, logs._StderrHandler)]
        assert root.level == logging.ERROR and len(ours) == 1
        logs.remove()
        assert root.level == logging.DEBUG
        assert not any(isinstance(h, logs._StderrHandler) for h in root.handlers)
    finally:
        root.setLevel(before)
