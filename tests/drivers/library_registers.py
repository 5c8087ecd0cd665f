"""Our reader over PyPI's unmodified `mfrc522` library (tests/vendor), on the simulated bus:
the anchor that shows the chip simulator answers as the library expects, and that the reader
gets the same cards through the library's register access as through its own SPI framing.
The appliance never uses the library (see drivers.rfid.mfrc522_open)."""

from __future__ import annotations

import logging
import types
from collections.abc import Sequence
from typing import Any

from drivers.errors import DriverError, translate_os_error
from drivers.rfid.mfrc522_open import spi_label
from drivers.rfid.mfrc522_pcd import WIRING_HINT

_GPIO_BCM = 11  # RPi.GPIO.BCM: pin_rst is a BCM number everywhere in this project
_LIBRARY_LOGGER = "mfrc522Logger"
_READ_BYTE = tuple(((address << 1) & 0x7E) | 0x80 for address in range(64))
_WRITE_BYTE = tuple((address << 1) & 0x7E for address in range(64))


class LibraryRegisters:
    """Register access through the library's Read_MFRC522 / Write_MFRC522, and its SPI
    device for transfers of several bytes (the same framing)."""

    def __init__(self, chip: Any, label: str, pin_rst: int) -> None:
        self._chip = chip
        self.label = label
        self._pin_rst = pin_rst
        self._transfer = chip.spi.xfer2

    def read(self, address: int) -> int:
        return int(self._chip.Read_MFRC522(address))

    def read_many(self, addresses: Sequence[int]) -> list[int]:
        received = self._transfer([*map(_READ_BYTE.__getitem__, addresses), 0])
        del received[0]
        return list(received)

    def write(self, address: int, value: int) -> None:
        self._chip.Write_MFRC522(address, value & 0xFF)

    def write_runs(self, runs: Sequence[tuple[int, bytes]]) -> None:
        for address, values in runs:
            self._transfer([_WRITE_BYTE[address], *values])

    def close(self) -> None:
        # Not Close_MFRC522(): its global GPIO.cleanup() would also release other pins.
        try:
            self._chip.spi.close()
        finally:
            gpio = type(self._chip).__init__.__globals__.get("GPIO")
            if gpio is not None:
                gpio.cleanup(self._pin_rst)


def open_library_registers(
    library: types.ModuleType, *, bus: int = 0, device: int = 0, pin_rst: int = 25,
    speed_hz: int = 1_000_000,
) -> LibraryRegisters:
    """Construct the library's MFRC522 on the simulated bus `library` was loaded for."""
    label = spi_label(bus, device)
    gpio = library.MFRC522.__init__.__globals__.get("GPIO")
    if gpio is not None and gpio.getmode() not in (None, _GPIO_BCM):
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
            exc, label, missing="dtparam=spi=on", permission="the groups spi and gpio",
            failure=WIRING_HINT,
        ) from exc
    finally:
        # Every MFRC522() adds a handler to the library's logger.
        for handler in logger.handlers[:]:
            if handler not in handlers_before:
                logger.removeHandler(handler)
    return LibraryRegisters(chip, label, pin_rst)
