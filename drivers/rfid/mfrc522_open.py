"""Opening an MFRC522: its SPI device through `spidev` and its reset line (NRSTPD) through
gpiozero, both imported when a device is opened. Their failures become driver errors that name
the SPI device and what to check.

No RPi.GPIO: gpiozero drives the reset line through whichever pin backend the machine has
(lgpio on every model, the Pi 5 and Compute Module 5 included), so no model needs its own
package. The register protocol itself is `drivers.rfid.mfrc522_pcd`'s.
"""

from __future__ import annotations

import contextlib
import types
from collections.abc import Sequence
from typing import Any, cast

from drivers.errors import DriverError, gpio_error, translate_os_error
from drivers.rfid.mfrc522_pcd import WIRING_HINT

_SPI_MISSING = (
    "dtparam=spi=on in /boot/firmware/config.txt (then reboot) and the bus/device numbers"
)
_SPI_PERMISSION = "that the service user is in the groups spi and gpio"
_RESET_HINT = (
    "reader.pin_rst (a BCM number), the group gpio, and GPIOZERO_PIN_FACTORY=lgpio with "
    "python3-lgpio installed"
)
#: The SPI mode the MFRC522 speaks (clock idle low, data read on the rising edge).
_SPI_MODE = 0


def spi_label(bus: int, device: int) -> str:
    return f"MFRC522 reader on /dev/spidev{bus}.{device}"


#: The byte that reads each register, and the one that writes it.
_READ_BYTE = tuple(((address << 1) & 0x7E) | 0x80 for address in range(64))
_WRITE_BYTE = tuple((address << 1) & 0x7E for address in range(64))


def _read_frame(addresses: Sequence[int]) -> list[int]:
    """One SPI transfer reading `addresses`: each address byte clocks out the register
    named by the byte before it, a final 0 the last one (MFRC522 datasheet, 8.1.2.1).
    A new list each time: spidev writes the bytes it received into the list it sent."""
    return [*map(_READ_BYTE.__getitem__, addresses), 0]


def _answer(received: list[int]) -> list[int]:
    """The registers read, from what a read transfer received (the first byte is noise)."""
    del received[0]
    return received


class SpiRegisters:
    """Register access over an open `spidev.SpiDev`; `reset` (a gpiozero output holding
    NRSTPD high, so the chip runs) is released with the SPI device."""

    def __init__(self, spi: Any, label: str, reset: Any | None = None) -> None:
        self.label = label
        self._spi = spi
        self._reset = reset
        self._transfer = spi.xfer2  # looked up once: every poll makes seven transfers

    def read(self, address: int) -> int:
        return int(self._transfer([_READ_BYTE[address], 0])[1])

    def read_many(self, addresses: Sequence[int]) -> list[int]:
        return _answer(self._transfer(_read_frame(addresses)))

    def write(self, address: int, value: int) -> None:
        self._transfer([_WRITE_BYTE[address], value & 0xFF])

    def write_runs(self, runs: Sequence[tuple[int, bytes]]) -> None:
        transfer, write_byte = self._transfer, _WRITE_BYTE
        for address, values in runs:
            transfer([write_byte[address], *values])

    def close(self) -> None:
        try:
            self._spi.close()
        finally:
            if self._reset is not None:
                # Only this pin: the buttons' pins stay as they are.
                self._reset.close()


def import_spidev(label: str) -> types.ModuleType:
    """The `spidev` package, imported only now."""
    try:
        import spidev
    except ModuleNotFoundError as exc:
        raise DriverError(
            label, f"the Python package {exc.name!r} is missing",
            "sudo apt install python3-spidev (or pip install 'tabletop-companion[rfid]')",
        ) from exc
    return cast(types.ModuleType, spidev)


def open_reset_line(pin_rst: int, label: str, pin_factory: Any = None) -> Any:
    """A gpiozero output on `pin_rst` driven high: the chip leaves its hard power-down."""
    try:
        from gpiozero import DigitalOutputDevice
        from gpiozero.exc import GPIOZeroError
    except ModuleNotFoundError as exc:
        raise DriverError(label, f"the Python package {exc.name!r} is missing",
                          "pip install tabletop-companion") from exc
    try:
        return DigitalOutputDevice(pin_rst, initial_value=True, pin_factory=pin_factory)
    except (GPIOZeroError, OSError) as exc:
        raise gpio_error(exc, f"{label} (RST on GPIO {pin_rst})", _RESET_HINT) from exc


def open_spi_registers(
    spidev_module: Any = None,
    *,
    bus: int = 0,
    device: int = 0,
    speed_hz: int = 1_000_000,
    pin_rst: int | None = None,
    pin_factory: Any = None,
) -> SpiRegisters:
    """Open `/dev/spidev<bus>.<device>` and, given `pin_rst`, drive the reset line high.

    `spidev_module` stands in for `spidev` and `pin_factory` for gpiozero's default pin
    factory (a simulated bus and gpiozero's MockFactory)."""
    label = spi_label(bus, device)
    module = spidev_module if spidev_module is not None else import_spidev(label)
    reset = None if pin_rst is None else open_reset_line(pin_rst, label, pin_factory)
    try:
        spi = module.SpiDev()
        try:
            spi.open(bus, device)
            spi.max_speed_hz = speed_hz
            spi.mode = _SPI_MODE
        except BaseException:
            with contextlib.suppress(OSError):
                spi.close()
            raise
    except OSError as exc:
        if reset is not None:
            reset.close()
        raise translate_os_error(
            exc, label, missing=_SPI_MISSING, permission=_SPI_PERMISSION, failure=WIRING_HINT
        ) from exc
    except BaseException:
        if reset is not None:
            reset.close()
        raise
    return SpiRegisters(spi, label, reset)
