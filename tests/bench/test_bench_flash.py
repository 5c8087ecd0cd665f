"""The render of a game's flashes, with the renderer's shortcuts and from scratch."""

from __future__ import annotations

from bench.bench_flash import from_scratch, measure_renders, shown_screens
from companion.screens import fonts
from companion.screens.render import render


def test_flashes_are_rendered_both_ways_over_the_frames_of_a_game() -> None:
    screens = shown_screens(moves=12)
    assert any(screen.beneath is not None for screen in screens)
    figures = measure_renders(screens)
    assert figures["frames"] == len(screens)
    assert figures["flashes"] == sum(screen.beneath is not None for screen in screens)
    for way in ("kept", "scratch"):
        assert figures[f"{way}_flash_median_ms"] > 0
        assert figures[f"{way}_flash_p99_ms"] >= figures[f"{way}_flash_median_ms"]


def test_from_scratch_draws_with_pillow_and_the_same_pixels() -> None:
    flash = next(screen for screen in shown_screens(moves=12) if screen.beneath is not None)
    kept = render(flash)
    with from_scratch():
        assert fonts._text_mask(fonts.SMALL, "ok") is None
        scratch = render(flash)
    assert fonts._text_mask(fonts.SMALL, "ok") is not None
    assert scratch.tobytes() == kept.tobytes()
