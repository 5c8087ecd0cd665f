"""Partial updates of the OLED: after any sequence of frames sent as changed pages, the
simulated panel's memory holds exactly what luma's full frame would have left there."""

from __future__ import annotations

import errno
import random
import threading
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from drivers.display import OledDisplay
from drivers.events import DriverFault, DriverRecovered
from drivers.luma_devices import interface_target
from drivers.panel_pages import (
    HORIZONTAL,
    PageWriter,
    changed_columns,
    changed_spans,
    joined,
    pages_of,
)
from drivers.sim.panel_memory import PanelMemory
from drivers.supervision import Backoff

from .driver_helpers import Events

pytestmark = pytest.mark.filterwarnings(
    "ignore:Image.Image.getdata is deprecated:DeprecationWarning"  # inside luma, Pillow 13
)

SIZE = (128, 64)
KINDS = ("ssd1306", "sh1106")


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def random_frame(rng: random.Random, previous: Image.Image | None) -> Image.Image:
    """A frame like the table's: a small change of the last one (a cursor, a line flashed,
    inverted), the same again, or a new screen."""
    kind = rng.choice(("cursor", "line", "same", "invert", "new", "pixel", "scatter"))
    image = Image.new("1", SIZE) if previous is None or kind == "new" else previous.copy()
    draw = ImageDraw.Draw(image)
    if kind == "new":
        for _ in range(rng.randint(1, 6)):
            x, y = rng.randrange(128), rng.randrange(64)
            draw.rectangle((x, y, x + rng.randrange(40), y + rng.randrange(20)),
                           fill=rng.randint(0, 1), outline=1)
        draw.text((rng.randrange(60), rng.randrange(50)), "Coal 3", fill=1)
    elif kind == "cursor":
        y = rng.randrange(0, 56)
        draw.rectangle((0, 0, 5, 63), fill=0)
        draw.polygon(((0, y), (5, y + 3), (0, y + 6)), fill=1)
    elif kind == "line":
        y = rng.randrange(0, 55)
        draw.rectangle((0, y, 127, y + 9), fill=rng.randint(0, 1))
    elif kind == "invert":
        y = rng.randrange(0, 55)
        box = (rng.randrange(64), y, 64 + rng.randrange(64), y + 9)
        region = image.crop(box)
        image.paste(Image.eval(region.convert("L"), lambda v: 255 - v).convert("1"), box)
    elif kind == "pixel":
        image.putpixel((rng.randrange(128), rng.randrange(64)), rng.randint(0, 1))
    elif kind == "scatter":
        # Short runs here and there on a few pages: several addresses on one page, and the
        # same columns changed on pages far apart (one window's columns kept, its pages not).
        rows = [rng.randrange(64) for _ in range(rng.randint(1, 3))]
        columns = [rng.randrange(126) for _ in range(rng.randint(1, 5))]
        for y in rows:
            for x in columns:
                draw.line((x, y, x + rng.randrange(3), y), fill=rng.randint(0, 1))
    return image


def reference_memory(kind: str, frame: Image.Image, rotate: int) -> PanelMemory:
    """A fresh panel after luma's own `display()` of the whole frame."""
    memory = PanelMemory(kind)
    device = interface_target(kind, memory, rotate=rotate).make_device(memory)
    device.persist = True
    device.display(frame)
    return memory


@pytest.mark.parametrize("kind", KINDS)
def test_the_memory_model_reads_back_lumas_full_frame(kind: str) -> None:
    frame = random_frame(random.Random(7), None)
    memory = reference_memory(kind, frame, rotate=0)
    assert same(memory.image(), frame)
    assert [bytes(page[2 if kind == "sh1106" else 0:][:128]) for page in memory.memory] == \
        pages_of(frame)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rotate", [0, 2])
