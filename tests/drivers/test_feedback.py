"""The buzzer and status LED: patterns played off the caller's thread, cut short by a newer
sound, silenced by close; the gpiozero path on mock pins (a plain pin for an active buzzer and
the LED, a PWM pin for a passive one); the simulated set's time-free record; the `[feedback]`
section's checks."""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from drivers import DriverConfigError, DriverError, build_drivers, parse_settings
from drivers.feedback import ACCEPTED, PATTERNS, REFUSED, GpioFeedback, Step, StepPlayer
from drivers.probe import device_nodes, probe_feedback
from drivers.sim.buttons import mock_pin_factory
from drivers.sim.feedback import FeedbackRecorder, RecordingFeedback, mock_pwm_factory

from .driver_helpers import Events

#: Generous: a player waits for what it was told to do, on a busy machine too.
DEADLINE = 30.0
LONG = (Step(DEADLINE * 4, "A4"),)  # a tone that only a newer sound or a close can end

SIM: dict[str, Any] = {
    "reader": {"kind": "sim"},
    "buttons": {"kind": "sim"},
    "display": {"kind": "sim"},
}


def with_feedback(**feedback: Any) -> dict[str, Any]:
    config = copy.deepcopy(SIM)
    config["feedback"] = feedback
    return config


def played(player: StepPlayer, count: int) -> None:
    """Wait until `count` patterns have begun and the last has ended."""
    assert player.wait(lambda p: p.begun >= count and p.idle, DEADLINE)


def started(player: StepPlayer, count: int) -> None:
    """Wait until the `count`th pattern has begun."""
    assert player.wait(lambda p: p.begun >= count, DEADLINE)


