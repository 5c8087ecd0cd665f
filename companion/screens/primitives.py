"""What every screen layout draws with: the panel's size and pixel values, a span of columns,
and the lines and marks (context line, hints, title, progress, body) placed on it.

`render` lays out a whole 128x64 screen with these, `flash` lays a notice over one, `short`
shows a screen over pages of a 128x32 panel, and `menus` draws a menu's rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import ImageDraw

from companion.screens.fonts import SMALL, Font
from companion.screens.layout import Fitted, ellipsize
from companion.screens.model import Style
from companion.screens.trace import cut, note_line, progress_line

WIDTH, HEIGHT = 128, 64
#: The panels the screens are laid out for: (width, height) of a frame.
SIZES = ((WIDTH, HEIGHT), (WIDTH, 32))
#: Pixel values of mode "1": Pillow stores a lit pixel as 255 (drawing with 1 would store 1,
#: which saves the same but compares differently).
ON, OFF = 255, 0
#: At most this many body lines are shown (the model promises up to three).
BODY_LINES = 3
#: The widest gap left between the blocks of a centred middle when rows are to spare.
MAX_GAP = 3
#: SSD1306 and SH1106 panels keep the frame in pages of this many rows.
PAGE_ROWS = 8
#: On a prompt, the blank row between the context line and the title's cells (accents on
#: capitals fill a title font's first row).
TITLE_LEAD = 1
#: Titles over a menu use the sizes up to this height, to leave rows for the items.
MENU_TITLE_HEIGHT = 13
BOX = 7  # side of one progress mark
SMALL_BOX = 5  # the same, in the context line
SMALL_PROGRESS_WIDTH = 42
MIN_BAR = 16  # the narrowest progress bar in the context line
BOX_STEP = 10


@dataclass(frozen=True)
class Area:
    """A horizontal span of the screen: [left, right)."""

    left: int
    right: int

    @property
    def width(self) -> int:
        return self.right - self.left

    def inset(self, pixels: int) -> Area:
        return Area(self.left + pixels, self.right - pixels)


Painter = Callable[[ImageDraw.ImageDraw, int], None]


def draw_top(draw: ImageDraw.ImageDraw, text: str, area: Area, y: int, *, centred: bool,
              rule: bool, progress: tuple[int, int] | None) -> None:
    """The context line, progress marks at its right end if given, and a rule under it if
    `rule` (on a 128x32 panel)."""
    if not text:
        return
    if progress:
        # The marks give way to the words: a narrower bar, down to MIN_BAR pixels.
        room = area.width - SMALL.width(_context(text, SMALL, area.width - MIN_BAR - 3)) - 3
        left = _draw_small_progress(draw, progress, area, y, max(MIN_BAR, room))
        area = Area(area.left, left - 3)
    text_line(draw, _context(text, SMALL, area.width), SMALL, area, y, centred=centred,
               part="top")
    if rule:
        line_y = y + SMALL.height
        draw.line((area.left, line_y, WIDTH - 1 - area.left, line_y), fill=ON)


def draw_hints(draw: ImageDraw.ImageDraw, text: str, area: Area, y: int, *,
                inverted: bool) -> None:
    """The hint line; inverted when the screen waits for an answer (ok or back). Its last
    button ends at the right edge, so that it keeps its place when the others change."""
    if inverted:
        draw.rectangle((area.left, y, area.right - 1, y + SMALL.height - 1), fill=ON)
    inner = area.inset(1 if inverted else 0)
    fill = OFF if inverted else ON
    parts = _last_button(text)
    if parts is None or SMALL.width(f"{parts[0]} {parts[1]}") > inner.width:
        text_line(draw, text, SMALL, inner, y, centred=False, fill=fill, part="hints")
        return
    note_line(y, text)
    SMALL.draw(draw, (inner.left, y), parts[0], fill=fill)
    SMALL.draw(draw, (inner.right - SMALL.width(parts[1]), y), parts[1], fill=fill)


def _last_button(text: str) -> tuple[str, str] | None:
    """A hint line split before its last "button:action" word, or None when it has no
    other words before it.

    >>> _last_button("ok:place back:cancel"), _last_button("ok:un bouton  back:un autre")
    (('ok:place', 'back:cancel'), ('ok:un bouton', 'back:un autre'))
    """
    words = text.split()
    last = max((index for index, word in enumerate(words) if ":" in word), default=0)
    if last == 0:
        return None
    return " ".join(words[:last]), " ".join(words[last:])


def title_pad(style: Style) -> int:
    """The margin a style's frame or band needs around the title."""
    return 2 if style in (Style.NOTICE, Style.REFUSAL, Style.CONFIRM) else 0


def stack(draw: ImageDraw.ImageDraw, blocks: list[tuple[int, Painter]], top: int,
           bottom: int, *, centred: bool = True) -> None:
    """Draw `blocks` one under the other, evenly spaced between top and bottom (see
    `block_rows`)."""
    for (_height, paint), y in zip(blocks, block_rows(
            [height for height, _ in blocks], top, bottom, centred=centred)):
        paint(draw, y)


