"""Partial updates of an SSD1306 or SH1106: only the 8-row pages that changed are sent.

luma's `display()` sends the whole frame (1,024 bytes for 128x64, about 23 ms on I2C at
400 kHz) for any change. These panels keep the frame in their own memory, one byte per column
for each page of 8 rows (the top row in the low bit), and take writes addressed to a page and
a column, so a changed line or a moved cursor needs only the bytes of its pages, and within
them of the columns that changed. Each run of changed columns is addressed in one of two ways:

- page addressing (the SH1106's only mode, 132 columns with the visible 128 at an offset; an
  SSD1306 after `0x20, 0x02`): `0xB0+page` when the page changes, the column's low and high
  nibbles, then the bytes: 3 command bytes, 2 for another run on the same page;
- an SSD1306 in horizontal addressing (the mode luma sets and its `display()` relies on): a
  window `COLUMNADDR c0 c1, PAGEADDR p0 p1` per run, shared by adjacent pages whose run is the
  same, then its bytes: 6 command bytes, 3 when the columns or the pages repeat.

Runs of changes closer than a new address costs go as one. An SSD1306 gets, frame by frame,
whichever costs fewer bytes, a mode switch (2 bytes) included: page addressing for most
changes, one horizontal window for a whole frame. Before luma's own `display()` (its
`clear()`, its exit hook) the writer puts the panel back in horizontal mode.

The first frame, the first after the panel was initialised again, and the first after a failed
write are sent whole, with the addressing mode set again.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

PAGE_ROWS = 8
_COLUMNADDR, _PAGEADDR = 0x21, 0x22
_SET_PAGE, _LOW_COLUMN, _HIGH_COLUMN = 0xB0, 0x00, 0x10
_MEMORY_MODE = 0x20
HORIZONTAL, PAGE = 0x00, 0x02  # an SSD1306's addressing modes (its vertical one is not used)
#: Runs closer than these equal columns go as one: a new address on the same page costs 2
#: bytes in page addressing (the column's nibbles), 3 for a horizontal window (its columns).
_PAGE_GAP, _WINDOW_GAP = 2, 3

#: One transfer: its command bytes, then its data bytes.
Step = tuple[tuple[int, ...], bytes]
#: A run of changed columns: (page, first column, last column).
Span = tuple[int, int, int]


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
    if old == new:
        return spans  # most pages of most changes: compared at C speed
    for column, (was, now) in enumerate(zip(old, new)):
        if was == now:
            continue
        if spans and column - spans[-1][1] - 1 < gap:
            spans[-1] = (spans[-1][0], column)
        else:
            spans.append((column, column))
    return spans


def joined(runs: list[tuple[int, int]], gap: int) -> list[tuple[int, int]]:
    """`runs` (as `changed_spans` gives them) with those fewer than `gap` equal columns apart
    made one: `changed_spans(old, new, 3)` is `joined(changed_spans(old, new, 2), 3)`."""
    spans: list[tuple[int, int]] = []
    for first, last in runs:
        if spans and first - spans[-1][1] - 1 < gap:
            spans[-1] = (spans[-1][0], last)
        else:
            spans.append((first, last))
    return spans


def panel_kind(device: Any) -> str | None:
    """"ssd1306" or "sh1106" for luma's own classes of these panels, else None (subclasses
    for other controllers address their memory differently)."""
    cls = type(device)
    if cls.__module__.startswith("luma.oled") and cls.__name__ in ("ssd1306", "sh1106"):
        return cls.__name__
    return None


def plan_cost(plan: list[Step]) -> int:
    """The bytes a plan puts on the bus, commands and data."""
    return sum(len(command) + len(data) for command, data in plan)


def page_addressed(pages: list[bytes], spans: list[Span], offset: int) -> list[Step]:
    """The spans in page addressing: the page when it changes, then the column's nibbles."""
    plan: list[Step] = []
    page_at: int | None = None  # the page the controller points at, once set here
    for page, first, last in spans:
        column = offset + first
        nibbles = (_LOW_COLUMN | (column & 0x0F), _HIGH_COLUMN | (column >> 4))
        command = nibbles if page == page_at else (_SET_PAGE + page, *nibbles)
        plan.append((command, pages[page][first:last + 1]))
        page_at = page
    return plan


def window_addressed(pages: list[bytes], spans: list[Span], colstart: int) -> list[Step]:
    """The spans as SSD1306 windows in horizontal addressing; spans of the same columns on
    adjacent pages share one (a whole frame is a single window)."""
    windows: list[tuple[int, int, int, int]] = []  # first page, last page, columns
    for page, first, last in spans:
        if windows and windows[-1][1] == page - 1 and windows[-1][2:] == (first, last):
            windows[-1] = (windows[-1][0], page, first, last)
        else:
            windows.append((page, page, first, last))
    # Unknown at the start: page addressing or luma's own display() may have moved the window.
    columns: tuple[int, int] | None = None
    rows: tuple[int, int] | None = None
    plan: list[Step] = []
    for first_page, last_page, first, last in windows:
        command: tuple[int, ...] = ()
        if (first, last) != columns:
            command += (_COLUMNADDR, colstart + first, colstart + last)
        if (first_page, last_page) != rows:
            command += (_PAGEADDR, first_page, last_page)
        # Every byte of the window is written: the pointer ends back at its start.
        plan.append((command, b"".join(pages[page][first:last + 1]
                                       for page in range(first_page, last_page + 1))))
        columns, rows = (first, last), (first_page, last_page)
    return plan


