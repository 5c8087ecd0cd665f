"""tools/arm-check: its cheap parts (syntax, help, dry run, functions, stand-ins).

The full run (debootstrap, qemu, the install for real) is CI's: .ci/run runs it.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tools.arm_check import host, outputs, provenance, rootfs, stand_ins
from tools.arm_check.report import CheckFailed, Run, table

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "arm-check"


def arm_check(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, check=False,
                          env={**os.environ, **env}, timeout=120)


def test_the_launcher_and_the_stand_in_scripts_are_valid_shell() -> None:
    scripts = {"launcher": SCRIPT.read_text(), "systemctl": stand_ins.SYSTEMCTL,
               "raspi-config": stand_ins.RASPI_CONFIG, "enter": rootfs._ENTER}
    for name, text in scripts.items():
        done = subprocess.run(["sh", "-n"], input=text, capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0, (name, done.stderr)
    assert os.access(SCRIPT, os.X_OK)


def test_help_names_every_option() -> None:
    done = arm_check("--help")
    assert done.returncode == 0, done.stderr
    for option in ("--arch", "--parallel", "--source", "--native-python", "--rebuild",
                   "--dry-run"):
        assert option in done.stdout


def test_a_dry_run_plans_both_architectures_from_a_cold_cache(tmp_path: Path) -> None:
    done = arm_check("--dry-run", ARM_CHECK_CACHE=str(tmp_path / "cache"),
                     ARM_CHECK_WORK=str(tmp_path / "work"))
    assert done.returncode == 0, done.stderr
    assert "arm64: root cold: debootstrap first" in done.stdout
    assert "armhf: root cold: debootstrap first" in done.stdout
    assert "raspi-config, python3-lgpio" in done.stdout
    assert not (tmp_path / "cache").exists() and not (tmp_path / "work").exists()


def test_a_dry_run_sees_a_cached_root_and_the_parallel_switch(tmp_path: Path) -> None:
    (tmp_path / "root-bookworm-armhf-0123456789ab.tar").write_bytes(b"")
    done = arm_check("--dry-run", "--arch", "all", ARM_CHECK_CACHE=str(tmp_path),
                     ARM_CHECK_PARALLEL="1")
    assert done.returncode == 0, done.stderr
    assert "side by side" in done.stdout
    assert "armhf: root cached (root-bookworm-armhf-0123456789ab.tar)" in done.stdout
    assert "arm64: root cold" in done.stdout


def test_a_source_without_the_installer_is_refused_clearly(tmp_path: Path) -> None:
    done = arm_check("--dry-run", "--source", str(tmp_path))
    assert done.returncode == 1
    assert f"{tmp_path} has no systemd/install.sh" in done.stderr


def test_an_unknown_architecture_is_refused() -> None:
    done = arm_check("--arch", "riscv64")
    assert done.returncode == 2 and "invalid choice: 'riscv64'" in done.stderr


@pytest.mark.parametrize(("sources", "archive", "security"), [
    ("deb http://ftp.fr.debian.org/debian bookworm main\n"
     "deb http://security.debian.org/debian-security bookworm-security main",
     "http://ftp.fr.debian.org/debian", "http://security.debian.org/debian-security"),
    ("deb [signed-by=/usr/share/keyrings/k.gpg arch=amd64] http://mirror.example/debian/ "
     "bookworm main", "http://mirror.example/debian", "http://mirror.example/debian-security"),
    ("Types: deb\nURIs: https://packages.example/node\nSuites: nodistro\n\n"
     "Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\n\n"
     "Types: deb\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\n",
     "http://deb.debian.org/debian", "http://deb.debian.org/debian-security"),
])
def test_the_hosts_debian_mirror_is_read_from_either_format(
        sources: str, archive: str, security: str) -> None:
    assert host.debian_mirror(sources) == host.Mirror(archive, security)


def test_apt_sources_without_debian_give_no_mirror() -> None:
    assert host.debian_mirror("deb https://packages.example/apt stable main\n# deb "
                              "http://deb.debian.org/debian bookworm main") is None


def test_the_cache_key_follows_the_architecture_and_the_mirror() -> None:
    mirror = host.Mirror("http://a/debian", "http://a/debian-security")
    other = host.Mirror("http://b/debian", "http://b/debian-security")
    keys = {rootfs.cache_key(host.ARCHES["arm64"], mirror),
            rootfs.cache_key(host.ARCHES["armhf"], mirror),
            rootfs.cache_key(host.ARCHES["arm64"], other)}
    assert len(keys) == 3
    assert rootfs.cache_key(host.ARCHES["arm64"], mirror) in keys


def test_commands_enter_the_root_in_namespaces_of_their_own() -> None:
    command = rootfs.enter_command(Path("/r"), "Raspberry Pi", [(Path("/c/apt"), "/var/apt")],
                                   ["uname", "-m"])
    assert command[:5] == ["unshare", "--mount", "--pid", "--fork", "--kill-child"]
    assert command[-7:] == ["/r", "Raspberry Pi", "/c/apt", "/var/apt", "--", "uname", "-m"]


def test_where_the_installer_stopped_names_its_step_and_last_line() -> None:
    output = ("== 1. System packages\n+ apt-get update\n== 3. The system user companion\n"
              "+ install -m 0644 a /etc/sysusers.d/companion.conf\n"
              "install: cannot create regular file '/etc/sysusers.d/companion.conf'\n\n")
    assert outputs.where_it_stopped(output) == (
        "at '== 3. The system user companion': install: cannot create regular file "
        "'/etc/sysusers.d/companion.conf'")
    assert outputs.where_it_stopped("") == "at '(before its first step)': (no output)"


def test_the_distributions_pip_built_on_the_spot_are_listed() -> None:
    output = ("  Building wheel for tabletop-companion (pyproject.toml): started\n"
              "  Building wheel for cbor2 (pyproject.toml): finished with status 'error'\n"
              "  Building wheel for cbor2 (pyproject.toml): started\n")
    assert outputs.built_from_source(output) == ["cbor2", "tabletop-companion"]


# doctor's own lines on a machine without the hardware (the shape `companion doctor` prints).
DOCTOR_WITHOUT_HARDWARE = """\
ok: configuration: /etc/companion/config.toml
FAILED: SPI bus: not enabled: no spidev* in /dev; to do: sudo raspi-config nonint do_spi 0
FAILED: device file /dev/gpiochip0: missing; to do: this is not a Raspberry Pi
FAILED: display: SSD1306 display at 0x3C on /dev/i2c-1: not found (I2C device not found)
FAILED: buttons: button 'up' on GPIO 5: no GPIO backend could be loaded
ok: state folder /var/lib/companion: does not exist yet; it will be made in /var/lib
ok: clock: 2026-12-03 06:40 UTC
"""


def test_doctor_without_hardware_passes_the_judgement() -> None:
    problem, passed, failed = outputs.judge_doctor(1, DOCTOR_WITHOUT_HARDWARE)
    assert problem is None
    assert passed == ["configuration", "state folder /var/lib/companion", "clock"]
    assert failed == ["SPI bus", "device file /dev/gpiochip0", "display", "buttons"]


@pytest.mark.parametrize(("status", "text", "problem"), [
    (1, "FAILED: configuration: no such file\n", "its configuration check did not pass"),
    (1, "ok: configuration: c\nFAILED: state folder /var/lib/companion: cannot write in /var/lib",
     "its state folder check did not pass"),
    (1, "ok: configuration: c\nTraceback (most recent call last):\n", "crashed"),
    (2, "ok: configuration: c\n", "exited with 2"),
    (1, "ok: configuration: c\nok: state folder /s: ok\n"
        "FAILED: reader: the Python package 'spidev' is missing; to do",
     "the install left out spidev"),
])
def test_a_doctor_run_that_is_wrong_is_named(status: int, text: str, problem: str) -> None:
    found, _, _ = outputs.judge_doctor(status, text)
    assert found is not None and problem in found


def test_the_demo_result_line_is_its_last_json_line() -> None:
    assert outputs.result_line('Move 1\n{"game": "g", "winners": ["Ana"]}\n') == \
        '{"game": "g", "winners": ["Ana"]}'
    assert outputs.result_line("Move 1\nTraceback\n") == ""
    assert outputs.result_line('{"game": "g"}\n') == ""


def test_every_tally_input_is_one_the_companion_scores(tmp_path: Path) -> None:
    tables = outputs.tally_inputs(ROOT)
    assert "example-freight-train-day1.json" in tables
    assert any(name.startswith("docs-tally-") for name in tables)
    for name, text in tables.items():
        (tmp_path / name).write_text(text)
    done = subprocess.run([sys.executable, "-m", "companion", "tally", *sorted(tables)],
                          capture_output=True, text=True, cwd=tmp_path, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == len(tables)


def test_the_packages_apt_added_are_the_new_installed_ones() -> None:
    before = "python3\t3.11.2-1+b1\tii \nlibfoo\t1\trc \n"
    after = before + "python3-pil\t9.4.0-1.1\tii \nhalf\t2\tiU \n"
    assert outputs.newly_installed(before, after) == ["python3-pil 9.4.0-1.1"]


def test_the_stand_in_repository_index_describes_its_packages(tmp_path: Path) -> None:
    package = stand_ins.STAND_IN_PACKAGES[0]
    deb = stand_ins.build_deb(package, tmp_path)
    fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Version"],
                            capture_output=True, text=True, check=True).stdout
    assert fields == f"Package: {package.name}\nVersion: {stand_ins.STAND_IN_VERSION}\n"
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True,
                             check=True).stdout
    assert "-rwxr-xr-x root/root" in listing and "./usr/bin/raspi-config" in listing
    index = stand_ins.packages_index({deb.name: deb.read_bytes()},
                                     {deb.name: stand_ins.control(package)})
    assert f"Filename: ./{deb.name}\n" in index
    assert f"SHA256: {hashlib.sha256(deb.read_bytes()).hexdigest()}\n" in index
    assert hashlib.sha256(index.encode()).hexdigest() in stand_ins.release(index)


def run_stand_in(script: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARM_CHECK_LOG_DIR": str(tmp_path),
           "ARM_CHECK_UNIT_STATES": str(tmp_path / "units"),
           "ARM_CHECK_UNIT_DIRS": str(tmp_path / "system"),
           "ARM_CHECK_STATE_ROOT": str(tmp_path / "state"),
           "RASPI_CONFIG_TXT": str(tmp_path / "config.txt"),
           "RASPI_CONFIG_MODULES": str(tmp_path / "modules")}
    return subprocess.run(["sh", "-c", script, "stand-in", *args], capture_output=True,
                          text=True, env=env, check=False, timeout=60)


def test_the_raspi_config_stand_in_switches_i2c_and_spi_as_the_real_one(tmp_path: Path) -> None:
    (tmp_path / "config.txt").write_text(stand_ins.CONFIG_TXT)
    assert run_stand_in(stand_ins.RASPI_CONFIG, tmp_path, "nonint", "get_i2c").stdout == "1\n"
    for function in ("do_i2c", "do_spi"):
        assert run_stand_in(stand_ins.RASPI_CONFIG, tmp_path, "nonint", function,
                            "0").returncode == 0
    config = (tmp_path / "config.txt").read_text().splitlines()
    assert "dtparam=i2c_arm=on" in config and "dtparam=spi=on" in config
    assert "#dtparam=i2s=on" in config
    assert (tmp_path / "modules").read_text() == "i2c-dev\n"
    assert run_stand_in(stand_ins.RASPI_CONFIG, tmp_path, "nonint", "get_i2c").stdout == "0\n"
    refused = run_stand_in(stand_ins.RASPI_CONFIG, tmp_path, "nonint", "do_serial_hw", "0")
    assert refused.returncode == 1 and "'do_serial_hw' is not imitated" in refused.stderr
    assert "raspi-config nonint do_serial_hw 0" in (tmp_path / "raspi-config.log").read_text()


def test_the_systemctl_stand_in_answers_as_the_manager_would(tmp_path: Path) -> None:
    def systemctl(*args: str) -> subprocess.CompletedProcess[str]:
        return run_stand_in(stand_ins.SYSTEMCTL, tmp_path, *args)
    units = tmp_path / "system"
    units.mkdir()
    (units / "companion.service").write_text(
        "[Service]\nStateDirectory=companion\nStateDirectoryMode=0750\n")
    assert systemctl("daemon-reload").returncode == 0
    inactive = systemctl("is-active", "companion.service")
    assert (inactive.returncode, inactive.stdout) == (1, "inactive\n")
    assert not (tmp_path / "state" / "companion").exists()
    assert systemctl("restart", "companion.service").returncode == 0
    assert (tmp_path / "state" / "companion").stat().st_mode & 0o777 == 0o750
    active = systemctl("is-active", "--quiet", "companion.service")
    assert (active.returncode, active.stdout) == (0, "active\n")
    assert systemctl("stop", "companion.service").returncode == 0
    assert systemctl("status", "companion.service").returncode == 3
    assert (tmp_path / "systemctl.log").read_text().splitlines()[:3] == [
        "systemctl daemon-reload", "systemctl is-active companion.service",
        "systemctl restart companion.service"]


def test_provenance_finds_the_project_and_everything_it_needs() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "arm_check" / "provenance.py")],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    found = {item["name"].lower(): item for item in map(json.loads, done.stdout.splitlines())}
    assert found["tabletop-companion"]["origin"] == "local"
    for name in ("pillow", "gpiozero", "luma.oled", "luma.core", "paho-mqtt", "starlette"):
        assert found[name]["origin"] in ("wheel", "apt"), found.get(name)
    assert all(item["tags"] for item in found.values() if item["origin"] == "wheel")


def test_provenance_follows_requirements_without_extras_or_other_pythons() -> None:
    distribution = SimpleNamespace(requires=[
        "a>=1", 'b; extra == "test"', 'c; python_version < "3"', "d[x]; sys_platform != 'x'"])
    assert provenance.requirements(distribution) == ["a", "d"]  # type: ignore[arg-type]


def test_a_failed_phase_is_timed_recorded_and_ends_the_run() -> None:
    lines: list[str] = []
    run = Run("armhf", out=lines.append)
    with run.phase("first") as detail:
        detail.append("fine")
    with pytest.raises(CheckFailed), run.phase("second"):
        raise CheckFailed("install.sh exited with 1")
    assert [phase.ok for phase in run.phases] == [True, False]
    assert run.failed is not None and run.failed.detail == "install.sh exited with 1"
    assert lines[1] == "[armhf] first: ok in 0 s: fine"
    assert lines[3].startswith("[armhf] second: FAILED after 0 s: install.sh exited")
    rows = table([run]).splitlines()
    assert rows[0].split() == ["arch", "phase", "time", "result"]
    assert rows[2].split()[-1] == "FAILED" and rows[3].split()[:2] == ["armhf", "total"]
