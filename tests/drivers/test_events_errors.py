"""Events are small frozen values; errors name the device and what to check."""

from __future__ import annotations

import dataclasses
import errno
import subprocess
import sys

import pytest

from drivers import (
    ButtonReleased,
    DeviceIOError,
    DeviceNotFound,
    DevicePermission,
    DriverConfigError,
    DriverError,
    EncoderStep,
    TagPlaced,
)
from drivers.errors import translate_os_error


def test_events_are_frozen_and_timestamped_outside_equality() -> None:
    first = TagPlaced("table", "DEADBEEF", at=1.0)
    second = TagPlaced("table", "DEADBEEF", at=2.0)
    assert first == second and hash(first) == hash(second)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.uid = "00"  # type: ignore[misc]
    assert TagPlaced("table", "AA").at > 0


def test_event_fields_read_as_specified() -> None:
    assert ButtonReleased("ok", held=True).held is True
    assert EncoderStep(-1).steps == -1
    with pytest.raises(TypeError):
        TagPlaced("table", "AA", 3.0)  # type: ignore[call-arg]  # `at` is keyword-only


def test_driver_error_reads_device_problem_and_check() -> None:
    error = DeviceNotFound("MFRC522 reader on /dev/spidev0.0", "not found", "dtparam=spi=on")
    assert str(error) == "MFRC522 reader on /dev/spidev0.0: not found. Check: dtparam=spi=on"
    assert isinstance(error, DriverError)
    assert error.device == "MFRC522 reader on /dev/spidev0.0"


def test_config_error_is_a_value_error_naming_the_key() -> None:
    error = DriverConfigError("display.address", "must be between 0x03 and 0x77")
    assert isinstance(error, ValueError)
    assert error.key == "display.address"
    assert str(error).startswith("display.address: ")


@pytest.mark.parametrize(
    ("error", "kind", "hint"),
    [
        (FileNotFoundError(errno.ENOENT, "No such file or directory"), DeviceNotFound, "missing"),
        (PermissionError(errno.EACCES, "Permission denied"), DevicePermission, "groups"),
        (OSError(errno.EBUSY, "Device or resource busy"), DeviceIOError, "failure"),
        (OSError(errno.EIO, "Input/output error"), DeviceIOError, "failure"),
    ],
)
def test_os_errors_translate_by_errno(error: OSError, kind: type, hint: str) -> None:
    translated = translate_os_error(
        error, "tag reader on /dev/ttyUSB0", missing="missing", permission="groups",
        failure="failure",
    )
    assert type(translated) is kind
    assert "/dev/ttyUSB0" in str(translated) and hint in str(translated)


def test_importing_drivers_loads_no_vendor_library() -> None:
    code = (
        "import sys, drivers, drivers.sim.mfrc522_chip, drivers.sim.serial_devices, "
        "drivers.sim.buttons, drivers.sim.display, drivers.factory\n"
        "vendors = ('gpiozero', 'luma', 'serial', 'mfrc522', 'spidev', 'RPi', 'smbus2', 'pygame')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in vendors))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"
