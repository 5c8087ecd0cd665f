"""Names beyond Latin-1 drawn whole: each Latin Extended-A letter is its base letter with a
mark taken from the font's own accents; what lies beyond is drawn as its base letter."""

from __future__ import annotations

import unicodedata

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.screens.compose import composed
from companion.screens.fonts import SMALL, TITLES, Font

FONTS = (SMALL, *TITLES)
EXTENDED_A = [chr(code) for code in range(0x100, 0x180)]


def drawn(font: Font, text: str) -> Image.Image:
    image = Image.new("1", (font.advance * max(1, len(text)) + 2, font.height), 0)
    font.draw(ImageDraw.Draw(image), (0, 0), text)
    return image


def base_of(char: str) -> str:
    return unicodedata.normalize("NFD", char)[0]


def test_the_letters_of_names_at_a_table_are_composed() -> None:
    for char in "ŁłĐđĦħąćęńśźżčďěňřšťůžőűāēīūğışĺľŕ":
        assert composed(char), char
    assert not composed("é")  # Latin-1: the font has it
    assert not composed("Ÿ")  # the fonts carry it beside Latin-1
    assert not composed("ș")  # beyond Latin Extended-A
    assert not composed("Ĳ")  # a ligature, not a letter with a mark


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_every_composed_letter_shows_its_mark_in_its_own_cell(font: Font) -> None:
    for char in filter(composed, EXTENDED_A):
        letter = drawn(font, char)
        plain = drawn(font, {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h",
                             "Ŧ": "T", "ŧ": "t", "ı": "i"}.get(char, base_of(char)))
        difference = ImageChops.difference(letter, plain).getbbox()
        assert difference is not None, f"{char} is drawn as its base letter in {font.name}"
        assert difference[2] <= font.advance, f"{char}'s mark leaves its cell in {font.name}"


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_marks_go_on_the_right_letter_of_a_name(font: Font) -> None:
    name = drawn(font, "Dvořák")
    alone = drawn(font, "ř")
    cell = (3 * font.advance, 0, 4 * font.advance, font.height)
    assert ImageChops.difference(name.crop(cell), alone.crop((0, 0, font.advance,
                                                              font.height))).getbbox() is None
    # The letters around it are the font's own.
    assert ImageChops.difference(name.crop((0, 0, 3 * font.advance, font.height)),
                                 drawn(font, "Dvo").crop((0, 0, 3 * font.advance,
                                                          font.height))).getbbox() is None


def test_a_letter_beyond_latin_extended_a_is_its_base_letter() -> None:
    assert ImageChops.difference(drawn(SMALL, "ș"), drawn(SMALL, "s")).getbbox() is None


def test_a_composed_letter_is_drawn_dark_on_a_lit_bar() -> None:
    image = Image.new("1", (SMALL.advance, SMALL.height), 1)
    SMALL.draw(ImageDraw.Draw(image), (0, 0), "ř", fill=0)
    lit = Image.new("1", (SMALL.advance, SMALL.height), 0)
    SMALL.draw(ImageDraw.Draw(lit), (0, 0), "ř")
    assert ImageChops.invert(image.convert("L")).convert("1").tobytes() == lit.tobytes()
