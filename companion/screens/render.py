"""Draw a `Screen` as a 1-bit image: pure and deterministic, so tested with golden PNGs.

A 128x64 panel shows a screen in one frame, laid out below; a 128x32 panel shows the same
words in fewer lines at a time, over pages (see `companion.screens.short`).

Layout (small text is 6x8 pixels: 21 characters a line, 8 lines):

    top      the context line in the small font
    middle   the title in the largest font that fits, progress marks, then the body lines
             or the menu
    hints    the bottom line: what the buttons do now ("ok:menu  back:undo")

The panels keep a frame in pages of 8 rows and are sent only the pages, and in them the
columns, that change; a line that straddles two pages costs both. So a prompt is laid out on
whole pages, from the top: the context line is page 0 and the hint line page 7; the title
takes whole pages (two for one line: a blank row, then a font up to 15 rows high), progress
marks one, and each body or menu line one. Each block keeps its pages from one prompt to the
next, and a new title or a flash over it is sent as those pages only. Other styles, shown
alone, centre their middle between top and hints.

Styles differ by shape, never by colour: a NOTICE sets its title between brackets, [ ]; a
REFUSAL shows its title inverted in a band, between "!" marks when they fit; an ANNOUNCE has a
double border around the whole screen with everything centred; a CONFIRM frames the question
with square corners and inverts the hint line, since only a button answers it.

>>> image = render(Screen(top="D1 · R4", title="Ana's turn", hints="ok:menu"))
>>> image.mode, image.size
('1', (128, 64))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from companion.screens.fonts import SMALL, TITLES, Font
from companion.screens.layout import Fitted, ellipsize, fit, wrap
from companion.screens.model import Menu, Screen, Style
from companion.screens.trace import LINES, cut, note_line, progress_line, tracing

# What a render drew, for the callers of this module.
from companion.screens.trace import Cut as Cut
from companion.screens.trace import text_lines as text_lines

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
class _Area:
    """A horizontal span of the screen: [left, right)."""

    left: int
    right: int

    @property
    def width(self) -> int:
        return self.right - self.left

    def inset(self, pixels: int) -> _Area:
        return _Area(self.left + pixels, self.right - pixels)


Painter = Callable[[ImageDraw.ImageDraw, int], None]


def cuts(screen: Screen, size: tuple[int, int] = (WIDTH, HEIGHT)) -> list[Cut]:
    """What `render(screen, size)` cuts or leaves out, over all its pages: empty when every
    word is shown whole."""
    with tracing() as found:
        for page in range(pages(screen, size)):
            render(screen, size, page)
    return found


def pages(screen: Screen, size: tuple[int, int] = (WIDTH, HEIGHT)) -> int:
    """How many frames show `screen` whole on a panel of `size`, shown in turn: one on a
    128x64 panel."""
    if _checked(size)[1] >= HEIGHT:
        return 1
    from companion.screens import short

    return short.page_count(screen, size)


def _checked(size: tuple[int, int]) -> tuple[int, int]:
    if tuple(size) not in SIZES:
        raise ValueError(f"no screen layout for a {size[0]}x{size[1]} panel; one of "
                         + ", ".join(f"{width}x{height}" for width, height in SIZES))
    return size


def render(screen: Screen, size: tuple[int, int] = (WIDTH, HEIGHT), page: int = 0
           ) -> Image.Image:
    """The frame for `screen` on a panel of `size` (one of SIZES): mode "1", lit pixels 255;
    `page` counts from 0 to `pages(screen, size) - 1` (a 128x64 frame has one).

    Its text lines are kept in `image.info` (see `text_lines`).
    """
    image = Image.new("1", _checked(size), OFF)
    lines: list[tuple[int, bool, str]] = []
    token = LINES.set(lines)
    try:
        if size[1] >= HEIGHT:
            _paint(image, screen)
        else:
            from companion.screens import short

            short.paint(image, screen, page)
    finally:
        LINES.reset(token)
    image.info["lines"] = lines
    return image


def _paint(image: Image.Image, screen: Screen) -> None:
    if screen.beneath is not None and screen.style in (Style.NOTICE, Style.REFUSAL):
        from companion.screens import flash

        whole = flash.paint_over(image, screen, screen.beneath)
        if whole is None:
            return
        screen = whole
    draw = ImageDraw.Draw(image)
    area, top, bottom, in_top = _frame(screen)
    _draw_edges(draw, screen, area, bottom, in_top)
    blocks = _middle_blocks(screen, area, bottom - top, with_progress=not in_top)
    _stack(draw, [(height, paint) for _, height, paint in blocks], top, bottom,
           centred=screen.style is not Style.PROMPT)


def _frame(screen: Screen) -> tuple[_Area, int, int, bool]:
    """Where the middle goes: its span, its first row and the row under it; and whether the
    progress marks go on the context line."""
    margin = 3 if screen.style is Style.ANNOUNCE else 0
    area = _Area(margin, WIDTH - margin)
    top = margin + (SMALL.height if screen.top else 0)
    bottom = HEIGHT - margin - (SMALL.height if screen.hints else 0)
    # Progress marks go under the title, unless they would push details off the screen and
    # the context line can carry them instead.
    in_top = bool(screen.progress and screen.top) and not _fits_with_progress(
        screen, area, bottom - top)
    return area, top, bottom, in_top


def _draw_edges(draw: ImageDraw.ImageDraw, screen: Screen, area: _Area, bottom: int,
                in_top: bool) -> None:
    """What surrounds the middle: an announcement's border, the context and hint lines."""
    announce = screen.style is Style.ANNOUNCE
    if announce:
        # A double border: the one shape no other screen has, visible from across the table.
        draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=ON)
        draw.rectangle((2, 2, WIDTH - 3, HEIGHT - 3), outline=ON)
    # No rule under the context line: it is a page of its own, and the title starts a row
    # under it.
    _draw_top(draw, screen.top, area, area.left, centred=announce, rule=False,
              progress=screen.progress if in_top else None)
    if screen.hints:
        _draw_hints(draw, screen.hints, area, bottom, inverted=screen.style is Style.CONFIRM)


