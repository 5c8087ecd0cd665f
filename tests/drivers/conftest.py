"""Fixtures for the driver tests: an event queue, a manual clock, the MFRC522 simulator under
the real library, and guards that nothing leaks from one test into another."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator

import pytest

from drivers.sim.fake_pi import SimulatedSpiBus, is_simulated
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator

from .driver_helpers import Events, ManualClock, SimulatedMfrc522

_WATCHED_MODULES = ("spidev", "RPi", "RPi.GPIO", "mfrc522", "mfrc522.MFRC522",
                    "mfrc522.SimpleMFRC522")


@pytest.fixture
def events() -> Events:
    return Events()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(autouse=True)
def no_leaked_fake_modules() -> Iterator[None]:
    """The chip simulator's fake spidev / RPi.GPIO must never stay in sys.modules."""
    yield
    leaked = [name for name in _WATCHED_MODULES if is_simulated(sys.modules.get(name))]
    assert not leaked, f"simulated Pi modules left in sys.modules: {leaked}"


@pytest.fixture(autouse=True)
def restore_gpiozero_factory() -> Iterator[None]:
    """Drivers pass their pin factory explicitly; still, no test may leave a global one set."""
    from gpiozero import Device

    saved = Device.pin_factory
    try:
        yield
    finally:
        if Device.pin_factory is not saved and Device.pin_factory is not None:
            Device.pin_factory.close()
        Device.pin_factory = saved


@pytest.fixture
def sim_mfrc522() -> Iterator[SimulatedMfrc522]:
    chip = Mfrc522ChipSimulator()
    bus = SimulatedSpiBus()
    bus.attach(0, 0, chip)
    library = bus.load_mfrc522()
    library_logger = logging.getLogger("mfrc522Logger")
    handlers = list(library_logger.handlers)
    yield SimulatedMfrc522(chip, bus, library)
    chip.close()
    for handler in library_logger.handlers[:]:  # every MFRC522() adds one
        if handler not in handlers:
            library_logger.removeHandler(handler)
