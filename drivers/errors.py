"""Driver error types: each names the device and says what to check.

Vendor exceptions (errno-carrying OSErrors, luma, gpiozero, spidev) are translated into these
at the boundary where a device is opened or used, so the companion can show one line in words.
"""

from __future__ import annotations

import errno
from typing import Any

CONFIG_TXT = "/boot/firmware/config.txt"


class DriverError(Exception):
    """A device could not be used. `str()` reads: "<device>: <problem>. Check: <hint>".

    Like every error a person reads, it carries an English `reason` template, its `params`
    and the `field` that is wrong (none here), which the appliance translates.

    >>> error = DriverError("reader", "stopped answering")
    >>> str(error), error.reason
    ('reader: stopped answering', '{device}: {problem}')
    >>> error.params
    {'device': 'reader', 'problem': 'stopped answering'}
    """

    field = ""

    def __init__(self, device: str, problem: str, check: str = "") -> None:
        self.device = device
        self.problem = problem
        self.check = check
        self.reason = "{device}: {problem}. Check: {check}" if check else "{device}: {problem}"
        self.params: dict[str, Any] = {"device": device, "problem": problem}
        if check:
            self.params["check"] = check
        super().__init__(self.reason.format(**self.params))


class DeviceNotFound(DriverError):
    """The device node, bus or chip is absent."""


class DevicePermission(DriverError):
    """The device exists but the process may not open it."""


class DeviceIOError(DriverError):
    """The device was opened but a transfer failed or it stopped answering."""


class DriverConfigError(ValueError):
    """A driver setting is missing or wrong; `key` is its dotted name, e.g. "display.address"
    (the companion's own settings refuse with `companion.config.ConfigError`). Its `field` is
    the key, its `reason` and `params` the message, as for `DriverError`."""

    def __init__(self, key: str, message: str) -> None:
        self.key = self.field = key
        self.message = message
        self.reason = "{message}"
        self.params = {"message": message}
        super().__init__(f"{key}: {message}")


def gpio_error(exc: Exception, device: str, hint: str) -> DriverError:
    """A gpiozero error or an OSError met opening `device` on GPIO pins, in words, with
    `hint` as what to check."""
    from gpiozero.exc import BadPinFactory  # the caller has gpiozero: its error came from it

    if isinstance(exc, BadPinFactory):
        return DeviceNotFound(device, f"no GPIO backend could be loaded ({exc})", hint)
    if isinstance(exc, OSError):
        return translate_os_error(exc, device, missing=hint, permission=hint, failure=hint)
    return DriverError(device, str(exc) or type(exc).__name__, hint)


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