@pytest.mark.parametrize("seed", range(10))
def test_any_sequence_of_partial_updates_leaves_the_full_frame(
        events: Events, kind: str, rotate: int, seed: int) -> None:
    rng = random.Random(seed)
    memory = PanelMemory(kind)
    display = OledDisplay(interface_target(kind, memory, rotate=rotate), events)
    display.open()
    frame: Image.Image | None = None
    full = 0
    try:
        for _ in range(40):
            frame = random_frame(rng, frame)
            before = memory.data_bytes
            display.show(frame)
            assert memory.memory == reference_memory(kind, frame, rotate).memory
            if rotate == 0:
                assert same(memory.image(), frame)
            full += memory.data_bytes - before == 1024
    finally:
        display.close()
    assert full <= 12  # most changes went as a part of the frame


@pytest.mark.parametrize("kind", KINDS)
def test_a_cursor_move_costs_a_fraction_of_a_frame(events: Events, kind: str) -> None:
    memory = PanelMemory(kind)
    display = OledDisplay(interface_target(kind, memory), events)
    display.open()
    menu = Image.new("1", SIZE)
    draw = ImageDraw.Draw(menu)
    for row in range(5):
        draw.text((10, row * 12), f"Choice {row}", fill=1)
    frames = []
    for row in range(5):
        frame = menu.copy()
        ImageDraw.Draw(frame).polygon(((0, row * 12), (5, row * 12 + 3), (0, row * 12 + 6)),
                                      fill=1)
        frames.append(frame)
    display.show(frames[0])
    before = memory.total_bytes
    for frame in frames[1:]:
        display.show(frame)
        assert same(memory.image(), frame)
    per_move = (memory.total_bytes - before) / (len(frames) - 1)
    assert per_move < 1024 / 16
    display.close()


class FlakyPanel(PanelMemory):
    """A panel whose bus fails, mid-frame, while `broken` is set (a loose wire)."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.broken = threading.Event()

    def command(self, *cmd: int) -> None:
        if self.broken.is_set():
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        super().command(*cmd)

    def data(self, data: Any) -> None:
        if self.broken.is_set():
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        super().data(data)


@pytest.mark.parametrize("kind", KINDS)
def test_after_a_failed_write_the_panel_gets_the_whole_latest_frame(
        events: Events, kind: str) -> None:
    panel = FlakyPanel(kind)
    display = OledDisplay(interface_target(kind, panel), events)
    display.open()
    rng = random.Random(3)
    first = random_frame(rng, None)
    display.show(first)
    panel.broken.set()
    second = random_frame(rng, first)
    while same(second, first):
        second = random_frame(rng, first)
    assert not display.show(second)
    assert isinstance(events.next(), DriverFault)
    panel.broken.clear()
    assert isinstance(events.wait_for(DriverRecovered), DriverRecovered)
    assert same(panel.image(), second)
    third = random_frame(rng, second)
    display.show(third)
    assert panel.memory == reference_memory(kind, third, 0).memory
    display.close()


def test_changed_columns() -> None:
    assert changed_columns(b"abcd", b"abcd") is None
    assert changed_columns(b"abcd", b"xbcd") == (0, 0)
    assert changed_columns(b"abcd", b"abxy") == (2, 3)
    assert changed_columns(b"abcd", b"xbcy") == (0, 3)


def test_changed_spans_join_runs_closer_than_an_address_costs() -> None:
    old = bytes(20)
    new = bytearray(old)
    for column in (2, 3, 6, 15):
        new[column] = 1
    assert changed_spans(old, bytes(new), 3) == [(2, 6), (15, 15)]
    assert changed_spans(old, bytes(new), 1) == [(2, 3), (6, 6), (15, 15)]
    assert changed_spans(old, old, 3) == []


@pytest.mark.parametrize(("kind", "command_bytes"), [("ssd1306", 2 + 3 + 2 + 3 + 2 + 3),
                                                     ("sh1106", 3 + 2 + 3 + 2 + 3)])
def test_an_address_sends_only_what_moved(events: Events, kind: str,
                                          command_bytes: int) -> None:
    """Two runs on page 3, the same two on page 5, the first again on page 7, in page
    addressing: the page is set once per page, each run gets its column's two nibbles; an
    SSD1306 is switched to page addressing first (2 bytes)."""
    memory = PanelMemory(kind)
    display = OledDisplay(interface_target(kind, memory), events)
    display.open()
    try:
        display.show(Image.new("1", SIZE))
        frame = Image.new("1", SIZE)
        draw = ImageDraw.Draw(frame)
        for y in (3 * 8 + 2, 5 * 8 + 2):
            draw.line((10, y, 12, y), fill=1)
            draw.line((60, y, 62, y), fill=1)
        draw.line((60, 7 * 8 + 2, 62, 7 * 8 + 2), fill=1)
        before = memory.command_bytes, memory.data_bytes
        display.show(frame)
        assert (memory.command_bytes - before[0], memory.data_bytes - before[1]) == \
            (command_bytes, 5 * 3)
        assert memory.memory == reference_memory(kind, frame, 0).memory
    finally:
        display.close()


class CountdownPanel(PanelMemory):
    """A panel whose bus fails for `failures` transfers once `countdown` more went through
    (a wire that comes loose in the middle of a frame, then holds again)."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.countdown: int | None = None
        self.failures = 0

    def fail_soon(self, countdown: int, failures: int) -> None:
        self.countdown, self.failures = countdown, failures

    def _transfer(self) -> None:
        if self.countdown is None:
            return
        if self.countdown > 0:
            self.countdown -= 1
            return
        self.failures -= 1
        if self.failures <= 0:
            self.countdown = None
        raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def command(self, *cmd: int) -> None:
        self._transfer()
        super().command(*cmd)

    def data(self, data: Any) -> None:
        self._transfer()
        super().data(data)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(12))
