"""`companion doctor`: is this machine ready to follow a game? One line per check.

Each line gives a status, what was checked, what was found and, when it is not fine, what to
do. The devices are asked through `drivers.probe`, so a simulated table is checked through its
simulators and a Pi through its buses. Exit status 0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import datetime as dt
import grp
import os
import shutil
import stat
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.holders import device_holders
from companion.config import Config, ConfigError, load_config
from companion.games.names import reason
from companion.i18n.translate import N_, translator
from companion.state.folder import FREE_FAIL_BYTES
from companion.state.paths import default_state_dir, journal_path
from drivers.config import DriverSettings, parse_settings
from drivers.errors import DriverConfigError

if TYPE_CHECKING:
    from companion.publish.scoreboard import Scoreboard

OK, WARNING, FAILED, SKIPPED = "ok", "warning", "failed", "skipped"
STATUS_WORDS = {OK: N_("ok"), WARNING: N_("warning"), FAILED: N_("FAILED"),
                SKIPPED: N_("skipped")}
#: Below this much free space in the state folder, warn (below FREE_FAIL_BYTES, fail).
FREE_WARN_BYTES = 100 * 1024 * 1024
#: No clock set by a person or by the network reads earlier than this: the release year.
CLOCK_FLOOR = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


@dataclass(frozen=True)
class Check:
    """One line of the report; `finding` and `advice` are already in the reader's language."""

    status: str
    name: str
    finding: str
    advice: str = ""


def register(commands: Any) -> None:
    doctor = commands.add_parser("doctor", help="check the configuration, devices, state "
                                                "folder and clock, one line each")
    doctor.add_argument("--config", type=Path, help="configuration file (TOML)")
    doctor.add_argument("--state-dir", type=Path, help="where the journal and tags are kept")
    doctor.set_defaults(run=run_doctor)


def run_doctor(args: argparse.Namespace, language: str) -> int:
    checks = diagnose(args.config, args.state_dir, language)
    for check in checks:
        print(format_check(check, language), flush=True)
    return 1 if any(check.status == FAILED for check in checks) else 0


def format_check(check: Check, language: str) -> str:
    _ = translator(language).gettext
    line = _("{status}: {check}: {finding}").format(
        status=_(STATUS_WORDS[check.status]), check=check.name, finding=check.finding)
    if check.advice:
        line = _("{line}; to do: {advice}").format(line=line, advice=check.advice)
    return line


def diagnose(config_path: Path | None, state_dir: Path | None, language: str, *,
             dev: Path = Path("/dev"), now: Callable[[], float] = time.time,
             running: Callable[[], list[int]] | None = None,
             answers: Callable[[Scoreboard], bool | None] | None = None,
             system: Path = Path("/")) -> list[Check]:
    """Every check, in the order a person would fix them; `answers` asks the scoreboard
    (None: over HTTP); `system` is where /proc, /sys and /boot are found."""
    _ = translator(language).gettext
    checks: list[Check] = []
    config, settings, problem = _configuration(config_path, language)
    if problem is not None:
        checks.append(problem)
    else:
        assert config is not None
        where = config.source or _("built-in defaults: every device simulated")
        checks.append(Check(OK, _("configuration"), where))
    folder = state_dir or (config.state_dir if config else None) or default_state_dir()
    if settings is not None:
        checks.extend(_buses(settings, language, dev))
        checks.extend(_i2c_speed(settings, language, system))
        checks.extend(_nodes(settings, language, dev))
        tables = running() if running is not None else _holders(settings, folder, dev)
        if tables and config is not None and not config.simulated:
            # Opening the reader resets the chip under the running table: leave it alone.
            checks.append(Check(SKIPPED, _("devices"), _(
                "companion run holds them (process {pid})").format(
                    pid=", ".join(map(str, tables))),
                _("sudo systemctl stop companion, then run the doctor again")))
        else:
            checks.extend(_devices(settings, language))
    checks.extend(_state_folder(folder, language))
    checks.append(_clock(folder, language, now()))
    if problem is None:  # a configuration that could not be read says nothing of [web]
        checks.append(_scoreboard(config, language, answers))
    return checks


