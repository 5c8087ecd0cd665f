"""What a render drew, in words: the text lines of a frame, and the text it had to cut.

`render` notes each line it draws (kept in the image's `info`, read back by `text_lines`)
and, while `tracing()` is on, each piece of text it could not show whole (`Cut`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from PIL import Image


@dataclass(frozen=True)
class Cut:
    """Text a screen asked for that the frame does not show whole.

    `part` is top, title, body, menu or hints; `shown` is what is drawn instead ("" when
    the line is left out).
    """

    part: str
    text: str
    shown: str


_CUTS: ContextVar[list[Cut] | None] = ContextVar("cuts", default=None)
#: The text lines drawn by the render in progress: (row, marked, text), marked for a
#: highlighted menu item.
LINES: ContextVar[list[tuple[int, bool, str]] | None] = ContextVar("lines", default=None)


@contextmanager
def tracing() -> Iterator[list[Cut]]:
    """The cuts of the renders made inside the block."""
    found: list[Cut] = []
    token = _CUTS.set(found)
    try:
        yield found
    finally:
        _CUTS.reset(token)


def cut(part: str, text: str, shown: str) -> None:
    """Note that `text` of `part` is drawn as `shown`."""
    found = _CUTS.get()
    if found is not None:
        found.append(Cut(part, text, shown))


def note_line(y: int, text: str, marked: bool = False) -> None:
    """Note a line of text drawn at row `y`."""
    drawn = LINES.get()
    if drawn is not None:
        drawn.append((y, marked, text))


def progress_line(y: int, done: int, needed: int) -> None:
    """Note progress marks drawn at row `y`, as marks or as a count when there are many."""
    note_line(y, f"{'■' * done}{'□' * (needed - done)}" if needed <= 20 else f"{done}/{needed}")


def text_lines(image: Image.Image) -> list[str]:
    """The text `render` drew on `image`, top to bottom ("> " marks the highlighted item):
    the screen in words, for a terminal too small for its pixels."""
    lines = image.info.get("lines", [])
    return [f"> {text}" if marked else text for _row, marked, text in sorted(lines)]