def test_partial_updates_lumas_own_frames_and_failures_leave_the_last_frame(
        events: Events, kind: str, seed: int) -> None:
    """Partial updates (page addressing or windows), luma's own full `display()` and
    `clear()` in between, writes that fail part way and the new initialisation after them:
    the panel's memory always holds the last frame that reached it."""
    rng = random.Random(1000 + seed)
    panel = CountdownPanel(kind)
    display = OledDisplay(interface_target(kind, panel), events,
                          backoff=Backoff(0.001, 0.001))
    display.open()
    frame: Image.Image | None = None
    shown = Image.new("1", SIZE)
    try:
        for _ in range(60):
            action = rng.choices(("show", "luma", "clear", "fail"), (12, 2, 1, 2))[0]
            frame = random_frame(rng, frame)
            if action == "luma":
                display.device.display(frame)
                shown = frame
            elif action == "clear":
                display.device.clear()
                shown = Image.new("1", SIZE)
            else:
                if action == "fail":
                    panel.fail_soon(rng.randrange(4), rng.randint(1, 3))
                if display.show(frame):
                    shown = frame
                elif display.faulted:
                    events.wait_for(DriverRecovered)
                    shown = frame  # a panel that comes back gets the latest frame whole
                panel.countdown = None  # what a failure did not use is not kept for later
            assert panel.memory == reference_memory(kind, shown, 0).memory
    finally:
        display.close()
    assert panel.memory == reference_memory(kind, Image.new("1", SIZE), 0).memory


def test_an_ssd1306_takes_page_addressing_for_changes_and_gives_it_back_to_luma(
        events: Events) -> None:
    memory = PanelMemory("ssd1306")
    display = OledDisplay(interface_target("ssd1306", memory), events)
    display.open()
    blank = Image.new("1", SIZE)
    busy = random_frame(random.Random(5), None)
    before = memory.command_bytes, memory.data_bytes
    display.show(busy)  # the first frame: whole, as one horizontal window, the mode set
    assert memory.commands[-1] == (0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7)
    assert (memory.command_bytes - before[0], memory.data_bytes - before[1]) == (8, 1024)
    dot = busy.copy()
    dot.putpixel((70, 20), 1 - busy.getpixel((70, 20)))
    display.show(dot)
    assert memory.commands[-1] == (0x20, 0x02, 0xB2, 0x06, 0x14)
    assert memory.mode == 2
    display.device.clear()  # luma's own frame: horizontal mode first
    assert memory.commands[-2:] == [(0x20, 0x00), (0x21, 0, 127, 0x22, 0, 7)]
    assert memory.memory == reference_memory("ssd1306", blank, 0).memory
    display.close()


