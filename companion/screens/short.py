"""The layout of a 128x32 panel: the words of a 128x64 screen, fewer lines at a time.

Three rows of small text: the context line (progress marks at its right end), the middle,
and the hint line. The middle holds the title (in a larger font when it fits one line), then
the body, a line at a time; over a menu, the highlighted item comes first (it changes with
every turn of the encoder), then the title. What does not fit at once goes on over pages that
the table shows in turn (`TableLoop` turns them every few seconds), so a long line is broken
at a word end and read on the next page: no word is cut, some are waited for.

>>> from companion.screens.render import render
>>> screen = Screen(top="ANA · D1", title="Tap 3 wagons", body=("Coal, tank",), hints="ok:menu")
>>> page_count(screen, (128, 32)), render(screen, (128, 32)).size
(2, (128, 32))
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.screens.fonts import SMALL, TITLES
from companion.screens.layout import Fitted, fit, shortened, wrap
from companion.screens.model import Screen, Style
from companion.screens.primitives import (
    BOX,
    MIN_BAR,
    ON,
    WIDTH,
    Area,
    Painter,
    draw_hints,
    draw_progress,
    draw_title,
    draw_top,
    stack,
    text_line,
    title_pad,
)
from companion.screens.trace import cut

#: Between the context line's words and its progress marks.
GAP = 3


def page_count(screen: Screen, size: tuple[int, int]) -> int:
    """How many pages the middle of `screen` takes on a panel `size[1]` rows high."""
    return len(_pages(screen, size[1])[1])


def paint(image: Image.Image, screen: Screen, page: int) -> None:
    """Draw page `page` (modulo the count) of `screen` on `image`."""
    draw = ImageDraw.Draw(image)
    height = image.height
    announce = screen.style is Style.ANNOUNCE
    margin = 1 if announce else 0
    if announce:
        # The border of an announcement, single here: its double needs rows there are not.
        draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=ON)
    area, pages = _pages(screen, height)
    top, bottom = _middle(screen, height)
    draw_top(draw, screen.top, area, margin, centred=announce, rule=not announce,
              progress=screen.progress if _progress_on_top(screen, area) else None)
    if screen.hints:
        draw_hints(draw, screen.hints, area, bottom, inverted=screen.style is Style.CONFIRM)
    stack(draw, pages[page % len(pages)], top, bottom)


def _middle(screen: Screen, height: int) -> tuple[int, int]:
    """The rows [top, bottom) between the context line and the hint line."""
    announce = screen.style is Style.ANNOUNCE
    margin = 1 if announce else 0
    top = margin + (SMALL.height + (0 if announce else 1) if screen.top else 0)
    bottom = height - margin - (SMALL.height if screen.hints else 0)
    return top, bottom


def _pages(screen: Screen, height: int) -> tuple[Area, list[list[tuple[int, Painter]]]]:
    """The middle's lines packed into pages, in reading order; at least one page."""
    margin = 1 if screen.style is Style.ANNOUNCE else 0
    area = Area(margin, WIDTH - margin)
    top, bottom = _middle(screen, height)
    room = bottom - top
    title = _title_lines(screen, area, room)
    rest = _menu_lines(screen, area) if screen.menu else _body_lines(screen, area)
    if screen.progress and not _progress_on_top(screen, area):
        progress = screen.progress
        rest.insert(0, (BOX, lambda draw, y: draw_progress(draw, progress, area, y)))
    chosen = screen.menu is not None and 0 <= screen.menu.selected < len(screen.menu.items)
    lines = [*rest, *title] if chosen else [*title, *rest]
    pages: list[list[tuple[int, Painter]]] = [[]]
    used = 0
    for line in lines:
        if pages[-1] and used + line[0] > room:
            pages.append([])
            used = 0
        pages[-1].append(line)
        used += line[0]
    return area, pages


def _progress_on_top(screen: Screen, area: Area) -> bool:
    """Whether the progress marks go at the end of the context line: when it holds them
    beside its words, else they take a line of the middle."""
    return bool(screen.top) and SMALL.width(screen.top) + 2 * GAP + MIN_BAR <= area.width


def _title_lines(screen: Screen, area: Area, room: int) -> list[tuple[int, Painter]]:
    """The title on one line in the largest font that shows it whole, else in the small font
    over as many lines as it needs."""
    if not screen.title:
        return []
    style = screen.style
    pad = title_pad(style)
    width = area.inset(pad).width
    fonts = tuple(font for font in TITLES if font.height + 2 * pad <= room)
    fitted = fit(screen.title, fonts, width, room - 2 * pad, max_lines=1) if fonts else None
    if fitted is not None and fitted.complete and len(fitted.lines) == 1:
        shown = [fitted]
    else:
        lines = wrap(screen.title, SMALL, width, shorten=True) or [screen.title]
        if shortened(screen.title, lines):
            cut("title", screen.title, " / ".join(lines))
        shown = [Fitted(SMALL, (line,)) for line in lines]

    def painter(line: Fitted) -> Painter:
        return lambda draw, y: draw_title(draw, line, style, area, y, pad)

    return [(line.font.height + 2 * pad, painter(line)) for line in shown]


def _body_lines(screen: Screen, area: Area) -> list[tuple[int, Painter]]:
    """Each body line, broken at word ends into lines of the width."""
    centred = screen.style is Style.ANNOUNCE

    def painter(piece: str) -> Painter:
        return lambda draw, y: text_line(draw, piece, SMALL, area, y, centred=centred,
                                          part="body")

    lines: list[tuple[int, Painter]] = []
    for text in screen.body:
        pieces = wrap(text, SMALL, area.width, shorten=True) or [text]
        if shortened(text, pieces):
            cut("body", text, " / ".join(pieces))
        lines.extend((SMALL.height, painter(piece)) for piece in pieces)
    return lines


def _menu_lines(screen: Screen, area: Area) -> list[tuple[int, Painter]]:
    """The highlighted item, inverted, with ▲ ▼ for the items before and after it; a list
    to read (nothing highlighted) is every item."""
    assert screen.menu is not None
    items, selected = screen.menu.items, screen.menu.selected
    if not 0 <= selected < len(items):
        return [line for text in items for line in _item_lines(text, area, marks=(False, False),
                                                               highlighted=False)]
    return _item_lines(items[selected], area, marks=(selected > 0, selected < len(items) - 1),
                       highlighted=True)


def _item_lines(text: str, area: Area, *, marks: tuple[bool, bool],
                highlighted: bool) -> list[tuple[int, Painter]]:
    # A column for each mark (one line may carry both).
    columns = sum(marks)
    items = Area(area.left, area.right - (columns * SMALL.advance + 1 if columns else 0))
    pieces = wrap(text, SMALL, items.inset(1).width, shorten=True) or [text]
    if shortened(text, pieces):
        cut("menu", text, " / ".join(pieces))

    def painter(piece: str, first: bool, last: bool) -> Painter:
        def draw_piece(draw: ImageDraw.ImageDraw, y: int) -> None:
            fill = ON
            if highlighted:
                draw.rectangle((items.left, y, items.right - 1, y + SMALL.height - 1), fill=ON)
                fill = 0
            text_line(draw, piece, SMALL, items.inset(1), y, centred=False, fill=fill,
                       part="menu")
            if first and marks[0]:
                SMALL.draw(draw, (area.right - columns * SMALL.advance, y), "▲")
            if last and marks[1]:
                SMALL.draw(draw, (area.right - SMALL.advance, y), "▼")
        return draw_piece

    return [(SMALL.height, painter(piece, index == 0, index == len(pieces) - 1))
            for index, piece in enumerate(pieces)]
