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

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from companion.screens.compose import composed, draw_marks
from companion.screens.glyphs import Encoder

FONTDATA = Path(__file__).with_name("fontdata")


@dataclass(frozen=True, eq=False)
class Font:
    """One bitmap font at its only size: fixed advance `advance`, line `height`."""

    name: str
    image_font: ImageFont.ImageFont
    advance: int
    height: int
    encoder: Encoder = field(repr=False)
    #: Every glyph the encoder writes is `advance` wide: a text's width is its length times
    #: that, without asking Pillow (layout measures thousands of candidate lines a frame).
    fixed: bool = False

    def encode(self, text: str) -> str:
        """`text` in this font's slots (the text Pillow draws)."""
        return text.translate(self.encoder)

    def width(self, text: str) -> int:
        """Width in pixels of `text` drawn in this font.

        >>> SMALL.width("→"), SMALL.width("é")
        (6, 6)
        """
        if self.fixed:
            # Each ASCII character is one glyph: its own, a space or "?".
            return (len(text) if text.isascii() else len(self.encode(text))) * self.advance
        return int(self.image_font.getlength(self.encode(text)))

    def lit_rows(self, lines: Sequence[str]) -> tuple[int, int] | None:
        """The first and last row that `lines` light, drawn one under the other from row 0;
        None when they light none. Read from each glyph's own rows, without drawing the
        lines (a flash tries several sizes before it draws one), unless a composed letter's
        marks are drawn over them."""
        if any(_composes(line) for line in lines):
            return drawn_rows(self, lines)
        glyph_rows = self.glyph_rows
        tops, bottoms = [], []
        for index, line in enumerate(lines):
            lit = [rows for slot in set(self.encode(line))
                   if (rows := glyph_rows[ord(slot)]) is not None]
            if lit:
                line_tops, line_bottoms = zip(*lit, strict=True)
                tops.append(min(line_tops) + index * self.height)
                bottoms.append(max(line_bottoms) + index * self.height)
        return (min(tops), max(bottoms)) if tops else None

    @cached_property
    def glyph_rows(self) -> tuple[tuple[int, int] | None, ...]:
        """For each of the 256 slots, the first and last row of its cell that its glyph
        lights (None: a blank), read from one drawing of them all side by side."""
        # An empty slot has no width (nor a glyph): a space keeps the others in their place.
        slots = "".join(chr(slot) if slot in self.encoder.present else " "
                        for slot in range(256))
        if not self.fixed:
            return tuple(drawn_rows(self, (slot,), encoded=True) for slot in slots)
        image = Image.new("1", (len(slots) * self.advance, self.height), 0)
        ImageDraw.Draw(image).text((0, 0), slots, font=self.image_font, fill=255)
        boxes = (image.crop((slot * self.advance, 0, (slot + 1) * self.advance, self.height))
                 .getbbox() for slot in range(len(slots)))
        return tuple(None if box is None else (box[1], box[3] - 1) for box in boxes)

    def draw(self, draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str,
             fill: int = 255) -> None:
        """Draw `text` with its cell's top-left corner at `xy` (lit pixels 255 by default)."""
        mask = _text_mask(self, text)
        if mask is not None:
            draw.bitmap(xy, mask, fill=fill)
            return
        draw.text(xy, self.encode(text), font=self.image_font, fill=fill)
        draw_marks(draw, self, xy, text, fill)


@lru_cache(maxsize=512)  # a game's recurring lines fit, its passing ones go
def _text_mask(font: Font, text: str) -> Image.Image | None:
    """The pixels `font` lights for `text`, drawn once: the same lines come back frame after
    frame (a context line, a hint line), and laying a mask is ten times quicker than Pillow's
    text drawing. None for a text with a composed letter, whose marks may erase pixels too."""
    if _composes(text):
        return None
    encoded = font.encode(text)
    _left, _top, right, bottom = font.image_font.getbbox(encoded)
    mask = Image.new("1", (max(1, int(right)), max(1, int(bottom))), 0)
    ImageDraw.Draw(mask).text((0, 0), encoded, font=font.image_font, fill=255)
    return mask


def _composes(text: str) -> bool:
    """Whether `text` has a letter drawn by composition (all of them are past Latin-1)."""
    return bool(text) and max(text) > "\u00ff" and any(composed(char) for char in text)


def drawn_rows(font: Font, lines: Sequence[str], encoded: bool = False
               ) -> tuple[int, int] | None:
    """What `Font.lit_rows` says, found by drawing the lines (`encoded`: already in the
    font's slots)."""
    drawn = [line if encoded else font.encode(line) for line in lines]
    width = max((int(font.image_font.getlength(line)) for line in drawn), default=0) or 1
    image = Image.new("1", (width, max(1, font.height * len(lines))), 0)
    draw = ImageDraw.Draw(image)
    for index, (line, slots) in enumerate(zip(lines, drawn, strict=True)):
        draw.text((0, index * font.height), slots, font=font.image_font, fill=255)
        if not encoded:
            draw_marks(draw, font, (0, index * font.height), line, 255)
    box = image.getbbox()
    return None if box is None else (box[1], box[3] - 1)


def warm_up() -> None:
    """Read every font's glyph rows now (a few milliseconds), not on the first flash."""
    for font in (SMALL, *TITLES):
        font.lit_rows(())


@cache
def load(name: str) -> Font:
    """The font `fontdata/NAME.pil`, e.g. `load("6x10")`."""
    image_font = ImageFont.load(str(FONTDATA / f"{name}.pil"))
    widths = {code: image_font.getlength(chr(code)) for code in range(256)}
    present = frozenset(code for code, width in widths.items() if width > 0)
    _left, _top, advance, height = image_font.getbbox("M")
    # The encoder writes only glyphs the font has, so one advance for all of them is enough.
    fixed = all(widths[code] == advance for code in present)
    return Font(name, image_font, int(advance), int(height), Encoder(present), fixed)


SMALL = load("6x8")
TITLES: tuple[Font, ...] = tuple(load(name) for name in ("9x18B", "9x15B", "7x13B", "6x13B"))
