"""The I2C bus's clock, which a full SSD1306 frame depends on (about 92 ms at 100 kHz, 23 ms at
400 kHz). Raspberry Pi OS sets it at boot from `dtparam=i2c_arm_baudrate=` in the firmware's
config.txt; the running value is in the device tree (the bus node's `clock-frequency`, found
through the `i2cN` alias: the same on a Pi 5, whose I2C is not the BCM2835's)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

#: The speed the display's timings assume.
WANTED_HZ = 400_000
SETTING = "dtparam=i2c_arm_baudrate"
BOOT_CONFIGS = ("boot/firmware/config.txt", "boot/config.txt")
_DEVICE_TREES = ("proc/device-tree", "sys/firmware/devicetree/base")
#: i2c-bcm2835's module parameter, on the kernels that have it (Pi 1 to 4).
_MODULE_PARAMETER = "sys/module/i2c_bcm2835/parameters/baudrate"


@dataclass(frozen=True)
class I2cSpeed:
    """The running clock (None: unknown) and what the boot config asks for (None: nothing, or
    no config.txt found, see `boot_config`)."""

    running_hz: int | None
    configured_hz: int | None
    boot_config: Path | None


def running_speed(port: int, root: Path = Path("/")) -> int | None:
    """The clock of /dev/i2c-`port` in Hz, from the device tree, else the module parameter."""
    for tree in _DEVICE_TREES:
        try:
            node = (root / tree / "aliases" / f"i2c{port}").read_bytes().rstrip(b"\0").decode()
            value = (root / tree / node.lstrip("/") / "clock-frequency").read_bytes()
        except (OSError, UnicodeDecodeError):
            continue
        if len(value) == 4:  # one big-endian cell
            return int.from_bytes(value, "big")
    try:
        return int((root / _MODULE_PARAMETER).read_text().strip())
    except (OSError, ValueError):
        return None


def boot_config_path(root: Path = Path("/")) -> Path | None:
    """The firmware's config.txt: /boot/firmware/ on Bookworm, /boot/ before."""
    return next((root / name for name in BOOT_CONFIGS if (root / name).is_file()), None)


def configured_speed(config_txt: Path) -> int | None:
    """The last `dtparam=i2c_arm_baudrate=` of the file (the firmware applies them in order)."""
    found = None
    try:
        text = config_txt.read_text(errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        match = re.search(r"^\s*dtparam=(?:.*,)?i2c_arm_baudrate=(\d+)", line)
        if match:
            found = int(match[1])
    return found


def i2c_speed(port: int, root: Path = Path("/")) -> I2cSpeed:
    config_txt = boot_config_path(root)
    configured = configured_speed(config_txt) if config_txt is not None else None
    return I2cSpeed(running_speed(port, root), configured, config_txt)
