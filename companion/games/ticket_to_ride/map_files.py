"""A Ticket to Ride map from a file, as the table takes it: checked by the engine, kept whole.

A game on a map file keeps the map's data with its options in the journal, so it resumes and
tallies the same when the file is later changed, moved or deleted.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.map_facts import MapFacts
from companion.games.record import Teams
from companion.games.ticket_to_ride.ticket_tags import map_tag, map_ticket_codes, name_tag
from engine.errors import N_, InvalidInput
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.library import (
    INDEX,
    SHIPPED,
    find_map,
    resolve_map,
)  # fmt: skip
from engine.games.ticket_to_ride.live_teams import seat_teams, seats, table_sizes
from engine.games.ticket_to_ride.mapfile import map_from_toml, parse_map


def read_map(text: str) -> tuple[str, dict[str, Any]]:
    """A map file's title and its data in JSON form, once the engine accepts to play it.

    Raises InvalidInput naming the field, or the engine's IllegalEvent for a map whose rules
    are not played at the table.
    """
    # The engine's reading of a map file, before anything else reads the text: its bounds,
    # and the checks of a map for play (routes, network, tickets for the largest table).
    map_from_toml(text)
    data = json.loads(json.dumps(tomllib.loads(text), default=str))
    board = parse_map(data)
    tag = map_tag(board)
    for name in SHIPPED:
        if name_tag(name) == tag:
            raise InvalidInput("name", N_("{name!r} would give its tickets the tags of the "
                                          "shipped map {map}: name the map otherwise"),
                               name=board.name, map=name)
    fewest = table_sizes(board.rules)[0]
    RULES.new_game(tuple(f"{seat + 1}" for seat in range(fewest)), board)
    return board.title, data


def map_title(option: object) -> str:
    """The title of a play's map: a shipped map's name or a map file's data."""
    if isinstance(option, Mapping):
        title = option.get("title", option.get("name"))
        return title if isinstance(title, str) else ""
    if isinstance(option, str):
        if option in INDEX:  # the index's title: offering the maps reads none of them
            return INDEX[option].title
        board = find_map(option)
        return board.title if board is not None else option
    return ""


def map_cards(option: object) -> dict[str, tuple[str, ...]]:
    """The ticket tags of a play's map (none for an option that is no map)."""
    if not isinstance(option, (str, Mapping)):
        return {}
    board: Map = resolve_map(option)
    return {"ticket": tuple(map_ticket_codes(board))}


#: The rules a map may leave off for want of values, by the engine's name.
RULES_LEFT_OFF = {"tolls": N_("Tolls")}


def map_facts(option: object) -> MapFacts:
    """What the table says of a map before it is chosen; a shipped map from its index."""
    if isinstance(option, str) and option in INDEX:
        entry = INDEX[option]
        return MapFacts(seats(entry.players, entry.team_size), entry.standing,
                        tuple((RULES_LEFT_OFF[rule], count) for rule, count in entry.missing))
    board = resolve_map(option) if isinstance(option, (str, Mapping, Map)) else None
    if board is None:
        raise ValueError(f"not a map: {option!r}")
    return MapFacts(table_sizes(board.rules), board.standing,
                    tuple((RULES_LEFT_OFF[missing.rule], missing.count)
                          for missing in board.missing))


def map_teams(option: object) -> Teams | None:
    """How a play's map seats its teams; None for a map played without teams (or no map)."""
    if not isinstance(option, (str, Mapping, Map)):
        return None
    rules = resolve_map(option).rules
    if not rules.team_size:
        return None
    size = rules.team_size

    def names(players: Sequence[str]) -> tuple[str, ...]:
        return tuple(team.name for team in seat_teams(players, None, size))

    return Teams(size, table_sizes(rules), names)

