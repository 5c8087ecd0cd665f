"""Draw a `Screen` as a 1-bit image: pure and deterministic, so tested with golden PNGs.

A 128x64 panel shows a screen in one frame, laid out below; a 128x32 panel shows the same
words in fewer lines at a time, over pages (see `companion.screens.short`).

Layout (small text is 6x8 pixels: 21 characters a line, 8 lines):

    top      the context line in the small font
    middle   the title in the largest font that fits, progress marks, then the body lines
             or the menu
    hints    the bottom line: what the buttons do now ("ok:menu  back:undo")

The panels keep a frame in pages of 8 rows and are sent only the pages, and in them the
columns, that change; a line that straddles two pages costs both. So a prompt is laid out on
whole pages, from the top: the context line is page 0 and the hint line page 7; the title
takes whole pages (two for one line: a blank row, then a font up to 15 rows high), progress
marks one, and each body or menu line one. Each block keeps its pages from one prompt to the
next, and a new title or a flash over it is sent as those pages only. Other styles, shown
alone, centre their middle between top and hints.

Styles differ by shape, never by colour: a NOTICE sets its title between brackets, [ ]; a
REFUSAL shows its title inverted in a band, between "!" marks when they fit; an ANNOUNCE has a
double border around the whole screen with everything centred; a CONFIRM frames the question
with square corners and inverts the hint line, since only a button answers it.

>>> image = render(Screen(top="D1 · R4", title="Ana's turn", hints="ok:menu"))
>>> image.mode, image.size
('1', (128, 64))
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.screens.middle import draw_edges, frame_of, middle_blocks
from companion.screens.model import Screen, Style
from companion.screens.primitives import HEIGHT, OFF, SIZES, WIDTH, stack
from companion.screens.trace import LINES, tracing

# What a render drew, for the callers of this module.
from companion.screens.trace import Cut as Cut
from companion.screens.trace import text_lines as text_lines


def cuts(screen: Screen, size: tuple[int, int] = (WIDTH, HEIGHT)) -> list[Cut]:
    """What `render(screen, size)` cuts or leaves out, over all its pages: empty when every
    word is shown whole."""
    with tracing() as found:
        for page in range(pages(screen, size)):
            render(screen, size, page)
    return found


def pages(screen: Screen, size: tuple[int, int] = (WIDTH, HEIGHT)) -> int:
    """How many frames show `screen` whole on a panel of `size`, shown in turn: one on a
    128x64 panel."""
    if _checked(size)[1] >= HEIGHT:
        return 1
    from companion.screens import short

    return short.page_count(screen, size)


def _checked(size: tuple[int, int]) -> tuple[int, int]:
    if tuple(size) not in SIZES:
        raise ValueError(f"no screen layout for a {size[0]}x{size[1]} panel; one of "
                         + ", ".join(f"{width}x{height}" for width, height in SIZES))
    return size


def render(screen: Screen, size: tuple[int, int] = (WIDTH, HEIGHT), page: int = 0
           ) -> Image.Image:
    """The frame for `screen` on a panel of `size` (one of SIZES): mode "1", lit pixels 255;
    `page` counts from 0 to `pages(screen, size) - 1` (a 128x64 frame has one).

    Its text lines are kept in `image.info` (see `text_lines`).
    """
    image = Image.new("1", _checked(size), OFF)
    lines: list[tuple[int, bool, str]] = []
    token = LINES.set(lines)
    try:
        if size[1] >= HEIGHT:
            _paint(image, screen)
        else:
            from companion.screens import short

            short.paint(image, screen, page)
    finally:
        LINES.reset(token)
    image.info["lines"] = lines
    return image


def _paint(image: Image.Image, screen: Screen) -> None:
    if screen.beneath is not None and screen.style in (Style.NOTICE, Style.REFUSAL):
        from companion.screens import flash

        whole = flash.paint_over(image, screen, screen.beneath)
        if whole is None:
            return
        screen = whole
    draw = ImageDraw.Draw(image)
    area, top, bottom, in_top = frame_of(screen)
    draw_edges(draw, screen, area, bottom, in_top)
    blocks = middle_blocks(screen, area, bottom - top, with_progress=not in_top)
    stack(draw, [(height, paint) for _, height, paint in blocks], top, bottom,
           centred=screen.style is not Style.PROMPT)
