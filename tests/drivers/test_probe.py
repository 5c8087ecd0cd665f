"""`drivers.probe`: each device kind asked whether it is there, simulated or absent."""

from __future__ import annotations

import warnings
from pathlib import Path

from drivers.config import parse_settings
from drivers.probe import (
    bus_enabled,
    device_nodes,
    probe_buttons,
    probe_display,
    probe_reader,
    version_answer,
)

SIMULATED = {"reader": {"kind": "sim"}, "buttons": {"kind": "sim"}, "display": {"kind": "sim"}}
REAL = {"reader": {"kind": "mfrc522", "bus": 0, "device": 0},
        "buttons": {"kind": "gpio"},
        "display": {"kind": "ssd1306", "interface": "i2c", "port": 1}}


def test_the_simulated_reader_answers_with_its_version_register() -> None:
    probe = probe_reader(parse_settings(SIMULATED).reader)
    assert probe.answered and probe.simulated
    assert probe.value == 0x92 and "0x92" in probe.detail


def test_a_version_register_of_nobody_is_no_chip() -> None:
    for floating in (0x00, 0xFF):
        probe = version_answer("MFRC522 reader on /dev/spidev0.0", floating)
        assert not probe.answered and "no chip" in probe.detail and "wiring" in probe.check
    assert version_answer("x", 0x91).answered


def test_the_simulated_display_and_buttons_answer() -> None:
    settings = parse_settings(SIMULATED)
    display, buttons = probe_display(settings.display), probe_buttons(settings.buttons)
    assert display.answered and display.simulated
    assert buttons.answered and "up 5" in buttons.label


def test_simulated_devices_need_no_device_file() -> None:
    assert device_nodes(parse_settings(SIMULATED)) == []


def test_real_devices_name_their_device_files_and_groups(tmp_path: Path) -> None:
    # The reader's reset line goes through the GPIO chip (gpiozero over lgpio) on every
    # model: a Pi 1 to 4's /dev/gpiomem is not used.
    for pi_1_to_4 in (False, True):
        if pi_1_to_4:
            (tmp_path / "gpiomem").touch()
        nodes = {node.path: node.group for node in device_nodes(parse_settings(REAL), tmp_path)}
        assert nodes == {"/dev/spidev0.0": "spi", "/dev/gpiochip0": "gpio", "/dev/i2c-1": "i2c"}


def test_buses_are_enabled_when_their_device_files_exist(tmp_path: Path) -> None:
    assert not bus_enabled("spi", tmp_path) and not bus_enabled("i2c", tmp_path)
    (tmp_path / "spidev0.0").touch()
    (tmp_path / "i2c-1").touch()
    assert bus_enabled("spi", tmp_path) and bus_enabled("i2c", tmp_path)


def test_absent_devices_say_what_to_check_instead_of_raising() -> None:
    settings = parse_settings({**REAL, "display": {"kind": "ssd1306", "port": 19}})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        display = probe_display(settings.display)  # /dev/i2c-19: not on a desktop, nor on a Pi
    assert not display.answered and display.check
    serial = probe_reader(parse_settings(
        {**REAL, "reader": {"kind": "rdm6300", "port": "/dev/nonexistent-tty"}}).reader)
    assert not serial.answered and "not found" in serial.detail and serial.check
