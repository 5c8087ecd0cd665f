"""`companion doctor`: one line per check with a status and what to do, on the simulated
hardware and on a machine without any."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.doctor import FAILED, OK, SKIPPED, diagnose, format_check
from companion.cli.holders import device_holders
from companion.cli.main import main

SIMULATED = '[reader]\nkind = "sim"\n[buttons]\nkind = "sim"\n[display]\nkind = "sim"\n'
PI = ('[reader]\nkind = "mfrc522"\n[buttons]\nkind = "gpio"\n'
      '[display]\nkind = "ssd1306"\ninterface = "i2c"\nport = 1\n')


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_on_the_simulated_hardware_every_check_passes(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    config = write(tmp_path, "sim.toml", SIMULATED)
    status = main(["--lang", "en", "doctor", "--config", str(config),
                   "--state-dir", str(tmp_path / "state")])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    names = [line.split(": ")[1] for line in lines]
    assert names[:3] == ["configuration", "SPI bus", "I2C bus"]
    assert {"reader", "display", "buttons", "free space", "clock"} <= set(names)
    reader = next(line for line in lines if line.split(": ")[1] == "reader")
    assert reader.startswith("ok: ") and "version register 0x92" in reader
    assert all(line.split(": ")[0] in ("ok", "skipped") for line in lines), lines


def test_without_any_hardware_each_missing_piece_says_what_to_do(tmp_path: Path) -> None:
    config = write(tmp_path, "pi.toml", PI)
    empty_dev = tmp_path / "dev"
    empty_dev.mkdir()
    checks = diagnose(config, tmp_path / "state", "en", dev=empty_dev, running=lambda: [])
    by_name = {check.name: check for check in checks}
    assert by_name["configuration"].status == OK
    assert by_name["SPI bus"].status == FAILED
    assert "raspi-config nonint do_spi 0" in by_name["SPI bus"].advice
    assert "raspi-config nonint do_i2c 0" in by_name["I2C bus"].advice
    spidev = by_name["device file /dev/spidev0.0"]
    assert spidev.status == FAILED and spidev.finding == "missing"
    for check in checks:
        assert check.status in (OK, FAILED, SKIPPED, "warning")
        if check.status == FAILED:
            assert check.advice, check
            line = format_check(check, "en")
            assert "\n" not in line and "; to do: " in line


@pytest.mark.skipif(os.path.exists("/dev/spidev0.0"), reason="this machine has an SPI bus")
def test_without_any_hardware_the_devices_do_not_answer(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    # A `companion run` for another folder on this machine holds none of these devices.
    config = write(tmp_path, "pi.toml", PI)
    status = main(["--lang", "en", "doctor", "--config", str(config),
                   "--state-dir", str(tmp_path)])
    output = capsys.readouterr()
    assert status == 1 and "Traceback" not in output.err
    for device in ("reader", "display", "buttons"):
        line = next(line for line in output.out.splitlines() if line.split(": ")[1] == device)
        assert line.startswith("FAILED: ") and "; to do: " in line


def test_a_bad_configuration_is_one_failed_line(tmp_path: Path) -> None:
    config = write(tmp_path, "bad.toml", '[display]\nkind = "crt"\n')
    checks = diagnose(config, tmp_path, "en")
    assert checks[0].status == FAILED and "display.kind" in checks[0].finding
    assert [check.name for check in checks[1:]] == ["state folder " + str(tmp_path),
                                                    "free space", "clock"]


def test_the_report_is_in_french_from_the_environment(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    for variable in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    config = write(tmp_path, "pi.toml", PI)
    main(["doctor", "--config", str(config), "--state-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert "horloge" in out and "à faire" in out and "clock" not in out


def test_an_unwritable_state_folder_and_a_clock_in_the_past_fail(tmp_path: Path) -> None:
    config = write(tmp_path, "sim.toml", SIMULATED)
    blocker = write(tmp_path, "a-file", "")
    checks = {check.name.split(" /")[0]: check
              for check in diagnose(config, blocker / "state", "en", now=lambda: 0.0)}
    assert checks["state folder"].status == FAILED
    assert checks["clock"].status == FAILED and "1970-01-01" in checks["clock"].finding


def test_a_clock_behind_the_journal_fails(tmp_path: Path) -> None:
    config = write(tmp_path, "sim.toml", SIMULATED)
    journal = write(tmp_path, "journal.sqlite3", "")
    written = journal.stat().st_mtime
    behind = {c.name: c for c in diagnose(config, tmp_path, "en", now=lambda: written - 3600)}
    assert behind["clock"].status == FAILED and "journal" in behind["clock"].finding
    on_time = {c.name: c for c in diagnose(config, tmp_path, "en", now=lambda: written + 1)}
    assert on_time["clock"].status == OK


def start_table(folder: Path) -> subprocess.Popen[str]:
    """`companion run` on a simulated table kept in `folder`, once it shows its first frame."""
    table = subprocess.Popen(
        [sys.executable, "-m", "companion", "--lang", "en", "run", "--state-dir", str(folder),
         "--players", "Ana,Ben"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert table.stdout is not None and table.stdout.readline()  # its first frame: it runs
    return table


def stop(table: subprocess.Popen[str]) -> None:
    assert table.stdin is not None
    table.stdin.close()
    table.wait()


def test_devices_held_by_this_tables_process_are_left_alone(tmp_path: Path) -> None:
    table = start_table(tmp_path / "table")
    other = start_table(tmp_path / "other")  # a companion for another folder holds nothing here
    try:
        assert device_holders(tmp_path / "table", []) == [table.pid]
        assert device_holders(tmp_path / "nobody", []) == []
        config = write(tmp_path, "pi.toml", PI)
        checks = {check.name: check for check in diagnose(config, tmp_path / "table", "en",
                                                          dev=tmp_path)}
        assert checks["devices"].status == SKIPPED
        assert checks["devices"].finding == f"companion run holds them (process {table.pid})"
        assert str(other.pid) not in checks["devices"].finding
        assert "systemctl stop companion" in checks["devices"].advice
        assert "reader" not in checks
    finally:
        stop(other)
        stop(table)
    assert device_holders(tmp_path / "table", []) == []


def test_a_process_with_a_device_file_open_holds_it(tmp_path: Path) -> None:
    node = tmp_path / "spidev0.0"
    node.write_bytes(b"")
    with node.open("rb"):
        assert os.getpid() not in device_holders(tmp_path / "state", [str(node)])  # not itself
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; f = open(sys.argv[1], 'rb'); print(1, flush=True); "
         "sys.stdin.read()", str(node)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline()  # the file is open
        assert device_holders(tmp_path / "state", [str(node)]) == [holder.pid]
    finally:
        stop(holder)
