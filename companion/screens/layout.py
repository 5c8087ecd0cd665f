"""Fitting text into a width: ellipsis, word wrap, and the title's largest fitting size.

>>> from companion.screens.fonts import SMALL
>>> ellipsize("Carte inconnue : OK pour l'enregistrer", SMALL, 60)
'Carte…'
>>> wrap("Départ des trains !", SMALL, 66)
['Départ des', 'trains !']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.screens.fonts import Font

ELLIPSIS = "…"


def ellipsize(text: str, font: Font, width: int) -> str:
    """`text`, cut after its last whole word that fits and ended with "…", if it is wider
    than `width` (inside a word only when its first word is too wide)."""
    if font.width(text) <= width:
        return text
    # Fixed-advance fonts: count characters instead of measuring every prefix.
    keep = max(0, width // font.advance - 1)
    head = text[:keep]
    if text[keep : keep + 1] not in (" ", "") and " " in head.strip():
        head = head.rstrip().rsplit(" ", 1)[0]
    return head.rstrip(" ·,:;–—-") + ELLIPSIS


#: Dashes a word too long for a line may break after, the dash ending the first line
#: ("Venezia–" / "Constantinople").
DASHES = "–—-"
#: Between the parts of a line ("Track 1: 8 · Track 2: 5"): a line breaks after it first.
SEPARATOR = " · "


def wrap(text: str, font: Font, width: int, max_lines: int | None = None,
         *, shorten: bool = False, break_words: bool = False) -> list[str] | None:
    """`text` broken into lines no wider than `width`, or None if it cannot be.

    Lines break at spaces, never inside a word: after a " · " separator first when that
    costs no extra line, and inside a word only after a dash ("Venezia–Constantinople")
    when the word is wider than a line. No-break spaces (French "Encore\u00a0:") never
    break. A word still wider than `width` is shortened with "…" (`shorten`), cut into
    pieces of the width (`break_words`: an address, read character by character), or
    else makes the answer None; so do more than `max_lines` lines.
    """
    found = _wrapped(text, font, width, shorten=shorten, split=break_words)
    if found is None or max_lines is not None and len(found[0]) > max_lines:
        return None
    return found[0]


def joined(lines: Sequence[str]) -> str:
    """The text `wrap` broke into `lines`, whole again.

    >>> joined(["Venezia–", "Constantinople 10"])
    'Venezia–Constantinople 10'
    """
    text = ""
    for line in lines:
        inside = len(text) > 1 and text[-1] in DASHES and not text[-2].isspace()
        text = f"{text}{line}" if inside or not text else f"{text} {line}"
    return text


def shortened(text: str, lines: Sequence[str]) -> bool:
    """Whether `lines` show fewer words of `text` than it has (a word cut with "…", or
    lines left out)."""
    return joined(lines).split() != text.split()


def _wrapped(text: str, font: Font, width: int, *, shorten: bool, split: bool = False
             ) -> tuple[list[str], bool] | None:
    """The lines, and whether a word had to be shortened; None when a word is too wide and
    neither to be shortened nor split."""
    pieces: list[tuple[str, str]] = []
    cut = _pieces(text, font, width, pieces, shorten=shorten, split=split)
    if cut is None:
        return None
    lines = _packed(pieces, font, width)
    parts = text.split(SEPARATOR)
    if len(parts) > 1:
        by_part: list[str] = []
        for index, part in enumerate(parts):
            own: list[tuple[str, str]] = []
            _pieces(f"{part} ·" if index < len(parts) - 1 else part, font, width, own,
                    shorten=shorten, split=split)
            packed = _packed(own, font, width)
            if by_part and len(packed) == 1 and font.width(f"{by_part[-1]} {packed[0]}") <= width:
                by_part[-1] = f"{by_part[-1]} {packed[0]}"
            else:
                by_part.extend(packed)
        if len(by_part) <= len(lines):
            lines = by_part
    return lines, cut


def _pieces(text: str, font: Font, width: int, pieces: list[tuple[str, str]], *,
            shorten: bool, split: bool) -> bool | None:
    """Add the words of `text` to `pieces`, each with what joins it to the one before (a
    space, or nothing for the rest of a word broken after a dash or split): a word wider
    than `width` broken after its dashes, a piece still too wide shortened or split.
    Returns whether a word was shortened; None when one is too wide and may not be."""
    cut = False
    for word in text.split(" "):
        if not word:
            continue
        if font.width(word) <= width:
            pieces.append((word, " "))
            continue
        for index, piece in enumerate(_after_dashes(word)):
            joiner = "" if index else " "
            if font.width(piece) <= width:
                pieces.append((piece, joiner))
            elif shorten:
                pieces.append((_shortened_word(piece, font, width), joiner))
                cut = True
            elif split:
                per_line = max(1, width // font.advance)
                pieces.extend((piece[start : start + per_line], joiner if start == 0 else "")
                              for start in range(0, len(piece), per_line))
            else:
                return None
    return cut


def _shortened_word(word: str, font: Font, width: int) -> str:
    """`word`'s beginning and "…", within `width` (at least the "…")."""
    keep = len(word)
    while keep and font.width(word[:keep] + ELLIPSIS) > width:
        keep -= 1
    return word[:keep] + ELLIPSIS


def _after_dashes(word: str) -> list[str]:
    """`word` broken after each dash inside it (not a leading or trailing one)."""
    pieces = [""]
    for index, char in enumerate(word):
        pieces[-1] += char
        if char in DASHES and 0 < index < len(word) - 1 and word[index - 1] not in DASHES:
            pieces.append("")
    return pieces


def _packed(pieces: list[tuple[str, str]], font: Font, width: int) -> list[str]:
    """`pieces` set greedily on lines no wider than `width`."""
    lines: list[str] = []
    for piece, joiner in pieces:
        if lines and font.width(f"{lines[-1]}{joiner}{piece}") <= width:
            lines[-1] = f"{lines[-1]}{joiner}{piece}"
        else:
            lines.append(piece)
    return lines


@dataclass(frozen=True)
class Fitted:
    """Text laid out in one font: one or more lines, each within the width.

    `complete` is False when the text had to be cut (the last line ends with "…").
    """

    font: Font
    lines: tuple[str, ...]
    complete: bool = True

    @property
    def height(self) -> int:
        return self.font.height * len(self.lines)


def fit(text: str, fonts: Sequence[Font], width: int, height: int, max_lines: int = 2) -> Fitted:
    """The largest of `fonts` (largest first) that shows `text` whole in `width` x `height`.

    One line in any size beats two lines; two lines beat an ellipsis. When nothing fits,
    the smallest font shows as many lines as the height allows, the last one ellipsized.
    """
    for font in fonts:
        if font.height <= height and font.width(text) <= width:
            return Fitted(font, (text,))
    for count in range(2, max_lines + 1):
        for font in fonts:
            if font.height * count <= height:
                wrapped = wrap(text, font, width, count)
                if wrapped is not None:
                    return Fitted(font, tuple(wrapped))
    smallest = fonts[-1]
    room = max(1, min(max_lines, height // smallest.height))
    found = _wrapped(text, smallest, width, shorten=True)
    lines, cut = found if found and found[0] else ([""], False)
    complete = len(lines) <= room and not cut
    if not complete:
        lines = [*lines[: room - 1], ellipsize(" ".join(lines[room - 1 :]), smallest, width)]
    return Fitted(smallest, tuple(lines), complete)