def _draw_top(draw: ImageDraw.ImageDraw, text: str, area: _Area, y: int, *, centred: bool,
              rule: bool, progress: tuple[int, int] | None) -> None:
    """The context line, progress marks at its right end if given, and a rule under it if
    `rule` (on a 128x32 panel)."""
    if not text:
        return
    if progress:
        # The marks give way to the words: a narrower bar, down to MIN_BAR pixels.
        room = area.width - SMALL.width(_context(text, SMALL, area.width - MIN_BAR - 3)) - 3
        left = _draw_small_progress(draw, progress, area, y, max(MIN_BAR, room))
        area = _Area(area.left, left - 3)
    _text_line(draw, _context(text, SMALL, area.width), SMALL, area, y, centred=centred,
               part="top")
    if rule:
        line_y = y + SMALL.height
        draw.line((area.left, line_y, WIDTH - 1 - area.left, line_y), fill=ON)


def _draw_hints(draw: ImageDraw.ImageDraw, text: str, area: _Area, y: int, *,
                inverted: bool) -> None:
    """The hint line; inverted when the screen waits for an answer (ok or back). Its last
    button ends at the right edge, so that it keeps its place when the others change."""
    if inverted:
        draw.rectangle((area.left, y, area.right - 1, y + SMALL.height - 1), fill=ON)
    inner = area.inset(1 if inverted else 0)
    fill = OFF if inverted else ON
    parts = _last_button(text)
    if parts is None or SMALL.width(f"{parts[0]} {parts[1]}") > inner.width:
        _text_line(draw, text, SMALL, inner, y, centred=False, fill=fill, part="hints")
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


def _fits_with_progress(screen: Screen, area: _Area, room: int) -> bool:
    """Whether the middle holds the progress marks and still shows the title whole and every
    body line or menu row."""
    paged = _paged(screen.style)
    pad = _pad(screen.style)
    room -= _progress_height(paged)
    if screen.menu:
        title, rows = _fit_title_and_menu(screen.title, screen.menu, area, room, pad, paged)
        whole = rows >= min(len(screen.menu.items), BODY_LINES)
    else:
        title, body = _fit_title_and_body(screen.title, screen.body, area, room, pad, paged)
        whole = len(body) >= len(_body_lines(screen.body, area.width))
    return whole and (title is None or title.complete)


def _paged(style: Style) -> bool:
    """Whether a screen of `style` is laid out on whole pages (see the module's docstring):
    a prompt, which follows other prompts; other styles are centred."""
    return style is Style.PROMPT


