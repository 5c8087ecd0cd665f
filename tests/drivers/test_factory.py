"""The factory: a simulated set built from config and driven through its handles; bad
configs refused with the key named; real devices missing on this machine reported clearly."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from drivers import (
    ButtonPressed,
    ButtonReleased,
    DriverConfigError,
    DriverError,
    DriverFault,
    EncoderStep,
    TagPlaced,
    TagRemoved,
    build_drivers,
    parse_settings,
)

from .driver_helpers import Events, wait_until

pytestmark = pytest.mark.filterwarnings(
    "ignore:Image.Image.getdata is deprecated:DeprecationWarning",
    "ignore:Falling back:Warning",
)

SIM: dict[str, Any] = {
    "reader": {"kind": "sim", "poll_interval": 0.02, "removal_after": 0.2},
    "buttons": {"kind": "sim", "hold_time": 0.3, "encoder": {"a": 17, "b": 27, "push": 22}},
    "display": {"kind": "sim"},
}


def config(**sections: dict[str, Any]) -> dict[str, Any]:
    merged = copy.deepcopy(SIM)
    for name, values in sections.items():
        merged[name] = values
    return merged


def test_the_simulated_set_runs_end_to_end(events: Events) -> None:
    with build_drivers(SIM, events) as drivers:
        assert drivers.sim.reader is not None and drivers.sim.buttons is not None
        drivers.sim.reader.place("04A1B2C3D4E5F6")  # held until seen: no tap timed on the clock
        assert events.next() == TagPlaced("reader", "04A1B2C3D4E5F6")
        drivers.sim.reader.remove("04A1B2C3D4E5F6")
        assert events.next() == TagRemoved("reader", "04A1B2C3D4E5F6")

        drivers.sim.buttons.click("ok")
        assert events.next() == ButtonPressed("ok")
        assert events.next() == ButtonReleased("ok", held=False)
        drivers.sim.buttons.turn(-1)
        assert events.next() == EncoderStep(-1)

        frame = Image.new("1", drivers.display.size)
        ImageDraw.Draw(frame).rectangle((0, 0, 20, 20), fill=1)
        assert drivers.display.show(frame)
        assert drivers.sim.display is not None
        image = drivers.sim.display.image
        assert image is not None and image.getbbox() == (0, 0, 21, 21)
    cleared = drivers.sim.display.image
    assert cleared is not None and cleared.getbbox() is None  # cleared on close


@pytest.mark.parametrize(
    ("simulate", "uid"), [("rdm6300", "0F00A1B2C3"), ("serial-lines", "DEADBEEF")]
)
def test_simulated_serial_readers(events: Events, simulate: str, uid: str) -> None:
    reader = {"kind": "sim", "simulate": simulate, "removal_after": 0.2}
    with build_drivers(config(reader=reader), events) as drivers:
        assert drivers.sim.reader is not None
        drivers.sim.reader.place(uid)
        assert events.next() == TagPlaced("reader", uid)
        drivers.sim.reader.remove()
        assert events.next() == TagRemoved("reader", uid)
        assert drivers.reader.label.startswith("tag reader on /dev/pts/")


def test_reader_name_is_carried_by_events(events: Events) -> None:
    reader = {**SIM["reader"], "name": "left"}
    with build_drivers(config(reader=reader), events) as drivers:
        assert drivers.sim.reader is not None
        drivers.sim.reader.place("DEADBEEF")
        assert events.next() == TagPlaced("left", "DEADBEEF")


@pytest.mark.parametrize("value, quiet_after", [("never", None), (0, 0.0), (2.5, 2.5)])
def test_quiet_after_is_a_reader_setting(
    events: Events, value: object, quiet_after: float | None
) -> None:
    reader = {**SIM["reader"], "quiet_after": value}
    with build_drivers(config(reader=reader), events) as drivers:
        assert drivers.reader.quiet_after == quiet_after  # type: ignore[union-attr]
        assert drivers.sim.reader is not None
        drivers.sim.reader.place("DEADBEEF")
        assert events.next() == TagPlaced("reader", "DEADBEEF")
    with build_drivers(SIM, events) as drivers:
        assert drivers.reader.quiet_after == 10.0  # type: ignore[union-attr]


@pytest.mark.parametrize("value", [False, True])
def test_the_former_wake_up_ahead_is_refused_naming_quiet_after(value: bool) -> None:
    with pytest.raises(DriverConfigError) as refused:
        parse_settings(config(reader={"kind": "sim", "wake_up_ahead": value}))
    assert refused.value.key == "reader.wake_up_ahead"
    assert "quiet_after" in str(refused.value) and "never" in str(refused.value)
    assert "\n" not in str(refused.value)


def test_png_preview_from_config(events: Events, tmp_path: Path) -> None:
    display = {"kind": "png", "path": str(tmp_path / "frames")}
    with build_drivers(config(display=display), events) as drivers:
        drivers.display.show(Image.new("1", (128, 64), 1))
        assert (tmp_path / "frames" / "latest.png").exists()


def test_close_twice_is_harmless(events: Events) -> None:
    drivers = build_drivers(SIM, events)
    drivers.close()
    drivers.close()


BAD_CONFIGS: list[tuple[dict[str, Any], str]] = [
    ({"buttons": SIM["buttons"], "display": SIM["display"]}, "reader"),
    (config(reader={"kind": "nfc"}), "reader.kind"),
    (config(reader={}), "reader.kind"),
    (config(reader={"kind": "sim", "poll_intervall": 0.1}), "reader.poll_intervall"),
    (config(reader={"kind": "sim", "poll_interval": 5}), "reader.poll_interval"),
    (config(reader={"kind": "sim", "poll_interval": "fast"}), "reader.poll_interval"),
    (config(reader={"kind": "sim", "quiet_after": "yes"}), "reader.quiet_after"),
    (config(reader={"kind": "sim", "quiet_after": -1}), "reader.quiet_after"),
    (config(reader={"kind": "sim", "quiet_after": True}), "reader.quiet_after"),
    (config(reader={"kind": "rdm6300"}), "reader.port"),
    (config(reader={"kind": "rdm6300", "port": "/dev/serial0", "baudrate": 9601}),
     "reader.baudrate"),
    (config(reader={"kind": "mfrc522", "pin_rst": 40}), "reader.pin_rst"),
    (config(reader={"kind": "sim", "simulate": "pn532"}), "reader.simulate"),
    (config(buttons={"kind": "gpio", "pins": {"up": 5, "down": 5}}), "buttons.pins.down"),
    (config(buttons={"kind": "sim", "pins": {"up": True}}), "buttons.pins.up"),
    (config(buttons={"kind": "sim", "pins": {}}), "buttons.pins"),
    (config(buttons={"kind": "sim", "encoder": {"a": 17}}), "buttons.encoder.b"),
    (config(buttons={"kind": "sim", "encoder": {"a": 17, "b": 5}}), "buttons.encoder.b"),
    (config(buttons={"kind": "sim", "hold_time": 0}), "buttons.hold_time"),
    (config(buttons="gpio"), "buttons"),  # type: ignore[arg-type]
    (config(display={"kind": "ssd1306", "address": 0x80}), "display.address"),
    (config(display={"kind": "ssd1306", "address": "0x3G"}), "display.address"),
    (config(display={"kind": "ssd1306", "interface": "usb"}), "display.interface"),
    (config(display={"kind": "sh1106", "height": 48}), "display.height"),
    (config(display={"kind": "sim", "rotate": 4}), "display.rotate"),
    (config(display={"kind": "png", "path": ""}), "display.path"),
    (config(display={"kind": "ssd1306"}, buttons={"kind": "gpio", "pins": {"ok": 2}}),
     "buttons.pins.ok"),  # GPIO 2 is I2C SDA
    (config(reader={"kind": "mfrc522"}, display={"kind": "ssd1306", "interface": "spi",
                                                 "spi_device": 0}), "display.spi_device"),
    (config(reader={"kind": "mfrc522"}, display={"kind": "ssd1306", "interface": "spi",
                                                 "gpio_rst": 25}), "display.gpio_rst"),
    (config(reader={"kind": "rdm6300", "port": "/dev/serial0"},
            buttons={"kind": "gpio", "pins": {"ok": 15}}), "buttons.pins.ok"),  # UART RXD
]


@pytest.mark.parametrize(("bad", "key"), BAD_CONFIGS)
def test_bad_configs_are_refused_naming_the_key(bad: dict[str, Any], key: str,
                                               events: Events) -> None:
    with pytest.raises(DriverConfigError) as raised:
        build_drivers(bad, events)
    assert raised.value.key == key
    assert str(raised.value).startswith(f"{key}: ")
    assert events.drain() == []


def test_the_example_pi_config_is_valid() -> None:
    settings = parse_settings({
        "reader": {"kind": "mfrc522", "bus": 0, "device": 0, "pin_rst": 25, "pin_irq": 24},
        "buttons": {"kind": "gpio", "hold_time": 1.0,
                    "pins": {"up": 5, "down": 6, "ok": 13, "back": 19},
                    "encoder": {"a": 17, "b": 27, "push": 22}},
        "display": {"kind": "ssd1306", "interface": "i2c", "port": 1, "address": 0x3C},
        "companion": {"language": "fr"},  # other sections are not ours
    })
    assert settings.display.address == 0x3C and settings.reader.removal_after == 0.5
    as_text = parse_settings(config(display={"kind": "sim", "address": "0x3D"}))
    assert as_text.display.address == 0x3D


def test_missing_real_devices_are_driver_errors_naming_them(events: Events) -> None:
    with pytest.raises(DriverError) as raised:
        build_drivers(config(display={"kind": "ssd1306", "port": 17}), events)
    assert "/dev/i2c-17" in str(raised.value) and "i2c_arm=on" in str(raised.value)
    with pytest.raises(DriverError) as raised:
        build_drivers(config(reader={"kind": "serial-lines", "port": "/dev/ttyNOPE"}), events)
    assert "/dev/ttyNOPE" in str(raised.value)


def test_without_strict_missing_devices_become_faults(events: Events) -> None:
    """An appliance at boot: the display or reader may be missing, the rest must work."""
    bad = config(reader={"kind": "rdm6300", "port": "/dev/ttyNOPE"},
                 display={"kind": "ssd1306", "port": 17})
    drivers = build_drivers(bad, events, strict=False)
    try:
        faults = [events.wait_for(DriverFault), events.wait_for(DriverFault)]
        assert sorted(f.device for f in faults) == ["display", "reader"]
        assert any("/dev/ttyNOPE" in f.message for f in faults)
        assert any("/dev/i2c-17" in f.message for f in faults)
        assert drivers.sim.buttons is not None
        drivers.sim.buttons.click("up")
        events.wait_for(ButtonPressed, name="up")
        assert not drivers.display.show(Image.new("1", (128, 64)))  # held until it appears
        wait_until(lambda: drivers.reader.faulted)
    finally:
        drivers.close()
