"""Values a map's rules need that its file lacks, entered once by the owner of the box.

The Netherlands' tolls are printed on the board and given by no public source: the shipped
map leaves them out, and the rule stays off (`Map.missing`). The owner enters them, one at a
time, at the table or in a file; `with_values` lays them over the map's data, which is then
read as any map file is.

Entered values are kept by the places of their route ("Amsterdam-Utrecht", its tracks'
id without the track number), and the toll bonus by player count, each rank in order:

>>> from .mapfile import parse_map
>>> data = {"name": "tiny", "cities": ["A", "B", "C"],
...         "routes": [{"from": "A", "to": "B", "length": 2, "colors": ["red", "blue"]},
...                    {"from": "B", "to": "C", "length": 1, "toll": 1}],
...         "rules": {"players": [2, 3], "tolls": {"tokens": 9, "loan_penalty": 5,
...                                                "bonus": {"2": [10, 0]}}}}
>>> [(value.key, value.least, value.most) for value in wanted(parse_map(data))]
[('tolls.A-B', 1, 4), ('toll_bonus.3.1', 0, 99), ('toll_bonus.3.2', 0, 99), \
('toll_bonus.3.3', 0, 99)]
>>> board = parse_map(with_values(data, {"tolls.A-B": 2, "toll_bonus.3.1": 20,
...                                      "toll_bonus.3.2": 10, "toll_bonus.3.3": 0}))
>>> board.missing, board.rules.tolls.bonus_for(3), board.track("A-B#2").toll
((), (20, 10, 0), 2)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .board import Map
from .mapfields import MAX_FEW, MAX_POINTS

#: A toll is 1 to 4 tokens on the printed board (the rules text's sources say so).
MOST_TOLL = 4


@dataclass(frozen=True)
class WantedValue:
    """One value to enter: its key, the bounds it may take, and what it is for the screen:
    a route's toll (`ends`) or a rank of the toll bonus (`players`, `rank`)."""

    key: str
    least: int
    most: int
    ends: tuple[str, str] | None = None
    players: int = 0
    rank: int = 0


def _route_key(board: Map, route: int) -> str:
    return board.route_tracks[route][0].id.split("#")[0]


def wanted(board: Map) -> tuple[WantedValue, ...]:
    """Every value the map's rules miss, in the order of the map file."""
    found: list[WantedValue] = []
    for missing in board.missing:
        if missing.rule != "tolls":
            continue
        for field in missing.fields:
            if field.startswith("routes["):
                route = int(field[len("routes["):field.index("]")])
                found.append(WantedValue(f"tolls.{_route_key(board, route)}", 1,
                                         min(MOST_TOLL, MAX_FEW),
                                         ends=board.route_tracks[route][0].ends))
            else:
                players = int(field.rsplit(".", 1)[1])
                found += [WantedValue(f"toll_bonus.{players}.{rank}", 0, MAX_POINTS,
                                      players=players, rank=rank)
                          for rank in range(1, players + 1)]
    return tuple(found)


def with_values(data: Mapping[str, Any], values: Mapping[str, int]) -> dict[str, Any]:
    """The map's data with the entered values laid over it; a bonus is laid only when every
    rank of its player count is entered, and values the map does not want are ignored."""
    from .mapfile import parse_map

    board = parse_map(data)
    merged = copy.deepcopy(dict(data))
    routes = merged.get("routes", [])
    for route in range(len(board.route_tracks)):
        key = f"tolls.{_route_key(board, route)}"
        if key in values and not routes[route].get("toll"):
            routes[route]["toll"] = values[key]
    tolls = merged.get("rules", {}).get("tolls")
    if isinstance(tolls, dict):
        bonus = dict(tolls.get("bonus", {}))
        low, high = board.rules.players
        for players in range(low, high + 1):
            ranks = [values.get(f"toll_bonus.{players}.{rank}")
                     for rank in range(1, players + 1)]
            if str(players) not in bonus and all(rank is not None for rank in ranks):
                bonus[str(players)] = ranks
        tolls["bonus"] = bonus
    return merged
