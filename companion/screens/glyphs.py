"""Which characters the OLED fonts carry, and in which of their 256 slots.

A Pillow bitmap font (`.pil`) holds 256 glyphs indexed by Latin-1 code. The companion's fonts
carry Latin-1 in its own slots and `EXTRA_GLYPHS` (arrows, the ligature œ, typographic quotes)
in slots 0x80-0x9F, which Latin-1 leaves to control codes. Anything else is replaced by a
close spelling: `FALLBACKS`, or the letter without its accent (Dvořák is spelled "Dvorák",
Łukasz "Lukasz": `compose` then draws the marks of Latin Extended-A over those base
letters), and "?" only for what has no such spelling, so no text can break a screen.

>>> hex(slot_of("→")), slot_of("é") == ord("é"), slot_of("\u4e2d")
('0x80', True, None)
"""

from __future__ import annotations

import unicodedata

#: Characters outside Latin-1 that the fonts carry, in slot order from 0x80.
EXTRA_GLYPHS = "→←↑↓…œŒ€‘’“”–—•▲▼≤≥−Ÿ"
FIRST_EXTRA_SLOT = 0x80

#: Replacements for characters a font lacks: tried in order before "?".
FALLBACKS: dict[str, str] = {
    "→": "->", "←": "<-", "↑": "^", "↓": "v", "…": "...", "œ": "oe", "Œ": "OE",
    "€": "EUR", "‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "•": "·",
    "▲": "^", "▼": "v", "≤": "<=", "≥": ">=", "−": "-", "Ÿ": "Y",
    # French typography puts a narrow no-break space before ; : ! ? and inside « ».
    "\u202f": "\u00a0", "\u2007": "\u00a0", "\u2009": " ", "\t": " ", "\n": " ",
}  # fmt: skip

#: Latin letters with a stroke or other mark that Unicode does not decompose: their base letter.
BASE_LETTERS: dict[str, str] = {
    "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "Ŀ": "L", "ŀ": "l",
    "Ŧ": "T", "ŧ": "t", "Ŋ": "N", "ŋ": "n", "ĸ": "k", "ſ": "s", "Ĳ": "IJ", "ĳ": "ij",
    "ŉ": "'n", "Ɓ": "B", "ƀ": "b", "Ƶ": "Z", "ƶ": "z",
}  # fmt: skip

assert len(EXTRA_GLYPHS) <= 0xA0 - FIRST_EXTRA_SLOT, "extras must fit in 0x80-0x9F"


def slot_of(char: str) -> int | None:
    """The slot of `char` in the fonts' 256-glyph table, or None when it has none."""
    code = ord(char)
    if 0x20 <= code < 0x7F or 0xA0 <= code <= 0xFF:
        return code
    index = EXTRA_GLYPHS.find(char)
    return FIRST_EXTRA_SLOT + index if index >= 0 else None


def slot_table() -> list[int | None]:
    """For each of the 256 slots, the Unicode code point it holds (None: empty slot)."""
    table: list[int | None] = [None] * 256
    for code in [*range(0x20, 0x7F), *range(0xA0, 0x100)]:
        table[code] = code
    for index, char in enumerate(EXTRA_GLYPHS):
        table[FIRST_EXTRA_SLOT + index] = ord(char)
    return table


class Encoder(dict[int, str]):
    """A `str.translate` table from Unicode text to a font's slots, filled as characters come.

    >>> "Charbon → train".translate(Encoder(frozenset(range(0x20, 0x7F))))
    'Charbon -> train'
    """

    def __init__(self, present: frozenset[int]) -> None:
        super().__init__()
        self.present = present

    def __missing__(self, code: int) -> str:
        char = chr(code)
        slot = slot_of(char)
        if slot is not None and slot in self.present:
            result = chr(slot)
        elif char in FALLBACKS:
            result = "".join(self[ord(part)] for part in FALLBACKS[char])
        else:
            result = self._unaccented(char)
        self[code] = result
        return result

    def _unaccented(self, char: str) -> str:
        """`char` without its accent when it is a Latin letter with one (ř -> r), else "?".

        >>> Encoder(frozenset(range(0x20, 0x7F)))._unaccented("ř")
        'r'
        """
        base = "".join(part for part in unicodedata.normalize("NFD", char)
                       if not unicodedata.combining(part))
        if base == char:
            base = BASE_LETTERS.get(char, "")
        if not base or base == char or any(ord(part) not in self.present for part in base):
            return "?"
        return base
