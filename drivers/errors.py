"""Driver error types: each names the device and says what to check.

Vendor exceptions (errno-carrying OSErrors, luma, gpiozero, RPi.GPIO) are translated into these
at the boundary where a device is opened or used, so the companion can show one line in words.
"""

from __future__ import annotations

import errno

# The one shape of an error a person reads; the module holds no rules and imports nothing.
from engine.errors import Reasoned

CONFIG_TXT = "/boot/firmware/config.txt"


class DriverError(Reasoned):
    """A device could not be used. `str()` reads: "<device>: <problem>. Check: <hint>"."""

    def __init__(self, device: str, problem: str, check: str = "") -> None:
        self.device = device
        self.problem = problem
        self.check = check
        if check:
            super().__init__("{device}: {problem}. Check: {check}", device=device,
                             problem=problem, check=check)
        else:
            super().__init__("{device}: {problem}", device=device, problem=problem)


class DeviceNotFound(DriverError):
    """The device node, bus or chip is absent."""


class DevicePermission(DriverError):
    """The device exists but the process may not open it."""


class DeviceIOError(DriverError):
    """The device was opened but a transfer failed or it stopped answering."""


class DriverConfigError(Reasoned, ValueError):
    """A driver setting is missing or wrong; `key` is its dotted name, e.g. "display.address"
    (the companion's own settings refuse with `companion.config.ConfigError`)."""

    def __init__(self, key: str, message: str) -> None:
        self.key = self.field = key
        self.message = message
        super().__init__("{message}", message=message)


def translate_os_error(
    exc: OSError, device: str, *, missing: str, permission: str, failure: str
) -> DriverError:
    """Map an OSError to a driver error with the hint that fits its errno."""
    if isinstance(exc, FileNotFoundError) or exc.errno in (errno.ENOENT, errno.ENODEV, errno.ENXIO):
        return DeviceNotFound(device, f"not found ({exc.strerror or exc})", missing)
    if isinstance(exc, PermissionError) or exc.errno in (errno.EACCES, errno.EPERM):
        return DevicePermission(device, "permission denied", permission)
    if exc.errno == errno.EBUSY:
        return DeviceIOError(device, "busy (another program has it open)", failure)
    return DeviceIOError(device, f"I/O error ({exc.strerror or exc})", failure)
