"""Show a 1-bit frame in a terminal, in the largest form the terminal holds.

- `half`: two pixel rows per character with half blocks (▀▄█): the 128x64 frame whole, in
  130x34 characters with its box;
- `quarter`: 2x2 pixels per character with quadrant blocks (▘▝▖▗▌▐▚▞▛▜▙▟): the same pixels
  in 66x34 characters, drawn twice as tall as wide;
- `text`: the words the screen shows, line by line, for anything smaller (80x24 included).

One line under the frame says which form is used.

>>> from PIL import Image
>>> image = Image.new("1", (4, 4))
>>> image.putpixel((0, 0), 1); image.putpixel((1, 1), 1); image.putpixel((2, 0), 1)
>>> image.putpixel((2, 1), 1)
>>> print(to_text(image))
▀▄█
<BLANKLINE>
>>> print(to_quarters(image))
▚▌
<BLANKLINE>
>>> choose_mode(80, 24), choose_mode(100, 40), choose_mode(200, 60)
('text', 'quarter', 'half')
"""

from __future__ import annotations

import shutil
from collections.abc import Callable

from PIL import Image

from companion.screens.primitives import HEIGHT, WIDTH
from companion.screens.render import text_lines

#: (upper pixel lit, lower pixel lit) -> character.
_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
#: Quadrant characters indexed by lit pixels: 1 upper left, 2 upper right, 4 lower left,
#: 8 lower right.
_QUARTERS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
#: The status line under the frame, and the box around it.
_STATUS_LINES = 1
_BOX = 2
MODES = {
    "half": (WIDTH + _BOX, HEIGHT // 2 + _BOX + _STATUS_LINES),
    "quarter": (WIDTH // 2 + _BOX, HEIGHT // 2 + _BOX + _STATUS_LINES),
}


def choose_mode(columns: int, lines: int) -> str:
    """The largest form of the frame a terminal of `columns` x `lines` holds."""
    for mode, (needs_columns, needs_lines) in MODES.items():
        if columns >= needs_columns and lines >= needs_lines:
            return mode
    return "text"


def to_text(image: Image.Image, *, border: bool = False) -> str:
    """`image` as lines of half blocks (lit pixels drawn); trailing blanks are dropped.

    With `border`, a box is drawn around the frame so its edges show on any background and
    no line is trimmed.
    """
    return _cells(image, 1, 2, lambda bits: _BLOCKS[bool(bits & 1), bool(bits & 4)], border)


def to_quarters(image: Image.Image, *, border: bool = False) -> str:
    """`image` as lines of quadrant blocks: every pixel kept, in a quarter of the cells."""
    return _cells(image, 2, 2, lambda bits: _QUARTERS[bits], border)


def _cells(image: Image.Image, across: int, down: int, glyph: Callable[[int], str],
           border: bool) -> str:
    """One character per `across` x `down` pixels; `glyph` gets the lit pixels as bits
    (1, 2 upper row; 4, 8 lower row)."""
    frame = image.convert("1")
    width, height = frame.size
    pixels = frame.load()
    assert pixels is not None

    def lit(x: int, y: int) -> bool:
        return x < width and y < height and bool(pixels[x, y])

    lines = []
    for y in range(0, height, down):
        row = "".join(
            glyph(sum(bit for bit, (dx, dy) in ((1, (0, 0)), (2, (1, 0)), (4, (0, 1)),
                                                 (8, (1, 1)))
                      if dx < across and lit(x + dx, y + dy)))
            for x in range(0, width, across))
        lines.append(row if border else row.rstrip())
    if border:
        edge = "─" * len(lines[0]) if lines else ""
        return "\n".join([f"┌{edge}┐", *(f"│{line}│" for line in lines), f"└{edge}┘"])
    return "\n".join(lines)


def to_words(image: Image.Image, columns: int) -> str:
    """The text of a frame drawn by `render`, boxed, no wider than `columns`."""
    lines = [line[: max(1, columns - 2)] for line in text_lines(image)]
    inner = max((len(line) for line in lines), default=0)
    edge = "─" * inner
    return "\n".join([f"┌{edge}┐", *(f"│{line.ljust(inner)}│" for line in lines), f"└{edge}┘"])


def _terminal_size() -> tuple[int, int]:
    size = shutil.get_terminal_size()
    return size.columns, size.lines


def show(image: Image.Image, *, border: bool = True) -> str:
    """The text that redraws `image` in place on an ANSI terminal (cursor home, then the frame)."""
    return "\x1b[H" + to_text(image, border=border) + "\n"


class Preview:
    """Draws each frame in a terminal in the form its current size holds.

    `size` gives (columns, lines), `shutil.get_terminal_size` by default; `status` words the
    line saying which form is used (mode, columns, lines).
    """

    def __init__(self, status: Callable[[str, int, int], str],
                 size: Callable[[], tuple[int, int]] | None = None) -> None:
        self.status = status
        self.size = size or _terminal_size
        self.mode: str | None = None

    def frame(self, image: Image.Image) -> str:
        """The characters that redraw `image` (screen cleared when the form changes)."""
        columns, lines = self.size()
        mode = choose_mode(columns, lines)
        clear = "\x1b[2J" if mode != self.mode else ""
        self.mode = mode
        if mode == "half":
            body = to_text(image, border=True)
        elif mode == "quarter":
            body = to_quarters(image, border=True)
        else:
            body = "\n".join(f"{line}\x1b[K" for line in to_words(image, columns).split("\n"))
        status = self.status(mode, columns, lines)[: max(1, columns - 1)]
        return f"{clear}\x1b[H{body}\n{status}\x1b[K\x1b[J\n"
