"""Buttons and the rotary encoder through gpiozero's MockFactory: press, hold, release,
our own debounce, encoder steps; the global pin factory is never touched."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from drivers.buttons import EncoderPins, GpioButtonPanel
from drivers.errors import DeviceNotFound, DriverError
from drivers.events import ButtonHeld, ButtonPressed, ButtonReleased, EncoderStep
from drivers.sim.buttons import ButtonSimulator, mock_pin_factory

from .driver_helpers import Events, ManualClock, ManualTimers, wait_until

PINS = {"up": 5, "down": 6, "ok": 13, "back": 19}
ENCODER = EncoderPins(a=17, b=27, push=22, push_name="ok")


@pytest.fixture
def factory() -> Iterator[Any]:
    factory = mock_pin_factory()
    yield factory
    factory.close()


def make_panel(
    events: Events, factory: Any, **options: Any
) -> tuple[GpioButtonPanel, ButtonSimulator]:
    options.setdefault("hold_time", 0.2)
    panel = GpioButtonPanel(events, PINS, encoder=ENCODER, pin_factory=factory, **options)
    return panel, ButtonSimulator(factory, PINS, ENCODER)


@pytest.fixture
def timers() -> ManualTimers:
    return ManualTimers()


@pytest.fixture
def panel(events: Events, factory: Any,
          timers: ManualTimers) -> Iterator[tuple[GpioButtonPanel, ButtonSimulator]]:
    """A panel whose hold timers go off only when the test fires them. Its presses do not
    bounce (the debounce is tested on panels of their own), so no settle check is started."""
    panel, sim = make_panel(events, factory, start_timer=timers, debounce=0.0)
    yield panel, sim
    panel.close()


def test_press_and_release(panel: tuple[GpioButtonPanel, ButtonSimulator], events: Events) -> None:
    buttons, sim = panel
    sim.press("ok")
    assert events.next() == ButtonPressed("ok")
    assert buttons.is_pressed("ok")
    sim.release("ok")
    assert events.next() == ButtonReleased("ok", held=False)
    assert not buttons.is_pressed("ok")


def test_holding_gives_held_then_a_held_release(
    panel: tuple[GpioButtonPanel, ButtonSimulator], events: Events, timers: ManualTimers
) -> None:
    _, sim = panel
    sim.press("back")
    assert events.next() == ButtonPressed("back")
    assert [timer.delay for timer in timers.started] == [0.2]  # the panel's hold_time
    timers.fire_pending()
    assert events.next() == ButtonHeld("back")
    sim.release("back")
    assert events.next() == ButtonReleased("back", held=True)


def test_a_short_press_is_not_held_later(
    panel: tuple[GpioButtonPanel, ButtonSimulator], events: Events, timers: ManualTimers
) -> None:
    buttons, sim = panel
    sim.press("up")
    assert events.next() == ButtonPressed("up")
    sim.release("up")
    assert events.next() == ButtonReleased("up", held=False)
    first_hold = timers.started[0]
    assert first_hold.cancelled
    sim.press("down")  # a later press's hold timer must not be confused with the first
    assert events.next() == ButtonPressed("down")
    first_hold.fire()  # its thread was already on its way when the release cancelled it
    assert events.drain() == []
    timers.fire_pending()
    assert events.next() == ButtonHeld("down")
    sim.release("down")
    assert events.next() == ButtonReleased("down", held=True)
    assert events.of_type(ButtonHeld) == [ButtonHeld("down")]


def test_five_fast_pulses_are_one_press(events: Events, factory: Any, clock: ManualClock) -> None:
    buttons, sim = make_panel(events, factory, clock=clock)  # time stands still: all bounce
    try:
        sim.bounce("ok", pulses=5)
        assert events.next() == ButtonPressed("ok")
        # The burst ended released: the settle check reports it once the window has passed.
        assert events.next() == ButtonReleased("ok", held=False)
        assert buttons.debounced_edges() == 9
        assert events.of_type(ButtonPressed) == [ButtonPressed("ok")]
    finally:
        buttons.close()


def test_pulses_further_apart_than_the_window_all_count(
    events: Events, factory: Any, clock: ManualClock
) -> None:
    buttons, sim = make_panel(events, factory, clock=clock)
    try:
        for _ in range(5):
            sim.press("ok")
            clock.advance(0.05)
            sim.release("ok")
            clock.advance(0.05)
        assert len(events.of_type(ButtonPressed)) == 5
        assert len(events.of_type(ButtonReleased)) == 5
        assert buttons.debounced_edges() == 0
    finally:
        buttons.close()


def test_a_bounce_that_ends_pressed_stays_pressed(
    events: Events, factory: Any, clock: ManualClock
) -> None:
    buttons, sim = make_panel(events, factory, clock=clock, hold_time=5.0)
    try:
        sim.bounce("up", pulses=3)
        sim.press("up")
        assert events.next() == ButtonPressed("up")
        wait_until(lambda: buttons.settle_checks == 1)  # the pin still reads pressed
        assert buttons.is_pressed("up") and events.drain() == []
        clock.advance(0.05)
        sim.release("up")
        assert events.next() == ButtonReleased("up", held=False)
    finally:
        buttons.close()


def test_the_encoder_steps_clockwise_positive(
    panel: tuple[GpioButtonPanel, ButtonSimulator], events: Events
) -> None:
    buttons, sim = panel
    assert buttons.has_encoder
    sim.turn(3)
    sim.turn(-2)
    assert [events.next() for _ in range(5)] == [EncoderStep(1)] * 3 + [EncoderStep(-1)] * 2


def test_the_encoder_push_reports_its_name(
    panel: tuple[GpioButtonPanel, ButtonSimulator], events: Events, factory: Any
) -> None:
    buttons, _ = panel
    factory.pin(ENCODER.push).drive_low()
    assert events.next() == ButtonPressed("ok")
    assert buttons.names == ("up", "down", "ok", "back")


def test_presses_from_many_threads_are_all_reported(
    panel: tuple[GpioButtonPanel, ButtonSimulator], events: Events
) -> None:
    _, sim = panel

    def press_and_release(name: str) -> None:
        sim.press(name)
        sim.release(name)

    threads = [threading.Thread(target=press_and_release, args=(name,)) for name in PINS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wait_until(lambda: len(events.of_type(ButtonReleased)) == 4)
    assert sorted(e.name for e in events.of_type(ButtonPressed)) == sorted(PINS)


def test_the_global_pin_factory_is_left_alone(
    panel: tuple[GpioButtonPanel, ButtonSimulator],
) -> None:
    from gpiozero import Device

    assert Device.pin_factory is None


def test_a_pin_used_twice_names_the_button(events: Events, factory: Any) -> None:
    first = GpioButtonPanel(events, {"ok": 13}, pin_factory=factory)
    try:
        with pytest.raises(DriverError) as raised:
            GpioButtonPanel(events, {"back": 13}, pin_factory=factory)
        assert "GPIO 13" in str(raised.value) and "'back'" in str(raised.value)
    finally:
        first.close()


@pytest.mark.filterwarnings("ignore:Falling back")
def test_without_a_gpio_backend_the_error_says_what_to_install(events: Events) -> None:
    from gpiozero import Device

    if Device.pin_factory is not None:
        pytest.skip("a pin factory is already configured in this process")
    try:
        panel = GpioButtonPanel(events, {"ok": 13})
    except DeviceNotFound as error:
        assert "GPIO 13" in str(error) and "GPIOZERO_PIN_FACTORY" in str(error)
    else:
        panel.close()
        pytest.skip("this machine has a working GPIO backend")


def test_close_stops_reporting(events: Events, factory: Any) -> None:
    buttons, sim = make_panel(events, factory)
    buttons.close()
    buttons.close()
    pin = factory.pin(PINS["ok"])
    pin.drive_low()
    pin.drive_high()
    assert events.drain() == []
