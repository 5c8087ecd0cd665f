"""Ticket to Ride on the example maps (tolls, mountains, country cards) beside USA.

    python bench/bench_ttr_maps.py [--quick] [--json]

Two figures, each beside USA measured in the same run:

- random complete games per second on each example map of `examples/maps/` (the simulator
  plays the map's rules: tolls and loans, mountains, country cards), 4 players;
- tap to frame on the toll example: for every tap of a whole game entered as the demo's
  automated players enter it, the table flow's answer, the engine's move and the frame's
  rendering, in this process. The real-table probe (`bench_companion`) opens only shipped maps
  (a map file at the table comes with `--map FILE`), so the journal's commit and the display
  bus are left out here: compare with USA's figure in the same rows, not with the table's.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_engine import machine  # noqa: E402
from companion.automaton import Deck  # noqa: E402
from companion.flows import autopilot  # noqa: E402
from companion.games.ticket_to_ride.flow import TicketToRideFlow  # noqa: E402
from companion.games.ticket_to_ride.words import map_ticket_codes  # noqa: E402
from companion.inputs import Press, Tap  # noqa: E402
from companion.screens.model import Screen, Style  # noqa: E402
from companion.screens.render import render  # noqa: E402
from engine.games.ticket_to_ride import RULES, Map, map_from_toml, shipped_map  # noqa: E402
from engine.games.ticket_to_ride.board import COLORS  # noqa: E402
from engine.games.ticket_to_ride.state import TicketToRideState  # noqa: E402
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


@dataclass(frozen=True)
class _Card:
    game: str
    kind: str
    value: str


def _box(board: Map) -> tuple[Deck, dict[str, _Card]]:
    """A tag for every train card and for each of the map's tickets (the tags any map's
    tickets get)."""
    uids: dict[tuple[str, str], list[str]] = {}
    for color in COLORS:
        uids[("train", color)] = [f"train-{color}-{copy}" for copy in range(12)]
    uids[("locomotive", "")] = [f"loco-{copy}" for copy in range(14)]
    for code in map_ticket_codes(board):
        uids[("ticket", code)] = [f"ticket-{code}"]
    cards = {uid: _Card(GAME, kind, value) for (kind, value), tags in uids.items()
             for uid in tags}
    return Deck(uids), cards


def measure_taps(board: Map, players: int = 4, seed: int = 1) -> dict[str, Any]:
    """Tap to frame over a whole game on `board` (flow, engine, render; see the module)."""
    names = NAMES[:players]
    deck, cards = _box(board)
    flow = TicketToRideFlow("en")
    state: TicketToRideState = RULES.new_game(names, board)
    goals = []
    simulated = state
    while not RULES.is_over(simulated):
        goal = RULES.random_event(simulated, random.Random(f"{seed}:{len(goals)}"))
        simulated = RULES.apply(simulated, goal)
        goals.append(goal)
    last: list[str] = []

    def uid_for(kind: str, value: str) -> str:
        return deck.pick(kind, value, flow.in_play() | set(last))

    taps: list[float] = []
    for goal in goals:
        moved = False
        for _ in range(60):
            item = autopilot.next_input(flow, state, goal, uid_for)
            began = time.perf_counter()
            if isinstance(item, Tap):
                reaction = flow.on_card(state, cards[item.uid], item.uid)
                last[:] = [item.uid]
            else:
                assert isinstance(item, Press)
                reaction = flow.on_button(state, item.button)
            if reaction.event is not None:
                after = RULES.apply(state, reaction.event)
                flow.accepted(state, after, reaction.event, reaction.uids)
                state, moved = after, True
            shown = reaction.refusal or reaction.notice
            render(Screen(title=shown, style=Style.NOTICE) if shown else flow.screen(state))
            if isinstance(item, Tap):
                taps.append(time.perf_counter() - began)
            if moved:
                break
        if not moved:
            raise RuntimeError(f"{board.name}: the flow did not take {goal.to_json()}")
    ordered = sorted(taps)
    return {"map": board.name, "players": players, "taps": len(taps),
            "median_ms": 1000 * statistics.median(ordered),
            "p99_ms": 1000 * ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]}


def run(quick: bool = False) -> dict[str, Any]:
    seconds = 0.5 if quick else 2.0
    boards = [shipped_map("usa"), *(example_map(name) for name in EXAMPLE_MAPS)]
    return {
        "machine": machine(),
        "games": [measure_games(board, 4, seconds) for board in boards],
        "taps": [measure_taps(board) for board in (shipped_map("usa"),
                                                   example_map("tolls-example"))],
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
        print(f"tap to frame, {t['map']}: median {t['median_ms']:.2f} ms, p99 "
              f"{t['p99_ms']:.2f} ms over {t['taps']} taps (flow, engine, render)")
    print("aim: tap to frame p99 <= 2 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