class Calls:
    """A buzzer's two actions, recorded in order."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.calls: list[tuple[str, ...]] = []
        self.threads: set[str] = set()

    def start(self, note: str) -> None:
        with self.lock:
            self.calls.append(("start", note))
            self.threads.add(threading.current_thread().name)

    def silence(self) -> None:
        with self.lock:
            self.calls.append(("silence",))


@pytest.fixture
def calls() -> Calls:
    return Calls()


@pytest.fixture
def player(calls: Calls) -> Iterator[StepPlayer]:
    playing = StepPlayer(calls.start, calls.silence)
    yield playing
    playing.close()


# -- the step player -----------------------------------------------------------------------------


def test_a_pattern_plays_its_steps_off_the_callers_thread(player: StepPlayer,
                                                          calls: Calls) -> None:
    player.play(PATTERNS[REFUSED])
    played(player, 1)
    assert calls.calls == [("start", "A5"), ("silence",), ("start", "A5"), ("silence",)]
    assert calls.threads == {"feedback-sound"}


def test_a_newer_sound_cuts_the_playing_one_short(player: StepPlayer, calls: Calls) -> None:
    player.play(LONG)
    started(player, 1)
    player.play(PATTERNS[ACCEPTED])  # returns at once, though the long tone is playing
    played(player, 2)
    assert calls.calls == [("start", "A4"), ("silence",), ("start", "A6"), ("silence",)]


def test_close_silences_a_tone_at_once_and_ends_the_thread(player: StepPlayer,
                                                           calls: Calls) -> None:
    player.play(LONG)
    started(player, 1)
    player.close()
    assert calls.calls == [("start", "A4"), ("silence",)]
    assert not player._thread.is_alive()
    player.play(PATTERNS[ACCEPTED])  # after close: nothing, and no error
    assert calls.calls == [("start", "A4"), ("silence",)]


def test_a_failing_buzzer_leaves_the_player_working(calls: Calls) -> None:
    failures = iter([OSError("pin gone")])

    def flaky(note: str) -> None:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        calls.start(note)

    player = StepPlayer(flaky, calls.silence)
    try:
        player.play(PATTERNS[ACCEPTED])
        played(player, 1)
        player.play(PATTERNS[ACCEPTED])
        played(player, 2)
    finally:
        player.close()
    assert calls.calls == [("silence",), ("start", "A6"), ("silence",)]


def test_the_patterns_are_short_and_tell_accepted_from_refused() -> None:
    accepted, refused = PATTERNS[ACCEPTED], PATTERNS[REFUSED]
    assert [step.seconds for step in accepted] == [0.06]
    assert sum(step.seconds for step in refused) < 0.3  # over before the next tap
    tones = [step for step in refused if step.note is not None]
    assert len(tones) == 2 and len([s for s in accepted if s.note]) == 1  # told by count too


# -- gpiozero on mock pins ----------------------------------------------------------------------


def levels(pin: Any) -> list[float]:
    """The levels a mock pin went through after its first, as numbers."""
    return [float(state.state) for state in pin.states[1:]]


def held_for(pin: Any, index: int) -> float:
    """How long the pin kept the level it took at `states[index]` (a mock pin records the
    time since the previous change with each new level)."""
    return float(pin.states[index + 1].timestamp)


def test_an_active_buzzer_beeps_once_for_accepted_and_twice_for_refused() -> None:
    factory = mock_pin_factory()
    device = GpioFeedback(18, "active", pin_factory=factory)
    try:
        assert device.player is not None
        device.sound(ACCEPTED)
        played(device.player, 1)
        pin = factory.pin(18)
        assert levels(pin) == [1.0, 0.0]
        assert held_for(pin, 1) >= 0.05  # about 60 ms: heard, not a click
        device.sound(REFUSED)
        played(device.player, 2)
        assert levels(pin) == [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    finally:
        device.close()


def test_a_passive_buzzer_plays_its_notes_on_a_pwm_pin() -> None:
    factory = mock_pwm_factory()
    device = GpioFeedback(18, "passive", pin_factory=factory)
    pin = factory.pin(18)
    heard: list[float | None] = []
    original = type(pin).frequency

    class Listening(type(pin)):  # type: ignore[misc]
        @property
        def frequency(self) -> float | None:
            return original.fget(self)  # type: ignore[no-any-return]

        @frequency.setter
        def frequency(self, value: float | None) -> None:
            heard.append(value)
            original.fset(self, value)

    pin.__class__ = Listening
    try:
        assert device.player is not None
        device.sound(ACCEPTED)
        played(device.player, 1)
        device.sound(REFUSED)
        played(device.player, 2)
    finally:
        device.close()
    tones = [round(frequency) for frequency in heard if frequency]
    assert tones == [1760, 880, 880]  # A6 high for accepted, A5 lower twice for refused
    assert levels(pin)[-1] == 0.0 and pin.frequency is None  # silent after


def test_the_led_follows_light_and_goes_out_on_close() -> None:
    factory = mock_pin_factory()
    device = GpioFeedback(None, led_pin=16, pin_factory=factory)
    pin = factory.pin(16)
    device.light(True)
    assert pin.state
    device.light(False)
    assert not pin.state
    device.light(True)
    device.sound(ACCEPTED)  # no buzzer: nothing, and no error
    device.close()
    assert not pin.state
    device.close()  # twice is harmless


def test_close_silences_a_buzzer_mid_tone() -> None:
    factory = mock_pwm_factory()
    device = GpioFeedback(18, "passive", 16, pin_factory=factory)
    assert device.player is not None
    device.player.play(LONG)
    started(device.player, 1)
    assert factory.pin(18).state == 0.5
    device.light(True)
    device.close()
    assert factory.pin(18).state == 0 and not factory.pin(16).state


def test_a_passive_buzzer_on_a_pin_without_pwm_says_what_to_do() -> None:
    factory = mock_pin_factory()  # plain mock pins: no PWM
    with pytest.raises(DriverError) as raised:
        GpioFeedback(18, "passive", 16, pin_factory=factory)
    assert "GPIO 18" in str(raised.value) and 'buzzer = "active"' in str(raised.value)
    GpioFeedback(18, "active", 16, pin_factory=factory).close()  # nothing was left open


def test_a_pin_taken_twice_names_the_part() -> None:
    factory = mock_pin_factory()
    with pytest.raises(DriverError) as raised:
        GpioFeedback(18, "active", 18, pin_factory=factory)
    assert "LED on GPIO 18" in str(raised.value)
    GpioFeedback(18, "active", pin_factory=factory).close()  # the buzzer's pin was let go


# -- the simulated set's record ------------------------------------------------------------------


def test_the_simulated_feedback_records_beeps_and_led_changes_in_order(events: Events) -> None:
    with build_drivers(with_feedback(kind="sim", buzzer="passive", buzzer_pin=18,
                                     led_pin=16), events) as drivers:
        feedback, recorder = drivers.feedback, drivers.sim.feedback
        assert isinstance(feedback, RecordingFeedback) and recorder is not None
        feedback.light(False)  # already out: not a change
        feedback.sound(ACCEPTED)
        feedback.light(True)
        feedback.light(True)
        feedback.sound(REFUSED)
        feedback.light(False)
        assert recorder.events == [("beep", ACCEPTED), ("led", True), ("beep", REFUSED),
                                   ("led", False)]
        assert recorder.beeps() == [ACCEPTED, REFUSED]
        assert feedback.factory.pin(18).states[0].state == 0  # the mock pins are driven too
    assert drivers.feedback is feedback and not feedback.factory.pin(16).state


def test_without_a_feedback_section_there_is_no_feedback(events: Events) -> None:
    with build_drivers(SIM, events) as drivers:
        assert drivers.feedback is None and drivers.sim.feedback is None
        assert drivers.settings.feedback is None


def test_parts_that_cannot_open_stop_a_strict_start_and_are_left_out_otherwise(
        events: Events, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    from gpiozero import Device

    # The real part's path on a backend without PWM (mock pins: this machine has no GPIO).
    monkeypatch.setattr(Device, "pin_factory", mock_pin_factory())
    config = with_feedback(kind="gpio", buzzer="passive", buzzer_pin=18, led_pin=16)
    with pytest.raises(DriverError, match="PWM"):
        build_drivers(config, events)
    with build_drivers(config, events, strict=False) as drivers:
        assert drivers.feedback is None  # the other devices start; the table is silent
    assert "buzzer and LED left out" in caplog.text and "PWM" in caplog.text


def test_a_recorder_starts_empty_and_clears() -> None:
    recorder = FeedbackRecorder()
    recorder.record(("beep", ACCEPTED))
    assert recorder.events == [("beep", ACCEPTED)]
    recorder.clear()
    assert recorder.events == []


# -- the [feedback] section ----------------------------------------------------------------------


def test_either_part_may_be_left_out() -> None:
    only_led = parse_settings(with_feedback(kind="gpio", led_pin=16)).feedback
    assert only_led is not None and only_led.buzzer == "active" and only_led.buzzer_pin is None
    only_buzzer = parse_settings(with_feedback(kind="gpio", buzzer_pin=18)).feedback
    assert only_buzzer is not None and only_buzzer.led_pin is None


BAD_FEEDBACK: list[tuple[dict[str, Any], str, str]] = [
    ({"buzzer_pin": 18}, "feedback.kind", "missing"),
    ({"kind": "pwm", "buzzer_pin": 18}, "feedback.kind", '"gpio", "sim"'),
    ({"kind": "gpio"}, "feedback", "buzzer_pin, led_pin"),
    ({"kind": "gpio", "buzzer": "loud", "buzzer_pin": 18}, "feedback.buzzer",
     '"active", "passive"'),
    ({"kind": "gpio", "buzzer_pin": 28}, "feedback.buzzer_pin", "between 0 and 27"),
    ({"kind": "gpio", "led_pin": "16"}, "feedback.led_pin", "integer"),
    ({"kind": "gpio", "led_pin": True}, "feedback.led_pin", "integer"),
    ({"kind": "gpio", "led_pin": 16, "buzzer_pins": 18}, "feedback.buzzer_pins",
     "unknown setting"),
    ({"kind": "gpio", "buzzer_pin": 16, "led_pin": 16}, "feedback.led_pin",
     "GPIO 16 is already used by the buzzer"),
    ({"kind": "gpio", "led_pin": 13}, "feedback.led_pin", "the 'ok' button (buttons.pins.ok)"),
]


@pytest.mark.parametrize(("section", "key", "said"), BAD_FEEDBACK)
def test_a_bad_feedback_section_is_refused_naming_the_key(
        section: dict[str, Any], key: str, said: str, events: Events) -> None:
    with pytest.raises(DriverConfigError) as raised:
        build_drivers(with_feedback(**section), events)
    assert raised.value.key == key and said in raised.value.message
    assert events.drain() == []


@pytest.mark.parametrize(("devices", "pin", "owner"), [
    ({"reader": {"kind": "mfrc522"}}, 25, "the MFRC522 reset (reader.pin_rst)"),
    ({"reader": {"kind": "mfrc522"}}, 10, "SPI0 MOSI (SPI0)"),
    ({"display": {"kind": "ssd1306", "interface": "spi"}}, 23,
     "the display's DC line (display.gpio_dc)"),
    ({"display": {"kind": "ssd1306"}}, 2, "I2C1 SDA (display.port)"),
    ({"reader": {"kind": "rdm6300", "port": "/dev/serial0"}}, 15, "UART RXD (reader.port)"),
    ({"buttons": {"kind": "gpio", "encoder": {"a": 17, "b": 27}}}, 27,
     "the encoder's B (buttons.encoder.b)"),
])
def test_a_feedback_pin_already_wired_to_another_device_is_refused(
        devices: dict[str, Any], pin: int, owner: str) -> None:
    config = {**with_feedback(kind="gpio", buzzer_pin=pin), **devices}
    with pytest.raises(DriverConfigError) as raised:
        parse_settings(config)
    assert raised.value.key == "feedback.buzzer_pin"
    assert raised.value.message == f"GPIO {pin} is already used by {owner}"


def test_a_real_feedback_needs_the_gpio_device_file() -> None:
    settings = parse_settings(with_feedback(kind="gpio", led_pin=16))
    assert [node.path for node in device_nodes(settings)] == ["/dev/gpiochip0"]
    assert device_nodes(parse_settings(with_feedback(kind="sim", led_pin=16))) == []


# -- the doctor's probe -------------------------------------------------------------------------


@pytest.mark.parametrize(("pins", "found"), [
    ({"buzzer_pin": 18, "led_pin": 16}, "beeped once with the LED lit"),
    ({"buzzer_pin": 18}, "beeped once"),
    ({"led_pin": 16}, "lit the LED for a moment"),
])
def test_the_probe_beeps_and_lights_the_simulated_parts(pins: dict[str, int],
                                                        found: str) -> None:
    settings = parse_settings(with_feedback(kind="sim", buzzer="passive", **pins)).feedback
    assert settings is not None
    probe = probe_feedback(settings)
    assert probe.answered and probe.simulated and probe.device == "feedback"
    assert probe.detail.startswith(found + ":") and "listen and look" in probe.detail
    assert probe.label.startswith("simulated ")


def test_the_probe_reports_a_part_that_cannot_open(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpiozero import Device

    settings = parse_settings(with_feedback(kind="gpio", buzzer="passive", buzzer_pin=18))
    assert settings.feedback is not None
    monkeypatch.setattr(Device, "pin_factory", mock_pin_factory())  # no PWM, as above
    answer = probe_feedback(settings.feedback)
    assert not answer.answered and "PWM" in answer.detail and answer.check
