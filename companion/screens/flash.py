"""A notice or a refusal laid over the screen it flashes over, for a 128x64 panel.

A flash lasts about two seconds, then its screen comes back. Drawn whole, it would change
almost every pixel twice, and each change goes to the panel (about 700 bytes of the 1,024 of
a frame). Over the screen beneath it (where the buttons still answer), the context line, the
hint line and the details stay where they are, pixel for pixel: the flash takes the title's
place, in the largest font that fits there, framed as its style says. Where the title's place
is too low for a title font, the flash covers the blocks under it too, one at a time; where it
still does not fit (or the flash has details of its own), it takes the whole middle, and only
the context and hint lines stay.

>>> from .model import Menu, Screen, Style
>>> from .render import render, text_lines
>>> prompt = Screen(top="ANA · D1", title="Flat", progress=(1, 4), hints="ok:place",
...                 menu=Menu(("From track 1", "From track 2"), 0))
>>> text_lines(render(Screen(title="Tank → train (1)", style=Style.NOTICE, beneath=prompt)))
['ANA · D1', 'Tank → train (1)', '> From track 1', 'From track 2', 'ok:place']
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from .fonts import TITLES
from .layout import Fitted, fit
from .model import Screen
from .render import OFF, _Area, _draw_edges, _draw_title, _frame, _middle_blocks, _pad, _rows


def paint_over(image: Image.Image, flash: Screen, beneath: Screen) -> Screen | None:
    """Draw `flash` over `beneath` on `image` and return None; or, when it cannot take the
    title's place, draw nothing and return the screen to draw instead: the flash with the
    context and hint lines of `beneath`."""
    top = flash.top or beneath.top
    whole = replace(flash, top=top, hints=beneath.hints, beneath=None)
    if flash.body or flash.menu or flash.progress or not flash.title:
        return whole
    under = replace(beneath, top=top, beneath=None)
    area, first, bottom, in_top = _frame(under)
    blocks = _middle_blocks(under, area, bottom - first, with_progress=not in_top)
    if not blocks or blocks[0][0] != "title":
        return whole
    rows = _rows([height for _, height, _ in blocks], first, bottom)
    # The flash may take the blank rows around the blocks it covers, down to the next block.
    box_top = min(first + 1, rows[0])  # a blank row under the context line's rule
    for covered in range(1, len(blocks) + 1):
        box_bottom = rows[covered] if covered < len(blocks) else bottom
        found = _fitted(flash.title, area, box_bottom - box_top, _pad(flash.style))
        if found is not None:
            fitted, pad = found
            break
    else:
        return whole
    draw = ImageDraw.Draw(image)
    _draw_edges(draw, under, area, bottom, in_top)
    for (_, _, paint), y in zip(blocks[covered:], rows[covered:]):
        paint(draw, y)
    draw.rectangle((area.left, box_top, area.right - 1, box_bottom - 1), fill=OFF)
    height = fitted.height + 2 * pad
    _draw_title(draw, fitted, flash.style, area, box_top + (box_bottom - box_top - height) // 2,
                pad)
    return None


def _fitted(text: str, area: _Area, height: int, pad: int) -> tuple[Fitted, int] | None:
    """`text` whole in a title font within `area` and `height` rows, and the margin left
    around it for its frame or band: `pad`, or a pixel less where that lets a larger font
    in (the fonts' cells have a blank row or two of their own); None when it does not fit."""
    best: tuple[Fitted, int] | None = None
    for margin in dict.fromkeys((pad, max(0, pad - 1))):
        room = height - 2 * margin
        if room < TITLES[-1].height:
            continue
        fitted = fit(text, TITLES, area.inset(margin).width, room)
        if fitted.complete and fitted.height <= room and (
                best is None or (fitted.font.height, -len(fitted.lines))
                > (best[0].font.height, -len(best[0].lines))):
            best = fitted, margin
    return best
