"""Engine figures: random complete games per second and the median cost of one `apply`.

    python bench/bench_engine.py [--quick] [--json] [--game ID] [--players N]

Aims (issue: engine core): a complete 4-player Freight Train game in under 50 ms and an
`apply` under 50 us on a desktop, since a Raspberry Pi Zero 2 W is about ten times slower.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.registry import GAMES
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


#: Rounds of `apply` timing, spread over the games' playing time.
APPLY_ROUNDS = 7


def measure_game(game_id: str, players: int, seconds: float,
                 rounds: int = APPLY_ROUNDS) -> dict[str, Any]:
    """Play random games for about `seconds`, and time each `apply` of the first few of them.

    The time is cut into `rounds`: each plays games for its share, then times every `apply`
    of the same replays (seeds 0-4). The median `apply` is the median of the rounds' medians,
    so a busy spell of the machine spoils a round or two, not the figure; the p99 is over
    every timed `apply`."""
    rules = GAMES[game_id]
    start = rules.new_game(NAMES[:players])
    games = events = 0
    playing = 0.0
    seed = 0
    replays: list[list[Any]] = []
    round_medians: list[float] = []
    costs: list[int] = []
    for round_number in range(rounds):
        began = time.perf_counter()
        share = seconds * (round_number + 1) / rounds
        while playing + time.perf_counter() - began < share or games < 3:
            playout = play_random(rules, start, seed=seed)
            events += len(playout.events)
            games += 1
            seed += 1
        playing += time.perf_counter() - began
        while len(replays) < min(games, 5):
            replays.append(list(play_random(rules, start, seed=len(replays)).events))
        timed = []
        for replay in replays:
            state = start
            for event in replay:
                tick = time.perf_counter_ns()
                after = rules.apply(state, event)
                timed.append(time.perf_counter_ns() - tick)
                state = after
        round_medians.append(statistics.median(timed) / 1000)
        costs += timed
    return {
        "game": game_id,
        "players": players,
        "games_per_second": games / playing,
        "ms_per_game": 1000 * playing / games,
        "events_per_game": events / games,
        "apply_median_us": statistics.median(round_medians),
        "apply_round_medians_us": [round(median, 1) for median in round_medians],
        "apply_p99_us": statistics.quantiles(costs, n=100)[98] / 1000,
    }


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.machine()}, {model}, Python {platform.python_version()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    seconds = 0.5 if args.quick else 3.0
    figures = []
    for game_id in args.game or list(GAMES):
        rules = GAMES[game_id]
        players = min(max(args.players, rules.players.start), rules.players.stop - 1)
        random.seed(0)
        figures.append(measure_game(game_id, players, seconds))
    if args.json:
        print(json.dumps({"machine": machine(), "engine": figures}, indent=2))
        return 0
    print(f"machine: {machine()}")
    print(f"{'game':<16}{'players':>8}{'games/s':>10}{'ms/game':>10}{'events':>8}"
          f"{'apply med us':>14}{'p99 us':>9}")
    for f in figures:
        print(f"{f['game']:<16}{f['players']:>8}{f['games_per_second']:>10.1f}"
              f"{f['ms_per_game']:>10.2f}{f['events_per_game']:>8.0f}"
              f"{f['apply_median_us']:>14.1f}{f['apply_p99_us']:>9.1f}")
    print("aims: a 4-player Freight Train game < 50 ms; apply < 50 us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
