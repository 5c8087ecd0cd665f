"""The desktop preview: the frame in the largest form the terminal holds, names in any script."""

from __future__ import annotations

from PIL import Image, ImageChops

from companion.screens.fonts import SMALL, TITLES
from companion.screens.model import Menu, Screen, Style
from companion.screens.primitives import HEIGHT, WIDTH
from companion.screens.render import render, text_lines
from companion.screens.terminal import Preview, choose_mode, to_quarters, to_text

MAIN = Screen(top="D1 · R4", title="ANA to play", body=("Trains: 4 · Yard: 7",),
              hints="ok:menu  hold:undo", progress=(1, 3))


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


def from_quarters(text: str) -> Image.Image:
    image = Image.new("1", (WIDTH, HEIGHT))
    quarters = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
    for row, line in enumerate(text.split("\n")):
        for column, char in enumerate(line):
            bits = quarters.index(char)
            for bit, (dx, dy) in ((1, (0, 0)), (2, (1, 0)), (4, (0, 1)), (8, (1, 1))):
                if bits & bit:
                    image.putpixel((2 * column + dx, 2 * row + dy), 255)
    return image


def preview(columns: int, lines: int) -> tuple[Preview, list[str]]:
    said: list[str] = []

    def status(mode: str, columns: int, lines: int) -> str:
        said.append(mode)
        return f"{mode} {columns}x{lines}"
    return Preview(status, size=lambda: (columns, lines)), said


def test_the_preview_fits_the_terminal_it_runs_in() -> None:
    image = render(MAIN)
    for columns, lines, mode in ((130, 35, "half"), (129, 60, "quarter"), (66, 35, "quarter"),
                                 (80, 24, "text"), (40, 12, "text")):
        shown, said = preview(columns, lines)
        text = shown.frame(image)
        assert said == [mode] and choose_mode(columns, lines) == mode
        rows = text.removeprefix("\x1b[2J\x1b[H").rstrip("\n").split("\n")
        plain = [row.replace("\x1b[K", "").replace("\x1b[J", "") for row in rows]
        assert len(plain) <= lines, (columns, lines, mode)
        assert max(len(row) for row in plain) <= columns, (columns, lines, mode)
        assert plain[-1] == f"{mode} {columns}x{lines}"  # one line says which form


def test_quarter_blocks_keep_every_pixel() -> None:
    image = render(MAIN)
    text = to_quarters(image)
    assert len(text.split("\n")) == HEIGHT // 2
    assert max(len(line) for line in text.split("\n")) <= WIDTH // 2
    assert same(from_quarters(text), image)
    boxed = to_quarters(image, border=True).split("\n")
    assert {len(line) for line in boxed} == {WIDTH // 2 + 2}
    assert to_text(image, border=True).count("\n") == HEIGHT // 2 + 1


def test_a_small_terminal_shows_the_screens_words() -> None:
    image = render(MAIN)
    assert text_lines(image) == ["D1 · R4", "ANA to play", "■□□", "Trains: 4 · Yard: 7",
                                 "ok:menu  hold:undo"]
    shown, _ = preview(80, 24)
    frame = shown.frame(image)
    assert "ANA to play" in frame and "█" not in frame
    menu = render(Screen(title="Pay", menu=Menu(("Coal", "Tank", "Yard"), 1), hints="ok:pay"))
    assert "> Tank" in text_lines(menu) and "Coal" in text_lines(menu)


def test_the_form_changes_with_the_terminal() -> None:
    sizes = iter([(200, 50), (200, 50), (80, 24)])
    said: list[str] = []
    shown = Preview(lambda mode, c, r: said.append(mode) or mode, size=lambda: next(sizes))
    frames = [shown.frame(render(MAIN)) for _ in range(3)]
    assert said == ["half", "half", "text"]
    # The screen is cleared only when the form changes, so a redraw does not flicker.
    assert [frame.startswith("\x1b[2J") for frame in frames] == [True, False, True]


def test_names_beyond_latin1_keep_their_letters() -> None:
    for font in (SMALL, *TITLES):
        assert font.encode("Łukasz Dvořák Šťastný Øyvind") == "Lukasz Dvorák Stastný Øyvind"
        assert "?" not in font.encode("Ğülşen Đorđe Ħal Ŀl ı")
    # Drawn whole (their marks composed over the base letters), never as "?".
    for name, plain in (("Łukasz", "Lukasz"), ("Dvořák", "Dvorák")):
        drawn = render(Screen(title=name.upper() + " to play", body=(name,)))
        assert not same(drawn, render(Screen(title=plain.upper() + " to play", body=(plain,))))
        assert not same(drawn, render(Screen(title=name.upper().replace(name[0], "?")
                                             + " to play", body=(name,))))
    assert not same(render(Screen(title="DVOŘÁK")), render(Screen(title="DVO?ÁK")))
    # Beyond Latin Extended-A, the letter without its mark.
    assert same(render(Screen(title="Ștefan")), render(Screen(title="Stefan")))
    # What has no Latin spelling is still a "?": the screen never breaks.
    assert SMALL.encode("中") == "?"
    assert render(Screen(title="中", style=Style.NOTICE)).size == (WIDTH, HEIGHT)
