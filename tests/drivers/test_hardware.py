"""Real devices, when this machine has them (a Raspberry Pi with the parts of wiring.md).
Skipped elsewhere. Run on the Pi with `python -m pytest -m hardware tests/drivers`."""

from __future__ import annotations

import os
import time

import pytest
from PIL import Image, ImageDraw

from drivers.display import OledDisplay
from drivers.events import TagPlaced
from drivers.rfid.mfrc522_open import open_spi_registers
from drivers.rfid.mfrc522_pcd import Mfrc522Pcd
from drivers.rfid.mfrc522_reader import Mfrc522Reader

from .driver_helpers import Events

pytestmark = pytest.mark.hardware


def needs(path: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not os.path.exists(path), reason=f"{path} is not present")


@needs("/dev/spidev0.0")
def test_mfrc522_answers_with_a_known_version() -> None:
    registers = open_spi_registers(pin_rst=25)
    try:
        version = Mfrc522Pcd(registers).initialise()
    finally:
        registers.close()
    assert Mfrc522Pcd.version_is_known(version), f"VersionReg 0x{version:02X}"


@needs("/dev/spidev0.0")
@pytest.mark.skipif(not os.environ.get("HARDWARE_CARD"), reason="set HARDWARE_CARD=<uid> and "
                    "lay that card on the reader")
def test_mfrc522_reads_the_card_on_the_antenna(events: Events) -> None:
    reader = Mfrc522Reader(events, lambda: open_spi_registers(pin_rst=25))
    reader.start()
    try:
        assert events.wait_for(TagPlaced).uid == os.environ["HARDWARE_CARD"].upper()
    finally:
        reader.close()


@needs("/dev/i2c-1")
def test_oled_on_i2c_shows_a_frame_and_clears(events: Events) -> None:
    from drivers.luma_devices import panel_target

    kind = os.environ.get("HARDWARE_OLED", "ssd1306")
    display = OledDisplay(panel_target(kind), events)
    display.open()
    try:
        frame = Image.new("1", display.size)
        ImageDraw.Draw(frame).rectangle((0, 0, 127, 63), outline=1)
        assert display.show(frame)
        assert not display.show(frame)
        time.sleep(0.5)  # long enough to see it on the panel
    finally:
        display.close()


@needs("/dev/gpiochip0")
def test_buttons_open_on_the_default_pin_factory(events: Events) -> None:
    from drivers.buttons import GpioButtonPanel

    panel = GpioButtonPanel(events, {"up": 5, "down": 6, "ok": 13, "back": 19})
    try:
        assert not any(panel.is_pressed(name) for name in panel.names)
    finally:
        panel.close()