def _band(height: int, paged: bool) -> int:
    """The rows a title `height` rows high takes: on a page layout, a blank row and its cells
    rounded up to whole pages."""
    if not paged:
        return height
    return -(-(height + TITLE_LEAD) // PAGE_ROWS) * PAGE_ROWS


def _progress_height(paged: bool) -> int:
    return PAGE_ROWS if paged else BOX


def _pad(style: Style) -> int:
    """The margin a style's frame or band needs around the title."""
    return 2 if style in (Style.NOTICE, Style.REFUSAL, Style.CONFIRM) else 0


def _middle_blocks(screen: Screen, area: _Area, room: int, *,
                   with_progress: bool) -> list[tuple[str, int, Painter]]:
    """The middle's blocks, top to bottom, as (title, progress, menu or body; height, painter
    drawing at a given row)."""
    from companion.screens import menus
    style = screen.style
    pad = _pad(style)
    paged = _paged(style)
    lead = TITLE_LEAD if paged else 0
    progress_h = _progress_height(paged) if screen.progress and with_progress else 0
    body: tuple[str, ...] = ()
    rows = 0
    if screen.menu:
        title, rows = _fit_title_and_menu(screen.title, screen.menu, area, room - progress_h, pad,
                                          paged)
    else:
        title, body = _fit_title_and_body(screen.title, screen.body, area, room - progress_h, pad,
                                          paged)
    blocks: list[tuple[str, int, Painter]] = []
    if title and (not title.complete or _words(" ".join(title.lines)) != _words(screen.title)):
        cut("title", screen.title, " / ".join(title.lines))
    if not screen.menu and _words(" ".join(body)) != _words(" ".join(screen.body)):
        cut("body", " / ".join(screen.body), " / ".join(body))
    if title:
        shown = title
        blocks.append(("title", _band(title.height + 2 * pad, paged),
                       lambda draw, y: _draw_title(draw, shown, style, area, y + lead, pad)))
    if screen.progress and with_progress:
        progress = screen.progress
        blocks.append(("progress", progress_h,
                       lambda draw, y: _draw_progress(draw, progress, area, y)))
    if screen.menu:
        menu = screen.menu
        blocks.append(("menu", rows * SMALL.height,
                       lambda draw, y: menus.draw_menu(draw, menu, rows, area, y)))
    if body:
        centred = style is Style.ANNOUNCE
        blocks.append(("body", len(body) * SMALL.height,
                       lambda draw, y: _draw_lines(draw, body, area, y, centred)))
    return blocks


@lru_cache(maxsize=256)  # a flash lays out the middle just drawn under it again
def _fit_title_and_menu(text: str, menu: Menu, area: _Area, room: int, pad: int,
                        paged: bool = False) -> tuple[Fitted | None, int]:
    """A one-line heading (the list is what is read) and how many menu rows fit under it."""
    from companion.screens import menus
    # Over a list, the title is a heading: the list is what is read.
    fonts = tuple(font for font in TITLES if font.height <= MENU_TITLE_HEIGHT)
    heading = _band(fonts[-1].height + 2 * pad, paged) if text else 0
    available = max(1, (room - heading) // SMALL.height)
    rows = min(len(menus.menu_rows(menu, area, available)), available)
    if not text:
        return None, rows
    title_room = max(room - rows * SMALL.height, heading) - 2 * pad - (TITLE_LEAD if paged else 0)
    return fit(text, fonts, area.inset(pad).width, title_room, max_lines=1), rows


@lru_cache(maxsize=256)  # a flash lays out the middle just drawn under it again
def _fit_title_and_body(text: str, body: tuple[str, ...], area: _Area, room: int, pad: int,
                        paged: bool = False) -> tuple[Fitted | None, tuple[str, ...]]:
    """The title in the largest size it can take, and the body lines that leave it room.

    The title matters more than the details: body lines are dropped, last first, until the
    smallest title fits; when the title would still be cut, it is set in the small font
    instead, if that shows it whole. A body line too long for the screen is wrapped onto the
    next line unless that costs the title its end; then it costs the title's size first.
    """
    smallest = _band(TITLES[-1].height + 2 * pad, paged)
    lead = TITLE_LEAD if paged else 0
    # On whole pages a line of title takes two: 9x18B is 9x15B's letters with more blank rows.
    fonts = tuple(font for font in TITLES
                  if not paged or _band(font.height, paged) <= 2 * PAGE_ROWS)
    best: tuple[tuple[bool, bool, int, int], Fitted | None, tuple[str, ...]] | None = None
    for given in dict.fromkeys((_body_lines(body, area.width), body[:BODY_LINES])):
        lines = given
        while lines and text and room - len(lines) * SMALL.height < smallest:
            lines = lines[:-1]
        if not text:
            return None, lines
        title_room = max(room - len(lines) * SMALL.height, smallest) - 2 * pad - lead
        title = fit(text, fonts, area.inset(pad).width, title_room)
        # A whole title first, then every detail whole, then the largest title.
        whole = lines == given and all(SMALL.width(line) <= area.width for line in lines)
        score = (title.complete, whole, title.font.height, -len(title.lines))
        if best is None or score > best[0]:
            best = (score, title, lines)
    assert best is not None
    _score, chosen, lines = best
    if chosen is not None and not chosen.complete:
        # Rather than cut the title or hide a detail: the title in the small font, whole.
        small = fit(text, (SMALL,), area.inset(pad).width,
                    max(room - len(lines) * SMALL.height, SMALL.height) - 2 * pad - lead,
                    max_lines=3)
        if small.complete:
            return small, lines
    return chosen, lines


@lru_cache(maxsize=256)  # a flash lays out the middle just drawn under it again
def _body_lines(body: tuple[str, ...], width: int) -> tuple[str, ...]:
    """The body's lines, a too-long line wrapped onto the next when all still fit in three.

    >>> _body_lines(("Still to play: Ben, Cléo",), 120)
    ('Still to play: Ben,', 'Cléo')
    """
    wrapped: list[str] = []
    for line in body[:BODY_LINES]:
        wrapped.extend(wrap(line, SMALL, width) or [line])
    return tuple(wrapped) if len(wrapped) <= BODY_LINES else body[:BODY_LINES]


def _words(text: str) -> list[str]:
    return text.split()


def _stack(draw: ImageDraw.ImageDraw, blocks: list[tuple[int, Painter]], top: int,
           bottom: int, *, centred: bool = True) -> None:
    """Draw `blocks` one under the other, evenly spaced between top and bottom (see
    `_rows`)."""
    for (_height, paint), y in zip(blocks, _rows(
            [height for height, _ in blocks], top, bottom, centred=centred)):
        paint(draw, y)


def _rows(heights: list[int], top: int, bottom: int, *, centred: bool = True) -> list[int]:
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


def _draw_title(draw: ImageDraw.ImageDraw, title: Fitted, style: Style, area: _Area, y: int,
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
        _bracket_frame(draw, box)
    elif style is Style.CONFIRM:
        draw.rectangle(box, outline=ON)
    line_y = y + pad
    for text in title.lines:
        _text_line(draw, text, title.font, inner, line_y, centred=True, fill=fill,
                   part="title")
        line_y += title.font.height


def _bracket_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """A notice's frame: a bracket each side, "[" and "]", as high as the box. Not a line
    across: that would change every column of the box's pages each time a notice comes and
    goes, where the words change only some. Drawn line by line so that every Pillow version
    gives the same pixels (the golden frames depend on it)."""
    left, top, right, bottom = box
    draw.line((left, top, left, bottom), fill=ON)
    draw.line((right, top, right, bottom), fill=ON)
    for x, y in ((left + 1, top), (right - 1, top), (left + 1, bottom), (right - 1, bottom)):
        draw.point((x, y), fill=ON)


def _draw_progress(draw: ImageDraw.ImageDraw, progress: tuple[int, int], area: _Area,
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


def _draw_small_progress(draw: ImageDraw.ImageDraw, progress: tuple[int, int], area: _Area,
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


def _draw_lines(draw: ImageDraw.ImageDraw, lines: tuple[str, ...], area: _Area, y: int,
                centred: bool) -> None:
    for text in lines:
        _text_line(draw, text, SMALL, area, y, centred=centred, part="body")
        y += SMALL.height


def _text_line(draw: ImageDraw.ImageDraw, text: str, font: Font, area: _Area, y: int,
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
