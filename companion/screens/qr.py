"""A QR code on the 128x64 OLED: a phone at the table opens the play's page with one scan.

The code is drawn as a phone expects it, dark modules on a light ground (lit pixels), with a
quiet zone of at least 3 modules; the rest of the panel stays dark. The largest whole number
of pixels a module that fits the height is used: a play's address in capitals
(`companion.publish.scoreboard.qr_text`, 35 characters for `HTTP://192.168.1.20:8080/P/0F3E1A2B`)
is a version 2 code (25x25 modules) at error level M, 2 pixels a module: 62 rows with its
quiet zone. In lower case it would need version 3 (29 modules), which fits 64 rows only at
1 pixel a module, too small to scan from across a table. Beside the code, in the small font:
the screen's words and, on the bottom row, its hint.

>>> image = qr_frame("HTTP://192.168.1.20:8080/P/0F3E1A2B", 128, 64)
>>> image.mode, image.size
('1', (128, 64))
>>> layout("HTTP://192.168.1.20:8080/P/0F3E1A2B", 64)
QrLayout(version=2, error='M', modules=25, scale=2, border=3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from companion.screens.fonts import SMALL
from companion.screens.layout import ellipsize, wrap
from companion.screens.model import Screen
from companion.screens.primitives import HEIGHT, OFF, ON, WIDTH
from companion.screens.render import render

#: (pixels a module, modules of quiet zone), best first: a bigger module scans from further
#: away; the standard's 4-module quiet zone is kept when the height allows it.
SIZES = ((3, 4), (3, 3), (2, 4), (2, 3), (1, 4), (1, 3))
#: Pixels between the code's quiet zone and the words beside it.
GAP = 2


@dataclass(frozen=True)
class QrScreen(Screen):
    """A screen whose middle is a QR code of `code`; `title` and `body` are set beside it
    (and are what a text-only preview shows), `hints` on its bottom row."""

    code: str = ""


@dataclass(frozen=True)
class QrLayout:
    version: int
    error: str
    modules: int
    scale: int
    border: int

    @property
    def pixels(self) -> int:
        """Side of the code with its quiet zone, in pixels."""
        return (self.modules + 2 * self.border) * self.scale


@lru_cache(maxsize=8)  # the same play's code is drawn again each time its page comes back
def _code(text: str) -> Any:
    import segno  # only when a code is drawn: the table starts without it

    # The smallest version at level L, then the highest level that keeps that version.
    return segno.make(text, error="l", boost_error=True, micro=False)


def layout(text: str, height: int) -> QrLayout:
    """How `text` is drawn in `height` rows; ValueError when no size fits."""
    code = _code(text)
    modules = code.symbol_size(border=0)[0]
    for scale, border in SIZES:
        if (modules + 2 * border) * scale <= height:
            return QrLayout(int(code.version), str(code.error).upper(), modules, scale, border)
    raise ValueError(f"a QR code of {len(text)} characters does not fit {height} rows")


def qr_frame(text: str, width: int = WIDTH, height: int = HEIGHT,
             words: Sequence[str] = (), hints: str = "") -> Image.Image:
    """A 1-bit `width` x `height` frame: the QR code of `text` on the left, vertically
    centred; `words` wrapped beside it, `hints` on the bottom row when there is room."""
    shape = layout(text, height)
    matrix = _code(text).matrix
    image = Image.new("1", (width, height), OFF)
    draw = ImageDraw.Draw(image)
    top = (height - shape.pixels) // 2
    draw.rectangle((0, top, shape.pixels - 1, top + shape.pixels - 1), fill=ON)
    step = shape.scale
    for row, line in enumerate(matrix):
        for column, dark in enumerate(line):
            if dark:
                x = (shape.border + column) * step
                y = top + (shape.border + row) * step
                draw.rectangle((x, y, x + step - 1, y + step - 1), fill=OFF)
    left = shape.pixels + GAP
    # As `render` does: the words drawn, for a terminal too small for the pixels.
    image.info["lines"] = _words(draw, left, width - left, height, words, hints)
    return image


def _words(draw: ImageDraw.ImageDraw, left: int, width: int, height: int,
           words: Sequence[str], hints: str) -> list[tuple[int, bool, str]]:
    drawn: list[tuple[int, bool, str]] = []
    if width < SMALL.advance * 4:
        return drawn
    rows = height // SMALL.height
    bottom: list[str] = [ellipsize(hints, SMALL, width)] if hints else []
    lines: list[str] = []
    for text in words:
        lines.extend(wrap(text, SMALL, width, break_words=True) or [])
    room = rows - len(bottom) - (1 if bottom else 0)
    if len(lines) > room:
        lines = [*lines[: max(0, room - 1)], ellipsize(" ".join(lines[room - 1:]), SMALL, width)]
    for index, line in enumerate(lines[:room]):
        SMALL.draw(draw, (left, index * SMALL.height), line)
        drawn.append((index * SMALL.height, False, line))
    if bottom:
        SMALL.draw(draw, (left, height - SMALL.height), bottom[0])
        drawn.append((height - SMALL.height, False, bottom[0]))
    return drawn


def render_screen(screen: Screen, size: tuple[int, int] = (WIDTH, HEIGHT),
                  page: int = 0) -> Image.Image:
    """`render`, and a QrScreen drawn as its code with its words beside it (as words only
    when no size of its code fits the panel's rows)."""
    if isinstance(screen, QrScreen) and screen.code:
        words = [text for text in (screen.top, screen.title, *screen.body) if text]
        try:
            return qr_frame(screen.code, size[0], size[1], words, screen.hints)
        except ValueError:
            pass
    return render(screen, size, page)