def test_a_failed_write_leaves_the_addressing_mode_unknown() -> None:
    panel = CountdownPanel("ssd1306")
    device = interface_target("ssd1306", panel).make_device(panel)
    device.persist = True
    writer = PageWriter(device, "ssd1306")
    first = random_frame(random.Random(9), None)
    writer.write(first)
    assert writer.mode == HORIZONTAL
    second = first.copy()
    ImageDraw.Draw(second).line((3, 30, 9, 30), fill=1 - first.getpixel((3, 30)))
    panel.fail_soon(1, 1)  # the switch to page addressing goes through, its bytes do not
    with pytest.raises(OSError):
        writer.write(second)
    assert writer.mode is None
    assert panel.mode == 2  # the panel did switch: the writer must not assume either mode
    writer.write(second)
    assert panel.commands[-1][:2] == (0x20, 0x00)
    assert panel.memory == reference_memory("ssd1306", second, 0).memory
    assert writer.mode == HORIZONTAL


def test_a_whole_new_screen_goes_as_one_window_when_that_costs_less(events: Events) -> None:
    memory = PanelMemory("ssd1306")
    display = OledDisplay(interface_target("ssd1306", memory), events)
    display.open()
    rng = random.Random(11)
    first = random_frame(rng, None)
    display.show(first)
    noise = Image.effect_noise(SIZE, 100).convert("1")  # nearly every column of every page
    small = first.copy()
    small.putpixel((1, 1), 1 - first.getpixel((1, 1)))
    try:
        display.show(small)
        assert memory.mode == 2
        before = memory.command_bytes
        display.show(noise)
        assert memory.mode == 0
        # Page addressing would take 3 bytes a page and 2 more for each unchanged stretch.
        assert memory.command_bytes - before <= 2 + 6 * 8
        assert memory.memory == reference_memory("ssd1306", noise, 0).memory
    finally:
        display.close()


def test_lumas_exit_hook_clears_a_panel_left_in_page_addressing() -> None:
    """luma's atexit hook (`cleanup()` of a device not told to persist) hides and clears the
    panel with its own full frame: that frame must land whole, not folded into one page."""
    panel = PanelMemory("ssd1306")
    device = interface_target("ssd1306", panel).make_device(panel)
    writer = PageWriter(device, "ssd1306")
    rng = random.Random(21)
    frame = random_frame(rng, None)
    writer.write(frame)
    changed = frame.copy()
    ImageDraw.Draw(changed).line((40, 12, 44, 12), fill=1 - frame.getpixel((40, 12)))
    writer.write(changed)
    assert panel.mode == 2
    device.cleanup()
    device.persist = True  # cleaned up once here; the real exit hook must not run it again
    assert panel.memory == reference_memory("ssd1306", Image.new("1", SIZE), 0).memory


@pytest.mark.parametrize("kind", KINDS)
def test_a_128x32_panel_follows_its_frames_too(events: Events, kind: str) -> None:
    size = (128, 32)
    panel = PanelMemory(kind, height=32)
    display = OledDisplay(interface_target(kind, panel, height=32), events)
    display.open()
    rng = random.Random(33)
    frame: Image.Image | None = None
    try:
        for _ in range(30):
            frame = random_frame(rng, frame)
            shown = frame.crop((0, 0, *size))
            display.show(shown)
            reference = PanelMemory(kind, height=32)
            device = interface_target(kind, reference, height=32).make_device(reference)
            device.persist = True
            device.display(shown)
            assert panel.memory == reference.memory
    finally:
        display.close()


def test_runs_joined_further_are_the_runs_found_with_the_wider_gap() -> None:
    """The writer compares each page once (runs 2 columns apart) and joins them for windows."""
    chance = random.Random(11)
    for _ in range(300):
        old = bytes(chance.choice((0, 0, 0, 0xFF, chance.randrange(256))) for _ in range(128))
        new = bytes(byte if chance.random() < 0.7 else chance.randrange(256) for byte in old)
        for gap in (2, 3, 5):
            assert joined(changed_spans(old, new, 2), gap) == changed_spans(old, new, gap)
    assert changed_spans(bytes(128), bytes(128), 2) == []
