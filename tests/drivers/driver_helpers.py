"""Helpers for the driver tests (a uniquely named module: tests/ has other conftest files)."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from drivers.events import DriverEvent
from drivers.rfid.mfrc522_open import open_spi_registers
from drivers.rfid.mfrc522_pcd import Mfrc522Pcd
from drivers.rfid.mfrc522_reader import Mfrc522Reader
from drivers.sim.fake_pi import SimulatedSpiBus
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator

from .library_registers import open_library_registers


def wait_until(condition: Callable[[], bool]) -> None:
    """Poll `condition` until it holds, however long a busy machine takes (no time limit:
    a test that waits for a thing that never comes hangs rather than flakes)."""
    while not condition():
        time.sleep(0.005)


#: How long `Events.next` waits before it calls the driver hung (never a pass/fail on speed).
HANG_SECONDS = 120.0


class Events:
    """The queue drivers write to, with helpers that wait instead of sleeping."""

    def __init__(self) -> None:
        self.queue: queue.Queue[DriverEvent] = queue.Queue()
        self.seen: list[DriverEvent] = []

    def put(self, item: DriverEvent) -> None:
        self.queue.put(item)

    def next(self) -> DriverEvent:
        """The next event, however long a busy machine takes to bring it; a driver that never
        sends one fails the test after a deadline no working driver comes near."""
        try:
            event = self.queue.get(timeout=HANG_SECONDS)
        except queue.Empty:
            raise AssertionError(f"no driver event in {HANG_SECONDS:.0f} s; seen: "
                                 f"{self.seen[-5:]}") from None
        self.seen.append(event)
        return event

    def wait_for(self, kind: type, **fields: Any) -> Any:
        """The next event of type `kind` (with these field values); others are kept in seen."""
        while True:
            event = self.next()
            if isinstance(event, kind) and all(getattr(event, k) == v for k, v in fields.items()):
                return event

    def drain(self) -> list[DriverEvent]:
        """Everything queued right now."""
        drained: list[DriverEvent] = []
        while True:
            try:
                event = self.queue.get_nowait()
            except queue.Empty:
                return drained
            self.seen.append(event)
            drained.append(event)

    def of_type(self, kind: type) -> list[Any]:
        self.drain()
        return [e for e in self.seen if isinstance(e, kind)]


class ManualClock:
    """A monotonic clock that moves only when told to."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class ManualTimer:
    """A timer that goes off only when its test fires it."""

    def __init__(self, delay: float, action: Callable[..., None], args: tuple[Any, ...]) -> None:
        self.delay = delay
        self.action = action
        self.args = args
        self.cancelled = False
        self.fired = False

    def cancel(self) -> None:
        self.cancelled = True

    def fire(self) -> None:
        """Go off, even once cancelled: a timer's thread can be on its way as it is cancelled."""
        self.fired = True
        self.action(*self.args)


class ManualTimers:
    """Starts ManualTimers for a driver (`start_timer`): a hold never comes early, however
    busy the machine, and a race is played in the order a test chooses."""

    def __init__(self) -> None:
        self.started: list[ManualTimer] = []

    def __call__(self, delay: float, action: Callable[..., None], *args: Any) -> ManualTimer:
        timer = ManualTimer(delay, action, args)
        self.started.append(timer)
        return timer

    def fire_pending(self) -> None:
        """Every timer started and neither cancelled nor fired yet goes off, oldest first."""
        for timer in list(self.started):
            if not timer.cancelled and not timer.fired:
                timer.fire()


@dataclass
class SimulatedMfrc522:
    chip: Mfrc522ChipSimulator
    bus: SimulatedSpiBus
    library: Any

    def reader(self, events: Events, **options: Any) -> Mfrc522Reader:
        options.setdefault("poll_interval", 0.02)
        options.setdefault("removal_after", 0.3)
        return Mfrc522Reader(
            events, lambda: open_library_registers(self.library), **options
        )


class ManualChip:
    """A chip simulator and our PCD on a clock that moves only when the driver sleeps or the
    test says so; every sleep of the driver is kept."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []
        self.chip = Mfrc522ChipSimulator(clock=lambda: self.now)
        bus = SimulatedSpiBus()
        bus.attach(0, 0, self.chip)
        self.registers = open_spi_registers(bus.spidev, bus=0, device=0, speed_hz=1_000_000)
        self.pcd = Mfrc522Pcd(self.registers, sleep=self.sleep, clock=lambda: self.now)
        self.pcd.initialise()

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def count(self) -> None:
        """Count transfers and sleeps from now on."""
        self.sleeps.clear()
        self.chip.reset_transfer_count()
