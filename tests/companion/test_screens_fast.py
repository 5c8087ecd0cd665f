"""The renderer's shortcuts draw every frame as it is drawn from scratch, and a tap that flashes
builds the game's screen once.

The shortcuts: a text's pixels kept as a mask and laid again (`fonts._text_mask`), a width
counted from the advance (`Font.width`), the rows a text lights read from its glyphs
(`Font.lit_rows`), the fitting of a screen's middle kept for the next frames
(`middle._fit_title_and_body` and its kin). From scratch (`bench_flash.from_scratch`, which
the benchmark compares with), every text is drawn and measured by Pillow and every screen's
middle is laid out anew.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image

from bench.bench_flash import from_scratch
from companion.flows.inputs import Press, Tap
from companion.i18n.translate import translator
from companion.screens import flash, fonts, middle
from companion.screens.fonts import TITLES, Font
from companion.screens.glyphs import Encoder, slot_of
from companion.screens.layout import fit
from companion.screens.model import Screen, Style
from companion.screens.primitives import WIDTH
from companion.screens.render import render
from companion.screens.trace import tracing
from engine.games.freight_train.state import Phase
from tests.companion.test_freight_train_flow import make_app
from tests.companion.tour import tour

#: Flashes taken from each whole game: enough for every kind of screen beneath.
SAMPLE = 60


def drawn(screen: Screen, size: tuple[int, int] = (WIDTH, 64)) -> tuple[bytes, Any, list[Any]]:
    """The frame's pixels, its text lines and its cuts."""
    with tracing() as found:
        image: Image.Image = render(screen, size)
    return image.tobytes(), image.info["lines"], found


@cache
def flashes(game: str, language: str) -> tuple[Screen, ...]:
    """Flashes of a whole game as the table shows them, notices and refusals, over the
    screens they answer."""
    shown = [screen for screen in tour(game, language) if screen.beneath is not None]
    step = max(1, len(shown) // SAMPLE)
    notices = tuple(dict.fromkeys(shown[::step]))
    _ = translator(language).gettext
    refusals = tuple(replace(notice, style=Style.REFUSAL,
                             title=_(("Unknown card", "Nothing to undo")[index % 2]))
                     for index, notice in enumerate(notices[::3]))
    # A refusal as long as a notice: its band, not its frame, around the same words.
    long_refusals = tuple(replace(notice, style=Style.REFUSAL) for notice in notices[1::3])
    return notices + refusals + long_refusals


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", ["ticket-to-ride", "freight-train"])
def test_a_flash_drawn_with_the_shortcuts_is_the_frame_drawn_from_scratch(
        game: str, language: str) -> None:
    screens = flashes(game, language)
    styles = {screen.style for screen in screens}
    assert styles == {Style.NOTICE, Style.REFUSAL}
    assert len({screen.beneath for screen in screens}) > 10
    for screen in screens:
        beneath = screen.beneath
        assert beneath is not None
        # The screen beneath first, as the panel showed it: the flash then finds its
        # middle's layout and its lines' masks kept.
        fast = [drawn(beneath), drawn(screen), drawn(screen), drawn(beneath, (WIDTH, 32))]
        with from_scratch():
            scratch = [drawn(beneath), drawn(screen), drawn(screen),
                       drawn(beneath, (WIDTH, 32))]
        assert fast == scratch, screen


def test_from_scratch_really_leaves_the_shortcuts_out() -> None:
    # Were the patches not to take, the test above would compare the shortcuts to themselves.
    with from_scratch():
        assert fonts._text_mask(fonts.SMALL, "ok") is None
        assert middle._body_lines.__name__ == "_body_lines"
        assert not hasattr(middle._body_lines, "cache_info")
        assert fonts.SMALL.lit_rows(("ok",)) == fonts.drawn_rows(fonts.SMALL, ("ok",))
        assert Font.lit_rows is fonts.drawn_rows
    assert fonts._text_mask(fonts.SMALL, "ok") is not None
    assert hasattr(middle._body_lines, "cache_info")


def test_a_tap_that_flashes_builds_the_games_screen_once() -> None:
    app, deck, clock = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    clock.now += 3
    app.screen()
    built = 0
    screen_of = app.flow.screen

    def counted(state: Any) -> Screen:
        nonlocal built
        built += 1
        return screen_of(state)

    app.flow.screen = counted  # type: ignore[method-assign]
    app.handle(Tap(deck.uids[("wagon", "coal")][0]))
    app.handle(Press("ok"))
    assert app.flash is not None and app.flash.screen.style is Style.NOTICE
    assert built == 1
    flashed = app.flash.screen
    assert flashed.beneath is not None and flashed.top == screen_of(app.session.state).top


WORDS = st.text(alphabet=st.sampled_from("ab é–→œ…\u00a0W ."), max_size=30)


@given(WORDS, st.integers(min_value=1, max_value=130), st.sampled_from(range(len(TITLES))))
@example("ab  ab", 50, 0)   # one line once `fit` drops the empty word
@example(" ab ab", 50, 0)
@example("W", 5, 0)         # a word wider than the width broken into one piece
@settings(max_examples=400, deadline=None)
def test_a_text_said_beyond_one_line_does_not_fit_one_line(text: str, width: int,
                                                            font: int) -> None:
    title = TITLES[font]
    if flash._beyond_one_line(text, title, width):
        fitted = fit(text, (title,), width, title.height, max_lines=1)
        assert not fitted.complete or fitted.height > title.height


def test_a_long_title_is_said_beyond_one_line_only_when_it_is() -> None:
    title = TITLES[0]
    assert flash._beyond_one_line("Montreal – Sault Ste. Marie +10", title, 124)
    assert not flash._beyond_one_line("Green taken", title, 124)
    # Spelled out wider than it is long (→ as "->" where a size lacks it), or spaced
    # oddly: left to `fit`.
    assert not flash._beyond_one_line("Montreal  Sault Ste. Marie +10", title, 124)
    assert not flash._beyond_one_line(" Montreal – Sault Ste. Marie +10", title, 124)


def test_a_text_spelled_out_longer_in_a_font_is_left_to_fit() -> None:
    # A size without "→" spells it "->": `fit` shortens the word by its glyphs, to the width.
    title = TITLES[0]
    no_arrow = Font("no-arrow", title.image_font, title.advance, title.height,
                    Encoder(title.encoder.present - {slot_of("→") or 0}), fixed=True)
    assert no_arrow.encode("→→→→") == "->->->->"
    fitted = fit("→→→→", (no_arrow,), 50, no_arrow.height, max_lines=1)
    assert fitted.lines == ("→→…",) and no_arrow.width(fitted.lines[0]) <= 50
    assert not fitted.complete
    assert not flash._beyond_one_line("→→→→", no_arrow, 50)
