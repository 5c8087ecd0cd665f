"""The render of the frames a Ticket to Ride game shows, flashes apart, with the renderer's
shortcuts and from scratch, in the same run.

    python bench/bench_flash.py [--quick] [--json]

A demo game is played through a real table (`bench_companion.SteppedTable`, 4 players) on USA
and on the toll example map; every screen it renders is kept in order. Those screens are then
rendered again in the same order, twice: with the shortcuts (a text's pixels kept as a mask,
widths counted from the fonts' advance, the rows a text lights read from its glyphs, a
screen's middle laid out once; every kept thing forgotten first, so that they fill up as in
play), and from scratch (`from_scratch`: every text measured and drawn by Pillow, every
middle laid out anew), as the renderer drew before the shortcuts. A flash (a notice or
refusal laid over the screen it answers) is the frame of almost every move: its words are new
(the route just claimed, its toll), the screen under it was just drawn.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from bench.bench_companion import SteppedTable, _quantile  # noqa: E402
from bench.figures_cli import figures_main  # noqa: E402
from companion.desktop.demo import PLAYER_NAMES  # noqa: E402
from companion.flows.automaton import physical_moves  # noqa: E402
from companion.screens import (  # noqa: E402
    flash,
    fonts,
    middle,  # noqa: E402
)
from companion.screens import render as render_module  # noqa: E402
from companion.screens.model import Screen  # noqa: E402
from engine.registry import GAMES  # noqa: E402

GAME = "ticket-to-ride"
TOLLS = ROOT / "examples" / "maps" / "tolls-example.toml"
#: The layouts the renderer keeps, by their names in `middle`.
KEPT_LAYOUTS = ("_fit_title_and_body", "_fit_title_and_menu", "_body_lines")
#: Moves of a quick run: enough for a hundred flashes.
QUICK_MOVES = 120


def _pillow_width(font: fonts.Font, text: str) -> int:
    return int(font.image_font.getlength(font.encode(text)))


@contextmanager
def from_scratch() -> Iterator[None]:
    """Inside the block, the renderer draws as it did before its shortcuts: every text
    measured and drawn by Pillow, every screen's middle laid out anew (a flash's ways to fit,
    kept before, stay kept)."""
    with mock.patch.object(fonts, "_text_mask", lambda font, text: None), \
            mock.patch.object(fonts.Font, "width", _pillow_width), \
            mock.patch.object(fonts.Font, "lit_rows", fonts.drawn_rows), \
            mock.patch.multiple(middle, **{
                name: getattr(middle, name).__wrapped__ for name in KEPT_LAYOUTS}):
        yield


def forget_kept() -> None:
    """Empty what the renderer keeps (the masks, the layouts) as a table opens, its fonts'
    glyph rows read again (`fonts.warm_up`, as `open_table` does)."""
    fonts._text_mask.cache_clear()
    for font in (fonts.SMALL, *fonts.TITLES):
        font.__dict__.pop("glyph_rows", None)
    fonts.warm_up()
    flash._way.cache_clear()
    for name in KEPT_LAYOUTS:
        getattr(middle, name).cache_clear()


def shown_screens(options: dict[str, Any] | None = None, moves: int | None = None,
                  language: str = "en") -> list[Screen]:
    """Every screen a 4-player demo game renders at the table, in order."""
    names = PLAYER_NAMES[:4]
    planned = physical_moves(GAMES[GAME], names, 1, options)
    shown: list[Screen] = []
    with tempfile.TemporaryDirectory(prefix="bench-flash-") as folder:
        stepped = SteppedTable(Path(folder), GAME, names, language=language, options=options)
        try:
            stepped.enroll_deck()
            render = stepped.loop.render

            def kept(screen: Screen, page: int = 0) -> Any:
                shown.append(screen)
                return render(screen, page)

            stepped.loop.render = kept
            stepped.play(planned[:moves] if moves is not None else planned)
        finally:
            stepped.close()
    return shown


def _render_times(screens: list[Screen]) -> tuple[list[float], list[float]]:
    """Seconds to render each flash and each other screen, in the order shown."""
    flashes: list[float] = []
    others: list[float] = []
    clock = time.perf_counter
    for screen in screens:
        began = clock()
        render_module.render(screen)
        (flashes if screen.beneath is not None else others).append(clock() - began)
    return flashes, others


def measure_renders(screens: list[Screen]) -> dict[str, Any]:
    """Flash and other renders of `screens`, with the shortcuts and from scratch (ms)."""
    forget_kept()
    fast = _render_times(screens)
    forget_kept()  # a flash's ways to fit, kept before the shortcuts too, fill up again
    with from_scratch():
        scratch = _render_times(screens)

    def ms(samples: list[float], q: float) -> float | None:
        return round(_quantile(samples, q) * 1000, 3) if samples else None

    figures: dict[str, Any] = {"frames": len(screens), "flashes": len(fast[0])}
    for way, (flashes, others) in (("kept", fast), ("scratch", scratch)):
        figures[f"{way}_flash_median_ms"] = ms(flashes, 0.5)
        figures[f"{way}_flash_p99_ms"] = ms(flashes, 0.99)
        figures[f"{way}_other_median_ms"] = ms(others, 0.5)
    return figures


def run(quick: bool = False) -> list[dict[str, Any]]:
    """The figures on USA, then on the toll example map."""
    from companion.games.map_choices import map_option

    moves = QUICK_MOVES if quick else None
    tolls = {"map_name": map_option(GAME, str(TOLLS))}
    return [{"map": "usa", **measure_renders(shown_screens(None, moves))},
            {"map": "tolls-example", **measure_renders(shown_screens(tolls, moves))}]


def show(figures: Any) -> None:
    for f in figures:
        print(f"{f['map']}: {f['flashes']} flashes of {f['frames']} frames; a flash "
              f"{f['kept_flash_median_ms']} ms (p99 {f['kept_flash_p99_ms']} ms), from scratch "
              f"{f['scratch_flash_median_ms']} ms (p99 {f['scratch_flash_p99_ms']} ms); "
              f"another frame {f['kept_other_median_ms']} ms, from scratch "
              f"{f['scratch_other_median_ms']} ms")


def main() -> int:
    return figures_main(__doc__, run, show, quick_help=f"the first {QUICK_MOVES} moves")


if __name__ == "__main__":
    raise SystemExit(main())
