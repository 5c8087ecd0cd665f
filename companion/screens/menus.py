"""A menu on a 128x64 panel: the rows from the top that show the chosen item, which a
pointer marks.

The pointer moves and the words stay where they are, so moving the selection sends the panel
a few bytes (the pointer's old and new places), not two rows drawn again. A long list scrolls
only when the chosen item would leave its rows (it is then on the last row, ▼ under it when
more follow): a list kept centred on the chosen item redrew every row one move sooner.
"""

from __future__ import annotations

from PIL import ImageDraw

from companion.screens.fonts import SMALL
from companion.screens.layout import shortened, wrap
from companion.screens.model import Menu
from companion.screens.primitives import ON, Area, text_line
from companion.screens.trace import cut

#: The column left of a menu's items for the pointer at the chosen one.
POINTER_COLUMN = 7


def menu_rows(menu: Menu, area: Area, rows: int) -> list[tuple[int, str]]:
    """The menu as screen rows (item index, text): the highlighted item, or every item of a
    list to read, wrapped at word ends when it is too long for one row."""
    selected = menu.selected if 0 <= menu.selected < len(menu.items) else None
    result: list[tuple[int, str]] = []
    for scrolls in (False, True):
        width = _menu_text_area(area, scrolls, pointed=selected is not None).width
        result = []
        for index, text in enumerate(menu.items):
            whole = selected is None or index == selected
            lines = (wrap(text, SMALL, width, shorten=True) or [text]) if whole else [text]
            result.extend((index, line) for line in lines)
        if len(result) <= rows:
            break
    return result


def _menu_items_area(area: Area, scrolls: bool) -> Area:
    """Where the items go: left of the column of scroll marks when the list scrolls."""
    return Area(area.left, area.right - (SMALL.advance + 1 if scrolls else 0))


def _menu_text_area(area: Area, scrolls: bool, *, pointed: bool) -> Area:
    """Where the items' words go: right of the pointer's column in a list to choose from."""
    items = _menu_items_area(area, scrolls)
    return Area(items.left + POINTER_COLUMN, items.right) if pointed else items.inset(1)


def _draw_pointer(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A solid triangle pointing at the chosen item, in the row of small text at `y`."""
    draw.polygon([(x, y), (x, y + 8), (x + 4, y + 4)], fill=ON, outline=ON)


def draw_menu(draw: ImageDraw.ImageDraw, menu: Menu, rows: int, area: Area, y: int) -> None:
    """`rows` rows of the menu, from the top or scrolled just far enough down to show the
    selected item, which a pointer marks and which is shown whole
    (on more than one row if need be); ▲ ▼ show hidden items; other items too long for a row
    end at a word with "…" (highlighted, they are read whole). Moving the selection moves the
    pointer and leaves the words where they are: a few bytes to the panel, not two rows.

    A `selected` outside the items (e.g. -1) highlights nothing: a list to read, not choose,
    every item shown whole.
    """
    count = len(menu.items)
    selected = menu.selected if 0 <= menu.selected < count else None
    lines = menu_rows(menu, area, rows)
    scrolls = len(lines) > rows
    if selected is None:
        first = 0
    else:
        own = [row for row, (index, _) in enumerate(lines) if index == selected]
        first = min(max(0, own[-1] - rows + 1), max(0, len(lines) - rows), own[0])
        whole = [text for index, text in lines if index == selected]
        if own[-1] - own[0] + 1 > rows or shortened(menu.items[selected], whole):
            cut("menu", menu.items[selected], " / ".join(
                text for index, text in lines[first : first + rows] if index == selected))
    text_area = _menu_text_area(area, scrolls, pointed=selected is not None)
    previous = None
    for row, (index, text) in enumerate(lines[first : first + rows]):
        row_y = y + row * SMALL.height
        if index == selected and previous != index:
            _draw_pointer(draw, area.left, row_y)
        previous = index
        # An item shortened here is read whole once highlighted: no cut.
        text_line(draw, text, SMALL, text_area, row_y, centred=False, marked=index == selected,
                   part="menu" if selected is None or index == selected else None)
    if scrolls:
        mark_x = area.right - SMALL.advance
        if first > 0:
            SMALL.draw(draw, (mark_x, y), "▲")
        if first + rows < len(lines):
            SMALL.draw(draw, (mark_x, y + (rows - 1) * SMALL.height), "▼")