def block_rows(heights: list[int], top: int, bottom: int, *, centred: bool = True) -> list[int]:
    """The first row of each of blocks `heights` high, one under the other, evenly spaced,
    centred between top and bottom; or, not `centred`, packed from `top`, so that each block
    keeps its pages from one screen to the next whatever is under it (a panel is sent only
    the pages that change)."""
    if not heights:
        return []
    spare = bottom - top - sum(heights)
    gap = max(0, min(MAX_GAP, spare // (len(heights) + 1))) if centred else 0
    left = max(0, spare - gap * (len(heights) - 1))
    y = top + ((left + 1) // 2 if centred else 0)
    rows = []
    for height in heights:
        rows.append(y)
        y += height + gap
    return rows


def draw_title(draw: ImageDraw.ImageDraw, title: Fitted, style: Style, area: Area, y: int,
                pad: int) -> None:
    height = title.height + 2 * pad
    box = (area.left, y, area.right - 1, y + height - 1)
    fill = ON
    inner = area.inset(pad)
    if style is Style.REFUSAL:
        draw.rectangle(box, fill=ON)
        fill = OFF
        mark = title.font.advance + 2
        if all(title.font.width(line) + 2 * mark <= inner.width for line in title.lines):
            # "!" at both ends of the band when there is room: a refusal, even at a glance.
            mid = y + pad + (title.height - title.font.height) // 2
            title.font.draw(draw, (inner.left + 1, mid), "!", fill=OFF)
            title.font.draw(draw, (inner.right - title.font.advance - 1, mid), "!", fill=OFF)
            inner = inner.inset(mark)
    elif style is Style.NOTICE:
        bracket_frame(draw, box)
    elif style is Style.CONFIRM:
        draw.rectangle(box, outline=ON)
    line_y = y + pad
    for text in title.lines:
        text_line(draw, text, title.font, inner, line_y, centred=True, fill=fill,
                   part="title")
        line_y += title.font.height


def bracket_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """A notice's frame: a bracket each side, "[" and "]", as high as the box. Not a line
    across: that would change every column of the box's pages each time a notice comes and
    goes, where the words change only some. Drawn line by line so that every Pillow version
    gives the same pixels (the golden frames depend on it)."""
    left, top, right, bottom = box
    draw.line((left, top, left, bottom), fill=ON)
    draw.line((right, top, right, bottom), fill=ON)
    for x, y in ((left + 1, top), (right - 1, top), (left + 1, bottom), (right - 1, bottom)):
        draw.point((x, y), fill=ON)


def draw_progress(draw: ImageDraw.ImageDraw, progress: tuple[int, int], area: Area,
                   y: int) -> None:
    """`done` filled boxes then empty ones; a bar when there are too many to count by eye."""
    done, needed = _clamp(progress)
    progress_line(y, done, needed)
    span = needed * BOX_STEP - (BOX_STEP - BOX)
    if span <= area.width:
        x = area.left + (area.width - span) // 2
        for index in range(needed):
            left = x + index * BOX_STEP
            draw.rectangle((left, y, left + BOX - 1, y + BOX - 1),
                           fill=ON if index < done else OFF, outline=ON)
        return
    bar = area.inset(4)
    draw.rectangle((bar.left, y, bar.right - 1, y + BOX - 1), outline=ON)
    filled = (bar.width - 4) * done // needed
    if filled:
        draw.rectangle((bar.left + 2, y + 2, bar.left + 1 + filled, y + BOX - 3), fill=ON)


def _context(text: str, font: Font, width: int) -> str:
    """The context line within `width`: its last " · " parts dropped, whole, as needed.

    >>> _context("D1 · R12 · 3 players", SMALL, 90)
    'D1 · R12'
    """
    parts = text.split(" · ")
    while len(parts) > 1 and font.width(" · ".join(parts)) > width:
        parts.pop()
    return " · ".join(parts)


def _draw_small_progress(draw: ImageDraw.ImageDraw, progress: tuple[int, int], area: Area,
                         y: int, room: int = SMALL_PROGRESS_WIDTH) -> int:
    """Progress marks right-aligned in a small-font line at `y`, within `room` pixels when
    they can be; returns their left edge."""
    done, needed = _clamp(progress)
    progress_line(y + 1, done, needed)
    size, step = SMALL_BOX, SMALL_BOX + 2
    top = y + (SMALL.height - 1 - size) // 2
    room = min(room, SMALL_PROGRESS_WIDTH)
    if needed * step <= room:
        left = area.right - needed * step + 2
        for index in range(needed):
            x = left + index * step
            draw.rectangle((x, top, x + size - 1, top + size - 1),
                           fill=ON if index < done else OFF, outline=ON)
        return left
    left = area.right - room
    draw.rectangle((left, top, area.right - 1, top + size - 1), outline=ON)
    filled = (room - 2) * done // needed
    if filled:
        draw.rectangle((left + 1, top + 1, left + filled, top + size - 2), fill=ON)
    return left


def _clamp(progress: tuple[int, int]) -> tuple[int, int]:
    """(done, needed) made drawable: needed at least 1, done within 0..needed."""
    done, needed = progress
    needed = max(needed, 1)
    return min(max(done, 0), needed), needed


def draw_lines(draw: ImageDraw.ImageDraw, lines: tuple[str, ...], area: Area, y: int,
                centred: bool) -> None:
    for text in lines:
        text_line(draw, text, SMALL, area, y, centred=centred, part="body")
        y += SMALL.height


def text_line(draw: ImageDraw.ImageDraw, text: str, font: Font, area: Area, y: int,
               *, centred: bool, part: str | None, fill: int = ON, marked: bool = False) -> None:
    """One line of text within `area`, ellipsized when too long (reported as a cut of
    `part` unless it is None)."""
    shown = ellipsize(text, font, area.width)
    if shown != text and part is not None:
        cut(part, text, shown)
    text = shown
    note_line(y, text, marked=marked or part == "menu" and fill == OFF)
    x = area.left + (area.width - font.width(text)) // 2 if centred else area.left
    font.draw(draw, (x, y), text, fill=fill)
