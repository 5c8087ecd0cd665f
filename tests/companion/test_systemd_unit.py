"""The systemd unit: the settings the companion relies on, and its sandbox score."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

SYSTEMD = Path(__file__).parents[2] / "systemd"
UNIT = SYSTEMD / "companion.service"
SYSUSERS = SYSTEMD / "companion.sysusers"
#: Debian's systemd-timesyncd rates 2.3; the companion must do better.
MAX_EXPOSURE = 2.0

Unit = dict[str, dict[str, list[str]]]


def parse_unit(text: str) -> Unit:
    """Sections -> key -> every value in order (a unit may repeat a key, e.g. DeviceAllow=).

    An empty assignment resets the list, as systemd does.
    """
    unit: Unit = {}
    section: dict[str, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = unit.setdefault(line[1:-1], {})
            continue
        key, _, value = line.partition("=")
        values = section.setdefault(key.strip(), [])
        if value.strip():
            values.append(value.strip())
        else:
            values.clear()
            values.append("")
    return unit


@pytest.fixture(scope="module")
def service() -> dict[str, list[str]]:
    return parse_unit(UNIT.read_text(encoding="utf-8"))["Service"]


def one(service: dict[str, list[str]], key: str) -> str:
    assert len(service[key]) == 1, key
    return service[key][0]


def test_notify_with_a_watchdog(service: dict[str, list[str]]) -> None:
    assert one(service, "Type") == "notify"
    assert one(service, "NotifyAccess") == "main"
    assert one(service, "WatchdogSec") == "10s"
    assert one(service, "Restart") == "on-failure"
    assert one(service, "RestartPreventExitStatus") == "2"  # a refused config: no restart loop
    assert one(service, "KillSignal") == "SIGTERM"
    assert one(service, "TimeoutStopSec").endswith("s")


def test_restarts_are_bounded_and_a_temporary_failure_is_tried_again() -> None:
    unit = parse_unit(UNIT.read_text(encoding="utf-8"))
    # The companion exits with 75 (EX_TEMPFAIL) for a failure that may go away by itself:
    # on-failure restarts it, but never more than StartLimitBurst times in the interval.
    assert unit["Unit"]["StartLimitIntervalSec"] == ["10min"]
    assert unit["Unit"]["StartLimitBurst"] == ["5"]
    assert "75" not in " ".join(unit["Service"].get("RestartPreventExitStatus", []))
    assert unit["Service"]["RestartSec"] == ["5s"]


def test_runs_the_installed_command(service: dict[str, list[str]]) -> None:
    assert one(service, "ExecStart") == (
        "/opt/companion/venv/bin/companion run --config /etc/companion/config.toml")


def test_a_dedicated_user_in_the_device_groups(service: dict[str, list[str]]) -> None:
    assert one(service, "User") == "companion"
    assert set(one(service, "SupplementaryGroups").split()) == {"gpio", "spi", "i2c", "dialout"}
    assert one(service, "StateDirectory") == "companion"
    assert one(service, "ConfigurationDirectory") == "companion"
    assert one(service, "UMask") == "0077"


def test_environment(service: dict[str, list[str]]) -> None:
    variables = dict(item.split("=", 1) for line in service["Environment"] for item in line.split())
    assert variables["GPIOZERO_PIN_FACTORY"] == "lgpio"
    # lgpio's FIFOs go to a writable folder: the working directory and LG_WD agree.
    assert variables["LG_WD"] == one(service, "WorkingDirectory") == "/run/companion"
    assert one(service, "RuntimeDirectory") == "companion"


def test_only_the_devices_the_drivers_use(service: dict[str, list[str]]) -> None:
    assert "PrivateDevices" not in service  # it would hide /dev/spidev*, /dev/i2c-*, ...
    assert one(service, "DevicePolicy") == "closed"
    allowed = {line.split()[0]: line.split()[1] for line in service["DeviceAllow"]}
    assert allowed == {
        "char-spi": "rw", "char-i2c": "rw", "char-gpiochip": "rw", "char-*gpiomem": "rw",
        "char-ttyAMA": "rw", "char-ttyS": "rw", "char-ttyUSB": "rw", "char-ttyACM": "rw",
    }


def test_sandbox(service: dict[str, list[str]]) -> None:
    expected = {
        "NoNewPrivileges": "yes", "ProtectSystem": "strict", "ProtectHome": "yes",
        "PrivateTmp": "yes", "PrivateNetwork": "yes", "IPAddressDeny": "any",
        "RestrictAddressFamilies": "AF_UNIX", "ProtectKernelTunables": "yes",
        "ProtectKernelModules": "yes", "ProtectKernelLogs": "yes", "ProtectControlGroups": "yes",
        "ProtectClock": "yes", "ProtectHostname": "yes", "ProtectProc": "invisible",
        "RestrictNamespaces": "yes", "LockPersonality": "yes", "MemoryDenyWriteExecute": "yes",
        "RestrictRealtime": "yes", "RestrictSUIDSGID": "yes", "SystemCallArchitectures": "native",
        "CapabilityBoundingSet": "",
    }
    assert {key: one(service, key) for key in expected} == expected
    assert service["SystemCallFilter"][0] == "@system-service"
    # gpiozero and RPi.GPIO read /proc/device-tree and /proc/cpuinfo to identify the board.
    assert "ProcSubset" not in service


def test_installed_for_multi_user() -> None:
    assert parse_unit(UNIT.read_text(encoding="utf-8"))["Install"]["WantedBy"] == [
        "multi-user.target"]


def systemd_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (it comes with the systemd package)")
    return path


def runnable_copy(unit: Path, folder: Path) -> Path:
    """`unit` copied into `folder` with `ExecStart=/bin/true`: `systemd-analyze verify` also
    checks that the command exists, and the companion is not installed where the unit says."""
    copy = folder / unit.name
    text = unit.read_text(encoding="utf-8")
    copy.write_text(re.sub(r"(?m)^ExecStart=.*$", "ExecStart=/bin/true", text), encoding="utf-8")
    return copy


def verify(unit: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`systemd-analyze verify` of `unit`, finished."""
    return subprocess.run([systemd_tool("systemd-analyze"), "verify", str(unit)],
                          capture_output=True, text=True, env=env, check=False)


