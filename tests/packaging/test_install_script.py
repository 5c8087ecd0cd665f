"""`systemd/install.sh --dry-run` prints every step of a Pi install and of an update."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.packaging.install_standins import ROOT, SCRIPT, FakeSystem, companion_script


def dry_run(model: str, prefix: Path | None = None, *args: str,
            **env_vars: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COMPANION_PI_MODEL=model, **env_vars)
    if prefix is not None:
        env["COMPANION_PREFIX"] = str(prefix)
    return subprocess.run(["bash", str(SCRIPT), "--dry-run", *args], capture_output=True,
                          text=True, env=env, check=False, timeout=600)


def commands(output: str) -> list[str]:
    return [line[2:] for line in output.splitlines() if line.startswith("+ ")]


def index_of(steps: list[str], pattern: str) -> int:
    return next(i for i, step in enumerate(steps) if re.search(pattern, step))


RELEASE = r"\S*/opt/companion/releases/\d{8}-\d{6}"


def test_a_fresh_install_prints_every_step_in_order(tmp_path: Path) -> None:
    # An empty folder stands for /: a companion installed on this machine changes nothing.
    done = dry_run("Raspberry Pi Zero 2 W Rev 1.0", None, COMPANION_ROOT=str(tmp_path))
    assert done.returncode == 0, done.stderr
    steps = commands(done.stdout)
    apt = steps[index_of(steps, r"^apt-get install")].split()
    for package in ("python3-pil", "python3-cbor2", "python3-spidev", "python3-venv",
                    "python3-setuptools", "python3-wheel"):
        assert package in apt
    # gpiozero drives the reader's reset line: neither RPi.GPIO nor mfrc522 is installed.
    assert not any("rpi.gpio" in word.lower() or "rpi-lgpio" in word for word in apt)
    assert not any("mfrc522" in step for step in steps)
    order = [index_of(steps, pattern) for pattern in (
        r"^apt-get install", r"raspi-config nonint do_spi 0$", r"raspi-config nonint do_i2c 0$",
        r"^install -d -m 0755 \S*/etc/sysusers\.d$",
        r"companion\.sysusers \S*/etc/sysusers\.d/companion\.conf$", r"^systemd-sysusers",
        rf"-m venv --system-site-packages {RELEASE}/venv$",
        rf"pip install --no-build-isolation {RELEASE}/src$",
        rf"{RELEASE}/venv/bin/companion --version$",
        r"config\.toml \S*/etc/companion/config\.toml$",
        rf"{RELEASE}/venv/bin/companion doctor --config \S*/etc/companion/config\.toml$",
        r"^ln -s releases/\d{8}-\d{6}/venv \S*/opt/companion/venv$",
        r"companion-command\.sh \S*/usr/local/bin/companion$",
        r"companion\.service \S*/etc/systemd/system/companion\.service$",
        r"^systemctl enable companion\.service", r"^systemctl restart companion\.service")]
    assert order == sorted(order)
    assert "Dry run: nothing is changed" in done.stdout


def test_lgpio_comes_from_apt_only_where_the_archive_has_it(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    plain_debian = system.run(companion_script(), apt_has="", dry_run=True)
    assert "python3-lgpio is not in this system's archive" in plain_debian.stdout
    assert "python3-lgpio" not in " ".join(commands(plain_debian.stdout))
    raspberry_pi_os = system.run(companion_script(), apt_has="python3-lgpio", dry_run=True)
    apt = next(step for step in commands(raspberry_pi_os.stdout)
               if step.startswith("apt-get install"))
    assert "python3-lgpio" in apt.split()


@pytest.mark.parametrize(("model", "family"), [
    ("Raspberry Pi 5 Model B Rev 1.0", "Pi 5"),
    ("Raspberry Pi Compute Module 5 Rev 1.0", "Pi 5"),
    ("Raspberry Pi Compute Module 5 Lite Rev 1.0", "Pi 5"),
    ("Raspberry Pi 500 Rev 1.0", "Pi 5"),
    ("Raspberry Pi 4 Model B Rev 1.5", "Pi 4"),
    ("Raspberry Pi Compute Module 4 Rev 1.1", "Pi 4"),
    ("Raspberry Pi 400 Rev 1.0", "Pi 4"),
    ("Raspberry Pi 3 Model B Plus Rev 1.3", "Pi 3"),
    ("Raspberry Pi Zero 2 W Rev 1.0", "Pi Zero 2"),
    ("Raspberry Pi Zero W Rev 1.1", "Pi 1"),
    ("Raspberry Pi Compute Module 3 Plus Rev 1.0", "Pi 3"),
])  # fmt: skip
def test_the_board_is_named_by_its_family(model: str, family: str) -> None:
    done = dry_run(model)
    assert done.returncode == 0, done.stderr
    assert f"Board: {model} (family: {family})." in done.stdout
    # Every family gets the same packages: no model needs its own GPIO library any more.
    assert not any("rpi" in step.lower() for step in commands(done.stdout))


def test_a_machine_that_is_not_a_pi_is_refused(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    system.model = "Generic x86 desktop"
    done = system.run(companion_script())
    assert done.returncode == 1
    assert "this is not a Raspberry Pi (model: Generic x86 desktop); try --dry-run" in done.stderr
    assert system.calls() == [] and not system.prefix.exists()


def test_the_i2c_speed_line_is_planned_for_the_boot_config(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text("dtparam=i2c_arm=on\n")
    steps = commands(dry_run("Raspberry Pi 5", None, COMPANION_BOOT_CONFIG=str(config)).stdout)
    assert f"echo dtparam=i2c_arm_baudrate=400000 >> {config}" in steps
    config.write_text("dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=100000\n")
    steps = commands(dry_run("Raspberry Pi 5", None, COMPANION_BOOT_CONFIG=str(config)).stdout)
    assert any(step.startswith("sed -i") and "i2c_arm_baudrate=400000" in step
               for step in steps)
    assert config.read_text().endswith("=100000\n")  # a dry run changes nothing


def test_the_scoreboard_unit_follows_the_web_section(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    # A fresh install gets the example configuration, which has [web].
    assert "[web]" in (ROOT / "examples" / "config.toml").read_text()
    done = system.run(companion_script(), dry_run=True)
    steps = commands(done.stdout)
    assert "the scoreboard runs as companion-web.service" in done.stdout
    order = [index_of(steps, pattern) for pattern in (
        r"companion-web\.service \S+/etc/systemd/system/companion-web\.service$",
        r"^systemctl daemon-reload$", r"^systemctl enable companion-web\.service$",
        r"^systemctl restart companion-web\.service$")]
    assert order == sorted(order)
    # A configuration without [web]: no scoreboard.
    (system.root / "etc" / "companion").mkdir()
    (system.root / "etc" / "companion" / "config.toml").write_text(
        '[reader]\nkind = "sim"\n# [web]\n')
    done = system.run(companion_script(), dry_run=True)
    assert "no [web] section in the configuration: no scoreboard" in done.stdout
    assert not any("companion-web" in step for step in commands(done.stdout))


def test_pillow_from_bookworm_satisfies_the_requirement() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    [pillow] = [dep for dep in project["dependencies"] if dep.lower().startswith("pillow")]
    floor = re.fullmatch(r"pillow>=([\d.]+)", pillow, re.IGNORECASE)
    assert floor is not None
    assert tuple(map(int, floor[1].split("."))) <= (9, 4)  # Bookworm's python3-pil is 9.4


def test_the_build_needs_nothing_newer_than_bookworm() -> None:
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    [setuptools] = [req for req in build["requires"] if req.startswith("setuptools")]
    floor = re.fullmatch(r"setuptools>=([\d.]+)", setuptools)
    assert floor is not None and int(floor[1].split(".")[0]) <= 66  # Bookworm's is 66.1


def test_an_update_stops_backs_up_first_and_leaves_the_state_folder_alone(
        tmp_path: Path) -> None:
    companion = tmp_path / "venv" / "bin" / "companion"
    companion.parent.mkdir(parents=True)
    # An installed companion that has a backup command.
    companion.write_text('#!/bin/sh\n[ "$1" = backup ] && exit 0\nexit 2\n')
    companion.chmod(0o755)
    done = dry_run("Raspberry Pi 4 Model B Rev 1.4", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "updating it; /var/lib/companion is kept as it is" in done.stdout
    steps = commands(done.stdout)
    check, stop = index_of(steps, r"companion --version$"), index_of(steps, r"^systemctl stop")
    backup, doctor = index_of(steps, BACKUP), index_of(steps, r"companion doctor")
    switch = index_of(steps, rf"^mv -T {tmp_path}/venv {tmp_path}/venv\.previous$")
    # The new release is built and checked while the service runs; it stops for the switch.
    assert check < stop < backup < doctor < switch
    assert "goes back to\n the installed companion and starts the service again" in done.stdout
    # The state folder is only read, by the backup and the doctor.
    assert [step for step in steps if "/var/lib/companion" in step] == [
        steps[backup], steps[doctor]]
    companion.write_text("#!/bin/sh\nexit 2\n")  # an older companion without backups
    steps = commands(dry_run("Raspberry Pi 4 Model B Rev 1.4", tmp_path).stdout)
    assert not any(re.search(BACKUP, step) for step in steps)


#: The update's backup: the state folder named, a new file in /var/backups/companion.
BACKUP = (r"^runuser -u companion -- \S+/venv/bin/companion backup --state-dir "
          r"/var/lib/companion /var/backups/companion/before-update-\d{8}-\d{6}\.sqlite3$")


def test_the_updates_backup_command_is_one_the_companion_takes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli.main import main
    from companion.state.journal import Journal

    companion = tmp_path / "venv" / "bin" / "companion"
    companion.parent.mkdir(parents=True)
    companion.write_text('#!/bin/sh\n[ "$1" = backup ] && exit 0\nexit 2\n')
    companion.chmod(0o755)
    steps = commands(dry_run("Raspberry Pi 4 Model B Rev 1.4", tmp_path).stdout)
    words = next(step for step in steps if re.search(BACKUP, step)).split()
    arguments = words[words.index("backup"):]
    # The same command line, on folders of this machine.
    state, saved = tmp_path / "state", tmp_path / "backups" / "before-update.sqlite3"
    Journal(state / "journal.sqlite3").close()
    saved.parent.mkdir()
    arguments[arguments.index("/var/lib/companion")] = str(state)
    arguments[-1] = str(saved)
    assert main(["--lang", "en", *arguments]) == 0, capsys.readouterr().err
    assert saved.is_file()


@pytest.mark.parametrize("argument", ["--force", "extra"])
def test_an_unknown_option_is_refused_with_usage(argument: str) -> None:
    done = dry_run("Raspberry Pi 5", None, argument)
    assert done.returncode == 2 and "unknown option" in done.stderr and not done.stdout
