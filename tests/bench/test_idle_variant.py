"""The runner that cuts the reader's poll down for the idle CPU breakdown."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bench import idle_variant
from bench.bench_gentle import POLLING_AHEAD_LINE
from drivers.rfid.mfrc522_pcd import Mfrc522Pcd
from tests.drivers.driver_helpers import Events
from tests.drivers.test_mfrc522_reader import INTERVAL, QUIET, ManualReader

ROOT = Path(__file__).resolve().parents[2]


def test_an_unknown_variant_is_refused_in_one_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "idle_variant.py"), "fast"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "as-is,no-chip,no-poll" in done.stderr


def test_silent_registers_let_the_driver_poll_and_find_no_card() -> None:
    slept: list[float] = []
    pcd = Mfrc522Pcd(idle_variant.SilentRegisters(), sleep=slept.append, clock=lambda: 0.0)
    assert pcd.initialise() == 0x92
    assert pcd.read_uid() is None
    assert len(slept) == 1  # the one sleep while the chip's timer runs


def test_the_reader_logs_the_line_the_idle_bench_waits_for(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The idle CPU is measured once the reader polls ahead, seen in its debug log."""
    table = ManualReader(Events())
    with caplog.at_level(logging.DEBUG, logger="drivers.rfid.mfrc522_reader"):
        table.poll_until(QUIET - INTERVAL)
        assert POLLING_AHEAD_LINE.decode() not in caplog.text
        table.switch()
    assert POLLING_AHEAD_LINE.decode() in caplog.text
