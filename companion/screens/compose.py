"""Latin Extended-A letters (Łukasz, Dvořák, Ščęsný) drawn whole from the Latin-1 glyphs.

The bitmap fonts carry Latin-1 only. A letter such as "ř" is drawn as its base letter (which
the font has, and which the text measures as: one cell of a fixed-width font) with its mark
laid over it. The marks are taken from the font's own accented letters, so they match its
style at every size: the acute is what "é" has more than "e", the caron is the circumflex
turned upside down, the ogonek is the cedilla mirrored and moved under the letter's right
side, the dot is one dot of the diaeresis, the macron is "¯", the ring is "å"'s. A stroke
(Ł, Đ, Ħ) is drawn across the letter's stem. Capitals and tall letters (d, h, k, l, t) take
the marks of the capitals, which sit higher. A letter with no such recipe (outside
Latin Extended-A) stays its base letter, as `glyphs.Encoder` spells it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from PIL import Image, ImageChops, ImageDraw, ImageOps

from companion.screens.glyphs import slot_of

if TYPE_CHECKING:
    from companion.screens.fonts import Font

#: The combining marks drawn, by the mark each decomposes with.
ACUTE, CARON, OGONEK, DOT, MACRON, RING = "\u0301", "\u030c", "\u0328", "\u0307", "\u0304", "\u030a"
BREVE, DOUBLE_ACUTE, CEDILLA, CIRCUMFLEX, TILDE, DIAERESIS = (
    "\u0306", "\u030b", "\u0327", "\u0302", "\u0303", "\u0308")
#: Letters whose ascender reaches the accents of small letters: they take the capitals' marks.
TALL = frozenset("bdhklt")
#: Small letters drawn with a comma beside them for a caron (Czech and Slovak ď, ť, ľ, Ľ).
CARON_AS_COMMA = frozenset("dtlL")
#: Letters with a stroke across their stem, and where: (stem, row as a fraction of the cell).
STROKES = {"Ł": ("slash", 0.55), "ł": ("slash", 0.5), "Đ": ("bar", 0.5), "đ": ("bar", 0.2),
           "Ħ": ("bar", 0.25), "ħ": ("bar", 0.2), "Ŧ": ("bar", 0.5), "ŧ": ("bar", 0.6)}
DOTLESS_I = "ı"


def composed(char: str) -> bool:
    """Whether `char` is a Latin Extended-A letter drawn by composition (not one the fonts
    carry themselves, such as Ÿ)."""
    return 0x100 <= ord(char) <= 0x17F and slot_of(char) is None and _recipe(char) is not None


def overlay(font: Font, char: str, fill: int) -> list[tuple[Image.Image, int]]:
    """What to lay over `char`'s base letter in its cell: (mask, colour) pairs, in order (an
    erased dot first, then the mark). Empty when `char` is not composed."""
    recipe = _recipe(char)
    if recipe is None:
        return []
    base, marks = recipe
    layers: list[tuple[Image.Image, int]] = []
    if base == "i" and any(mark not in (OGONEK, CEDILLA) for mark in marks) or char == DOTLESS_I:
        layers.append((_i_dot(font), 255 - fill))  # the mark takes the dot's place
    for mark in marks:
        mask = _mark(font, char, base, mark)
        if mask is not None:
            layers.append((mask, fill))
    return layers


def _recipe(char: str) -> tuple[str, tuple[str, ...]] | None:
    """The base letter and the marks of `char`; None when it is not drawn by composition."""
    if char in STROKES:
        return _stroke_base(char), ("stroke",)
    if char == DOTLESS_I:
        return "i", ()
    parts = unicodedata.normalize("NFD", char)
    base, marks = parts[0], tuple(parts[1:])
    if not marks or not ("A" <= base <= "Z" or "a" <= base <= "z"):
        return None
    if not all(mark in _MARK_SOURCES for mark in marks):
        return None
    return base, marks


def _stroke_base(char: str) -> str:
    return {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "Ŧ": "T",
            "ŧ": "t"}[char]


# --- The font's own pieces ------------------------------------------------------------------------


@cache
def _glyph(font: Font, char: str) -> Image.Image:
    """`char` alone in one cell of `font`, as a 1-bit mask."""
    image = Image.new("1", (font.advance, font.height), 0)
    ImageDraw.Draw(image).text((0, 0), char, font=font.image_font, fill=1)
    return image


def _extra(font: Font, accented: str, plain: str) -> Image.Image:
    """The pixels `accented` has more than `plain`: its accent, where the font puts it."""
    return ImageChops.subtract(_glyph(font, accented).convert("L"),
                               _glyph(font, plain).convert("L")).point(lambda v: 255 if v else 0)


def _moved(mask: Image.Image, dx: int, dy: int) -> Image.Image:
    moved = Image.new("L", mask.size, 0)
    moved.paste(mask, (dx, dy))
    return moved


def _flipped_in_place(mask: Image.Image, vertical: bool) -> Image.Image:
    """`mask` turned over within its own box (upside down, or mirrored)."""
    box = mask.getbbox()
    if box is None:
        return mask
    piece = mask.crop(box)
    piece = ImageOps.flip(piece) if vertical else ImageOps.mirror(piece)
    turned = Image.new("L", mask.size, 0)
    turned.paste(piece, box[:2])
    return turned


def _upper(base: str) -> bool:
    return base.isupper() or base in TALL


def _acute(font: Font, upper: bool) -> Image.Image:
    return _extra(font, "É", "E") if upper else _extra(font, "é", "e")


def _circumflex(font: Font, upper: bool) -> Image.Image:
    return _extra(font, "Ê", "E") if upper else _extra(font, "ê", "e")


def _caron(font: Font, upper: bool) -> Image.Image:
    return _flipped_in_place(_circumflex(font, upper), vertical=True)


def _dot(font: Font, upper: bool) -> Image.Image:
    """One dot of the diaeresis, centred where the acute is."""
    both = _extra(font, "Ë", "E") if upper else _extra(font, "ë", "e")
    box = both.getbbox()
    if box is None:
        return both
    width = 1
    while box[0] + width < box[2] and both.getpixel((box[0] + width, box[1])):
        width += 1  # a bold font's dot is wider than a pixel
    left = both.crop((box[0], box[1], box[0] + width, box[3]))
    dot = Image.new("L", both.size, 0)
    dot.paste(left, ((both.width - width) // 2, box[1]))
    return dot


def _macron(font: Font, upper: bool) -> Image.Image:
    """"¯" moved to the row where the circumflex starts."""
    bar = _glyph(font, "¯").convert("L")
    bar_box, hat_box = bar.getbbox(), _circumflex(font, upper).getbbox()
    if bar_box is None or hat_box is None:
        return bar
    return _moved(bar, 0, hat_box[1] - bar_box[1])


def _ring(font: Font, upper: bool) -> Image.Image:
    return _extra(font, "Å", "A") if upper else _extra(font, "å", "a")


def _breve(font: Font, upper: bool) -> Image.Image:
    """The caron with its point rounded off: a cup, at these sizes."""
    caron = _caron(font, upper)
    box = caron.getbbox()
    if box is None or box[2] - box[0] < 3:
        return caron
    cup = caron.copy()
    bottom = box[3] - 1
    middle = [x for x in range(box[0], box[2]) if caron.getpixel((x, bottom))]
    for x in middle:
        cup.putpixel((x, bottom), 0)
    for x in range(box[0] + 1, box[2] - 1):
        cup.putpixel((x, bottom), 255)
    return cup


def _double_acute(font: Font, upper: bool) -> Image.Image:
    acute = _acute(font, upper)
    box = acute.getbbox()
    if box is None:
        return acute
    spread = max(1, (box[2] - box[0] + 1) // 2)
    return ImageChops.lighter(_moved(acute, -spread, 0), _moved(acute, spread, 0))


def _tilde(font: Font, upper: bool) -> Image.Image:
    return _extra(font, "Ñ", "N") if upper else _extra(font, "ñ", "n")


def _diaeresis(font: Font, upper: bool) -> Image.Image:
    return _extra(font, "Ë", "E") if upper else _extra(font, "ë", "e")


def _cedilla(font: Font, upper: bool) -> Image.Image:
    return _extra(font, "Ç", "C") if upper else _extra(font, "ç", "c")


_MARK_SOURCES: dict[str, Callable[[Font, bool], Image.Image]] = {
    ACUTE: _acute, CARON: _caron, DOT: _dot, MACRON: _macron, RING: _ring, BREVE: _breve,
    DOUBLE_ACUTE: _double_acute, CIRCUMFLEX: _circumflex, TILDE: _tilde,
    DIAERESIS: _diaeresis, CEDILLA: _cedilla, OGONEK: _cedilla,
}


@cache
def _mark(font: Font, char: str, base: str, mark: str) -> Image.Image | None:
    if mark == "stroke":
        return _stroke(font, char, base)
    if mark == CARON and base in CARON_AS_COMMA:
        comma = _comma_beside(font, base)
        shows = ImageChops.subtract(comma, _glyph(font, base).convert("L")).getbbox()
        if shows is not None:
            return comma  # else the letter fills its cell: the caron goes above, as on Ď
    if mark == OGONEK:
        return _ogonek(font, base)
    if mark == CEDILLA and base == "g":
        return _flipped_in_place(_acute(font, False), vertical=False)  # ģ: a comma above
    upper = _upper(base)
    mask = _MARK_SOURCES[mark](font, upper)
    return _under(font, base, mask) if mark == CEDILLA else mask


def _under(font: Font, base: str, mask: Image.Image) -> Image.Image:
    """A mark taken from under "c" moved under `base`'s bottom row."""
    from_box, base_box = _glyph(font, "c").getbbox(), _glyph(font, base).getbbox()
    if from_box is None or base_box is None:
        return mask
    return _moved(mask, 0, base_box[3] - from_box[3])


