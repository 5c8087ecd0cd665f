"""A prompt on the panel's pages of 8 rows: each line in its own page(s), accents whole.

The ink of a line is found by drawing the screen again with that line's words replaced by
spaces (same width, so the same layout) and keeping the pixels that differ. A line is whole
when that ink is exactly its words drawn alone in its font: nothing clipped, nothing of
another line drawn over it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.screens.fonts import SMALL, TITLES, Font, load
from companion.screens.model import Menu, Screen, Style
from companion.screens.primitives import HEIGHT, PAGE_ROWS, WIDTH
from companion.screens.render import render

#: Descenders, a cedilla and a comma in the lowest rows of the context line.
CONTEXT = "ÇA · jypq · gÇç,;"
FRENCH = ("À ÉTÉ, Ça y est", "Où êtes-vous ?", "Déjà joué, reçu")


def blank(text: str) -> str:
    return " " * len(text)


def ink(screen: Screen, blanked: Screen) -> Image.Image:
    """The pixels that differ between the two renders (lit where they do)."""
    return ImageChops.difference(render(screen), render(blanked))


def alone(text: str, font: Font) -> Image.Image:
    """`text` drawn by itself in `font`, cropped to its ink."""
    image = Image.new("1", (font.width(text) + 2, font.height + 2), 0)
    font.draw(ImageDraw.Draw(image), (1, 1), text)
    box = image.getbbox()
    assert box is not None
    return image.crop(box)


def assert_whole(found: Image.Image, text: str, font: Font) -> tuple[int, int]:
    """`found` is `text` in `font`, whole and alone; returns its first and last lit rows."""
    box = found.getbbox()
    assert box is not None, f"{text!r} is not drawn"
    cropped = found.crop(box)
    expected = alone(text, font)
    assert cropped.size == expected.size, f"{text!r} is cut or not in {font.name}"
    assert ImageChops.difference(cropped, expected).getbbox() is None, f"{text!r} is not whole"
    return box[1], box[3] - 1


def pages_of(rows: tuple[int, int]) -> set[int]:
    return set(range(rows[0] // PAGE_ROWS, rows[1] // PAGE_ROWS + 1))


@pytest.mark.parametrize("title, font", [
    ("À ÉTÉ jÇ", load("9x15B")),  # short: the largest font that the title's two pages hold
    ("À ÉTÉ jÇ, Où ça !", load("7x13B")),
    ("À ÉTÉ jÇ, Où ça ? Là", load("6x13B")),
])
def test_a_prompts_title_takes_two_whole_pages_under_the_context_line(title: str,
                                                                      font: Font) -> None:
    prompt = Screen(top=CONTEXT, title=title, body=FRENCH[:2], hints="ok:été  back:ça")
    title_rows = assert_whole(ink(prompt, replace(prompt, title=blank(title))), title, font)
    top_rows = assert_whole(ink(prompt, replace(prompt, top=blank(CONTEXT))), CONTEXT, SMALL)
    assert pages_of(top_rows) == {0}
    assert pages_of(title_rows) == {1, 2}
    # The accents on the capitals do not touch the descenders of the line above.
    assert title_rows[0] >= top_rows[1] + 2


def test_each_detail_line_and_the_hint_line_fill_one_page_each_accents_whole() -> None:
    prompt = Screen(top=CONTEXT, title="Équipe", body=FRENCH, hints="ok:été  back:ça")
    pages = []
    for index, line in enumerate(FRENCH):
        body = tuple(blank(text) if at == index else text for at, text in enumerate(FRENCH))
        pages.append(pages_of(assert_whole(ink(prompt, replace(prompt, body=body)), line, SMALL)))
    assert pages == [{3}, {4}, {5}]
    hints = ink(prompt, replace(prompt, hints=blank(prompt.hints)))
    assert hints.getbbox() is not None
    assert pages_of((hints.getbbox()[1], hints.getbbox()[3] - 1)) == {7}
    one = replace(prompt, hints="ok:déjà joué")
    assert_whole(ink(one, replace(one, hints=blank(one.hints))), one.hints, SMALL)


def test_menu_rows_and_progress_marks_keep_one_page_each() -> None:
    items = ("Gypsé à côté", "Éjecter Ça", "Où êtes-vous ?")
    prompt = Screen(top=CONTEXT, title="Équipe", progress=(2, 4), menu=Menu(items, 1),
                    hints="ok:placer back:retour")
    pages = []
    for index, item in enumerate(items):
        menu = Menu(tuple(blank(text) if at == index else text
                          for at, text in enumerate(items)), 1)
        pages.append(pages_of(assert_whole(ink(prompt, replace(prompt, menu=menu)), item, SMALL)))
    assert pages == [{4}, {5}, {6}]
    marks = ink(prompt, replace(prompt, progress=(0, 4)))  # two boxes filled, or not
    box = marks.getbbox()
    assert box is not None and pages_of((box[1], box[3] - 1)) == {3}


@pytest.mark.parametrize("style", [Style.ANNOUNCE, Style.CONFIRM, Style.REFUSAL, Style.NOTICE])
def test_other_styles_keep_a_blank_row_between_the_context_line_and_accented_capitals(
        style: Style) -> None:
    screen = Screen(top=CONTEXT, title="ÀÉÈ Çà", body=(FRENCH[0],), hints="ok:oui",
                    style=style)
    title = ink(screen, replace(screen, title=blank(screen.title)))
    top = ink(screen, replace(screen, top=blank(CONTEXT)))
    fonts = [font for font in TITLES if font.width(screen.title) <= WIDTH]
    title_box, top_box = title.getbbox(), top.getbbox()
    assert title_box is not None and top_box is not None
    assert title_box[1] >= top_box[3] + 1  # getbbox's bottom is one past the last lit row
    assert title_box[3] <= HEIGHT
    # The largest title font is used, its accents whole.
    assert_whole(title, screen.title, fonts[0])


def test_a_list_scrolls_only_when_the_chosen_item_would_leave_its_rows() -> None:
    """Moving down a list that does not fit moves the pointer alone while the chosen item is
    among the rows shown; only the move past the last row scrolls, one row at a time."""
    from companion.screens.render import text_lines

    items = ("From the main yard", "From my yard", "Refill a lane", "Bring a locomotive",
             "Rearrange or pass")

    def shown(selected: int) -> tuple[list[str], Image.Image]:
        image = render(Screen(top="D1 · R4", title="Ana: your move",
                              menu=Menu(items, selected), hints="ok:choose"))
        return [line.removeprefix("> ") for line in text_lines(image)[2:-1]], image

    first_rows, _ = shown(0)
    rows = len(first_rows)
    assert 2 <= rows < len(items) and first_rows == list(items[:rows])
    for selected in range(1, len(items)):
        lines, image = shown(selected)
        _, before = shown(selected - 1)
        changed = ImageChops.difference(before, image).getbbox()
        assert changed is not None
        if selected < rows:
            assert lines == first_rows
            assert changed[2] <= 6  # the pointer's column alone
        else:
            assert lines == list(items[selected - rows + 1:selected + 1])