def _scoreboard(config: Config | None, language: str,
                answers: Callable[[Scoreboard], bool | None] | None) -> Check:
    """With `[web]`, whether `companion web` answers here (its QR codes lead somewhere)."""
    from companion.publish.scoreboard import lan_address, site_url
    from companion.publish.scoreboard_probe import LOOPBACK, scoreboard_answers

    _ = translator(language).gettext
    name = _("scoreboard")
    if config is None or config.web is None:
        return Check(SKIPPED, name, _("no [web] in the configuration: no QR code to follow"))
    url = site_url(config.web, config.web.address or lan_address() or LOOPBACK)
    answered = (answers or scoreboard_answers)(config.web)
    if answered:
        return Check(OK, name, _("answers at {url}").format(url=url))
    if answered is None:
        return Check(SKIPPED, name, _("this process may not open a network connection"))
    return Check(WARNING, name, _("does not answer at {url}: the QR codes lead nowhere").format(
        url=url), _("start companion-web.service (sudo systemctl enable --now companion-web)"))


def _holders(settings: DriverSettings, folder: Path, dev: Path) -> list[int]:
    """The processes holding this table's devices (see `holders`)."""
    from drivers.probe import device_nodes

    return device_holders(folder, [node.path for node in device_nodes(settings, dev)])


def _configuration(path: Path | None, language: str
                   ) -> tuple[Config | None, DriverSettings | None, Check | None]:
    _ = translator(language).gettext
    name = _("configuration")
    try:
        config = load_config(path)
    except ConfigError as error:
        return None, None, Check(FAILED, name, reason(error, language),
                                 _("correct the file, then run the doctor again"))
    try:
        settings = parse_settings(config.driver_sections())
    except DriverConfigError as error:
        return config, None, Check(FAILED, name, reason(config.driver_error(error), language),
                                   _("correct the file, then run the doctor again"))
    return config, settings, None


def _buses(settings: DriverSettings, language: str, dev: Path) -> list[Check]:
    from drivers.probe import bus_enabled, device_nodes

    _ = translator(language).gettext
    used = {node.bus for node in device_nodes(settings, dev)}
    checks = []
    for bus, option in (("spi", "do_spi"), ("i2c", "do_i2c")):
        name = _("{bus} bus").format(bus=bus.upper())
        if bus not in used:
            checks.append(Check(SKIPPED, name, _("no configured device uses it")))
        elif bus_enabled(bus, dev):
            checks.append(Check(OK, name, _("enabled")))
        else:
            checks.append(Check(FAILED, name, _("not enabled: no {pattern} in {dev}").format(
                pattern="spidev*" if bus == "spi" else "i2c-*", dev=dev),
                _("sudo raspi-config nonint {option} 0, then reboot").format(option=option)))
    return checks