def _ogonek(font: Font, base: str) -> Image.Image:
    """The cedilla mirrored, under the right side of `base`'s bottom."""
    hook = _flipped_in_place(_cedilla(font, base.isupper()), vertical=False)
    hook = _under(font, base, hook)
    hook_box, base_box = hook.getbbox(), _glyph(font, base).getbbox()
    if hook_box is None or base_box is None:
        return hook
    return _moved(hook, base_box[2] - hook_box[2], 0)


def _comma_beside(font: Font, base: str) -> Image.Image:
    """ď ť ľ Ľ: a small comma at the top right of the letter (as Czech and Slovak write it)."""
    comma = _glyph(font, "'").convert("L")
    comma_box, base_box = comma.getbbox(), _glyph(font, base).getbbox()
    if comma_box is None or base_box is None:
        return comma
    dx = min(font.advance - 1, base_box[2]) - comma_box[2] + 1
    return _moved(comma, dx, base_box[1] - comma_box[1])


def _stroke(font: Font, char: str, base: str) -> Image.Image:
    """A slash (Ł) or a bar (Đ Ħ Ŧ) across the letter's stem."""
    kind, height = STROKES[char]
    glyph = _glyph(font, base)
    mask = Image.new("L", glyph.size, 0)
    box = glyph.getbbox()
    if box is None:
        return mask
    columns = [sum(1 for y in range(glyph.height) if glyph.getpixel((x, y)))
               for x in range(glyph.width)]
    fullest = [x for x in range(glyph.width) if columns[x] == max(columns)]
    # The stem: the fullest columns side by side (a bold stem is two), the right one for d.
    edge = fullest[-1] if base == "d" else fullest[0]
    step = -1 if base == "d" else 1
    left = right = edge
    while 0 <= (right if step > 0 else left) + step < glyph.width and \
            columns[(right if step > 0 else left) + step] == max(columns):
        if step > 0:
            right += 1
        else:
            left -= 1
    row = box[1] + round((box[3] - box[1]) * height)
    last = glyph.width - 1
    span = {"Ħ": (box[0], box[2] - 1), "đ": (max(0, left - 2), min(last, right + 1))}.get(
        char, (max(0, left - 1), min(last, right + (2 if base in "DHLh" else 1))))
    if char == "Ħ":  # above the crossbar, halfway up
        rows = [sum(1 for x in range(glyph.width) if glyph.getpixel((x, y)))
                for y in range(glyph.height)]
        crossbar = rows.index(max(rows))
        row = min((box[1] + crossbar) // 2, crossbar - 1)
    draw = ImageDraw.Draw(mask)
    if kind == "slash":
        draw.line([(span[0], row + 1), (span[1], row + 1 - (span[1] - span[0]))], fill=255)
    else:
        draw.line([(span[0], row), (span[1], row)], fill=255)
    return mask


@cache
def _i_dot(font: Font) -> Image.Image:
    """The dot of "i": what "i" has more than the body of "í" (a dotless i with an acute)."""
    body = ImageChops.subtract(_glyph(font, "í").convert("L"), _acute(font, False))
    return ImageChops.subtract(_glyph(font, "i").convert("L"), body).point(
        lambda v: 255 if v else 0)


def draw_marks(draw: ImageDraw.ImageDraw, font: Font, xy: tuple[int, int], text: str,
               fill: int) -> None:
    """Lay the marks of `text`'s composed letters over the base letters already drawn."""
    x, y = xy
    for char in text:
        width = len(font.encode(char))
        if composed(char):
            for mask, colour in overlay(font, char, fill):
                draw.bitmap((x, y), mask.convert("1"), fill=colour)
        x += width * font.advance
