"""A flash (notice or refusal) laid over the screen it answers: only what is new changes."""

from __future__ import annotations

from PIL import Image, ImageChops

from companion.flows.inputs import Hold, Press, Tap
from companion.screens.fonts import SMALL
from companion.screens.model import Menu, Screen, Style
from companion.screens.primitives import HEIGHT
from companion.screens.render import cuts, render, text_lines
from engine.games.freight_train.state import Phase
from tests.companion.test_freight_train_flow import make_app

PROMPT = Screen(top="ANA · D1 · R1", title="Tank", progress=(1, 4),
                menu=Menu(("Tank train (0)", "Mixed train (3)"), 1),
                hints="ok:place back:cancel")


def changed_rows(before: Image.Image, after: Image.Image) -> tuple[int, int] | None:
    box = ImageChops.difference(before, after).getbbox()
    return None if box is None else (box[1], box[3])


def rows_of(image: Image.Image, text: str) -> int:
    return next(row for row, _marked, line in image.info["lines"] if line == text)


def test_a_notice_takes_the_titles_place_and_leaves_every_other_line_as_it_was() -> None:
    notice = Screen(top=PROMPT.top, title="Tank → mixed (4)", style=Style.NOTICE,
                    beneath=PROMPT)
    under, over = render(PROMPT), render(notice)
    first, last = changed_rows(under, over) or (0, 0)
    # Under the context line, above the progress marks: the rows of the title.
    assert first >= rows_of(under, PROMPT.top) + SMALL.height
    assert last <= rows_of(under, "■□□□")
    # The two pages of the panel's memory the title takes, no more (8 rows each): a flash
    # drawn over the whole middle touches 6.
    assert (last - 1) // 8 - first // 8 + 1 <= 2
    whole = render(Screen(top=PROMPT.top, title="Tank → mixed (4)", style=Style.NOTICE,
                          hints=PROMPT.hints))
    first_whole, last_whole = changed_rows(under, whole) or (0, 0)
    assert (last_whole - 1) // 8 - first_whole // 8 + 1 >= 5
    assert text_lines(over) == [PROMPT.top, "Tank → mixed (4)", "■□□□", "Tank train (0)",
                                "> Mixed train (3)", PROMPT.hints]
    assert not cuts(notice)
    # Between brackets: a column lit from the top of the notice's box to its bottom on each
    # side of the words, which no letter is.
    def sides(image: Image.Image) -> list[int]:
        return [x for x in range(128)
                if all(image.getpixel((x, y)) for y in range(first, last))]
    assert not sides(under)
    left, right = sides(over)
    # Their arms point inwards at the box's top and bottom; no line runs across.
    assert over.getpixel((left + 1, first)) and over.getpixel((right - 1, last - 1))
    assert not over.getpixel(((left + right) // 2, first))


def test_a_flash_that_needs_more_room_covers_the_blocks_under_the_title_not_a_word_cut() -> None:
    refusal = Screen(title="Carte inconnue : OK pour l'enregistrer", style=Style.REFUSAL,
                     beneath=PROMPT)
    image = render(refusal)
    assert not cuts(refusal)
    assert text_lines(image)[0] == PROMPT.top and text_lines(image)[-1] == PROMPT.hints
    assert any("Carte inconnue" in line for line in text_lines(image))


def test_a_flash_with_details_of_its_own_takes_the_middle_keeping_the_edges() -> None:
    refusal = Screen(title="Not your turn", body=("Ben is playing",), style=Style.REFUSAL,
                     beneath=PROMPT)
    image = render(refusal)
    assert text_lines(image) == [PROMPT.top, "Not your turn", "Ben is playing", PROMPT.hints]
    alone = render(Screen(top=PROMPT.top, title="Not your turn", body=("Ben is playing",),
                          style=Style.REFUSAL, hints=PROMPT.hints))
    assert changed_rows(alone, image) is None
    # The hint line is where the prompt has it, pixel for pixel.
    hints_row = rows_of(image, PROMPT.hints)
    assert changed_rows(render(PROMPT).crop((0, hints_row, 128, HEIGHT)),
                        image.crop((0, hints_row, 128, HEIGHT))) is None


def test_a_counted_card_flashes_over_the_question_it_answers_with_the_buttons_of_now() -> None:
    app, deck, clock = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    clock.now += 3
    app.screen()
    app.handle(Tap(deck.uids[("wagon", "coal")][0]))
    asked = app.screen()
    assert asked.title == "Coal" and asked.menu is not None
    app.handle(Press("ok"))
    flash = app.screen()
    assert flash.style is Style.NOTICE and "(1)" in flash.title
    assert flash.beneath is not None
    assert (flash.beneath.title, flash.beneath.menu) == (asked.title, asked.menu)
    clock.now += 3
    now = app.screen()
    assert now.style is Style.PROMPT and flash.beneath.hints == now.hints


def test_a_flash_after_a_question_lays_over_the_screen_of_now_not_the_one_before() -> None:
    app, deck, clock = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    clock.now += 3
    for uid in deck.uids[("wagon", "coal")][:3]:
        app.handle(Tap(uid))
        app.screen()
        app.handle(Press("ok"))
        clock.now += 3
        app.screen()
    app.handle(Hold("back"))
    assert app.screen().style is Style.CONFIRM
    app.handle(Press("ok"))
    flash = app.screen()
    assert flash.style is Style.NOTICE and flash.beneath is not None
    clock.now += 3
    assert flash.beneath == app.screen()     # the game as it is after the undo


def test_a_notice_as_wide_as_the_screen_keeps_a_blank_column_inside_its_frame() -> None:
    # The words in the largest font that fits once the frame and a blank column each side
    # are counted: no letter's stem merges with the frame's line.
    prompt = Screen(top="ANA · D1 · R1", title="Hopper", progress=(1, 4),
                    menu=Menu(("Hopper train (0)", "Mixed train (0)"), 0),
                    hints="ok:place back:cancel")
    under = render(prompt)
    over = render(Screen(top=prompt.top, title="Hopper → train (1)", style=Style.NOTICE,
                         beneath=prompt))
    first, last = changed_rows(under, over) or (0, 0)
    lit = [x for x in range(128) for y in range(first, last) if over.getpixel((x, y))]
    left, right = min(lit), max(lit)
    inside = range(first + 2, last - 2)  # between the frame's top and bottom lines
    assert all(over.getpixel((left, y)) for y in inside)  # the frame's sides
    assert all(over.getpixel((right, y)) for y in inside)
    assert not any(over.getpixel((left + 1, y)) or over.getpixel((right - 1, y))
                   for y in inside)
