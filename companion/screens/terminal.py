"""Show a 1-bit frame in a terminal: two pixel rows per character with Unicode half blocks.

A 128x64 frame becomes 32 lines of 128 characters, for `companion run` on a desktop.

>>> from PIL import Image
>>> image = Image.new("1", (4, 4))
>>> image.putpixel((0, 0), 1); image.putpixel((1, 1), 1); image.putpixel((2, 0), 1)
>>> image.putpixel((2, 1), 1)
>>> print(to_text(image))
▀▄█
<BLANKLINE>
"""

from __future__ import annotations

from PIL import Image

#: (upper pixel lit, lower pixel lit) -> character.
_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def to_text(image: Image.Image, *, border: bool = False) -> str:
    """`image` as lines of half blocks (lit pixels drawn); trailing blanks are dropped.

    With `border`, a box is drawn around the frame so its edges show on any background and
    no line is trimmed.
    """
    frame = image.convert("1")
    width, height = frame.size
    pixels = frame.load()
    assert pixels is not None
    lines = []
    for y in range(0, height, 2):
        row = "".join(
            _BLOCKS[bool(pixels[x, y]), y + 1 < height and bool(pixels[x, y + 1])]
            for x in range(width)
        )
        lines.append(row if border else row.rstrip())
    if border:
        edge = "─" * width
        return "\n".join([f"┌{edge}┐", *(f"│{line}│" for line in lines), f"└{edge}┘"])
    return "\n".join(lines)


def show(image: Image.Image, *, border: bool = True) -> str:
    """The text that redraws `image` in place on an ANSI terminal (cursor home, then the frame)."""
    return "\x1b[H" + to_text(image, border=border) + "\n"