def _i2c_speed(settings: DriverSettings, language: str, system: Path) -> list[Check]:
    """The I2C clock an I2C display runs at: 400 kHz, or a warning saying how to set it."""
    from drivers.i2c_speed import SETTING, WANTED_HZ, i2c_speed

    display = settings.display
    if display.kind not in ("ssd1306", "sh1106") or display.interface != "i2c":
        return []
    _ = translator(language).gettext
    name = _("I2C speed")
    speed = i2c_speed(display.port, system)
    config_txt = speed.boot_config or Path("/boot/firmware/config.txt")
    line = f"{SETTING}={WANTED_HZ}"
    set_it = _("add {line} to {file} (sudo systemd/install.sh does), then reboot").format(
        line=line, file=config_txt)
    running, configured = speed.running_hz, speed.configured_hz
    if running is not None and running >= WANTED_HZ:
        return [Check(OK, name, _("{khz} kHz").format(khz=running // 1000))]
    if running is not None:
        slow = _("{khz} kHz: each frame takes {times} times as long as at 400 kHz").format(
            khz=running // 1000, times=f"{WANTED_HZ / max(running, 1):g}")
        if configured is not None and configured >= WANTED_HZ:
            return [Check(WARNING, name, slow, _(
                "{file} asks for {khz} kHz from the next start: reboot").format(
                    file=config_txt, khz=configured // 1000))]
        return [Check(WARNING, name, slow, set_it)]
    if configured is not None and configured >= WANTED_HZ:
        return [Check(OK, name, _("{khz} kHz in {file}").format(
            khz=configured // 1000, file=config_txt))]
    if speed.boot_config is None:
        return [Check(SKIPPED, name, _("cannot tell: no device tree and no config.txt"))]
    return [Check(WARNING, name, _("{file} does not ask for 400 kHz").format(file=config_txt),
                  set_it)]


def _nodes(settings: DriverSettings, language: str, dev: Path) -> list[Check]:
    from drivers.probe import device_nodes

    _ = translator(language).gettext
    nodes = device_nodes(settings, dev)
    if not nodes:
        return [Check(SKIPPED, _("device files"), _("every device is simulated"))]
    checks = []
    for node in nodes:
        path = dev / Path(node.path).relative_to("/dev")
        name = _("device file {path}").format(path=node.path)
        try:
            info = path.stat()
        except OSError:
            checks.append(Check(FAILED, name, _("missing"), _missing_advice(node.bus, language)))
            continue
        try:
            group = grp.getgrgid(info.st_gid).gr_name
        except KeyError:
            group = str(info.st_gid)
        group_can = group == node.group and info.st_mode & (stat.S_IRGRP | stat.S_IWGRP) == (
            stat.S_IRGRP | stat.S_IWGRP)
        if group_can or os.access(path, os.R_OK | os.W_OK):
            checks.append(Check(OK, name, _("group {group}, read and write").format(
                group=group)))
        else:
            checks.append(Check(FAILED, name, _("group {group}, mode {mode}").format(
                group=group, mode=oct(info.st_mode & 0o777)),
                _("the service joins group {expected}: give the file to that group "
                  "(a udev rule) or add {group} to SupplementaryGroups").format(
                    expected=node.group, group=group)))
    return checks


def _missing_advice(bus: str, language: str) -> str:
    _ = translator(language).gettext
    if bus == "spi":
        return _("sudo raspi-config nonint do_spi 0, then reboot")
    if bus == "i2c":
        return _("sudo raspi-config nonint do_i2c 0, then reboot")
    if bus == "serial":
        return _("check reader.port and the cable (ls /dev/serial* /dev/tty*)")
    return _("this is not a Raspberry Pi, or its GPIO driver is not loaded")


def _devices(settings: DriverSettings, language: str) -> list[Check]:
    from drivers.probe import Probe, probe_buttons, probe_display, probe_feedback, probe_reader

    _ = translator(language).gettext
    names = {"reader": _("reader"), "display": _("display"), "buttons": _("buttons"),
             "feedback": _("buzzer and LED")}
    probes: list[Probe] = []
    with warnings.catch_warnings():  # gpiozero's fallback warnings: the probe says it all
        warnings.simplefilter("ignore")
        probes.append(probe_reader(settings.reader))
        probes.append(probe_display(settings.display))
        probes.append(probe_buttons(settings.buttons))
        if settings.feedback is not None:  # off unless configured: nothing to report
            probes.append(probe_feedback(settings.feedback))
    checks = []
    for probe in probes:
        finding = f"{probe.label}: {probe.detail}"
        if probe.answered:
            checks.append(Check(OK, names[probe.device], finding))
        else:
            checks.append(Check(FAILED, names[probe.device], finding,
                                _("check: {what}").format(what=probe.check) if probe.check
                                else _("check the wiring in wiring.md")))
    return checks


def _state_folder(folder: Path, language: str) -> list[Check]:
    _ = translator(language).gettext
    name = _("state folder {path}").format(path=folder)
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    checks = []
    try:
        with tempfile.NamedTemporaryFile(dir=existing, prefix=".doctor-"):
            pass
    except OSError as error:
        checks.append(Check(FAILED, name, _("cannot write in {path}: {problem}").format(
            path=existing, problem=error.strerror or error),
            _("run as the service user, or give it the folder (StateDirectory=companion)")))
    else:
        found = _("writable") if existing == folder else _(
            "does not exist yet; it will be made in {path}").format(path=existing)
        checks.append(Check(OK, name, found))
    free = shutil.disk_usage(existing).free
    space = _("free space")
    megabytes = _("{size} MB free").format(size=free // (1024 * 1024))
    if free < FREE_FAIL_BYTES:
        checks.append(Check(FAILED, space, megabytes, _("free some space on that disk")))
    elif free < FREE_WARN_BYTES:
        checks.append(Check(WARNING, space, megabytes, _("free some space on that disk")))
    else:
        checks.append(Check(OK, space, megabytes))
    return checks


def _clock(folder: Path, language: str, now: float) -> Check:
    _ = translator(language).gettext
    name = _("clock")
    shown = dt.datetime.fromtimestamp(now, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    advice = _("set the time (sudo timedatectl set-ntp true with a network, or "
               "sudo date -s 'YYYY-MM-DD HH:MM')")
    if now < CLOCK_FLOOR.timestamp():
        return Check(FAILED, name, _("{time}: earlier than this release").format(time=shown),
                     advice)
    try:
        last_write = journal_path(folder).stat().st_mtime
    except OSError:
        last_write = None
    if last_write is not None and now + 60 < last_write:  # a minute of leeway: clock steps
        return Check(FAILED, name, _("{time}: earlier than the journal's last write").format(
            time=shown), advice)
    return Check(OK, name, shown)
