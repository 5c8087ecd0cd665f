"""Partial updates of an SSD1306 or SH1106: only the 8-row pages that changed are sent.

luma's `display()` sends the whole frame (1,024 bytes for 128x64, about 23 ms on I2C at
400 kHz) for any change. These panels keep the frame in their own memory, one byte per column
for each page of 8 rows (the top row in the low bit), and take writes addressed to a page and
a column, so a changed line or a moved cursor needs only the bytes of its pages, and within
them of the columns that changed:

- SSD1306 (luma sets horizontal addressing): a window `COLUMNADDR c0 c1, PAGEADDR p0 p1` per
  run of changed columns, shared by adjacent pages whose run is the same, then its bytes. The
  controller keeps its window, and after the window's last byte its pointer is back at the
  window's start: a run on the same pages as the one before needs only its columns (3 bytes),
  one on other pages with the same columns only its pages (3 bytes);
- SH1106 (page addressing only, 132 columns with the visible 128 at an offset): per run,
  `0xB0+page` when the page changes, the column's low and high nibbles, then the bytes.

Runs of changes a few columns apart go as one, since a new address on the same page costs
about as much (3 bytes on an SSD1306, 2 on an SH1106).

The first frame, and the first after the panel was initialised again, is sent whole.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

PAGE_ROWS = 8
_COLUMNADDR, _PAGEADDR = 0x21, 0x22
_SET_PAGE, _LOW_COLUMN, _HIGH_COLUMN = 0xB0, 0x00, 0x10


def pages_of(image: Image.Image) -> list[bytes]:
    """The panel memory of a 1-bit image in the panel's orientation: one `bytes` per page of 8
    rows, one byte per column, the page's top row in the low bit."""
    width, height = image.size
    if height % PAGE_ROWS:
        raise ValueError(f"a panel's height is a multiple of {PAGE_ROWS}, not {height}")
    # Turned clockwise, row x of the image is column x read upwards, 8 rows to a byte with the
    # lowest row in the high bit: byte k of that row is page (pages - 1 - k), low bit on top.
    turned = image.convert("1").transpose(Image.Transpose.ROTATE_270).tobytes()
    count = height // PAGE_ROWS
    return [turned[count - 1 - page::count] for page in range(count)]


def changed_columns(old: bytes, new: bytes) -> tuple[int, int] | None:
    """The first and last column where two pages differ, or None when they are equal."""
    spans = changed_spans(old, new, len(new))
    return (spans[0][0], spans[-1][1]) if spans else None


def changed_spans(old: bytes, new: bytes, gap: int) -> list[tuple[int, int]]:
    """The runs of columns where two pages differ, as (first, last); runs fewer than `gap`
    equal columns apart are sent as one (a new address costs about that many bytes)."""
    spans: list[tuple[int, int]] = []
    for column, (was, now) in enumerate(zip(old, new)):
        if was == now:
            continue
        if spans and column - spans[-1][1] - 1 < gap:
            spans[-1] = (spans[-1][0], column)
        else:
            spans.append((column, column))
    return spans


def panel_kind(device: Any) -> str | None:
    """"ssd1306" or "sh1106" for luma's own classes of these panels, else None (subclasses
    for other controllers address their memory differently)."""
    cls = type(device)
    if cls.__module__.startswith("luma.oled") and cls.__name__ in ("ssd1306", "sh1106"):
        return cls.__name__
    return None


class PageWriter:
    """Writes frames to one luma SSD1306 / SH1106 device, sending what changed."""

    def __init__(self, device: Any, kind: str) -> None:
        if kind not in ("ssd1306", "sh1106"):
            raise ValueError(f"no partial updates for {kind!r}")
        self.device = device
        self.kind = kind
        self._held: list[bytes] | None = None  # what the panel's memory holds
        self.pages_sent = 0

    @classmethod
    def for_device(cls, device: Any) -> PageWriter | None:
        kind = panel_kind(device)
        return None if kind is None else cls(device, kind)

    def forget(self) -> None:
        """The panel's memory is unknown (a failed write, a new initialisation): the next
        frame is sent whole."""
        self._held = None

    def write(self, frame: Image.Image) -> None:
        """Bring the panel's memory to `frame` (the device's size, mode "1")."""
        pages = pages_of(self.device.preprocess(frame))
        held, self._held = self._held, None  # unknown until every write has gone through
        width = len(pages[0])
        # A run further along the same page costs a column address: 3 command bytes on an
        # SSD1306 (its window's columns), 2 on an SH1106 (the column's two nibbles).
        gap = 3 if self.kind == "ssd1306" else 2
        spans: list[tuple[int, int, int]] = []  # (page, first column, last column)
        for page, data in enumerate(pages):
            runs = [(0, width - 1)] if held is None else changed_spans(held[page], data, gap)
            spans.extend((page, first, last) for first, last in runs)
        if self.kind == "ssd1306":
            self._write_ssd1306(pages, spans)
        else:
            self._write_sh1106(pages, spans)
        self.pages_sent += len({page for page, _, _ in spans})
        self._held = pages

    def _write_ssd1306(self, pages: list[bytes], spans: list[tuple[int, int, int]]) -> None:
        """One window per span; spans of the same columns on adjacent pages share one (a whole
        frame is a single window). Only the half of the window that changed is sent."""
        colstart = int(getattr(self.device, "_colstart", 0))
        windows: list[tuple[int, int, int, int]] = []  # first page, last page, columns
        for page, first, last in spans:
            if windows and windows[-1][1] == page - 1 and windows[-1][2:] == (first, last):
                windows[-1] = (windows[-1][0], page, first, last)
            else:
                windows.append((page, page, first, last))
        # Unknown at the start of a frame: whatever else talked to the panel meanwhile (luma's
        # own display(), a new initialisation) may have moved the window.
        columns: tuple[int, int] | None = None
        rows: tuple[int, int] | None = None
        for first_page, last_page, first, last in windows:
            command: list[int] = []
            if (first, last) != columns:
                command += [_COLUMNADDR, colstart + first, colstart + last]
            if (first_page, last_page) != rows:
                command += [_PAGEADDR, first_page, last_page]
            self.device.command(*command)
            # Every byte of the window is written: the pointer ends back at its start.
            self.device.data(list(b"".join(pages[page][first:last + 1]
                                           for page in range(first_page, last_page + 1))))
            columns, rows = (first, last), (first_page, last_page)

    def _write_sh1106(self, pages: list[bytes], spans: list[tuple[int, int, int]]) -> None:
        offset = int(getattr(self.device, "_page_address_offset", 2))
        page_at: int | None = None  # the page the controller points at, once set here
        for page, first, last in spans:
            column = offset + first
            nibbles = (_LOW_COLUMN | (column & 0x0F), _HIGH_COLUMN | (column >> 4))
            if page != page_at:
                self.device.command(_SET_PAGE + page, *nibbles)
                page_at = page
            else:
                self.device.command(*nibbles)
            self.device.data(list(pages[page][first:last + 1]))
