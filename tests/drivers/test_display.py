"""The OLED: golden frames on luma's dummy device and through the real SSD1306 / SH1106
classes, unchanged frames not resent, a panel that fails and recovers, clearing on close,
the PNG preview. Golden PNGs live in tests/drivers/golden/; UPDATE_GOLDEN=1 rewrites them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from drivers.display import OledDisplay, to_frame
from drivers.errors import DeviceNotFound, DriverError
from drivers.events import DriverFault, DriverRecovered
from drivers.luma_devices import dummy_target, interface_target
from drivers.preview import LATEST, png_target
from drivers.sim.display import CountingInterface, FlakyInterface
from drivers.supervision import Backoff

from .driver_helpers import Events, wait_until

pytestmark = pytest.mark.filterwarnings(
    "ignore:Image.Image.getdata is deprecated:DeprecationWarning"  # inside luma, Pillow 13
)

GOLDEN = Path(__file__).parent / "golden"
SIZE = (128, 64)


def test_pattern() -> Image.Image:
    """Shapes only (no font): the same pixels on every Pillow version."""
    image = Image.new("1", SIZE, 0)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    draw.line((0, 0, 127, 63), fill=1)
    draw.rectangle((8, 40, 39, 55), fill=1)
    for x in range(64, 120, 4):
        draw.point((x, 10), fill=1)
    draw.line((90, 20, 90, 58), fill=1)
    return image


test_pattern.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


def difference(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    """Where two frames differ. Compared in "L": a 1-bit image drawn with fill=1 stores 1 where
    one loaded from a PNG stores 255, and ImageChops compares the stored values."""
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox()


def assert_golden(image: Image.Image, name: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        image.convert("1").save(path)
    assert path.exists(), f"missing golden {path}; run with UPDATE_GOLDEN=1 to create it"
    with Image.open(path) as golden:
        golden.load()
        where = difference(golden, image)
    assert where is None, f"differs from {name} in {where}"


def decode_pages(data: bytes, size: tuple[int, int] = SIZE) -> Image.Image:
    """What a panel shows from its page-ordered RAM: byte x of page p holds rows 8p..8p+7."""
    width, height = size
    image = Image.new("1", size, 0)
    pixels = image.load()
    assert pixels is not None
    for page in range(height // 8):
        for x in range(width):
            byte = data[page * width + x]
            for bit in range(8):
                if byte >> bit & 1:
                    pixels[x, page * 8 + bit] = 1
    return image


def open_display(target, events: Events) -> OledDisplay:  # type: ignore[no-untyped-def]
    display = OledDisplay(target, events, backoff=Backoff(0.01, 0.05))
    display.open()
    return display


def test_golden_frame_on_the_dummy_device(events: Events) -> None:
    display = open_display(dummy_target(), events)
    assert display.show(test_pattern())
    assert_golden(display.device.image, "pattern.png")


def test_golden_frame_rotated(events: Events) -> None:
    display = open_display(dummy_target(rotate=2), events)
    display.show(test_pattern())
    assert_golden(display.device.image, "pattern-rotate2.png")  # the panel's own orientation


def test_ssd1306_sends_the_golden_frame_as_page_bytes(events: Events) -> None:
    interface = CountingInterface()
    display = open_display(interface_target("ssd1306", interface), events)
    display.show(test_pattern())
    assert_golden(decode_pages(bytes(interface.last_data)), "pattern.png")


def test_sh1106_sends_the_golden_frame_page_by_page(events: Events) -> None:
    interface = CountingInterface()
    display = open_display(interface_target("sh1106", interface), events)
    start = len(interface.commands)
    display.show(test_pattern())
    pages = list(interface.data_chunks)[-8:]
    assert len(interface.commands) - start == 8  # one page address per page
    assert_golden(decode_pages(b"".join(pages)), "pattern.png")


@pytest.mark.parametrize("kind", ["ssd1306", "sh1106"])
def test_an_unchanged_frame_is_not_sent_again(events: Events, kind: str) -> None:
    interface = CountingInterface()
    display = open_display(interface_target(kind, interface), events)
    display.show(test_pattern())
    before = interface.total_bytes
    assert not display.show(test_pattern())  # a new image object with the same pixels
    assert interface.total_bytes == before
    changed = test_pattern()
    changed.putpixel((5, 5), 1)
    data_before = interface.data_bytes
    assert display.show(changed)
    # One pixel: one page's one column, behind its address (a full frame is 1,024 bytes).
    assert interface.data_bytes - data_before == 1
    assert 1 < interface.total_bytes - before <= 8
    assert (display.frames_sent, display.frames_skipped) == (2, 1)


def test_grey_frames_are_thresholded_not_dithered() -> None:
    grey = Image.new("L", SIZE, 100)
    grey.paste(200, (0, 0, 64, 64))
    frame = to_frame(grey, SIZE)
    assert frame.mode == "1"
    assert frame.getbbox() == (0, 0, 64, 64)


def test_a_frame_of_the_wrong_size_is_refused(events: Events) -> None:
    display = open_display(dummy_target(), events)
    with pytest.raises(ValueError):
        display.show(Image.new("1", (64, 128)))


def test_a_failing_panel_is_one_fault_and_recovers_with_the_latest_frame(events: Events) -> None:
    interface = FlakyInterface()
    display = open_display(interface_target("ssd1306", interface), events)
    display.show(Image.new("1", SIZE, 0))
    interface.broken.set()
    assert not display.show(test_pattern())
    fault = events.next()
    assert isinstance(fault, DriverFault) and fault.device == "display"
    assert "Remote I/O error" in fault.message
    newest = test_pattern()
    newest.putpixel((3, 3), 1)
    assert not display.show(newest)  # held back, not sent, no second fault
    wait_until(lambda: interface.failures >= 3)  # the background probe retries meanwhile
    assert events.drain() == []
    interface.broken.clear()
    assert isinstance(events.next(), DriverRecovered)
    assert not display.faulted
    assert difference(decode_pages(bytes(interface.last_data)), newest) is None  # latest frame
    assert not display.show(newest)  # and it counts as sent


def test_close_clears_and_switches_off_the_panel(events: Events) -> None:
    interface = CountingInterface()
    display = open_display(interface_target("ssd1306", interface), events)
    display.show(test_pattern())
    display.close()
    assert decode_pages(bytes(interface.last_data)).getbbox() is None  # blank
    assert interface.commands[-1] == (0xAE,)  # display off
    assert interface.cleanups >= 1
    display.close()
    assert not display.show(test_pattern())


def test_close_clears_the_dummy_device(events: Events) -> None:
    display = open_display(dummy_target(), events)
    display.show(test_pattern())
    display.close()
    assert display.device.image.getbbox() is None


def test_a_panel_missing_at_start_can_be_waited_for(events: Events) -> None:
    interface = FlakyInterface()
    interface.broken.set()
    target = interface_target("ssd1306", interface)
    build = target.make_device

    def make_device(serial_interface):  # type: ignore[no-untyped-def]
        try:
            return build(serial_interface)
        except OSError as exc:
            raise DeviceNotFound(target.label, "no display answers") from exc

    target.make_device = make_device
    display = OledDisplay(target, events, backoff=Backoff(0.01, 0.05))
    with pytest.raises(DriverError):
        display.open()
    display.open(require_device=False)
    assert isinstance(events.next(), DriverFault)
    display.show(test_pattern())
    interface.broken.clear()
    assert isinstance(events.next(), DriverRecovered)
    assert difference(decode_pages(bytes(interface.last_data)), test_pattern()) is None


def test_png_preview_writes_the_latest_frame(events: Events, tmp_path: Path) -> None:
    display = open_display(png_target(tmp_path / "oled", keep_frames=True), events)
    display.show(test_pattern())
    display.show(test_pattern())  # unchanged: no new file
    with Image.open(tmp_path / "oled" / LATEST) as written:
        assert_golden(written.copy(), "pattern.png")
    assert sorted(p.name for p in (tmp_path / "oled").iterdir()) == ["frame-000001.png", LATEST]
    display.close()
    with Image.open(tmp_path / "oled" / LATEST) as written:
        assert written.getbbox() is None  # the cleared panel


def test_emulator_gif_preview(events: Events, tmp_path: Path) -> None:
    pytest.importorskip("luma.emulator")
    pytest.importorskip("pygame")
    from drivers.preview import emulator_target

    display = open_display(emulator_target("gifanim", tmp_path / "oled.gif"), events)
    display.show(test_pattern())
    display.close()
    with Image.open(tmp_path / "oled.gif") as gif:
        assert gif.format == "GIF" and gif.size == (256, 128)


def test_showing_before_opening_is_a_programming_error(events: Events) -> None:
    with pytest.raises(RuntimeError):
        OledDisplay(dummy_target(), events).show(test_pattern())


def test_contrast_and_panel_off_reach_the_simulated_panel_and_survive_a_fault(
        events: Events) -> None:
    from drivers.sim.display import SimulatedDisplay

    flaky = FlakyInterface()
    display = OledDisplay(dummy_target(interface=flaky), events, backoff=Backoff(0.01, 0.05))
    display.open()
    panel = SimulatedDisplay(display)
    assert panel.contrast is None and panel.lit
    display.set_contrast(0x10)
    display.set_panel_on(False)
    assert (panel.contrast, panel.lit) == (0x10, False)
    assert panel.panel_commands == [(0x81, 0x10), (0xAE,)]
    flaky.broken.set()
    display.set_contrast(0x40)  # the wire is loose: a fault, the level is kept
    assert display.faulted and display.contrast == 0x40
    flaky.broken.clear()
    assert isinstance(events.next(), DriverFault)
    assert isinstance(events.next(), DriverRecovered)
    # The panel that came back got the same contrast, and stays dark.
    assert (panel.contrast, panel.lit) == (0x40, False)
    display.set_panel_on(True)
    assert panel.lit
    display.close()


def test_a_contrast_outside_0_to_255_is_refused(events: Events) -> None:
    display = open_display(dummy_target(), events)
    with pytest.raises(ValueError):
        display.set_contrast(256)
    display.close()
