"""Ticket to Ride figures: the longest route on the worst networks, station choice, games.

    python bench/bench_ttr.py [--quick] [--json]

Aims (issue: Ticket to Ride): the longest route of any network a player can build with 45
trains in under 50 ms, exact, with the speed-up over a plain depth-first search over edges
measured in the same run (capped: "> X s" when it cannot finish); the best use of three
stations on a dense network in under 50 ms; random complete games per second on USA and Europe
and the median cost of one `apply`; the same on every example map the table plays (tolls,
shares, special cards, depots...) beside USA with as many players.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_engine import machine  # noqa: E402
from bench.figures_cli import figures_main  # noqa: E402
from engine.games.ticket_to_ride import RULES, map_from_toml, shipped_map  # noqa: E402
from engine.games.ticket_to_ride.board import Map, Ticket, Track  # noqa: E402
from engine.games.ticket_to_ride.deal import unplayable  # noqa: E402
from engine.games.ticket_to_ride.stations import best_borrowing  # noqa: E402
from engine.simulate import play_random  # noqa: E402
from engine.trail_reference import BudgetExceeded, longest_trail_reference  # noqa: E402
from engine.trails import longest_trail  # noqa: E402

Edges = list[tuple[Any, Any, int]]
TRAINS = 45
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")


# --- The networks ---------------------------------------------------------------------------


def grid(width: int, height: int, limit: int = TRAINS) -> Edges:
    edges: Edges = []
    for x, y in itertools.product(range(width), range(height)):
        if x + 1 < width:
            edges.append(((x, y), (x + 1, y), 1))
        if y + 1 < height:
            edges.append(((x, y), (x, y + 1), 1))
    return edges[:limit]


def triangular(width: int, height: int, limit: int = TRAINS) -> Edges:
    edges = grid(width, height, limit=10_000)
    edges += [((x, y), (x + 1, y + 1), 1)
              for x, y in itertools.product(range(width - 1), range(height - 1))]
    return edges[:limit]


def complete(nodes: int, limit: int = TRAINS) -> Edges:
    return [(a, b, 1) for a, b in itertools.combinations(range(nodes), 2)][:limit]


def random_dense(seed: int, nodes: int) -> Edges:
    rng = random.Random(seed)
    return [(*rng.sample(range(nodes), 2), 1) for _ in range(TRAINS)]


def random_sparse(seed: int) -> Edges:
    """A random tree of 20 to 40 cities closed into a few cycles: 45 routes of length 1."""
    rng = random.Random(seed)
    nodes = rng.randint(20, 40)
    edges: Edges = [(node, rng.randrange(node), 1) for node in range(1, nodes)]
    while len(edges) < TRAINS:
        edges.append((*rng.sample(range(nodes), 2), 1))
    return edges[:TRAINS]


def grid_with_dead_ends(seed: int) -> Edges:
    """A grid whose spare trains go into routes to dead ends."""
    rng = random.Random(seed)
    width, height = rng.randint(2, 5), rng.randint(3, 9)
    edges = grid(width, height, limit=TRAINS)
    while len(edges) < TRAINS:
        node = (rng.randrange(width), rng.randrange(height))
        edges.append((node, ("end", len(edges)), 1))
    return edges


def europe_networks(count: int) -> list[tuple[str, Edges]]:
    """Networks one player can hold on Europe with 45 trains (one track per route), shortest
    routes first with some randomness: many cities of odd degree and many cycles."""
    board = shipped_map("europe")
    singles = [t for t in board.tracks if t.number in (0, 1)]
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        order = sorted(singles, key=lambda t: t.length + rng.random() * (seed % 4))
        edges: Edges = []
        used = 0
        for track in order:
            if used + track.length <= TRAINS:
                edges.append((track.ends[0], track.ends[1], track.length))
                used += track.length
        found.append((f"europe-{seed}", edges))
    return found


def worst_networks(quick: bool = False) -> list[tuple[str, Edges]]:
    """The hard cases: grids, nearly complete graphs, random dense graphs, random sparse ones
    with many dead ends, grids with dead ends, the Europe map."""
    cases: list[tuple[str, Edges]] = [
        ("grid 4x7 (45)", grid(4, 7)), ("grid 5x5 (40)", grid(5, 5)),
        ("grid 6x5 cut to 45", grid(6, 5)), ("grid 3x12 cut to 45", grid(3, 12)),
        ("triangular 5x5 cut to 45", triangular(5, 5)), ("complete K10 (45)", complete(10)),
        ("complete K11 cut to 45", complete(11)),
    ]  # fmt: skip
    samples = 30 if quick else 150
    for label, make in (("random dense", lambda seed: random_dense(seed, 9 + seed % 8)),
                        ("random sparse", random_sparse),
                        ("grid with dead ends", grid_with_dead_ends)):
        family = [(seed, make(seed)) for seed in range(samples)]
        seed, edges = max(family, key=lambda case: _seconds(lambda: longest_trail(case[1])))
        cases.append((f"{label}, worst of {samples} (seed {seed})", edges))
    europe = europe_networks(20 if quick else 100)
    worst = max(europe, key=lambda case: _seconds(lambda: longest_trail(case[1])))
    cases.append((f"Europe, worst of {len(europe)} ({worst[0]})", worst[1]))
    return cases


# --- Measuring --------------------------------------------------------------------------------


def _seconds(run: Callable[[], object], repeat: int = 1) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return min(times)


def reference_rate() -> float:
    """Steps per second of the plain search, to turn a time cap into a step budget."""
    budget = 300_000
    began = time.perf_counter()
    with contextlib.suppress(BudgetExceeded):
        longest_trail_reference(grid(6, 6), budget=budget)
    return budget / (time.perf_counter() - began)


def measure_longest(name: str, edges: Sequence[tuple[Any, Any, int]], cap: float,
                    rate: float) -> dict[str, Any]:
    """The fast search's time (best of 3) and the plain search's, capped at `cap` seconds."""
    value = longest_trail(edges)
    fast = _seconds(lambda: longest_trail(edges), repeat=3)
    figures: dict[str, Any] = {"network": name, "edges": len(edges),
                               "trains": sum(w for _, _, w in edges), "longest": value,
                               "fast_ms": 1000 * fast}
    began = time.perf_counter()
    try:
        reference = longest_trail_reference(edges, budget=int(rate * cap))
    except BudgetExceeded:
        figures.update(reference_s=None, reference_capped_s=cap, speedup_at_least=cap / fast)
        return figures
    plain = time.perf_counter() - began
    if reference != value:
        raise AssertionError(f"{name}: the searches disagree ({value} != {reference})")
    figures.update(reference_s=plain, speedup=plain / fast)
    return figures


def measure_stations() -> dict[str, Any]:
    """Three stations, all 46 Europe tickets, a 45-train network in the west, every other route
    held by opponents: the worst of three sets of station cities."""
    board = shipped_map("europe")
    singles = [t for t in board.tracks if t.number in (0, 1)]
    west = {"Paris", "Bruxelles", "Amsterdam", "Dieppe", "London", "Edinburgh", "Brest",
            "Frankfurt", "Essen", "München", "Zürich", "Marseille", "Pamplona", "Barcelona",
            "Madrid", "Lisboa", "Cádiz"}
    own: list[Track] = []
    for track in sorted(singles, key=lambda t: t.length):
        if set(track.ends) <= west and sum(t.length for t in own) + track.length <= TRAINS:
            own.append(track)
    routes = {t.route for t in own}
    opponents = [t for t in singles if t.route not in routes]
    worst = 0.0
    for cities in (["Wien", "Budapest", "Kyïv"], ["Berlin", "Warszawa", "Wilno"],
                   ["Bucuresti", "Sevastopol", "Constantinople"]):
        worst = max(worst, _seconds(lambda c=cities: best_borrowing(
            board, own, list(board.tickets), c, opponents), repeat=3))
    # An itinerary left open: tracks parallel to the player's own are tried too, and every
    # second track of a double route is an opponent's.
    itinerary = Ticket("itinerary", ("Paris", "Frankfurt", "Wien", "Budapest"), 20, 8, -8)
    doubles = opponents + [t for t in board.tracks if t.number == 2]
    parallel = 0.0
    for cities in (["Wien", "Budapest", "Kyïv"], ["Paris", "Frankfurt", "München"]):
        parallel = max(parallel, _seconds(lambda c=cities: best_borrowing(
            board, own, [*board.tickets, itinerary], c, doubles), repeat=3))
    return {"stations": 3, "tickets": len(board.tickets), "own_routes": len(own),
            "opponent_routes": len(opponents), "worst_ms": 1000 * worst,
            "itinerary_opponent_routes": len(doubles), "itinerary_worst_ms": 1000 * parallel}


EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "maps"


def example_map(name: str) -> Map:
    return map_from_toml((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))


def seats_for(board: Map, wanted: int) -> int:
    """`wanted` players, or the nearest count the map allows (a team map seats whole teams)."""
    low, high = board.rules.players
    size = board.rules.team_size or 1
    return min(max(wanted // size, low), high) * size


def measure_games(map_name: str | Map, players: int, seconds: float) -> dict[str, Any]:
    board = map_name if isinstance(map_name, Map) else shipped_map(map_name)
    players = seats_for(board, players)
    start = RULES.new_game(NAMES[:players], board)
    map_name = start.board.name
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
    return {"map": start.board.name, "players": players, "games_per_second": games / elapsed,
            "ms_per_game": 1000 * elapsed / games, "events_per_game": events / games,
            "apply_median_us": statistics.median(costs) / 1000}


def measure_demo(map_arg: str, seed: int = 1) -> dict[str, Any]:
    """`companion demo ticket-to-ride --map MAP` from the command line to its result line, in a
    fresh folder: the wall time, the moves entered, and whether it played to its end."""
    import re
    import subprocess
    import tempfile

    from engine.games.ticket_to_ride import map_from_toml

    board = (map_from_toml(Path(map_arg).read_text(encoding="utf-8"))
             if map_arg.endswith(".toml") else shipped_map(map_arg))
    players = seats_for(board, 2)
    with tempfile.TemporaryDirectory() as folder:
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--lang", "en", "demo", "ticket-to-ride",
             "--map", map_arg, "--seed", str(seed), "--players", str(players),
             "--state-dir", folder, "--progress-every", "1"],
            capture_output=True, text=True, check=False,
            cwd=Path(__file__).resolve().parents[1])
        wall = time.perf_counter() - began
    moves = [int(found.group(1)) for found in re.finditer(r"Move (\d+) of \d+", done.stdout)]
    finished = done.returncode == 0 and done.stdout.rstrip().endswith("}")
    return {"map": board.title, "map_arg": map_arg, "players": players, "seed": seed,
            "wall_s": wall, "moves": max(moves, default=0), "finished": finished,
            "problem": "" if finished else (done.stderr.strip().splitlines() or ["?"])[-1]}


def measure_demos() -> list[dict[str, Any]]:
    """The USA demo, then the demo of each example map, in the same run."""
    examples = sorted(str(path) for path in EXAMPLES.glob("*.toml"))
    return [measure_demo(map_arg) for map_arg in ("usa", *examples)]


def playable_examples() -> list[Map]:
    """The example maps the table plays turn by turn, by file name."""
    boards = [map_from_toml(path.read_text(encoding="utf-8"))
              for path in sorted(EXAMPLES.glob("*.toml"))]
    return [board for board in boards if unplayable(board) is None]


def measure_example_games(quick: bool = False, players: int = 3) -> list[dict[str, Any]]:
    """Random complete games on each example map, USA first (the same player count) to
    compare with."""
    seconds = 0.5 if quick else 2.0
    return [measure_games(board, players, seconds) for board in ("usa", *playable_examples())]


def run(quick: bool = False) -> dict[str, Any]:
    """Every figure, as a dictionary (for a future bench/run.py)."""
    cap = 2.0 if quick else 10.0
    rate = reference_rate()
    longest = [measure_longest(name, edges, cap, rate)
               for name, edges in worst_networks(quick)]
    games = [measure_games(map_name, players, 0.5 if quick else 2.0)
             for map_name in ("usa", "europe") for players in (2, 4, 5)]
    games += measure_example_games(quick)
    return {"machine": machine(), "longest": longest, "stations": measure_stations(),
            "games": games}


def print_games(games: list[dict[str, Any]]) -> None:
    """One line per map: games per second, their length and the median cost of one `apply`."""
    print(f"{'map':<20}{'players':>8}{'games/s':>10}{'ms/game':>10}{'events':>8}"
          f"{'apply med us':>14}")
    for g in games:
        print(f"{g['map']:<20}{g['players']:>8}{g['games_per_second']:>10.1f}"
              f"{g['ms_per_game']:>10.1f}{g['events_per_game']:>8.0f}"
              f"{g['apply_median_us']:>14.1f}")


def show(figures: Any) -> None:
    print(f"machine: {figures['machine']}")
    print(f"{'longest route on':<44}{'edges':>6}{'len':>5}{'fast ms':>9}{'plain DFS':>12}"
          f"{'speed-up':>11}")
    for f in figures["longest"]:
        if f["reference_s"] is None:
            plain = f"> {f['reference_capped_s']:.0f} s"
            speedup = f"> {f['speedup_at_least']:.0f}x"
        else:
            plain, speedup = f"{f['reference_s']:.3f} s", f"{f['speedup']:.0f}x"
        print(f"{f['network']:<44}{f['edges']:>6}{f['longest']:>5}{f['fast_ms']:>9.1f}"
              f"{plain:>12}{speedup:>11}")
    s = figures["stations"]
    print(f"station choice: {s['stations']} stations, {s['tickets']} tickets, "
          f"{s['opponent_routes']} opponent routes: {s['worst_ms']:.1f} ms; with an itinerary "
          f"open and {s['itinerary_opponent_routes']} opponent tracks: "
          f"{s['itinerary_worst_ms']:.1f} ms")
    print_games(figures["games"])
    print("aims: longest route < 50 ms, station choice < 50 ms")


def main() -> int:
    return figures_main(__doc__, run, show)


if __name__ == "__main__":
    sys.exit(main())
