"""`systemd/install.sh` run for real inside a folder standing for /, with stand-ins for apt,
raspi-config, systemd and runuser: releases, the update's checks and its way back."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from drivers.i2c_speed import configured_speed
from tests.packaging.install_standins import ROOT, FakeSystem, companion_script

OLD = companion_script(version="0.1.0")


def releases(system: FakeSystem) -> list[Path]:
    folder = system.prefix / "releases"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_a_first_install_makes_a_release_and_links_to_it(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    done = system.run(companion_script())
    assert done.returncode == 0, done.stdout + done.stderr
    [release] = releases(system)
    for part in ("src", "venv"):
        link = system.prefix / part
        assert link.is_symlink() and link.resolve() == (release / part).resolve()
    assert (system.prefix / "src" / "pyproject.toml").is_file()
    assert (system.root / "etc" / "sysusers.d" / "companion.conf").is_file()
    assert os.access(system.root / "usr" / "local" / "bin" / "companion", os.X_OK)
    config = (system.root / "etc" / "companion" / "config.toml").read_text()
    assert config == (ROOT / "examples" / "config.toml").read_text()
    units = system.root / "etc" / "systemd" / "system"
    assert (units / "companion.service").is_file() and (units / "companion-web.service").is_file()
    calls = system.calls()
    assert "systemctl stop companion.service" not in calls  # nothing ran before
    assert calls[-2:] == ["systemctl enable companion-web.service",
                          "systemctl restart companion-web.service"]
    assert any(call.startswith("venv-python -m pip install --no-build-isolation ")
               for call in calls)


def test_the_i2c_speed_is_set_once_under_all(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    boot = system.root / "boot" / "firmware" / "config.txt"
    for _ in range(2):
        done = system.run(companion_script())
        assert done.returncode == 0, done.stdout + done.stderr
    # The file had a [cm5] section: the line goes under [all], for every model, once.
    assert boot.read_text().endswith("[cm5]\ndtoverlay=dwc2,dr_mode=host\n[all]\n"
                                     "dtparam=i2c_arm_baudrate=400000\n")
    assert "(already there: dtparam=i2c_arm_baudrate=400000)" in done.stdout
    assert configured_speed(boot) == 400_000  # as the doctor reads it
    boot.write_text("dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=100000\n")
    assert system.run(companion_script()).returncode == 0
    assert boot.read_text() == "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"


def test_an_update_switches_only_after_the_new_release_passes(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    system.install_old_layout(OLD)
    done = system.run(companion_script())
    assert done.returncode == 0, done.stdout + done.stderr
    [release] = releases(system)
    assert (system.prefix / "venv").resolve() == (release / "venv").resolve()
    assert not (system.prefix / "venv.previous").exists()
    assert not (system.prefix / "src.previous").exists()  # the old folders are gone
    calls = system.calls()
    new = f"companion-{release.name}"
    order = [calls.index(call) for call in (
        f"{new} --version", "systemctl stop companion.service", f"{new} doctor --config "
        f"{system.root}/etc/companion/config.toml", "systemctl restart companion.service")]
    assert order == sorted(order)
    # A second update, from a release: the first release goes once the second has passed.
    second = system.run(companion_script(version="0.3.0"))
    assert second.returncode == 0, second.stdout + second.stderr
    [latest] = releases(system)
    assert latest != release and (system.prefix / "venv").resolve() == (latest / "venv").resolve()


def test_a_new_doctor_failure_puts_the_previous_companion_back(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    system.install_old_layout(OLD)
    done = system.run(companion_script(doctor_fails="reader"))
    assert done.returncode == 1
    assert "the new release fails checks the installed one passes: reader" in done.stderr
    assert "the previous companion is back" in done.stderr
    # The old folders are where they were, the new release is gone, the service runs again.
    assert not (system.prefix / "venv").is_symlink()
    assert (system.prefix / "src" / "marker").read_text() == "old source\n"
    assert (system.prefix / "venv" / "bin" / "companion").read_text() == OLD
    assert releases(system) == []
    calls = system.calls()
    assert calls[-1] == "systemctl start companion.service"
    assert calls.index("systemctl stop companion.service") < len(calls) - 1
    assert "systemctl restart companion.service" not in calls


def test_a_check_failing_with_both_companions_does_not_stop_the_update(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    system.install_old_layout(companion_script(version="0.1.0", doctor_fails="SPI bus"))
    done = system.run(companion_script(doctor_fails="SPI bus"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fail with the installed companion too: not the update's doing" in done.stdout
    assert (system.prefix / "venv").is_symlink()


def test_a_new_release_that_does_not_start_never_stops_the_service(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    system.install_old_layout(OLD)
    done = system.run(companion_script(exit_version=1))
    assert done.returncode == 1
    assert releases(system) == []
    assert (system.prefix / "venv" / "bin" / "companion").read_text() == OLD
    calls = system.calls()
    assert not any(call.startswith("systemctl") for call in calls)  # it kept running


def test_a_failed_restart_switches_back_and_starts_the_previous(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    system.install_old_layout(OLD)
    done = system.run(companion_script(), fail="restart")
    assert done.returncode == 1
    assert not (system.prefix / "venv").is_symlink() and not (system.prefix / "src").is_symlink()
    assert (system.prefix / "src" / "marker").is_file()
    assert releases(system) == []
    assert system.calls()[-2:] == ["systemctl restart companion.service",
                                   "systemctl start companion.service"]


def test_the_administrators_command_runs_as_the_service_user(tmp_path: Path) -> None:
    system = FakeSystem.make(tmp_path)
    fake = tmp_path / "installed-companion"
    fake.write_text('#!/bin/sh\necho "state=$COMPANION_STATE_DIR args=$*"\n')
    fake.chmod(0o755)
    wrapper = tmp_path / "companion"
    text = (ROOT / "systemd" / "companion-command.sh").read_text()
    assert "COMPANION=/opt/companion/venv/bin/companion\n" in text
    wrapper.write_text(text.replace("COMPANION=/opt/companion/venv/bin/companion",
                                    f"COMPANION={fake}"))
    wrapper.chmod(0o755)
    # Root (this stand-in `id`) becomes the service user through runuser.
    (system.bin / "id").write_text('#!/bin/sh\n[ "$1" = -un ] && echo root || echo 0\n')
    (system.bin / "id").chmod(0o755)
    env = dict(os.environ, PATH=f"{system.bin}:{os.environ['PATH']}",
               STANDIN_LOG=str(system.log))
    done = subprocess.run([str(wrapper), "tags", "list", "--game", "freight-train"],
                          capture_output=True, text=True, env=env, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "state=/var/lib/companion args=tags list --game freight-train\n"
    assert system.calls()[0].startswith("runuser -u companion -- env "
                                        "COMPANION_STATE_DIR=/var/lib/companion ")
    fake.unlink()
    done = subprocess.run([str(wrapper), "doctor"], capture_output=True, text=True, env=env,
                          check=False, timeout=120)
    assert done.returncode == 1 and "is missing: install it with systemd/install.sh" in done.stderr
