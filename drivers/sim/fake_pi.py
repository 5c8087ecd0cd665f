"""Fake `spidev` and `RPi.GPIO` modules, so the real `mfrc522` library runs on simulated chips.

`SimulatedSpiBus.load_mfrc522()` imports a private copy of the library while the fakes sit in
`sys.modules`, then puts `sys.modules` back exactly as it was: the copy keeps its references
to the fakes, and nothing leaks into other code or tests. Each bus has its own fakes, so two
tests never share GPIO state or chips.
"""

from __future__ import annotations

import errno
import importlib
import sys
import threading
import types
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

_LIBRARY_MODULES = ("mfrc522", "mfrc522.MFRC522", "mfrc522.SimpleMFRC522")
_FAKE_MODULES = ("spidev", "RPi", "RPi.GPIO")
_IMPORT_LOCK = threading.Lock()


class SpiTarget(Protocol):
    def spi_transfer(self, data: Sequence[int]) -> list[int]: ...


class FakeSpiDev:
    """The subset of `spidev.SpiDev` the libraries use, wired to a SimulatedSpiBus."""

    bus: SimulatedSpiBus  # set on the per-bus subclass

    def __init__(self, bus: int | None = None, device: int | None = None) -> None:
        self.max_speed_hz = 500_000
        self.mode = 0
        self.bits_per_word = 8
        self.lsbfirst = False
        self.cshigh = False
        self.no_cs = False
        self._target: SpiTarget | None = None
        if bus is not None and device is not None:
            self.open(bus, device)

    def open(self, bus: int, device: int) -> None:
        self._target = self.bus.target(bus, device)

    def xfer2(self, data: Sequence[int], *_args: Any) -> list[int]:
        target = self._target
        if target is None:
            raise OSError(errno.EBADF, "Bad file descriptor")
        if self.bus.failing:
            self.bus.check_transfer()
        return target.spi_transfer(data)  # read, never kept: no copy needed

    xfer = xfer2

    def writebytes(self, data: Sequence[int]) -> None:
        self.xfer2(data)

    def writebytes2(self, data: Sequence[int]) -> None:
        self.xfer2(data)

    def close(self) -> None:
        self._target = None


class FakeGpio:
    """State behind the fake `RPi.GPIO` module."""

    BOARD = 10
    BCM = 11
    OUT = 0
    IN = 1
    LOW = 0
    HIGH = 1
    PUD_OFF = 20
    PUD_DOWN = 21
    PUD_UP = 22
    RISING = 31
    FALLING = 32
    BOTH = 33

    def __init__(self) -> None:
        self.mode: int | None = None
        self.levels: dict[int, int] = {}
        self.directions: dict[int, int] = {}
        self.cleanups: list[int | None] = []

    def setmode(self, mode: int) -> None:
        self.mode = mode

    def getmode(self) -> int | None:
        return self.mode

    def setwarnings(self, _flag: bool) -> None:
        pass

    def setup(self, channel: int, direction: int, *_args: Any, **_kwargs: Any) -> None:
        if self.mode is None:
            raise RuntimeError("Please set pin numbering mode using GPIO.setmode(GPIO.BOARD) or "
                               "GPIO.setmode(GPIO.BCM)")
        self.directions[channel] = direction
        self.levels.setdefault(channel, self.LOW)

    def output(self, channel: int, level: int) -> None:
        self.levels[channel] = int(bool(level))

    def input(self, channel: int) -> int:
        return self.levels.get(channel, self.LOW)

    def cleanup(self, channel: int | None = None) -> None:
        self.cleanups.append(channel)
        if channel is None:
            self.directions.clear()
            self.mode = None
        else:
            self.directions.pop(channel, None)

    def as_module(self) -> types.ModuleType:
        module = types.ModuleType("RPi.GPIO")
        for name in dir(self):
            if not name.startswith("_") and name != "as_module":
                setattr(module, name, getattr(self, name))
        module.__simulated__ = True  # type: ignore[attr-defined]
        module.RPI_INFO = {"P1_REVISION": 3, "TYPE": "Simulated"}  # type: ignore[attr-defined]
        module.VERSION = "0.7.1-sim"  # type: ignore[attr-defined]
        return module


class SimulatedSpiBus:
    """SPI devices `/dev/spidev<bus>.<device>` backed by simulators, plus the fake modules."""

    def __init__(self) -> None:
        self._targets: dict[tuple[int, int], SpiTarget] = {}
        self._failure: int | None = None
        #: Whether transfers are made to fail: read without the lock, on every transfer.
        self.failing = False
        self.failed_transfers = 0
        self._lock = threading.Lock()
        self.gpio = FakeGpio()
        self.spidev = types.ModuleType("spidev")
        self.spidev.SpiDev = type("SpiDev", (FakeSpiDev,), {"bus": self})  # type: ignore[attr-defined]
        gpio_module = self.gpio.as_module()
        self.rpi = types.ModuleType("RPi")
        for module in (self.spidev, self.rpi):
            module.__simulated__ = True  # type: ignore[attr-defined]
        self.rpi.__path__ = []  # a package, so `import RPi.GPIO` works
        self.rpi.GPIO = gpio_module  # type: ignore[attr-defined]
        self._modules = {"spidev": self.spidev, "RPi": self.rpi, "RPi.GPIO": gpio_module}

    def attach(self, bus: int, device: int, target: SpiTarget) -> None:
        with self._lock:
            self._targets[(bus, device)] = target

    def target(self, bus: int, device: int) -> SpiTarget:
        with self._lock:
            found = self._targets.get((bus, device))
        if found is None:
            raise FileNotFoundError(errno.ENOENT, "No such file or directory",
                                    f"/dev/spidev{bus}.{device}")
        return found

    def fail_transfers(self, error_number: int | None = errno.EIO) -> None:
        """Make every transfer raise OSError(error_number); None heals the bus."""
        with self._lock:
            self._failure = error_number
            self.failing = error_number is not None

    def check_transfer(self) -> None:
        with self._lock:
            failure = self._failure
            if failure is not None:
                self.failed_transfers += 1
        if failure is not None:
            raise OSError(failure, "simulated SPI failure")

    @contextmanager
    def installed(self) -> Iterator[None]:
        """The fakes in `sys.modules` for the duration; previous entries restored after."""
        names = _FAKE_MODULES + _LIBRARY_MODULES
        with _IMPORT_LOCK:
            saved = {name: sys.modules[name] for name in names if name in sys.modules}
            try:
                for name in _LIBRARY_MODULES:
                    sys.modules.pop(name, None)
                sys.modules.update(self._modules)
                yield
            finally:
                for name in names:
                    if name in saved:
                        sys.modules[name] = saved[name]
                    else:
                        sys.modules.pop(name, None)

    def load_mfrc522(self) -> types.ModuleType:
        """A private copy of the real `mfrc522` package bound to this bus's fakes.
        Raises ModuleNotFoundError when the package is not installed."""
        with self.installed():
            return importlib.import_module("mfrc522")


def is_simulated(module: object) -> bool:
    """Whether `module` is one of these fakes, or a library copy bound to them."""
    if getattr(module, "__simulated__", False):
        return True
    namespace = getattr(module, "__dict__", {})
    return any(getattr(namespace.get(name), "__simulated__", False) for name in ("spidev", "GPIO"))


def mfrc522_installed() -> bool:
    """Whether the `mfrc522` package can be found (without importing it)."""
    import importlib.util

    return importlib.util.find_spec("mfrc522") is not None
