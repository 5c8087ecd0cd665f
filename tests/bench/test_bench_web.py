"""The scoreboard's benchmark runs end to end (each live event it times carries the move it
waited for); no timing is asserted."""

from __future__ import annotations

from bench import bench_web, run


def test_the_web_figures_come_with_their_alternatives() -> None:
    figures = bench_web.measure(repeats=2, moves=2)
    for key in ("live_ttfb_ms", "bare_ttfb_ms", "move_to_event_ms", "move_to_poll_ms",
                "web_rss_mb", "bare_import_rss_mb"):
        assert figures[key] > 0, key
    assert callable(run.section_web)
