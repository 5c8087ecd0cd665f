"""Ticket to Ride on the example maps (tolls, mountains, country cards, teams, Märklin) beside
USA.

    python bench/bench_ttr_maps.py [--quick] [--json]

Two figures, each beside USA measured in the same run:

- random complete games per second on each example map of `examples/maps/` the table plays
  (`bench_ttr.measure_example_games`), 4 players where the map allows;
- tap to frame on the toll example, through the same real table as every game's figure
  (`bench_companion`), the map file's data given as `--map FILE` gives it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_engine import machine  # noqa: E402
from bench.bench_ttr import measure_example_games, print_games  # noqa: E402
from bench.figures_cli import figures_main  # noqa: E402
from engine.games.ticket_to_ride import Map, map_from_toml  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "maps"
EXAMPLE_MAPS = ("tolls-example", "mountains-example", "countries-example", "teams-example",
                "marklin-example")
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
GAME = "ticket-to-ride"


def example_map(name: str) -> Map:
    return map_from_toml((EXAMPLES / f"{name}.toml").read_text("utf-8"))


def tap_to_frame(quick: bool = False) -> list[dict[str, Any]]:
    """Tap to frame over a 4-player demo game on USA, then on the toll example, through the
    same real table as every game's figure (`bench_companion.measure_tap_to_frame`: loop,
    flow, engine, synced journal, render, display), the map file's data given as `--map FILE`
    gives it."""
    from bench.bench_companion import measure_tap_to_frame
    from companion.games.map_choices import map_option

    most = 150 if quick else None
    tolls = {"map_name": map_option(GAME, str(EXAMPLES / "tolls-example.toml"))}
    usa = measure_tap_to_frame(GAME, players=4, max_taps=most)
    toll = measure_tap_to_frame(GAME, players=4, max_taps=most, options=tolls)
    return [{**usa, "map": "usa"}, {**toll, "map": "tolls-example"}]


def run(quick: bool = False) -> dict[str, Any]:

    return {"machine": machine(), "games": measure_example_games(quick, players=4),
            "taps": tap_to_frame(quick)}


def show(figures: Any) -> None:
    print(f"machine: {figures['machine']}")
    print_games(figures["games"])
    for t in figures["taps"]:
        print(f"tap to frame, {t['map']}: p99 {t['all_p99_ms']} ms over "
              f"{t['taps_commit'] + t['taps_no_commit']} taps (outside the journal's synced "
              f"writes: {t['all_p99_outside_journal_ms']} ms; the loop's CPU: "
              f"{t['all_p99_cpu_ms']} ms)")
    print("aim: tap to frame p99 <= 2 ms")


def main() -> int:
    return figures_main(__doc__, run, show)


if __name__ == "__main__":
    sys.exit(main())
