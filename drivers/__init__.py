"""Hardware for the tabletop companion: RFID readers, buttons and an OLED, each with a real
and a simulated backend. Drivers turn hardware into the small events of `drivers.events`,
put on a queue the companion reads; they know nothing of games.

Importing this package imports no vendor library (gpiozero, luma, pyserial, spidev): each is
imported when a device of its kind is built.
"""

from drivers.config import DriverSettings, parse_settings
from drivers.errors import (
    DeviceIOError,
    DeviceNotFound,
    DevicePermission,
    DriverConfigError,
    DriverError,
)
from drivers.events import (
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    DriverEvent,
    DriverFault,
    DriverRecovered,
    EncoderStep,
    EventSink,
    TagPlaced,
    TagRemoved,
)
from drivers.factory import DriverSet, SimHandles, build_drivers
from drivers.protocols import ButtonPanel, CardReader, CardSimulator, Display

__all__ = [
    "ButtonHeld",
    "ButtonPanel",
    "ButtonPressed",
    "ButtonReleased",
    "CardReader",
    "CardSimulator",
    "DriverConfigError",
    "DeviceIOError",
    "DeviceNotFound",
    "DevicePermission",
    "Display",
    "DriverError",
    "DriverEvent",
    "DriverFault",
    "DriverRecovered",
    "DriverSet",
    "DriverSettings",
    "EncoderStep",
    "EventSink",
    "SimHandles",
    "TagPlaced",
    "TagRemoved",
    "build_drivers",
    "parse_settings",
]
