"""The scoreboard's load benchmark runs end to end, small: every stream showed every move
(it waits for each), the board showed every table; no timing is asserted."""

from __future__ import annotations

from bench import bench_web_load, run


def test_the_stream_figures_come_with_one_streams() -> None:
    figures = bench_web_load.measure_streams(moves=2, phones=5)
    assert figures["phones"] == 5 and figures["moves"] == 2
    for side in ("one", "many"):
        assert figures[side]["wall_s"] >= 2 * bench_web_load.MOVE_PACE * 0.99
        assert figures[side]["cpu_s"] >= 0
    assert figures["many"]["rss_mb"] > 0 and figures["ratio"] >= 0


def test_the_board_figures_come_with_the_empty_boards() -> None:
    figures = bench_web_load.measure_board(tables=30, repeats=1)
    assert figures["full"]["shown"] == 30
    for side in ("empty", "full"):
        assert figures[side]["tables_ms"] > 0 and figures[side]["rss_mb"] > 0
    assert callable(run.web_load_rows)
