"""Named buttons and an optional rotary encoder through gpiozero, with our own debounce and hold.

Buttons are wired to ground with the internal pull-ups on. One press gives:

    ButtonPressed(name)                     at once, for immediate feedback
    ButtonHeld(name)                        if still down after `hold_time` (about 1 s)
    ButtonReleased(name, held=True/False)   on release

A consumer that wants clicks acts on ButtonReleased(held=False); one that wants long presses
acts on ButtonHeld (and then ignores the release, which says held=True). The drivers do not
decide which of the two a press "was": the screen in front of the players does.

Debounce is ours, not gpiozero's `bounce_time` (which the MockFactory ignores, so it could not
be tested): an edge within `debounce` seconds of the last accepted edge is ignored, and the pin
is read again once that window has passed so a burst ending in the other state is not lost.
Edges arrive on gpiozero's threads (synchronously from MockPin.drive_low in simulation); all
state sits behind one lock. Nothing runs while no button is touched.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from drivers.debounce import Debouncer
from drivers.errors import DriverError, gpio_error
from drivers.events import ButtonHeld, ButtonPressed, ButtonReleased, EncoderStep, EventSink

logger = logging.getLogger(__name__)

GPIO_HINT = (
    "that the service user is in the group gpio; on a Raspberry Pi 5 install lgpio and set "
    "GPIOZERO_PIN_FACTORY=lgpio; on a desktop use buttons.kind = \"sim\""
)


class Timer(Protocol):
    """A timer started for a hold or a settle check, until it goes off or is cancelled."""

    def cancel(self) -> None: ...


#: Starts a timer: `start(delay, action, *args)` calls `action(*args)` after `delay` seconds.
StartTimer = Callable[..., Timer]


def start_thread_timer(delay: float, action: Callable[..., None], *args: Any) -> threading.Timer:
    """A timer on a daemon thread of its own: it costs nothing until a button is touched."""
    timer = threading.Timer(delay, action, args=args)
    timer.daemon = True
    timer.start()
    return timer


@dataclass(frozen=True)
class EncoderPins:
    """BCM pins of a rotary encoder; its push button reports as `push_name`."""

    a: int
    b: int
    push: int | None = None
    push_name: str = "ok"


@dataclass(eq=False)
class _Source:
    """One physical button (a name may have two: a button and the encoder's push)."""

    name: str
    pin: int
    debouncer: Debouncer
    device: Any = None
    pressed: bool = False
    held: bool = False
    press_count: int = 0
    hold_timer: Timer | None = None
    settle_timer: Timer | None = None


class GpioButtonPanel:
    """Buttons (name -> BCM pin) and an optional encoder, reporting on `events`."""

    def __init__(
        self,
        events: EventSink,
        pins: Mapping[str, int],
        *,
        encoder: EncoderPins | None = None,
        hold_time: float = 1.0,
        debounce: float = 0.03,
        clock: Callable[[], float] = time.monotonic,
        pin_factory: Any = None,
        start_timer: StartTimer = start_thread_timer,
    ) -> None:
        """`clock` and `start_timer` are the time the panel reads and the timers it starts
        (tests give their own, which move only when told)."""
        self._events = events
        self.hold_time = hold_time
        self.debounce = debounce
        self._clock = clock
        self._timer = start_timer
        self._lock = threading.Lock()
        self._closed = False
        self.settle_checks = 0
        self._sources = [_Source(name, pin, Debouncer(debounce)) for name, pin in pins.items()]
        if encoder is not None and encoder.push is not None:
            self._sources.append(_Source(encoder.push_name, encoder.push, Debouncer(debounce)))
        self.encoder_pins = encoder
        self._encoder: Any = None
        self._open(pin_factory)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(source.name for source in self._sources))

    @property
    def has_encoder(self) -> bool:
        return self._encoder is not None

    def is_pressed(self, name: str) -> bool:
        with self._lock:
            return any(s.pressed for s in self._sources if s.name == name)

    def debounced_edges(self) -> int:
        """Edges ignored as contact bounce since start."""
        with self._lock:
            return sum(s.debouncer.ignored for s in self._sources)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for source in self._sources:
                for timer in (source.hold_timer, source.settle_timer):
                    if timer is not None:
                        timer.cancel()
        devices = [s.device for s in self._sources] + [self._encoder]
        for device in devices:
            if device is not None:
                device.close()

    # -- opening -------------------------------------------------------------------------------

    def _open(self, pin_factory: Any) -> None:
        try:
            from gpiozero import DigitalInputDevice, RotaryEncoder
            from gpiozero.exc import GPIOZeroError
        except ModuleNotFoundError as exc:
            raise DriverError("buttons", "the Python package gpiozero is missing",
                              "pip install tabletop-companion") from exc
        label = "buttons"
        try:
            for source in self._sources:
                label = f"button {source.name!r} on GPIO {source.pin}"
                # bounce_time=None: debounce is ours (see the module docstring).
                device = DigitalInputDevice(
                    source.pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
                )
                device.when_activated = functools.partial(self._on_edge, source, True)
                device.when_deactivated = functools.partial(self._on_edge, source, False)
                source.device = device
            if self.encoder_pins is not None:
                pins = self.encoder_pins
                label = f"rotary encoder on GPIO {pins.a} and {pins.b}"
                self._encoder = RotaryEncoder(
                    pins.a, pins.b, bounce_time=None, max_steps=0, pin_factory=pin_factory
                )
                self._encoder.when_rotated_clockwise = functools.partial(self._on_step, 1)
                self._encoder.when_rotated_counter_clockwise = functools.partial(self._on_step, -1)
        except (GPIOZeroError, OSError) as exc:
            self.close()
            raise gpio_error(exc, label, GPIO_HINT) from exc

    # -- edges ---------------------------------------------------------------------------------

    def _on_edge(self, source: _Source, active: bool) -> None:
        with self._lock:
            if self._closed:
                return
            now = self._clock()
            if source.debouncer.accept(now):
                self._apply(source, active, now)
            elif source.settle_timer is None:
                source.settle_timer = self._timer(self.debounce, self._settle, source)

    def _settle(self, source: _Source) -> None:
        """The window after a bounce has passed: trust the pin's level again."""
        with self._lock:
            source.settle_timer = None
            self.settle_checks += 1
            if self._closed or source.device is None:
                return
            active = bool(source.device.is_active)
            if active != source.pressed:
                now = self._clock()
                source.debouncer.force(now)
                self._apply(source, active, now)

    def _apply(self, source: _Source, active: bool, now: float) -> None:
        if active == source.pressed:
            return
        source.pressed = active
        if active:
            source.held = False
            source.press_count += 1
            self._events.put(ButtonPressed(source.name, at=now))
            source.hold_timer = self._timer(
                self.hold_time, self._on_hold, source, source.press_count
            )
        else:
            if source.hold_timer is not None:
                source.hold_timer.cancel()
                source.hold_timer = None
            self._events.put(ButtonReleased(source.name, held=source.held, at=now))

    def _on_hold(self, source: _Source, press: int) -> None:
        with self._lock:
            if self._closed or not source.pressed or press != source.press_count:
                return  # released, or a later press owns the hold now
            source.held = True
            source.hold_timer = None
            self._events.put(ButtonHeld(source.name, at=self._clock()))

    def _on_step(self, steps: int) -> None:
        with self._lock:
            if not self._closed:
                self._events.put(EncoderStep(steps, at=self._clock()))
