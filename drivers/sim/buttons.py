"""Pressing simulated buttons and turning a simulated encoder through gpiozero's MockFactory.

The panel under test is a real GpioButtonPanel built with `pin_factory=factory`; this handle
drives the electrical side (a pulled-up button pressed is a pin driven low), so debounce, hold
and the encoder's state machine all run as on the Pi. The global `Device.pin_factory` is never
touched. Thread-safe: a demo may press from one thread and turn from another.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from typing import Any

from drivers.buttons import EncoderPins


def mock_pin_factory() -> Any:
    """A fresh gpiozero MockFactory (imported only now)."""
    from gpiozero.pins.mock import MockFactory

    return MockFactory()


class ButtonSimulator:
    def __init__(
        self, factory: Any, pins: Mapping[str, int], encoder: EncoderPins | None = None
    ) -> None:
        self.factory = factory
        self._pins = dict(pins)
        self._encoder = encoder
        if encoder is not None and encoder.push is not None:
            self._pins.setdefault(encoder.push_name, encoder.push)
        self._lock = threading.Lock()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._pins)

    def _pin(self, name: str) -> Any:
        try:
            return self.factory.pin(self._pins[name])
        except KeyError:
            raise KeyError(f"no button named {name!r}; known: {', '.join(self._pins)}") from None

    def press(self, name: str) -> None:
        with self._lock:
            self._pin(name).drive_low()

    def release(self, name: str) -> None:
        with self._lock:
            self._pin(name).drive_high()

    def click(self, name: str) -> None:
        """Press and release at once; the release lands inside the debounce window, so the
        panel reports it when the window has passed, as it would for a bouncy contact."""
        with self._lock:
            pin = self._pin(name)
            pin.drive_low()
            pin.drive_high()

    def hold(self, name: str, seconds: float = 1.2) -> None:
        """Keep the button down for `seconds` (blocks the caller that long)."""
        self.press(name)
        time.sleep(seconds)
        self.release(name)

    def bounce(self, name: str, pulses: int = 5) -> None:
        """A burst of fast contact pulses, ending released."""
        with self._lock:
            pin = self._pin(name)
            for _ in range(pulses):
                pin.drive_low()
                pin.drive_high()

    def turn(self, steps: int) -> None:
        """Turn the encoder `steps` detents, positive clockwise (A leads B)."""
        if self._encoder is None:
            raise RuntimeError("no rotary encoder is configured")
        with self._lock:
            a = self.factory.pin(self._encoder.a)
            b = self.factory.pin(self._encoder.b)
            first, second = (a, b) if steps > 0 else (b, a)
            for _ in range(abs(steps)):
                first.drive_low()
                second.drive_low()
                first.drive_high()
                second.drive_high()
