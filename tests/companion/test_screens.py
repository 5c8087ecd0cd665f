"""Screens: fonts carry French, text always fits, styles differ by shape, previews and frames."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from companion.screens.compose import draw_marks
from companion.screens.fonts import SMALL, TITLES, Font, drawn_rows
from companion.screens.frames import FrameWriter
from companion.screens.glyphs import EXTRA_GLYPHS, FALLBACKS, Encoder, slot_of, slot_table
from companion.screens.layout import ellipsize, fit, wrap
from companion.screens.model import Menu, Screen, Style
from companion.screens.primitives import HEIGHT, WIDTH
from companion.screens.render import render
from companion.screens.terminal import show, to_text
from companion.table.build import open_table

FRENCH = "àâäçéèêëîïôöùûüÿœÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒ"
FONTS = (SMALL, *TITLES)


def glyph(font: Font, char: str) -> bytes:
    image = Image.new("1", (font.advance, font.height), 0)
    font.draw(ImageDraw.Draw(image), (0, 0), char)
    return image.tobytes()


# --- Fonts --------------------------------------------------------------------------------------

@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_every_french_letter_has_its_own_glyph(font: Font) -> None:
    blank = glyph(font, " ")
    unknown = glyph(font, "?")
    seen: dict[bytes, str] = {}
    for char in FRENCH + "aceiouyAEIOUY":
        shape = glyph(font, char)
        assert shape not in (blank, unknown), f"{font.name}: {char!r} has no glyph"
        assert shape not in seen, f"{font.name}: {char!r} looks like {seen.get(shape)!r}"
        seen[shape] = char


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_fonts_carry_all_of_latin1_and_the_extras(font: Font) -> None:
    printable = [chr(c) for c in range(0x21, 0x7F)] + [chr(c) for c in range(0xA1, 0x100)]
    for char in printable:
        assert font.encode(char) == char
        assert glyph(font, char) != glyph(font, " "), f"{font.name}: {char!r} is empty"
    for char in EXTRA_GLYPHS:
        # An extra is drawn from its slot, or spelled out when this size lacks it (▲ in bold).
        assert font.encode(char) in (chr(slot_of(char) or 0), font.encode(FALLBACKS[char]))


def test_fixed_advance_and_sizes() -> None:
    assert (SMALL.advance, SMALL.height) == (6, 8)
    assert WIDTH // SMALL.advance == 21  # UX.md: 21 characters a line
    assert HEIGHT // SMALL.height == 8  # and 8 lines, each a page of the panel's memory
    assert [f.height for f in TITLES] == sorted((f.height for f in TITLES), reverse=True)
    for font in FONTS:
        assert font.width("Wé→") == 3 * font.advance


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_a_width_counted_from_the_advance_is_what_pillow_measures(font: Font) -> None:
    # Every character a text may hold, spelled out or replaced as the fonts draw it.
    every = "".join(chr(code) for code in range(0x180)) + EXTRA_GLYPHS + "\u4e2d\u202fŁř"
    assert font.fixed
    for text in (every, *every, "Montréal – Sault Ste. Marie +10", "Dvořák → œuvre…"):
        assert font.width(text) == int(font.image_font.getlength(font.encode(text))), text


def drawn_by_pillow(font: Font, text: str, fill: int, ground: Image.Image) -> bytes:
    """`text` drawn as Pillow draws it, with the marks of composed letters over it."""
    image = ground.copy()
    draw = ImageDraw.Draw(image)
    draw.text((3, 2), font.encode(text), font=font.image_font, fill=fill)
    draw_marks(draw, font, (3, 2), text, fill)
    return image.tobytes()


def drawn_by_font(font: Font, text: str, fill: int, ground: Image.Image) -> bytes:
    image = ground.copy()
    font.draw(ImageDraw.Draw(image), (3, 2), text, fill=fill)
    return image.tobytes()


#: A ground with lit and dark pixels in every row and column: a glyph's blank pixels must
#: leave both as they were.
GROUND = Image.frombytes("1", (128, 24), bytes((37 * index) % 256 for index in range(384)))


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_a_text_laid_from_its_kept_mask_is_what_pillow_draws(font: Font) -> None:
    every = "".join(chr(code) for code in range(0x20, 0x180)) + EXTRA_GLYPHS
    texts = [every[start:start + 20] for start in range(0, len(every), 20)]
    texts += ["Montréal – Sault Ste. Marie", "Dvořák", "", " ", "ÉÇÀ gjpqy"]
    for text in texts:
        for fill in (255, 0):
            for _twice in range(2):  # drawn, then laid from the kept mask
                assert drawn_by_font(font, text, fill, GROUND) == drawn_by_pillow(
                    font, text, fill, GROUND), (text, fill)


@given(st.text(max_size=24), st.sampled_from((255, 0)))
@settings(max_examples=150, deadline=None)
def test_any_text_is_drawn_as_pillow_draws_it(text: str, fill: int) -> None:
    for font in FONTS:
        assert drawn_by_font(font, text, fill, GROUND) == drawn_by_pillow(font, text, fill,
                                                                          GROUND)


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_any_text_measures_as_pillow_draws_it(text: str) -> None:
    for font in FONTS:
        assert font.width(text) == int(font.image_font.getlength(font.encode(text)))


def test_slots_are_latin1_then_extras() -> None:
    table = slot_table()
    assert table[ord("é")] == ord("é") and table[0x80] == ord(EXTRA_GLYPHS[0])
    assert table[0x7F] is None and table[0x9F] is None
    assert slot_of("\x85") is None  # a control character never reaches an extra's slot


def test_missing_characters_are_spelled_or_replaced() -> None:
    ascii_only = Encoder(frozenset(range(0x20, 0x7F)))
    assert "Œuvre → « ok »".translate(ascii_only) == "OEuvre -> ? ok ?"
    assert SMALL.encode("中\tx\n") == "? x "
    assert SMALL.encode("Encore\u202f:") == "Encore\u00a0:"


# --- Fitting text ---------------------------------------------------------------------------

def test_title_takes_the_largest_font_that_fits() -> None:
    assert fit("Ana's turn", TITLES, WIDTH, 40).font is TITLES[0]
    assert fit("Charbon → train (4)", TITLES, WIDTH, 40).font.name == "6x13B"
    height_limited = fit("Ana", TITLES, WIDTH, 15)
    assert height_limited.font.height <= 15 and height_limited.lines == ("Ana",)


def test_title_wraps_then_ends_with_an_ellipsis() -> None:
    two = fit("Carte inconnue : OK pour l'enregistrer", TITLES, WIDTH, 40)
    assert len(two.lines) == 2 and "".join(two.lines).replace(" ", "") == \
        "Carteinconnue:OKpourl'enregistrer"
    cut = fit("un " * 40, TITLES, WIDTH, 40)
    assert len(cut.lines) == 2 and cut.lines[-1].endswith("…")
    assert all(cut.font.width(line) <= WIDTH for line in cut.lines)


def test_wrap_keeps_no_break_spaces_and_reports_overflow() -> None:
    assert wrap("Encore\u00a0: Ben, Cléo", SMALL, 60) == ["Encore\u00a0:", "Ben, Cléo"]
    assert wrap("Anticonstitutionnellement", SMALL, 60) is None
    assert wrap("a b c d", SMALL, 6, max_lines=3) is None
    assert wrap("Anticonstitutionnellement", SMALL, 60, break_words=True) == [
        "Anticonsti", "tutionnell", "ement"]  # an address, read character by character
    assert wrap("Anticonstitutionnellement", SMALL, 60, shorten=True) == ["Anticonst…"]
    assert ellipsize("court", SMALL, 60) == "court"


# --- Rendering ------------------------------------------------------------------------------

MAIN = Screen(top="D1 · R4 · 3 players", title="Ana's turn",
              body=("Trains: 4 · Track: 7", "Tokens: 5"), hints="ok:menu  back:undo")


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def test_render_is_a_1bit_frame_with_full_white_pixels() -> None:
    image = render(MAIN)
    assert (image.mode, image.size) == ("1", (WIDTH, HEIGHT))
    # Lit pixels must be stored as 255, like a PNG read back, or golden comparisons lie.
    histogram = image.histogram()
    assert histogram[0] + histogram[255] == WIDTH * HEIGHT


def test_render_is_deterministic() -> None:
    assert render(MAIN).tobytes() == render(MAIN).tobytes()


def test_every_style_looks_different() -> None:
    frames = {style: render(Screen(top="J1", title="Pas ton tour", body=("Ben joue",),
                                   hints="ok", style=style)) for style in Style}
    for style, image in frames.items():
        for other, other_image in frames.items():
            if style is not other:
                assert not same(image, other_image), (style, other)


def test_refusal_title_is_inverted_and_announce_is_framed() -> None:
    refusal = render(Screen(title="Pas ton tour", style=Style.REFUSAL))
    # The band is lit across the whole width, the text cut out of it.
    assert refusal.getpixel((0, HEIGHT // 2)) and refusal.getpixel((WIDTH - 1, HEIGHT // 2))
    announce = render(Screen(title="Départ des trains !", style=Style.ANNOUNCE))
    border = [announce.getpixel((x, 0)) for x in range(WIDTH)]
    border += [announce.getpixel((0, y)) for y in range(HEIGHT)]
    assert all(border)


def test_progress_marks_count_done_and_needed() -> None:
    lit = render(Screen(progress=(2, 3))).histogram()[255]
    none = render(Screen(progress=(0, 3))).histogram()[255]
    full = render(Screen(progress=(3, 3))).histogram()[255]
    assert none < lit < full


def test_menu_shows_the_selected_item_and_scrolls() -> None:
    items = tuple(f"Item {n}" for n in range(10))
    first = render(Screen(title="Menu", menu=Menu(items, 0)))
    last = render(Screen(title="Menu", menu=Menu(items, 9)))
    assert not same(first, last)
    text = to_text(last)
    assert "▲" not in text  # the marks are pixels, not characters
    # A pointer marks the selected row: some row of the frame is lit at its left edge.
    assert any(last.getpixel((1, y)) for y in range(20, HEIGHT))
    assert not same(render(Screen(menu=Menu(items, -1))), render(Screen(menu=Menu(items, 0))))


def test_body_lines_wrap_when_there_is_room() -> None:
    one = render(Screen(title="Départ !", body=("Encore : Ben, Cléo, Dana, Eve",)))
    cut = render(Screen(title="Départ !", body=("Encore : Ben, Cléo, Dana, Eve", "x", "y")))
    assert not same(one, cut)


text_strategy = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)


@settings(deadline=None, max_examples=150)
@given(
    top=text_strategy, title=text_strategy, hints=text_strategy,
    body=st.lists(text_strategy, max_size=5).map(tuple),
    style=st.sampled_from(Style),
    progress=st.none() | st.tuples(st.integers(-3, 40), st.integers(-3, 40)),
    menu=st.none() | st.builds(Menu, st.lists(text_strategy, max_size=12).map(tuple),
                               st.integers(-2, 14)),
)
def test_any_screen_renders_without_error(top: str, title: str, hints: str,
                                          body: tuple[str, ...], style: Style,
                                          progress: tuple[int, int] | None,
                                          menu: Menu | None) -> None:
    screen = Screen(top=top, title=title, body=body, hints=hints, style=style,
                    progress=progress, menu=menu)
    image = render(screen)
    assert image.size == (WIDTH, HEIGHT) and image.mode == "1"


# --- Terminal preview and frames ------------------------------------------------------------

def from_text(text: str, width: int, height: int) -> Image.Image:
    upper = {"▀": (1, 0), "▄": (0, 1), "█": (1, 1), " ": (0, 0)}
    image = Image.new("1", (width, height), 0)
    for row, line in enumerate(text.split("\n")):
        for x, char in enumerate(line):
            top, bottom = upper[char]
            if top:
                image.putpixel((x, 2 * row), 255)
            if bottom:
                image.putpixel((x, 2 * row + 1), 255)
    return image


def test_terminal_text_is_the_frame_in_half_blocks() -> None:
    image = render(MAIN)
    text = to_text(image)
    lines = text.split("\n")
    assert len(lines) == HEIGHT // 2 and max(len(line) for line in lines) <= WIDTH
    assert same(from_text(text, WIDTH, HEIGHT), image)
    boxed = to_text(image, border=True).split("\n")
    assert len(boxed) == HEIGHT // 2 + 2 and {len(line) for line in boxed} == {WIDTH + 2}
    assert show(image).startswith("\x1b[H┌")


def test_frames_are_numbered_and_unchanged_ones_skipped(tmp_path: Path) -> None:
    writer = FrameWriter(tmp_path)
    a, b = render(MAIN), render(Screen(title="Pas ton tour", style=Style.REFUSAL))
    written = [writer.write(frame) for frame in (a, a, b, b, a)]
    assert [p.name if p else None for p in written] == [
        "frame-00001.png", None, "frame-00002.png", None, "frame-00003.png"]
    with Image.open(tmp_path / "frame-00002.png") as saved:
        assert same(saved.convert("1"), b)
    # A new writer on the same folder carries on after the frames already there.
    assert FrameWriter(tmp_path).write(a) == tmp_path / "frame-00004.png"


def test_frames_can_be_scaled_without_blur(tmp_path: Path) -> None:
    path = FrameWriter(tmp_path, scale=2).write(render(MAIN))
    assert path is not None
    with Image.open(path) as saved:
        assert saved.size == (2 * WIDTH, 2 * HEIGHT)
        assert same(saved.convert("1").resize((WIDTH, HEIGHT), Image.Resampling.NEAREST),
                    render(MAIN))
    with pytest.raises(ValueError):
        FrameWriter(tmp_path, scale=0)


def test_a_prompts_title_keeps_its_rows_whatever_is_under_it() -> None:
    """The panel is sent only the rows that change: a title does not move with its details."""
    def title_row(screen: Screen) -> int:
        return next(row for row, _, text in render(screen).info["lines"] if text == "Coal")

    two = Screen(top="D1", title="Coal", menu=Menu(("Coal train (0)", "Mixed train (1)"), 0),
                 hints="ok:place")
    three = Screen(top="D1", title="Coal", hints="ok:place",
                   menu=Menu(("Coal train (0)", "Mixed train (1)", "Yard track 1 (6/8)"), 0))
    assert title_row(two) == title_row(three) == title_row(Screen(top="D1", title="Coal",
                                                                   hints="ok:place"))
    # An announcement, alone on the screen, stays centred.
    alone = Screen(title="Coal", style=Style.ANNOUNCE)
    assert title_row(alone) > title_row(Screen(title="Coal"))


def test_the_hint_lines_last_button_keeps_its_place_when_the_first_changes() -> None:
    def hint_row(hints: str) -> Image.Image:
        image = render(Screen(top="D1", title="Coal", hints=hints))
        return image.crop((0, HEIGHT - SMALL.height, WIDTH, HEIGHT))

    place, wagon = hint_row("ok:place back:cancel"), hint_row("tap:wagon back:cancel")
    changed = ImageChops.difference(place, wagon).getbbox()
    assert changed is not None
    assert changed[2] <= SMALL.width("tap:wagon")  # "back:cancel" is drawn where it was
    # A line too long for both parts whole is drawn from the left, ended with "…".
    assert render(Screen(hints="ok:un bouton  back:un autre bouton trop long")).info[
        "lines"][-1][2] == "ok:un bouton…"


def test_every_glyph_sheet_is_a_binary_pbm() -> None:
    # A PNG under the .pbm name would have Pillow load its PNG, JPEG, GIF and BMP readers.
    from companion.screens.fonts import FONTDATA

    sheets = sorted(FONTDATA.glob("*.pbm"))
    assert len(sheets) == len(list(FONTDATA.glob("*.pil"))) > 0
    assert [sheet.name for sheet in sheets if sheet.read_bytes()[:3] != b"P4\n"] == []


def test_the_font_builder_rewrites_a_png_glyph_sheet_as_the_same_pixels_in_pbm(
        tmp_path: Path) -> None:
    from tools.build_fonts import as_pbm

    sheet = Image.new("1", (19, 5))
    for xy in ((0, 0), (18, 4), (9, 2), (8, 3)):
        sheet.putpixel(xy, 1)
    path = tmp_path / "sample.pbm"
    sheet.save(path, "PNG")  # what Pillow's font writer leaves under the .pbm name
    as_pbm(path)
    assert path.read_bytes()[:3] == b"P4\n"
    with Image.open(path) as again:
        assert again.mode == "1" and again.tobytes() == sheet.tobytes()


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_the_rows_a_text_lights_are_read_from_its_glyphs_as_drawn(font: Font) -> None:
    every = "".join(chr(code) for code in range(0x20, 0x180)) + EXTRA_GLYPHS
    for char in every:
        assert font.lit_rows((char,)) == drawn_rows(font, (char,)), repr(char)
    for lines in (("Montréal –", "Sault Ste. Marie"), ("Dvořák",), ("", "_"), (" ",), ("gq", "ÉÀ")):
        assert font.lit_rows(lines) == drawn_rows(font, lines), lines


@given(st.lists(st.text(max_size=16), min_size=1, max_size=3))
@settings(max_examples=150, deadline=None)
def test_any_lines_light_the_rows_they_light_when_drawn(lines: list[str]) -> None:
    for font in FONTS:
        assert font.lit_rows(lines) == drawn_rows(font, lines)


def test_the_glyph_rows_are_read_before_the_first_flash_when_a_table_opens(
        tmp_path: Path) -> None:
    for font in FONTS:
        font.__dict__.pop("glyph_rows", None)
    table = open_table(state_dir=tmp_path, game="freight-train", players=("Ana", "Ben"),
                       language="en")
    try:
        assert all(len(font.__dict__["glyph_rows"]) == 256 for font in FONTS)
    finally:
        table.close()
