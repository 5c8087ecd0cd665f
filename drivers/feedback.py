"""Feedback without looking: a buzzer's short sounds and a status LED, through gpiozero.

A sound is a pattern: steps of a note (or silence) held for some seconds, named in
`PATTERNS`. An active buzzer sounds its one pitch for each note (gpiozero `Buzzer`); a
passive piezo plays the note on a PWM pin (gpiozero `TonalBuzzer`). Either way the steps are
played by one daemon thread of ours, never in the caller's: `sound` returns at once, a new
sound cuts the one playing short (the latest answer is the one that matters), and `close`
silences the buzzer whatever it was playing. The thread sleeps until there is something to
play. (gpiozero's own `Buzzer.beep(background=True)` serves the active kind alone, one pitch
and one rhythm; one player of ours serves both kinds and the patterns stay data.) gpiozero is
imported only when a device is opened.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from drivers.config import BUZZER_KINDS
from drivers.errors import DriverError, gpio_error

logger = logging.getLogger(__name__)

ACCEPTED = "accepted"
REFUSED = "refused"

FEEDBACK_HINT = (
    "that the service user is in the group gpio and the part is wired as in wiring.md; on a "
    "Raspberry Pi 5 set GPIOZERO_PIN_FACTORY=lgpio; on a desktop use feedback.kind = \"sim\""
)


@dataclass(frozen=True)
class Step:
    """`note` (a gpiozero note name such as "A6"; None: silence) held for `seconds`."""

    seconds: float
    note: str | None = None


#: The sounds, as data. Accepted: one short high tone. Refused: two lower ones, which an
#: active buzzer (one pitch only) still tells apart by their number.
PATTERNS: Mapping[str, tuple[Step, ...]] = {
    ACCEPTED: (Step(0.06, "A6"),),
    REFUSED: (Step(0.09, "A5"), Step(0.07), Step(0.09, "A5")),
}
#: The passive buzzer's range around A4 (440 Hz): A2 to A6, so the accepted tone (1760 Hz)
#: sits near where small piezos are loudest.
PASSIVE_OCTAVES = 2


class StepPlayer:
    """Plays patterns on `start(note)` / `silence()` from a daemon thread of its own."""

    def __init__(self, start: Callable[[str], None], silence: Callable[[], None]) -> None:
        self._start = start
        self._silence = silence
        self._changed = threading.Condition()
        self._pending: tuple[Step, ...] | None = None
        self._playing = False
        self._closed = False
        #: Patterns begun since start (a test waits on it instead of on time).
        self.begun = 0
        self._thread = threading.Thread(target=self._run, name="feedback-sound", daemon=True)
        self._thread.start()

    def play(self, steps: tuple[Step, ...]) -> None:
        """Start `steps` now, cutting short whatever plays; returns at once."""
        with self._changed:
            if self._closed:
                return
            self._pending = steps
            self._changed.notify_all()

    @property
    def idle(self) -> bool:
        with self._changed:
            return self._pending is None and not self._playing

    def wait(self, done: Callable[[StepPlayer], bool], timeout: float) -> bool:
        """Block until `done(self)` holds after a change (for tests and the doctor)."""
        with self._changed:
            return self._changed.wait_for(lambda: done(self), timeout)

    def close(self) -> None:
        """Stop at once, silent, and end the thread."""
        with self._changed:
            self._closed = True
            self._pending = None
            self._changed.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        with self._changed:
            while True:
                self._changed.wait_for(lambda: self._pending is not None or self._closed)
                if self._closed:
                    return
                steps, self._pending = self._pending or (), None
                self._playing = True
                self.begun += 1
                self._changed.notify_all()
                self._play(steps)
                self._playing = False
                self._changed.notify_all()

    def _play(self, steps: tuple[Step, ...]) -> None:
        """Each step in turn (the condition held, released while waiting); a newer pattern
        or a close ends it, silent."""
        try:
            for step in steps:
                if step.note is None:
                    self._silence()
                else:
                    self._start(step.note)
                interrupted = self._changed.wait_for(
                    lambda: self._pending is not None or self._closed, step.seconds)
                if interrupted:
                    break
        except Exception:  # a buzzer that fails must never take the table down
            logger.exception("the buzzer failed")
        finally:
            try:
                self._silence()
            except Exception:
                logger.exception("silencing the buzzer failed")


class GpioFeedback:
    """A buzzer (`buzzer_kind` on `buzzer_pin`) and a status LED (`led_pin`), either absent
    when its pin is None."""

    def __init__(
        self,
        buzzer_pin: int | None,
        buzzer_kind: str = "active",
        led_pin: int | None = None,
        *,
        pin_factory: Any = None,
    ) -> None:
        if buzzer_kind not in BUZZER_KINDS:
            raise ValueError(f"buzzer kind must be one of {BUZZER_KINDS}, not {buzzer_kind!r}")
        self.buzzer_pin = buzzer_pin
        self.buzzer_kind = buzzer_kind
        self.led_pin = led_pin
        self._buzzer: Any = None
        self._led: Any = None
        self._player: StepPlayer | None = None
        self._lit = False
        self._open(pin_factory)

    @property
    def label(self) -> str:
        parts = []
        if self.buzzer_pin is not None:
            parts.append(f"{self.buzzer_kind} buzzer on GPIO {self.buzzer_pin}")
        if self.led_pin is not None:
            parts.append(f"LED on GPIO {self.led_pin}")
        return " and ".join(parts)

    @property
    def tonal(self) -> bool:
        """Whether the buzzer plays notes (a passive one) rather than its one pitch."""
        return self.buzzer_kind == "passive"

    @property
    def player(self) -> StepPlayer | None:
        return self._player

    @property
    def lit(self) -> bool:
        return self._lit

    def sound(self, pattern: str) -> None:
        """Sound `pattern` (a name of `PATTERNS`) in the background; nothing without a
        buzzer."""
        steps = PATTERNS[pattern]
        if self._player is not None:
            self._player.play(steps)

    def light(self, on: bool) -> None:
        """The LED on or off; nothing without one."""
        self._lit = on
        if self._led is not None:
            self._led.value = on

    def close(self) -> None:
        """Silence the buzzer, put the LED out and release the pins. Safe to call twice."""
        player, self._player = self._player, None
        if player is not None:
            player.close()
        for device, silence in ((self._buzzer, "stop" if self.tonal else "off"),
                                (self._led, "off")):
            if device is not None:
                try:
                    getattr(device, silence)()  # a TonalBuzzer has no off(): stop() silences
                finally:
                    device.close()
        self._buzzer = self._led = None

    # -- opening -------------------------------------------------------------------------------

    def _open(self, pin_factory: Any) -> None:
        try:
            from gpiozero import LED, Buzzer, TonalBuzzer
            from gpiozero.exc import GPIOZeroError, PinPWMUnsupported
        except ModuleNotFoundError as exc:
            raise DriverError("feedback", "the Python package gpiozero is missing",
                              "pip install tabletop-companion") from exc
        label = self.label or "feedback"
        try:
            if self.buzzer_pin is not None:
                label = f"{self.buzzer_kind} buzzer on GPIO {self.buzzer_pin}"
                if self.tonal:
                    tonal = TonalBuzzer(self.buzzer_pin, octaves=PASSIVE_OCTAVES,
                                        pin_factory=pin_factory)
                    self._buzzer = tonal
                    self._player = StepPlayer(tonal.play, tonal.stop)
                else:
                    plain = Buzzer(self.buzzer_pin, pin_factory=pin_factory)
                    self._buzzer = plain
                    self._player = StepPlayer(lambda _note: plain.on(), plain.off)
            if self.led_pin is not None:
                label = f"LED on GPIO {self.led_pin}"
                self._led = LED(self.led_pin, pin_factory=pin_factory)
        except PinPWMUnsupported as exc:
            self.close()
            raise DriverError(label, "this GPIO backend cannot play tones (no PWM)",
                              'feedback.buzzer = "active", or a backend with PWM such as '
                              "lgpio") from exc
        except (GPIOZeroError, OSError) as exc:
            self.close()
            raise gpio_error(exc, label, FEEDBACK_HINT) from exc
