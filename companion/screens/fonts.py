"""The OLED's fonts: X11 misc-fixed bitmaps (public domain), crisp at their one size.

Every font carries all of Latin-1 (French accents, capitals included) plus the extras in
`glyphs.EXTRA_GLYPHS`; Latin Extended-A letters are composed (`compose`), other characters
are spelled with `glyphs.FALLBACKS` or shown as "?".
`SMALL` is for the context, body and hint lines: 8 rows, one page of the panel's memory, a
line (accents on row 0, descenders on row 7); `TITLES` lists the title sizes, largest first.

>>> SMALL.width("Pas ton tour"), SMALL.height
(72, 8)
>>> [font.name for font in TITLES]
['9x18B', '9x15B', '7x13B', '6x13B']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from .compose import composed, draw_marks
from .glyphs import Encoder

FONTDATA = Path(__file__).with_name("fontdata")


@dataclass(frozen=True, eq=False)
class Font:
    """One bitmap font at its only size: fixed advance `advance`, line `height`."""

    name: str
    image_font: ImageFont.ImageFont
    advance: int
    height: int
    encoder: Encoder = field(repr=False)

    def encode(self, text: str) -> str:
        """`text` in this font's slots (the text Pillow draws)."""
        return text.translate(self.encoder)

    def width(self, text: str) -> int:
        """Width in pixels of `text` drawn in this font.

        >>> SMALL.width("→"), SMALL.width("é")
        (6, 6)
        """
        return int(self.image_font.getlength(self.encode(text)))

    def draw(self, draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str,
             fill: int = 255) -> None:
        """Draw `text` with its cell's top-left corner at `xy` (lit pixels 255 by default)."""
        draw.text(xy, self.encode(text), font=self.image_font, fill=fill)
        if any(composed(char) for char in text):
            draw_marks(draw, self, xy, text, fill)


@cache
def load(name: str) -> Font:
    """The font `fontdata/NAME.pil`, e.g. `load("6x10")`."""
    image_font = ImageFont.load(str(FONTDATA / f"{name}.pil"))
    present = frozenset(code for code in range(256) if image_font.getlength(chr(code)) > 0)
    _left, _top, advance, height = image_font.getbbox("M")
    return Font(name, image_font, int(advance), int(height), Encoder(present))


SMALL = load("6x8")
TITLES: tuple[Font, ...] = tuple(load(name) for name in ("9x18B", "9x15B", "7x13B", "6x13B"))