def security(unit: Path, env: dict[str, str] | None = None
             ) -> tuple[float | None, subprocess.CompletedProcess[str]]:
    """`systemd-analyze security` of `unit`: its overall exposure level (None when it printed
    none) and the finished command."""
    result = subprocess.run([systemd_tool("systemd-analyze"), "security", "--offline=yes",
                             str(unit)], capture_output=True, text=True, env=env, check=False)
    found = re.search(rf"Overall exposure level for {re.escape(unit.name)}: (\d+\.\d+)",
                      result.stdout)
    return (float(found[1]) if found else None), result


def test_exposure_score_is_2_or_better() -> None:
    level, result = security(UNIT)
    assert level is not None, result.stdout + result.stderr
    assert level <= MAX_EXPOSURE


def test_systemd_accepts_every_setting(tmp_path: Path) -> None:
    result = verify(runnable_copy(UNIT, tmp_path))
    assert result.returncode == 0, result.stderr
    assert "Unknown key" not in result.stderr and "Failed to parse" not in result.stderr


def test_the_sysusers_file_creates_the_user(tmp_path: Path) -> None:
    sysusers = systemd_tool("systemd-sysusers")
    (tmp_path / "etc").mkdir()
    result = subprocess.run([sysusers, f"--root={tmp_path}", str(SYSUSERS)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    passwd = (tmp_path / "etc" / "passwd").read_text(encoding="utf-8")
    (entry,) = [line for line in passwd.splitlines() if line.startswith("companion:")]
    home, shell = entry.split(":")[5:]
    assert home == "/var/lib/companion" and shell.endswith("nologin")
