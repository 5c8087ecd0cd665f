"""`systemd/install.sh --dry-run` prints every step of a Pi install and of an update."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "systemd" / "install.sh"


def dry_run(model: str, prefix: Path | None = None, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COMPANION_PI_MODEL=model)
    if prefix is not None:
        env["COMPANION_PREFIX"] = str(prefix)
    return subprocess.run(["bash", str(SCRIPT), "--dry-run", *args], capture_output=True,
                          text=True, env=env, check=False)


def commands(output: str) -> list[str]:
    return [line[2:] for line in output.splitlines() if line.startswith("+ ")]


def index_of(steps: list[str], pattern: str) -> int:
    return next(i for i, step in enumerate(steps) if re.search(pattern, step))


def test_a_fresh_install_prints_every_step_in_order() -> None:
    done = dry_run("Raspberry Pi Zero 2 W Rev 1.0")
    assert done.returncode == 0, done.stderr
    steps = commands(done.stdout)
    apt = steps[index_of(steps, r"^apt-get install")]
    for package in ("python3-pil", "python3-lgpio", "python3-spidev", "python3-rpi.gpio",
                    "python3-venv"):
        assert package in apt.split()
    order = [index_of(steps, pattern) for pattern in (
        r"^apt-get install", r"raspi-config nonint do_spi 0$", r"raspi-config nonint do_i2c 0$",
        r"companion\.sysusers /etc/sysusers\.d/companion\.conf$", r"^systemd-sysusers",
        r"-m venv --system-site-packages /opt/companion/venv$",
        r"pip install --upgrade /opt/companion/src$", r"pip install --no-deps mfrc522==",
        r"config\.toml /etc/companion/config\.toml$",
        r"companion\.service /etc/systemd/system/companion\.service$",
        r"^systemctl enable companion", r"^systemctl restart companion")]
    assert order == sorted(order)
    assert "Dry run: nothing is changed" in done.stdout


def test_a_pi_5_gets_rpi_lgpio_instead_of_rpi_gpio() -> None:
    apt = next(step for step in commands(dry_run("Raspberry Pi 5 Model B Rev 1.0").stdout)
               if step.startswith("apt-get install"))
    assert "python3-rpi-lgpio" in apt.split() and "python3-rpi.gpio" not in apt.split()


def test_the_mfrc522_pin_is_the_rfid_extra_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    [pin] = project["optional-dependencies"]["rfid"]
    assert f'MFRC522_PIN="{pin}"' in SCRIPT.read_text()


def test_pillow_from_bookworm_satisfies_the_requirement() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    [pillow] = [dep for dep in project["dependencies"] if dep.lower().startswith("pillow")]
    floor = re.fullmatch(r"pillow>=([\d.]+)", pillow, re.IGNORECASE)
    assert floor is not None
    assert tuple(map(int, floor[1].split("."))) <= (9, 4)  # Bookworm's python3-pil is 9.4


def test_an_update_stops_backs_up_first_and_leaves_the_state_folder_alone(
        tmp_path: Path) -> None:
    companion = tmp_path / "venv" / "bin" / "companion"
    companion.parent.mkdir(parents=True)
    # An installed companion that has a backup command.
    companion.write_text('#!/bin/sh\n[ "$1" = backup ] && exit 0\nexit 2\n')
    companion.chmod(0o755)
    (tmp_path / "venv" / "bin" / "python").symlink_to("/bin/true")
    done = dry_run("Raspberry Pi 4 Model B Rev 1.4", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "updating it; /var/lib/companion is kept as it is" in done.stdout
    steps = commands(done.stdout)
    stop, backup = index_of(steps, r"^systemctl stop companion"), index_of(steps, BACKUP)
    install = index_of(steps, r"pip install --upgrade")
    assert stop < backup < install
    assert not any("--system-site-packages" in step for step in steps)  # the venv is reused
    # The state folder is only read, by the backup.
    assert [step for step in steps if "/var/lib/companion" in step] == [steps[backup]]
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
    (tmp_path / "venv" / "bin" / "python").symlink_to("/bin/true")
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
