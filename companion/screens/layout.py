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


def wrap(text: str, font: Font, width: int, max_lines: int | None = None,
         *, break_words: bool = False) -> list[str] | None:
    """`text` broken at spaces into lines no wider than `width`, or None if it cannot be.

    No-break spaces (French "Encore\u00a0:") never break. Returns None when more than
    `max_lines` lines would be needed, or when a word is wider than `width` (unless
    `break_words`, which cuts such a word).
    """
    per_line = max(1, width // font.advance)
    lines: list[str] = []
    for word in text.split(" "):
        if not word:
            continue
        if font.width(word) > width:
            if not break_words:
                return None
            pieces = [word[start : start + per_line] for start in range(0, len(word), per_line)]
            lines.extend(pieces)
        elif lines and font.width(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
        if max_lines is not None and len(lines) > max_lines:
            return None
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
    lines = wrap(text, smallest, width, break_words=True) or [""]
    complete = len(lines) <= room
    if not complete:
        lines = [*lines[: room - 1], ellipsize(" ".join(lines[room - 1 :]), smallest, width)]
    return Fitted(smallest, tuple(lines), complete)
