"""Ticket to Ride on the example maps (tolls, mountains, country cards) beside USA.

    python bench/bench_ttr_maps.py [--quick] [--json]

Two figures, each beside USA measured in the same run:

- random complete games per second on each example map of `examples/maps/` (the simulator
  plays the map's rules: tolls and loans, mountains, country cards), 4 players;
- tap to frame on the toll example, through the same real table as every game's figure
  (`bench_companion`), the map file's data given as `--map FILE` gives it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_engine import machine  # noqa: E402
from engine.games.ticket_to_ride import RULES, Map, map_from_toml, shipped_map  # noqa: E402
from engine.simulate import play_random  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "maps"
EXAMPLE_MAPS = ("tolls-example", "mountains-example", "countries-example")
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
GAME = "ticket-to-ride"


def example_map(name: str) -> Map:
    return map_from_toml((EXAMPLES / f"{name}.toml").read_text("utf-8"))


def measure_games(board: Map, players: int, seconds: float) -> dict[str, Any]:
    """Random complete games per second, and the median cost of one `apply`."""
    start = RULES.new_game(NAMES[:players], board)
    games = events = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds or games < 3:
        events += len(play_random(RULES, start, seed=games).events)
        games += 1
    elapsed = time.perf_counter() - began
    costs = []
    for seed in range(min(games, 3)):
        state = start
        for event in play_random(RULES, start, seed=seed).events:
            tick = time.perf_counter_ns()
            state = RULES.apply(state, event)
            costs.append(time.perf_counter_ns() - tick)
    return {"map": board.name, "players": players, "games_per_second": games / elapsed,
            "ms_per_game": 1000 * elapsed / games, "events_per_game": events / games,
            "apply_median_us": statistics.median(costs) / 1000}


def tap_to_frame(quick: bool = False) -> list[dict[str, Any]]:
    """Tap to frame over a 4-player demo game on USA, then on the toll example, through the
    same real table as every game's figure (`bench_companion.measure_tap_to_frame`: loop,
    flow, engine, synced journal, render, display), the map file's data given as `--map FILE`
    gives it."""
    from bench.bench_companion import measure_tap_to_frame
    from companion.map_files import map_option

    most = 150 if quick else None
    tolls = {"map_name": map_option(GAME, str(EXAMPLES / "tolls-example.toml"))}
    usa = measure_tap_to_frame(GAME, players=4, max_taps=most)
    toll = measure_tap_to_frame(GAME, players=4, max_taps=most, options=tolls)
    return [{**usa, "map": "usa"}, {**toll, "map": "tolls-example"}]


def run(quick: bool = False) -> dict[str, Any]:
    seconds = 0.5 if quick else 2.0
    boards = [shipped_map("usa"), *(example_map(name) for name in EXAMPLE_MAPS)]
    return {
        "machine": machine(),
        "games": [measure_games(board, 4, seconds) for board in boards],
        "taps": tap_to_frame(quick),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.quick)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"machine: {figures['machine']}")
    print(f"{'map':<20}{'players':>8}{'games/s':>10}{'ms/game':>10}{'events':>8}"
          f"{'apply med us':>14}")
    for g in figures["games"]:
        print(f"{g['map']:<20}{g['players']:>8}{g['games_per_second']:>10.1f}"
              f"{g['ms_per_game']:>10.1f}{g['events_per_game']:>8.0f}"
              f"{g['apply_median_us']:>14.1f}")
    for t in figures["taps"]:
        print(f"tap to frame, {t['map']}: p99 {t['all_p99_ms']} ms over "
              f"{t['taps_commit'] + t['taps_no_commit']} taps (outside the journal's synced "
              f"writes: {t['all_p99_outside_journal_ms']} ms; the loop's CPU: "
              f"{t['all_p99_cpu_ms']} ms)")
    print("aim: tap to frame p99 <= 2 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
