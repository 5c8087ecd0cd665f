"""The middle of a 128x64 screen, between its context and hint lines: the title in the largest
font that fits, the progress marks, then the body lines or the menu (see `render`).

The fitted layouts are kept (`lru_cache`): a notice lays out again the middle just drawn
under it.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageDraw

from companion.screens import menus
from companion.screens.fonts import SMALL, TITLES
from companion.screens.layout import Fitted, fit, shortened, wrap
from companion.screens.model import Menu, Screen, Style
from companion.screens.primitives import (
    BODY_LINES,
    BOX,
    HEIGHT,
    MENU_TITLE_HEIGHT,
    ON,
    PAGE_ROWS,
    TITLE_LEAD,
    WIDTH,
    Area,
    Painter,
    draw_hints,
    draw_lines,
    draw_progress,
    draw_title,
    draw_top,
    title_pad,
)
from companion.screens.trace import cut


def frame_of(screen: Screen) -> tuple[Area, int, int, bool]:
    """Where the middle goes: its span, its first row and the row under it; and whether the
    progress marks go on the context line."""
    margin = 3 if screen.style is Style.ANNOUNCE else 0
    area = Area(margin, WIDTH - margin)
    top = margin + (SMALL.height if screen.top else 0)
    bottom = HEIGHT - margin - (SMALL.height if screen.hints else 0)
    # Progress marks go under the title, unless they would push details off the screen and
    # the context line can carry them instead.
    in_top = bool(screen.progress and screen.top) and not _fits_with_progress(
        screen, area, bottom - top)
    return area, top, bottom, in_top


def draw_edges(draw: ImageDraw.ImageDraw, screen: Screen, area: Area, bottom: int,
                in_top: bool) -> None:
    """What surrounds the middle: an announcement's border, the context and hint lines."""
    announce = screen.style is Style.ANNOUNCE
    if announce:
        # A double border: the one shape no other screen has, visible from across the table.
        draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=ON)
        draw.rectangle((2, 2, WIDTH - 3, HEIGHT - 3), outline=ON)
    # No rule under the context line: it is a page of its own, and the title starts a row
    # under it.
    draw_top(draw, screen.top, area, area.left, centred=announce, rule=False,
              progress=screen.progress if in_top else None)
    if screen.hints:
        draw_hints(draw, screen.hints, area, bottom, inverted=screen.style is Style.CONFIRM)


def _fits_with_progress(screen: Screen, area: Area, room: int) -> bool:
    """Whether the middle holds the progress marks and still shows the title whole and every
    body line or menu row."""
    paged = on_pages(screen.style)
    pad = title_pad(screen.style)
    room -= _progress_height(paged)
    if screen.menu:
        title, rows = _fit_title_and_menu(screen.title, screen.menu, area, room, pad, paged)
        whole = rows >= min(len(screen.menu.items), BODY_LINES)
    else:
        title, body = _fit_title_and_body(screen.title, screen.body, area, room, pad, paged)
        whole = len(body) >= len(_body_lines(screen.body, area.width))
    return whole and (title is None or title.complete)


def on_pages(style: Style) -> bool:
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


def middle_blocks(screen: Screen, area: Area, room: int, *,
                   with_progress: bool) -> list[tuple[str, int, Painter]]:
    """The middle's blocks, top to bottom, as (title, progress, menu or body; height, painter
    drawing at a given row)."""
    style = screen.style
    pad = title_pad(style)
    paged = on_pages(style)
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
    if title and (not title.complete or shortened(screen.title, title.lines)):
        cut("title", screen.title, " / ".join(title.lines))
    if not screen.menu and shortened(" ".join(screen.body), body):
        cut("body", " / ".join(screen.body), " / ".join(body))
    if title:
        shown = title
        blocks.append(("title", _band(title.height + 2 * pad, paged),
                       lambda draw, y: draw_title(draw, shown, style, area, y + lead, pad)))
    if screen.progress and with_progress:
        progress = screen.progress
        blocks.append(("progress", progress_h,
                       lambda draw, y: draw_progress(draw, progress, area, y)))
    if screen.menu:
        menu = screen.menu
        blocks.append(("menu", rows * SMALL.height,
                       lambda draw, y: menus.draw_menu(draw, menu, rows, area, y)))
    if body:
        centred = style is Style.ANNOUNCE
        blocks.append(("body", len(body) * SMALL.height,
                       lambda draw, y: draw_lines(draw, body, area, y, centred)))
    return blocks


@lru_cache(maxsize=256)  # a flash lays out the middle just drawn under it again
def _fit_title_and_menu(text: str, menu: Menu, area: Area, room: int, pad: int,
                        paged: bool = False) -> tuple[Fitted | None, int]:
    """A one-line heading (the list is what is read) and how many menu rows fit under it."""
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
def _fit_title_and_body(text: str, body: tuple[str, ...], area: Area, room: int, pad: int,
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
