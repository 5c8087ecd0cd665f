"""A 128x32 panel: every screen laid out for it, its words whole over pages turned in time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from companion.desktop.demo import DEMO_DRIVERS, run_demo
from companion.screens.model import Menu, Screen, Style
from companion.screens.render import cuts, pages, render, text_lines
from companion.table.build import open_table
from companion.table.loop import PAGE_SECONDS, TableLoop
from drivers.errors import DriverConfigError
from engine.registry import GAMES

from .test_table_e2e import expected_result
from .tour import tour

SHORT = (128, 32)


MARKS = set("■□▲▼")


def words(text: str) -> list[str]:
    """The words of a line, marks left out (the panel draws its own)."""
    return [word for word in text.split() if not set(word) <= MARKS]


def shown_words(screen: Screen) -> list[str]:
    """Every word the panel shows of `screen`, over all its pages (marks of the progress,
    the menu and the highlighted item's "> " left out)."""
    found = []
    for page in range(pages(screen, SHORT)):
        for line in text_lines(render(screen, SHORT, page)):
            found.extend(words(line.removeprefix("> ")))
    return found


def needed_words(screen: Screen) -> list[str]:
    """The words a screen asks to show whole (the context line may drop its last parts)."""
    lines = [screen.title, screen.hints]
    if screen.menu is None:
        lines.extend(screen.body)
    elif 0 <= screen.menu.selected < len(screen.menu.items):
        lines.append(screen.menu.items[screen.menu.selected])
    else:
        lines.extend(screen.menu.items)
    return [word for line in lines for word in words(line)]


def test_a_short_frame_has_the_panels_size_and_pages_for_what_does_not_fit() -> None:
    screen = Screen(top="ANA · D1 · R4", title="Tap 3 wagons", body=("Coal, tank", "Box"),
                    hints="ok:menu", progress=(1, 3))
    assert pages(screen) == 1 and render(screen).size == (128, 64)
    count = pages(screen, SHORT)
    assert count == 3
    frames = [render(screen, SHORT, page) for page in range(count)]
    assert all(frame.size == SHORT and frame.mode == "1" for frame in frames)
    assert [text_lines(frame)[2] for frame in frames] == ["Tap 3 wagons", "Coal, tank", "Box"]
    # The context line, its progress marks and the hints stay on every page.
    assert all(text_lines(frame)[:2] == ["ANA · D1 · R4", "■□□"] for frame in frames)
    assert all(text_lines(frame)[-1] == "ok:menu" for frame in frames)
    assert render(screen, SHORT, count).tobytes() == frames[0].tobytes()  # pages come round


def test_a_menu_shows_the_highlighted_item_first_with_marks_for_the_others() -> None:
    screen = Screen(top="Pay", title="Which card?", menu=Menu(("Coal", "Tank", "Box"), 1),
                    hints="ok:pay")
    first = text_lines(render(screen, SHORT, 0))
    assert first == ["Pay", "> Tank", "ok:pay"]
    assert text_lines(render(screen, SHORT, 1))[1] == "Which card?"


@pytest.mark.parametrize("style", list(Style))
def test_every_style_fits_and_a_long_line_goes_on_over_the_next_page(style: Style) -> None:
    screen = Screen(top="CLÉO", title="Départ des trains : tout le monde compte",
                    body=("Encore : Ben, Cléo, Dana, Eve et toute la table",), hints="ok:suite",
                    style=style)
    assert not cuts(screen, SHORT)
    assert set(shown_words(screen)) == {"CLÉO", *needed_words(screen)}


def test_a_size_without_a_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="no screen layout for a 64x128 panel"):
        render(Screen(title="x"), (64, 128))


def test_a_panel_turned_a_quarter_is_refused_at_the_start_not_left_dark(tmp_path: Path) -> None:
    config: dict[str, Any] = {**DEMO_DRIVERS, "display": {"kind": "sim", "rotate": 1}}
    with pytest.raises(DriverConfigError, match="128x64 or 128x32 panel, not 64x128"):
        open_table(state_dir=tmp_path, language="en", driver_config=config)


class _Shown:
    def __init__(self) -> None:
        self.frames: list[Image.Image] = []

    def show(self, image: Image.Image) -> bool:
        self.frames.append(image)
        return True


class _Still:
    """An app whose screen never changes."""

    next_app = None
    faults: dict[str, str] = {}

    def __init__(self, screen: Screen) -> None:
        self._screen = screen

    def handle(self, item: Any) -> None: ...

    def screen(self) -> Screen:
        return self._screen

    def fault(self, device: str, message: str | None) -> None: ...

    def expires_at(self) -> float | None:
        return None


def test_the_loop_turns_the_pages_when_their_time_is_up() -> None:
    screen = Screen(top="ANA", title="Tap 3 wagons", body=("Coal, tank",), hints="ok:menu")
    now = [0.0]
    display = _Shown()
    loop = TableLoop(_Still(screen), display, lambda shown, page: render(shown, SHORT, page),
                     clock=lambda: now[0], pages=lambda shown: pages(shown, SHORT))
    loop.refresh()
    assert loop._wait() == pytest.approx(PAGE_SECONDS)
    now[0] += PAGE_SECONDS / 2
    loop.refresh()  # not yet
    now[0] += PAGE_SECONDS / 2
    loop.refresh()
    now[0] += PAGE_SECONDS
    loop.refresh()
    assert [text_lines(frame)[1] for frame in display.frames] == [
        "Tap 3 wagons", "Coal, tank", "Tap 3 wagons"]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_word_of_a_whole_game_is_shown_whole_on_a_short_panel(game: str,
                                                                     language: str) -> None:
    screens = 0
    missing: set[tuple[str, ...]] = set()
    for screen in dict.fromkeys(tour(game, language)):
        screens += 1
        assert not cuts(screen, SHORT), screen
        shown = shown_words(screen)
        lost = [word for word in needed_words(screen) if word not in shown]
        if lost:
            missing.add(tuple(lost))
    assert screens > 50
    assert not missing, sorted(missing)


def test_a_whole_demo_on_a_simulated_short_panel_shows_every_frame(tmp_path: Path) -> None:
    rendered: list[Image.Image] = []
    panel = tmp_path / "panel"
    config: dict[str, Any] = {**DEMO_DRIVERS, "display": {
        "kind": "png", "height": 32, "path": str(panel), "keep_frames": True}}
    result = run_demo("freight-train", 5, tmp_path / "state", 2, "en", frames=rendered.append,
                      driver_config=config)
    assert result == expected_result(5)
    assert len(rendered) > 100 and {frame.size for frame in rendered} == {SHORT}
    written = [Image.open(path).convert("1") for path in sorted(panel.glob("frame-*.png"))]
    changes = [frame for index, frame in enumerate(rendered)
               if index == 0 or frame.tobytes() != rendered[index - 1].tobytes()]
    # The panel received every frame that changed, in order (none was refused), then the
    # blank frame of its closing.
    assert len(written) == len(changes) + 1
    assert all(same(a, b) for a, b in zip(written, changes))
    assert written[-1].getbbox() is None


def same(one: Image.Image, other: Image.Image) -> bool:
    return ImageChops.difference(one.convert("1"), other.convert("1")).getbbox() is None