def with_prefix(command: tuple[int, ...], plan: list[Step]) -> list[Step]:
    """The plan with `command` sent first, in the same transfer as its first command."""
    if not plan:
        return [(command, b"")]
    (first, data), *rest = plan
    return [((*command, *first), data), *rest]


class PageWriter:
    """Writes frames to one luma SSD1306 / SH1106 device, sending what changed.

    It wraps the device's own `display()`, which every full frame of luma's goes through
    (`clear()`, `cleanup()` at exit): an SSD1306 is put back in horizontal mode first, and the
    frame that follows is sent whole."""

    def __init__(self, device: Any, kind: str) -> None:
        if kind not in ("ssd1306", "sh1106"):
            raise ValueError(f"no partial updates for {kind!r}")
        self.device = device
        self.kind = kind
        self._held: list[bytes] | None = None  # what the panel's memory holds
        # An SSD1306's addressing mode (None: not known), and whether its column window spans
        # the whole width: in page addressing a write past the window's end may wrap.
        self._mode: int | None = None
        self._full_window = False
        self.pages_sent = 0
        self._wrap_luma_display()

    @classmethod
    def for_device(cls, device: Any) -> PageWriter | None:
        kind = panel_kind(device)
        return None if kind is None else cls(device, kind)

    @property
    def mode(self) -> int | None:
        """The SSD1306's addressing mode as last set (HORIZONTAL or PAGE), None when unknown."""
        return self._mode

    def forget(self) -> None:
        """The panel's memory is unknown (a failed write, a new initialisation): the next
        frame is sent whole, the addressing mode set again."""
        self._held = None
        self._mode = None

    def write(self, frame: Image.Image) -> None:
        """Bring the panel's memory to `frame` (the device's size, mode "1")."""
        pages = pages_of(self.device.preprocess(frame))
        held, self._held = self._held, None  # unknown until every write has gone through
        mode, self._mode = self._mode, None
        # Each page compared once, its runs joined further for horizontal windows if need be.
        runs = None if held is None else [changed_spans(old, new, _PAGE_GAP)
                                          for old, new in zip(held, pages)]
        if self.kind == "ssd1306":
            plan, mode, full_window = self._ssd1306_plan(pages, runs, mode)
        else:
            offset = int(getattr(self.device, "_page_address_offset", 2))
            plan = page_addressed(pages, self._spans(pages, runs, _PAGE_GAP), offset)
            full_window = False
        for command, data in plan:
            if command:
                self.device.command(*command)
            if data:
                self.device.data(list(data))
        self.pages_sent += sum(held is None or held[page] != data
                               for page, data in enumerate(pages))
        self._held, self._mode, self._full_window = pages, mode, full_window

    @staticmethod
    def _spans(pages: list[bytes], runs: list[list[tuple[int, int]]] | None,
               gap: int) -> list[Span]:
        """The runs of changed columns, page by page, joined when fewer than `gap` apart (the
        bytes a new address on the same page costs); every page whole when nothing is held
        (`runs` None)."""
        width = len(pages[0])
        spans: list[Span] = []
        for page in range(len(pages)):
            if runs is None:
                page_runs = [(0, width - 1)]
            else:
                page_runs = runs[page] if gap <= _PAGE_GAP else joined(runs[page], gap)
            spans.extend((page, first, last) for first, last in page_runs)
        return spans

    def _ssd1306_plan(self, pages: list[bytes], runs: list[list[tuple[int, int]]] | None,
                      mode: int | None) -> tuple[list[Step], int, bool]:
        """The cheaper of page addressing and horizontal windows, with the mode switch each
        needs, and the mode and full-window state the panel is left in."""
        colstart = int(getattr(self.device, "_colstart", 0))
        width = len(pages[0])
        spans = self._spans(pages, runs, _WINDOW_GAP)
        windows = window_addressed(pages, spans, colstart)
        if mode != HORIZONTAL:
            windows = with_prefix((_MEMORY_MODE, HORIZONTAL), windows)
        # The panel keeps the columns of the last window sent.
        full_window = spans[-1][1:] == (0, width - 1) if spans else self._full_window
        horizontal = (windows, HORIZONTAL, full_window)
        if mode is None:  # not known: the whole frame, in the mode set here
            return horizontal
        paged = page_addressed(pages, self._spans(pages, runs, _PAGE_GAP), colstart)
        if mode != PAGE:
            # The window is set while still in horizontal mode, the one it is meant for.
            full = () if self._full_window else (_COLUMNADDR, colstart, colstart + width - 1)
            paged = with_prefix((*full, _MEMORY_MODE, PAGE), paged)
        page = (paged, PAGE, True)
        # On a tie the panel stays in the mode it is in.
        candidates = [page, horizontal] if mode == PAGE else [horizontal, page]
        return min(candidates, key=lambda candidate: plan_cost(candidate[0]))

    def _wrap_luma_display(self) -> None:
        """luma's full frame on an SSD1306 is a horizontal window: the panel goes back to
        horizontal mode before it. After it the panel holds a frame this writer did not send."""
        luma_display = self.device.display

        def display(image: Image.Image) -> None:
            mode, self._mode, self._held = self._mode, None, None
            if self.kind == "ssd1306" and mode != HORIZONTAL:
                self.device.command(_MEMORY_MODE, HORIZONTAL)
            luma_display(image)
            if self.kind == "ssd1306":
                self._mode, self._full_window = HORIZONTAL, True

        self.device.display = display
