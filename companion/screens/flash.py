"""A notice or a refusal laid over the screen it flashes over, for a 128x64 panel.

A flash lasts about two seconds, then its screen comes back. Drawn whole, it would change
almost every pixel twice, and each change goes to the panel (about 700 bytes of the 1,024 of
a frame). Over the screen beneath it (where the buttons still answer), the context line, the
hint line and the details stay where they are, pixel for pixel: the flash takes the title's
place, in the largest font that fits there, framed as its style says. Where the title's place
is too low for a title font, the flash covers the blocks under it too, one at a time; where it
still does not fit (or the flash has details of its own), it takes the whole middle, and only
the context and hint lines stay.

>>> from companion.screens.model import Menu, Screen, Style
>>> from companion.screens.render import render, text_lines
>>> prompt = Screen(top="ANA · D1", title="Flat", progress=(1, 4), hints="ok:place",
...                 menu=Menu(("From track 1", "From track 2"), 0))
>>> text_lines(render(Screen(title="Tank → train (1)", style=Style.NOTICE, beneath=prompt)))
['ANA · D1', 'Tank → train (1)', '■□□□', '> From track 1', 'From track 2', 'ok:place']
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from companion.screens.fonts import TITLES, Font
from companion.screens.layout import Fitted, fit
from companion.screens.middle import draw_edges, frame_of, middle_blocks
from companion.screens.model import Screen, Style
from companion.screens.primitives import (
    OFF,
    ON,
    PAGE_ROWS,
    Area,
    block_rows,
    bracket_frame,
    text_line,
)

#: Columns between a notice's words and the outside of its frame, on each side: the
#: bracket's two (a glyph's cell has blank columns of its own).
FRAME_ROOM = 2


def paint_over(image: Image.Image, flash: Screen, beneath: Screen) -> Screen | None:
    """Draw `flash` over `beneath` on `image` and return None; or, when it cannot take the
    title's place, draw nothing and return the screen to draw instead: the flash with the
    context and hint lines of `beneath`."""
    top = flash.top or beneath.top
    whole = replace(flash, top=top, hints=beneath.hints, beneath=None)
    if flash.body or flash.menu or flash.progress or not flash.title:
        return whole
    under = replace(beneath, top=top, beneath=None)
    area, first, bottom, in_top = frame_of(under)
    blocks = middle_blocks(under, area, bottom - first, with_progress=not in_top)
    if not blocks or blocks[0][0] != "title":
        return whole
    rows = block_rows([height for _, height, _ in blocks], first, bottom,
                 centred=under.style is not Style.PROMPT)
    # The flash may take the blank rows around the blocks it covers, down to the next block.
    for covered in range(1, len(blocks) + 1):
        box_bottom = rows[covered] if covered < len(blocks) else bottom
        found = _fitted(flash.title, area, box_bottom - first)
        if found:
            break
    else:
        return whole
    covers = (rows[0], rows[covered - 1] + blocks[covered - 1][1])
    # A blank row between the text and its frame, unless leaving it out spares a page.
    (_pages, box), fitted, gap, ink = min(
        ((_placed(ink[1] - ink[0] + 3 + 2 * gap, (first, box_bottom), covers), fitted, gap, ink)
         for fitted, gap, ink in found), key=lambda way: (way[0][0], -way[2]))
    height = ink[1] - ink[0] + 3 + 2 * gap
    draw = ImageDraw.Draw(image)
    draw_edges(draw, under, area, bottom, in_top)
    for (_, _, paint), y in zip(blocks[covered:], rows[covered:]):
        paint(draw, y)
    draw.rectangle((area.left, min(box, covers[0]), area.right - 1,
                    max(box + height, covers[1]) - 1), fill=OFF)
    _draw_flash(draw, fitted, flash.style, area, box, height, box + 1 + gap - ink[0])
    return None


def _fitted(text: str, area: Area, height: int
            ) -> list[tuple[Fitted, int, tuple[int, int]]]:
    """`text` whole in the largest title font whose lit rows, with a blank row (or none)
    above and below and the frame's lines, take at most `height` rows; one line before two.
    Each way it fits in that font, with its gap (1, then 0) and the first and last lit rows
    of the text's cells; empty when it fits in none."""
    width = area.inset(2).width  # a frame's line and a blank column each side
    for lines in (1, 2):
        for font in range(len(TITLES)):
            way = _way(text, width, lines, font)
            if way is None:
                continue
            fitted, ink = way
            found = [(fitted, gap, ink) for gap in (1, 0)
                     if ink[1] - ink[0] + 3 + 2 * gap <= height]
            if found:
                return found
    return []


