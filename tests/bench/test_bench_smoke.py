"""Smoke tests of the benchmark and abuse tooling: it imports, its sections report errors as
rows, and the fast part of the bad-files campaign passes. No timing is asserted."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import pytest

from bench import faults, run
from bench.bench_companion import parse_importtime


def test_every_section_of_the_quick_run_is_importable() -> None:
    import bench.bench_companion
    import bench.bench_drivers
    import bench.bench_engine
    import bench.bench_gentle
    import bench.bench_journal
    import bench.bench_ttr

    for module, names in (
        (bench.bench_engine, ("measure_game",)),
        (bench.bench_drivers, ("measure_idle_transfers", "measure_latency", "measure_idle_cpu",
                               "measure_frame_bytes", "measure_screen_changes")),
        (bench.bench_journal, ("bench_resume",)),
        (bench.bench_ttr, ("worst_networks", "measure_longest", "measure_stations",
                           "reference_rate", "measure_example_games")),
        (bench.bench_companion, ("measure_tap_to_frame", "measure_resume", "measure_peak_rss",
                                 "measure_cold_start", "measure_importtime")),
        (run, ("section_engine", "section_reader", "section_display", "section_companion",
               "section_pi", "section_ttr")),
        (bench.bench_gentle, ("measure_tally_start", "measure_hardware_python", "trace_probe",
                              "measure_idle_cpu", "measure_idle_breakdown")),
    ):
        for name in names:
            assert callable(getattr(module, name)), f"{module.__name__}.{name}"


def test_a_section_is_measured_into_rows_that_print_as_a_table_and_as_json() -> None:
    rows, raw = run.section_display(quick=True)
    assert rows and all(row.status in (run.OK, run.MISS, run.NONE) for row in rows)
    figures = {"machine": run.machine(), "quick": True, "seconds": 0.0, "errors": [],
               "misses": 0, "rows": [asdict(row) for row in rows], "raw": {"display": raw}}
    assert "bytes sent per unchanged frame" in run.table(figures)
    json.dumps(figures)


def test_a_failing_section_is_an_error_row_and_a_failing_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(quick: bool, *args: Any) -> Any:
        raise RuntimeError("no such device")

    def nothing(quick: bool, *args: Any) -> Any:
        return [], {}

    monkeypatch.setattr(run, "start_peak_rss", lambda quick: lambda: [])
    monkeypatch.setattr(run, "section_engine", broken)
    for name in ("section_reader", "section_display", "section_companion", "section_pi",
                 "section_ttr", "section_web", "section_mqtt", "section_enrolment"):
        monkeypatch.setattr(run, name, nothing)
    assert run.main(["--quick", "--json"]) == 1
    printed = json.loads(capsys.readouterr().out)
    (row,) = printed["rows"]
    assert row["status"] == run.ERROR and "no such device" in row["value"]


def test_importtime_lines_are_summed_over_top_level_imports() -> None:
    text = ("import time: self [us] | cumulative | imported package\n"
            "import time:       100 |        100 |   _io\n"
            "import time:       200 |        300 | encodings\n"
            "import time:        50 |       1000 | companion.cli.main\n")
    parsed = parse_importtime(text)
    assert parsed["top"] == {"encodings": 300, "companion.cli.main": 1000}
    assert parsed["watched"] == {}
    assert parsed["total_ms"] == 1.3


def test_the_fast_part_of_the_bad_files_campaign_passes() -> None:
    campaign = faults.bad_files_campaign(quick=True)
    assert campaign.cases > 100
    unexpected = [failure for failure in campaign.failures if not faults.is_known(failure)]
    assert unexpected == [], "\n".join(unexpected)


def test_syncs_are_counted_between_the_probes_markers() -> None:
    from bench.bench_gentle import count_syncs

    trace = "\n".join([
        '12 fdatasync(3) = 0',
        '12 access("/bench-marker/first-start", F_OK) = -1 ENOENT',
        '12 fsync(4) = 0', '13 fdatasync(3) = 0',
        '12 access("/bench-marker/presses", F_OK) = -1 ENOENT',
        '12 access("/bench-marker/moves", F_OK) = -1 ENOENT',
        '12 fdatasync(3) = 0',
        '12 access("/bench-marker/end", F_OK) = -1 ENOENT',
    ])
    assert count_syncs(trace) == {"before": 1, "first-start": 2, "presses": 0, "moves": 1,
                                  "end": 0}


def test_the_table_probe_counts_presses_and_moves() -> None:
    from bench.bench_gentle import trace_probe

    probe = trace_probe(moves=3)
    assert probe["moves"] == 3 and probe["presses"] == 20
    assert probe["bus"]["frame_changes"] > 0
    if probe["strace"]:
        assert probe["per_press"]["syncs"] == 0  # a press that completes no move never syncs
        assert 0 < probe["per_move"]["syncs"] <= 2
        assert probe["per_move_worst"]["without_checkpoint"] <= 2


def test_each_moves_syncs_are_told_apart_and_a_checkpoint_is_seen() -> None:
    from bench.bench_gentle import syncs_per_move

    trace = "\n".join([
        '12 access("/bench-marker/moves", F_OK) = -1 ENOENT',
        '12 access("/bench-move/1", F_OK) = -1 ENOENT',
        '12 fdatasync(5</s/journal.sqlite3-wal>) = 0',
        '12 access("/bench-move/2", F_OK) = -1 ENOENT',
        '12 fdatasync(5</s/journal.sqlite3-wal>) = 0',
        '12 fdatasync(5</s/journal.sqlite3-wal>) = 0',
        '12 fdatasync(4</s/journal.sqlite3>) = 0',
        '12 access("/bench-move/3", F_OK) = -1 ENOENT',
        '12 access("/bench-marker/end", F_OK) = -1 ENOENT',
        '12 fdatasync(4</s/journal.sqlite3>) = 0',
    ])
    assert syncs_per_move(trace) == [(1, False), (3, True), (0, False)]


def test_only_the_sections_asked_for_run_and_pi_brings_companion(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []

    def section(name: str) -> Any:
        def measure(quick: bool, *args: Any) -> Any:
            ran.append(name)
            return [run.Row(name, "a figure", "1")], {}
        return measure

    monkeypatch.setattr(run, "start_peak_rss", lambda quick: lambda: [])
    for name in ("engine", "reader", "display", "companion", "pi", "ttr", "web"):
        monkeypatch.setattr(run, f"section_{name}", section(name))
    figures = run.run(quick=True, only=["pi"])
    assert ran == ["companion", "pi"]
    assert [row["section"] for row in figures["rows"]] == ["companion", "pi"]
    ran.clear()
    run.run(quick=True, only=["display", "web"])
    assert ran == ["display", "web"]
