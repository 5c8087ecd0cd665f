"""Partial updates of an SSD1306 or SH1106: only the 8-row pages that changed are sent.

luma's `display()` sends the whole frame (1,024 bytes for 128x64, about 23 ms on I2C at
400 kHz) for any change. These panels keep the frame in their own memory, one byte per column
for each page of 8 rows (the top row in the low bit), and take writes addressed to a page and
a column, so a changed line or a moved cursor needs only the bytes of its pages, and within
them of the columns that changed:

- SSD1306 (luma sets horizontal addressing): one window per run of adjacent changed pages,
  `COLUMNADDR c0 c1, PAGEADDR p0 p1`, then the window's bytes page by page;
- SH1106 (page addressing only, 132 columns with the visible 128 at an offset): per changed
  page, `0xB0+page`, the column's low and high nibbles, then the bytes.

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
    if old == new:
        return None
    first = next(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
    last = len(new) - 1 - next(i for i, (a, b) in enumerate(zip(reversed(old), reversed(new)))
                               if a != b)
    return first, last


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
        spans: list[tuple[int, int, int]] = []  # (page, first column, last column)
        for page, data in enumerate(pages):
            span = (0, width - 1) if held is None else changed_columns(held[page], data)
            if span is not None:
                spans.append((page, *span))
        if self.kind == "ssd1306":
            self._write_ssd1306(pages, spans)
        else:
            self._write_sh1106(pages, spans)
        self.pages_sent += len(spans)
        self._held = pages

    def _write_ssd1306(self, pages: list[bytes], spans: list[tuple[int, int, int]]) -> None:
        colstart = int(getattr(self.device, "_colstart", 0))
        run: list[tuple[int, int, int]] = []
        for span in spans:
            if run and span[0] != run[-1][0] + 1:
                self._ssd1306_window(pages, run, colstart)
                run = []
            run.append(span)
        if run:
            self._ssd1306_window(pages, run, colstart)

    def _ssd1306_window(self, pages: list[bytes], run: list[tuple[int, int, int]],
                        colstart: int) -> None:
        first = min(span[1] for span in run)
        last = max(span[2] for span in run)
        self.device.command(_COLUMNADDR, colstart + first, colstart + last,
                            _PAGEADDR, run[0][0], run[-1][0])
        self.device.data(list(b"".join(pages[page][first:last + 1] for page, _, _ in run)))

    def _write_sh1106(self, pages: list[bytes], spans: list[tuple[int, int, int]]) -> None:
        offset = int(getattr(self.device, "_page_address_offset", 2))
        for page, first, last in spans:
            column = offset + first
            self.device.command(_SET_PAGE + page, _LOW_COLUMN | (column & 0x0F),
                                _HIGH_COLUMN | (column >> 4))
            self.device.data(list(pages[page][first:last + 1]))
