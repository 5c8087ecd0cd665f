"""Opening an MFRC522: the `mfrc522` library is imported here, when a device is opened, and
its failures are translated into driver errors that name the SPI device and what to check."""

from __future__ import annotations

import logging
import types
from collections.abc import Sequence
from typing import Any, cast

from drivers.errors import DeviceNotFound, DevicePermission, DriverError, translate_os_error
from drivers.rfid.mfrc522_pcd import WIRING_HINT

_GPIO_BCM = 11  # RPi.GPIO.BCM: pin_rst is a BCM number everywhere in this project
_LIBRARY_LOGGER = "mfrc522Logger"
_SPI_MISSING = (
    "dtparam=spi=on in /boot/firmware/config.txt (then reboot) and the bus/device numbers"
)
_SPI_PERMISSION = "that the service user is in the groups spi and gpio"


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


class LibraryRegisters:
    """Register access through the library's Read_MFRC522 / Write_MFRC522, and its SPI
    device for transfers of several bytes (the same framing)."""

    def __init__(self, chip: Any, label: str, pin_rst: int) -> None:
        self._chip = chip
        self.label = label
        self._pin_rst = pin_rst
        self._transfer = chip.spi.xfer2  # looked up once: every poll makes seven transfers

    def read(self, address: int) -> int:
        return int(self._chip.Read_MFRC522(address))

    def read_many(self, addresses: Sequence[int]) -> list[int]:
        return _answer(self._transfer(_read_frame(addresses)))

    def write(self, address: int, value: int) -> None:
        self._chip.Write_MFRC522(address, value & 0xFF)

    def write_runs(self, runs: Sequence[tuple[int, bytes]]) -> None:
        transfer, write_byte = self._transfer, _WRITE_BYTE
        for address, values in runs:
            transfer([write_byte[address], *values])

    def close(self) -> None:
        # Not Close_MFRC522(): its global GPIO.cleanup() would also release the button pins.
        try:
            self._chip.spi.close()
        finally:
            gpio = type(self._chip).__init__.__globals__.get("GPIO")
            if gpio is not None:
                try:
                    gpio.cleanup(self._pin_rst)
                except Exception:  # a failing cleanup must not hide the real error
                    logging.getLogger(__name__).debug("GPIO cleanup failed", exc_info=True)


class SpiRegisters:
    """Register access straight over a `spidev`-like module, with the library's framing.
    Used by the simulator when the `mfrc522` package is not installed."""

    def __init__(self, spidev_module: Any, bus: int, device: int, speed_hz: int) -> None:
        self.label = spi_label(bus, device)
        self._spi = spidev_module.SpiDev()
        self._spi.open(bus, device)
        self._spi.max_speed_hz = speed_hz

    def read(self, address: int) -> int:
        return int(self._spi.xfer2([((address << 1) & 0x7E) | 0x80, 0])[1])

    def read_many(self, addresses: Sequence[int]) -> list[int]:
        return _answer(self._spi.xfer2(_read_frame(addresses)))

    def write(self, address: int, value: int) -> None:
        self._spi.xfer2([(address << 1) & 0x7E, value & 0xFF])

    def write_runs(self, runs: Sequence[tuple[int, bytes]]) -> None:
        transfer, write_byte = self._spi.xfer2, _WRITE_BYTE
        for address, values in runs:
            transfer([write_byte[address], *values])

    def close(self) -> None:
        self._spi.close()


def import_library(label: str) -> types.ModuleType:
    """The real `mfrc522` package, imported only now."""
    try:
        import mfrc522
    except ModuleNotFoundError as exc:
        raise DriverError(
            label, f"the Python package {exc.name!r} is missing",
            "pip install 'tabletop-companion[rfid]' (on a Pi 5: mfrc522 with --no-deps beside "
            "rpi-lgpio)",
        ) from exc
    except RuntimeError as exc:  # RPi.GPIO: "This module can only be run on a Raspberry Pi!"
        raise DeviceNotFound(
            label, f"RPi.GPIO cannot run here ({exc})",
            'that this is a Raspberry Pi; on a desktop use reader.kind = "sim"',
        ) from exc
    return cast(types.ModuleType, mfrc522)


def open_library_registers(
    *,
    bus: int = 0,
    device: int = 0,
    pin_rst: int = 25,
    speed_hz: int = 1_000_000,
    library: types.ModuleType | None = None,
) -> LibraryRegisters:
    """Construct the library's MFRC522 (it resets the chip through the RST pin)."""
    label = spi_label(bus, device)
    if library is None:
        library = import_library(label)
    gpio = library.MFRC522.__init__.__globals__.get("GPIO")
    if gpio is not None and gpio.getmode() not in (None, _GPIO_BCM):
        # The library keeps whatever numbering is set; BOARD would move RST to another pin.
        raise DriverError(label, "RPi.GPIO already uses BOARD pin numbering in this process",
                          "that nothing else calls GPIO.setmode(GPIO.BOARD)")
    logger = logging.getLogger(_LIBRARY_LOGGER)
    handlers_before = list(logger.handlers)
    try:
        chip = library.MFRC522(
            bus=bus, device=device, spd=speed_hz, pin_mode=_GPIO_BCM, pin_rst=pin_rst
        )
    except OSError as exc:
        raise translate_os_error(
            exc, label, missing=_SPI_MISSING, permission=_SPI_PERMISSION, failure=WIRING_HINT
        ) from exc
    except ValueError as exc:  # RPi.GPIO: "The channel sent is invalid on a Raspberry Pi"
        raise DriverError(label, f"RPi.GPIO refused GPIO {pin_rst} for RST ({exc})",
                          "reader.pin_rst, a BCM number") from exc
    except RuntimeError as exc:  # RPi.GPIO: no /dev/gpiomem access, or an unsupported board
        raise DevicePermission(
            label, f"RPi.GPIO could not drive RST (GPIO {pin_rst}): {exc}",
            "group gpio; on a Raspberry Pi 5 install rpi-lgpio in place of RPi.GPIO",
        ) from exc
    finally:
        # Every MFRC522() adds a handler to the library's logger: drop ours so that reopening
        # after a fault does not multiply log lines.
        for handler in logger.handlers[:]:
            if handler not in handlers_before:
                logger.removeHandler(handler)
    return LibraryRegisters(chip, label, pin_rst)


def open_spi_registers(
    spidev_module: Any, *, bus: int = 0, device: int = 0, speed_hz: int = 1_000_000
) -> SpiRegisters:
    label = spi_label(bus, device)
    try:
        return SpiRegisters(spidev_module, bus, device, speed_hz)
    except OSError as exc:
        raise translate_os_error(
            exc, label, missing=_SPI_MISSING, permission=_SPI_PERMISSION, failure=WIRING_HINT
        ) from exc