@lru_cache(maxsize=256)
def _way(text: str, width: int, lines: int, font: int) -> tuple[Fitted, tuple[int, int]] | None:
    """`text` whole in `lines` lines of `width` columns in title font number `font`, with its
    first and last lit rows; None when it does not fit. Laid out once: a flash is fitted to
    several heights, the larger fonts are tried first, and flashes come back."""
    title = TITLES[font]
    if lines == 1 and _beyond_one_line(text, title, width):
        return None  # as `fit` would find, after wrapping and cutting the words in vain
    fitted = fit(text, (title,), width, title.height * lines, max_lines=lines)
    if not fitted.complete or fitted.height > title.height * lines:
        return None
    return fitted, _lit_rows(fitted)


def _beyond_one_line(text: str, font: Font, width: int) -> bool:
    """Whether `text` surely takes more than one line of `width` columns in `font`: wider
    than that, with one glyph a character, of one advance, and one space between words."""
    return (font.fixed and font.advance <= width < font.width(text) and "  " not in text
            and text == text.strip(" ") and len(font.encode(text)) == len(text))


def _lit_rows(fitted: Fitted) -> tuple[int, int]:
    """The first and last lit row of `fitted`'s lines drawn from row 0."""
    rows = fitted.font.lit_rows(fitted.lines)
    return (0, fitted.height - 1) if rows is None else rows


def _placed(height: int, room: tuple[int, int], covers: tuple[int, int]) -> tuple[int, int]:
    """The first row of a box `height` rows high within rows `room` that, with the rows it
    must clear (`covers`), touches the fewest 8-row pages of the panel (a change is sent page
    by page: each page touched costs bytes on the bus), the nearest to the middle of `room`
    among those; with that page count."""
    middle = room[0] + (room[1] - room[0] - height) // 2

    def cost(start: int) -> tuple[int, int]:
        first, last = min(start, covers[0]), max(start + height, covers[1]) - 1
        return last // PAGE_ROWS - first // PAGE_ROWS, abs(start - middle)

    start = min(range(room[0], room[1] - height + 1), key=cost)
    return cost(start)[0], start


def _draw_flash(draw: ImageDraw.ImageDraw, fitted: Fitted, style: Style, area: Area,
                box: int, height: int, text_y: int) -> None:
    """The flash's box from row `box`: brackets either side of the words (NOTICE) or a lit band
    across the screen (REFUSAL, with "!" at both ends when there is room), its lines centred,
    the first cell's top at `text_y`."""
    fill = ON
    inner = area.inset(1)
    if style is Style.REFUSAL:
        draw.rectangle((area.left, box, area.right - 1, box + height - 1), fill=ON)
        fill = OFF
        mark = fitted.font.advance + 2
        if all(fitted.font.width(line) + 2 * mark <= inner.width for line in fitted.lines):
            mid = text_y + (fitted.height - fitted.font.height) // 2
            fitted.font.draw(draw, (inner.left + 1, mid), "!", fill=OFF)
            fitted.font.draw(draw, (inner.right - fitted.font.advance - 1, mid), "!", fill=OFF)
            inner = inner.inset(mark)
    else:
        # As wide as the words and a little room: the columns past it stay as they were.
        widest = max(fitted.font.width(line) for line in fitted.lines)
        width = min(area.width, widest + 2 * FRAME_ROOM)
        left = area.left + (area.width - width) // 2
        bracket_frame(draw, (left, box, left + width - 1, box + height - 1))
    y = text_y
    for line in fitted.lines:
        text_line(draw, line, fitted.font, inner, y, centred=True, fill=fill, part="title")
        y += fitted.font.height
