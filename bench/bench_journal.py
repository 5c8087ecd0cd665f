"""Journal figures: what the commit adds to a move, resume time, and the snapshot interval.

    python bench/bench_journal.py [--quick] [--json]

Aims on a desktop: `GameSession.submit` without the commit's sync well under 2 ms, and a
resume under 100 ms with 5,000 events in the play.

A real Freight Train game has about 120 to 260 events, too few to show how resume grows. The
long plays here are legitimate plays all the same: a 5-player game whose first 60 events are
random legal moves (the deal included) and whose players then keep passing. A pass is action 3
laid out to the same yard, which the rules always allow (it costs the token a player has, and
nothing to a player with none); passing never draws a card, so the day never ends.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_engine import machine
from companion.state.journal import Journal, PlayRecord
from companion.table.session import SNAPSHOT_EVERY, GameSession
from engine.codec import to_jsonable
from engine.games.freight_train import RULES
from engine.games.freight_train.events import FreightTrainEvent, Rearrange
from engine.games.freight_train.state import Phase
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
#: Random legal moves before the passing starts.
REAL_MOVES = 60


def long_play(events: int, seed: int = 0) -> list[FreightTrainEvent]:
    """A legal 5-player Freight Train play of `events` events (see the module's note)."""
    state = RULES.new_game(NAMES)
    rng = random.Random(seed)
    played: list[FreightTrainEvent] = []
    for index in range(events):
        if index < REAL_MOVES or state.phase is Phase.DEAL:
            event = RULES.random_event(state, rng)
        else:
            event = Rearrange(state.player().yard)
        state = RULES.apply(state, event)
        played.append(event)
    return played


def record_play(path: Path, events: Sequence[FreightTrainEvent], snapshot_every: int,
                durable: bool = False) -> PlayRecord:
    """Journal a play of these events in a new file; returns its record."""
    with Journal(path, durable=durable) as journal:
        session = GameSession.start(journal, RULES, NAMES, snapshot_every=snapshot_every)
        for event in events:
            session.submit(event)
        return session.play


def _median_ms(samples: Sequence[float]) -> float:
    return statistics.median(samples) * 1000


def bench_submit(folder: Path, seeds: int) -> dict[str, Any]:
    """Median cost per event of `rules.apply` alone and of `submit`, with and without the sync.

    The same events for all three: complete random 4-player games, one per seed.
    """
    games = [play_random(RULES, RULES.new_game(NAMES[:4]), seed).events for seed in range(seeds)]
    apply_costs: list[float] = []
    for events in games:
        state = RULES.new_game(NAMES[:4])
        for event in events:
            began = time.perf_counter()
            state = RULES.apply(state, event)
            apply_costs.append(time.perf_counter() - began)
    figures: dict[str, Any] = {"events": sum(len(events) for events in games),
                               "apply_median_ms": _median_ms(apply_costs)}
    for durable in (False, True):
        costs: list[float] = []
        path = folder / f"submit-{durable}.sqlite3"
        with Journal(path, durable=durable) as journal:
            for events in games:
                session = GameSession.start(journal, RULES, NAMES[:4])
                for event in events:
                    began = time.perf_counter()
                    session.submit(event)
                    costs.append(time.perf_counter() - began)
        name = "submit_synced" if durable else "submit_unsynced"
        figures[f"{name}_median_ms"] = _median_ms(costs)
        figures[f"{name}_p99_ms"] = statistics.quantiles(costs, n=100)[98] * 1000
    return figures


def bench_resume(folder: Path, lengths: Sequence[int], repeats: int,
                 snapshot_every: int = SNAPSHOT_EVERY) -> list[dict[str, Any]]:
    """Time to open the journal and resume a play of each length, with and without snapshots.

    Each length is also measured `snapshot_every - 1` events later, the worst case: the most
    events to replay after the last snapshot.
    """
    rows = []
    for length in lengths:
        for events in (length, length + snapshot_every - 1):
            play = long_play(events)
            row: dict[str, Any] = {"events": events}
            for label, every in (("snapshots", snapshot_every), ("no_snapshots", events + 1)):
                path = folder / f"resume-{events}-{label}.sqlite3"
                record = record_play(path, play, every)
                row[f"{label}_ms"] = _median_ms([_resume_time(path, record)
                                                 for _ in range(repeats)])
            rows.append(row)
    return rows


def _resume_time(path: Path, play: PlayRecord) -> float:
    began = time.perf_counter()
    with Journal(path) as journal:
        GameSession.resume(journal, play)
    return time.perf_counter() - began


def bench_intervals(folder: Path, intervals: Sequence[int], events: int,
                    repeats: int) -> list[dict[str, Any]]:
    """The trade-off of the snapshot interval, on a long play of about `events` events.

    Per interval: the worst-case resume (the play ends just before a snapshot), the median
    time of one synced snapshot write, the extra synced commits per 1,000 events, and the
    file's size.
    """
    rows = []
    for every in intervals:
        length = (events // every) * every + every - 1
        play = long_play(length)
        path = folder / f"interval-{every}.sqlite3"
        record = record_play(path, play, every)
        resume = _median_ms([_resume_time(path, record) for _ in range(repeats)])
        writes = []
        with Journal(path) as journal:
            snapshot = to_jsonable(GameSession.resume(journal, record).state)
            for _ in range(repeats):
                began = time.perf_counter()
                journal.snapshot(record.id, length, snapshot)
                writes.append(time.perf_counter() - began)
        rows.append({
            "interval": every,
            "events": length,
            "worst_resume_ms": resume,
            "snapshot_write_ms": _median_ms(writes),
            "extra_commits_per_1000": 1000 / every,
            "file_kib_per_1000_events": path.stat().st_size / 1024 / length * 1000,
        })
    return rows


def run(quick: bool = False) -> dict[str, Any]:
    """Every figure, as one JSON-ready dict (for a future bench/run.py)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        return {
            "machine": machine(),
            "snapshot_every": SNAPSHOT_EVERY,
            "submit": bench_submit(folder, seeds=3 if quick else 10),
            "resume": bench_resume(folder, (500, 5_000), repeats=3 if quick else 15),
            "intervals": bench_intervals(
                folder, (10, 50, 250) if quick else (10, 25, 50, 100, 250, 1000),
                events=5_000, repeats=3 if quick else 11),
        }


def report(figures: dict[str, Any]) -> str:
    submit = figures["submit"]
    lines = [
        f"machine: {figures['machine']}",
        f"submit, {submit['events']} events of random 4-player games (median ms):",
        f"  rules.apply alone          {submit['apply_median_ms']:8.3f}",
        f"  submit, commit not synced  {submit['submit_unsynced_median_ms']:8.3f}"
        f"   (p99 {submit['submit_unsynced_p99_ms']:.3f})",
        f"  submit, commit synced      {submit['submit_synced_median_ms']:8.3f}"
        f"   (p99 {submit['submit_synced_p99_ms']:.3f})",
        f"resume: open the journal and rebuild the state (median ms), "
        f"snapshot every {figures['snapshot_every']}:",
        f"  {'events':>8}{'snapshots':>12}{'none':>10}",
    ]
    for row in figures["resume"]:
        lines.append(f"  {row['events']:>8}{row['snapshots_ms']:>12.2f}"
                     f"{row['no_snapshots_ms']:>10.2f}")
    lines.append("snapshot interval (a play of about 5,000 events):")
    lines.append(f"  {'every':>6}{'worst resume ms':>17}{'snapshot write ms':>19}"
                 f"{'extra commits/1000':>20}{'KiB/1000 events':>17}")
    for row in figures["intervals"]:
        lines.append(f"  {row['interval']:>6}{row['worst_resume_ms']:>17.2f}"
                     f"{row['snapshot_write_ms']:>19.3f}{row['extra_commits_per_1000']:>20.0f}"
                     f"{row['file_kib_per_1000_events']:>17.0f}")
    lines.append("aims: submit without the sync well under 2 ms; resume at 5,000 events < 100 ms")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.quick)
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
