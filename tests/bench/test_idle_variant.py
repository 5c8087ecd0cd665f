"""The runner that cuts the reader's poll down for the idle CPU breakdown."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench import idle_variant
from drivers.rfid.mfrc522_pcd import Mfrc522Pcd

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
