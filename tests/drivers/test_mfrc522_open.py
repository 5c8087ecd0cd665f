"""Opening an MFRC522 without the `mfrc522` library: SPI through a spidev module (here the
simulated bus's) and the reset line through gpiozero (here its MockFactory)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from drivers.errors import DeviceNotFound, DriverError
from drivers.events import TagPlaced
from drivers.rfid.mfrc522_open import open_spi_registers
from drivers.rfid.mfrc522_reader import Mfrc522Reader
from drivers.rfid.mfrc522_registers import Reg
from drivers.sim.fake_pi import SimulatedSpiBus
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator

from .driver_helpers import Events

RST = 25


@pytest.fixture
def pins() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.close()


@pytest.fixture
def bus() -> Iterator[SimulatedSpiBus]:
    chip = Mfrc522ChipSimulator()
    spi = SimulatedSpiBus()
    spi.attach(0, 0, chip)
    yield spi
    chip.close()


def test_opening_holds_reset_high_and_closing_releases_the_pin(
        bus: SimulatedSpiBus, pins: MockFactory) -> None:
    registers = open_spi_registers(bus.spidev, pin_rst=RST, pin_factory=pins)
    assert pins.pin(RST).state == 1  # NRSTPD high: the chip runs
    assert registers.read(Reg.VERSION) == 0x92
    registers.close()
    # The pin is free again: a reopen after a fault can claim it.
    again = open_spi_registers(bus.spidev, pin_rst=RST, pin_factory=pins)
    again.close()


def test_spi_is_opened_in_mode_0_at_the_configured_speed(
        bus: SimulatedSpiBus, pins: MockFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = []
    original = bus.spidev.SpiDev.open

    def record(self: object, number: int, device: int) -> None:
        opened.append(self)
        original(self, number, device)

    monkeypatch.setattr(bus.spidev.SpiDev, "open", record)
    registers = open_spi_registers(bus.spidev, speed_hz=4_000_000, pin_rst=RST,
                                   pin_factory=pins)
    [spi] = opened
    assert (spi.max_speed_hz, spi.mode) == (4_000_000, 0)  # type: ignore[attr-defined]
    registers.close()


def test_a_reset_pin_already_taken_is_named(bus: SimulatedSpiBus, pins: MockFactory) -> None:
    button = Button(RST, pin_factory=pins)
    try:
        with pytest.raises(DriverError) as raised:
            open_spi_registers(bus.spidev, pin_rst=RST, pin_factory=pins)
    finally:
        button.close()
    assert "RST on GPIO 25" in str(raised.value) and "reader.pin_rst" in str(raised.value)


def test_a_missing_spi_device_releases_the_reset_pin(bus: SimulatedSpiBus,
                                                     pins: MockFactory) -> None:
    with pytest.raises(DeviceNotFound, match=r"/dev/spidev0\.1.*dtparam=spi=on"):
        open_spi_registers(bus.spidev, device=1, pin_rst=RST, pin_factory=pins)
    open_spi_registers(bus.spidev, pin_rst=RST, pin_factory=pins).close()  # the pin is free


def test_without_spidev_the_error_says_which_package(monkeypatch: pytest.MonkeyPatch,
                                                     pins: MockFactory) -> None:
    monkeypatch.setitem(sys.modules, "spidev", None)  # `import spidev` fails
    with pytest.raises(DriverError, match="'spidev' is missing.*python3-spidev"):
        open_spi_registers(pin_rst=RST, pin_factory=pins)


def test_the_reader_reads_a_card_over_spidev_and_gpiozero(
        bus: SimulatedSpiBus, pins: MockFactory, events: Events) -> None:
    chip = bus.target(0, 0)
    assert isinstance(chip, Mfrc522ChipSimulator)
    reader = Mfrc522Reader(
        events, lambda: open_spi_registers(bus.spidev, pin_rst=RST, pin_factory=pins),
        poll_interval=0.02, removal_after=0.3)
    reader.start()
    try:
        chip.place("DEADBEEF")
        events.wait_for(TagPlaced, uid="DEADBEEF")
        assert pins.pin(RST).state == 1
    finally:
        reader.close()


def test_the_appliance_never_imports_the_mfrc522_library() -> None:
    from pathlib import Path

    drivers = Path(__file__).resolve().parents[2] / "drivers"
    for path in drivers.rglob("*.py"):
        if path.parent.name == "sim":
            continue  # the simulator's fake modules exist for the library, as a test anchor
        text = path.read_text()
        for statement in ("import mfrc522", "from mfrc522", "import RPi", "from RPi"):
            assert statement not in text, f"{path}: {statement}"
