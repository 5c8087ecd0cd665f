"""A simulated buzzer and LED: the real GpioFeedback on gpiozero's mock pins, and a record of
what was asked of it, in order and free of time: ("beep", "accepted"), ("led", True), ...

The record is what a test or the desktop reads; the mock pins are driven too, so the
gpiozero path (the step player, the PWM tones) runs as on the Pi. The global
`Device.pin_factory` is never touched.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from drivers.feedback import GpioFeedback

logger = logging.getLogger(__name__)

#: One thing the feedback was asked: ("beep", pattern) or ("led", on).
FeedbackEvent = tuple[str, Any]


def mock_pwm_factory() -> Any:
    """A fresh gpiozero MockFactory whose pins can do PWM, as a passive buzzer needs."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    return MockFactory(pin_class=MockPWMPin)


class FeedbackRecorder:
    """The ordered record of a simulated feedback device. Thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: list[FeedbackEvent] = []

    def record(self, event: FeedbackEvent) -> None:
        with self._lock:
            self._events.append(event)
        kind, value = event
        # What a desktop run would hear and see, in its log.
        logger.info("feedback: %s", f"beep {value}" if kind == "beep"
                    else f"LED {'on' if value else 'off'}")

    @property
    def events(self) -> list[FeedbackEvent]:
        with self._lock:
            return list(self._events)

    def beeps(self) -> list[str]:
        """The patterns sounded, in order."""
        return [pattern for kind, pattern in self.events if kind == "beep"]

    def clear(self) -> None:
        with self._lock:
            self._events.clear()


class RecordingFeedback:
    """A GpioFeedback on mock pins that also records what it is asked. The LED's changes
    are recorded, not each time it is told what it already shows."""

    def __init__(self, device: GpioFeedback, recorder: FeedbackRecorder,
                 factory: Any = None) -> None:
        self.device = device
        self.recorder = recorder
        #: The mock pin factory the device's pins come from (a test reads their states).
        self.factory = factory

    def sound(self, pattern: str) -> None:
        self.device.sound(pattern)
        self.recorder.record(("beep", pattern))

    def light(self, on: bool) -> None:
        if on != self.device.lit:
            self.recorder.record(("led", on))
        self.device.light(on)

    def close(self) -> None:
        self.device.close()
