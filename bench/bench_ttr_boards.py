"""Ticket to Ride on every printed board shipped, beside USA in the same run.

    python bench/bench_ttr_boards.py [--quick] [--json]

Two figures per board:

- random complete games per second, 4 players where the board seats them (else its most),
  beside USA at the same count (`bench_ttr.measure_games`);
- the worst longest-route time on the board: the slowest of the exact longest-route searches
  over every player's network at the end of random complete games at the board's fewest and
  most players, and over a crowded network built on purpose (the shortest routes first, as
  many as one player's trains allow, kept connected: the most junctions a player can have).

The Pi Zero 2 W column is 8 times the CPU time measured here (the factor the other sections
use for a Cortex-A53 at 1 GHz against this machine's core).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_engine import machine  # noqa: E402
from bench.bench_ttr import measure_games, seats_for  # noqa: E402
from bench.figures_cli import figures_main  # noqa: E402
from engine.games.ticket_to_ride import RULES, Map  # noqa: E402
from engine.games.ticket_to_ride.library import SHIPPED, shipped_map  # noqa: E402
from engine.simulate import play_random  # noqa: E402
from engine.trails import longest_trail  # noqa: E402

#: The CPU of a Pi Zero 2 W against this machine's core, as elsewhere in bench/.
PI_FACTOR = 8
PRINTED = tuple(name for name in SHIPPED if name not in ("usa", "europe"))
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")

Edge = tuple[str, str, int]


def _edges(board: Map, track_ids: Sequence[str]) -> list[Edge]:
    tracks = [board.track(track) for track in track_ids]
    return [(track.ends[0], track.ends[1], track.length) for track in tracks]


def crowded_network(board: Map) -> list[Edge]:
    """One player's network with the most junctions: one track per route, shortest first,
    each joined to the network so far, while the player's trains last."""
    trains = board.rules.trains
    routes = sorted((tracks[0] for tracks in board.route_tracks),
                    key=lambda track: (track.length, track.id))
    start = routes[0]
    network, places, used = [start], set(start.ends), start.length
    added = True
    while added:
        added = False
        for track in routes:
            if track in network or used + track.length > trains:
                continue
            if places & set(track.ends):
                network.append(track)
                places |= set(track.ends)
                used += track.length
                added = True
                break
    return [(track.ends[0], track.ends[1], track.length) for track in network]


def _timed(edges: Sequence[Edge]) -> float:
    began = time.process_time()
    longest_trail(edges)
    return time.process_time() - began


def worst_longest(board: Map, games: int) -> dict[str, Any]:
    """The slowest longest-route search on `board`, over random games' networks and the
    crowded one (each timed on its own, in CPU time)."""
    worst, where, edges_of_worst = 0.0, "", 0
    networks: list[tuple[str, list[Edge]]] = [("crowded network", crowded_network(board))]
    low, high = board.rules.players
    for seed in range(games):
        players = (low, high)[seed % 2]
        state = play_random(RULES, RULES.new_game(NAMES[:players], board), seed=seed).final
        networks += [(f"game {seed}, {players} players", _edges(board, player.tracks))
                     for player in state.players]
    for label, edges in networks:
        seconds = min(_timed(edges) for _ in range(2))
        if seconds >= worst:
            worst, where, edges_of_worst = seconds, label, len(edges)
    return {"worst_ms": 1000 * worst, "network": where, "edges": edges_of_worst,
            "networks": len(networks)}


def run(quick: bool = False) -> dict[str, Any]:
    seconds = 0.3 if quick else 2.0
    games = 2 if quick else 10
    usa = measure_games("usa", 4, seconds)
    boards = []
    for name in PRINTED:
        board = shipped_map(name)
        played = measure_games(board, seats_for(board, 4), seconds)
        boards.append({"board": name, **played, **worst_longest(board, games)})
    return {"machine": machine(), "usa": usa, "boards": boards}


def show(figures: Any) -> None:
    usa = figures["usa"]
    print(f"machine: {figures['machine']}")
    print(f"USA, {usa['players']} players: {usa['games_per_second']:.1f} games/s")
    print(f"{'board':<18}{'players':>8}{'games/s':>9}{'ms/game':>9}{'Pi ms/game':>11}"
          f"{'longest ms':>11}{'Pi ms':>7}  worst network")
    for b in figures["boards"]:
        print(f"{b['board']:<18}{b['players']:>8}{b['games_per_second']:>9.1f}"
              f"{b['ms_per_game']:>9.1f}{b['ms_per_game'] * PI_FACTOR:>11.0f}"
              f"{b['worst_ms']:>11.2f}{b['worst_ms'] * PI_FACTOR:>7.1f}  {b['network']} "
              f"({b['edges']} routes)")


def main() -> int:
    return figures_main(__doc__, run, show)


if __name__ == "__main__":
    sys.exit(main())
