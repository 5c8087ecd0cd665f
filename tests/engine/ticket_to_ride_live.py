"""Helpers for the live variant rules of Ticket to Ride: the example maps, a table ready to
play, random complete games."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

from engine.codec import from_jsonable, to_jsonable
from engine.game import TallyResult
from engine.games.ticket_to_ride import RULES, Map, map_from_toml
from engine.games.ticket_to_ride.events import ClaimRoute, TicketToRideEvent
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "maps"
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")


@cache
def example_map(name: str) -> Map:
    return map_from_toml((EXAMPLES / f"{name}.toml").read_text("utf-8"))


def ready(board: Map, players: int = 3) -> TicketToRideState:
    """A table in play with the cards dealt, every player holding plenty of locomotives."""
    state = RULES.new_game(NAMES[:players], board)
    rng = random.Random(0)
    while state.phase is not Phase.PLAY or state.player().offered:
        state = RULES.apply(state, RULES.random_event(state, rng))
    hands = tuple(replace(p, hand=("locomotive",) * 40) for p in state.players)
    return replace(state, players=hands, current=0)


def claim(state: TicketToRideState, track_id: str, seat: int | None = None
          ) -> TicketToRideState:
    """`seat` (the current player by default) claims a track, paid with locomotives."""
    if seat is not None:
        state = replace(state, current=seat)
    length = state.board.track(track_id).length
    return RULES.apply(state, ClaimRoute(track_id, ("locomotive",) * length))


def play(board: Map, players: int, seed: int) -> tuple[TicketToRideState,
                                                       list[TicketToRideEvent]]:
    """A random complete game: the final state and its events."""
    rng = random.Random(seed)
    start = RULES.new_game(NAMES[:players], board, first=seed % players)
    state, events = start, []
    while not RULES.is_over(state):
        event = RULES.random_event(state, rng)
        state = RULES.apply(state, event)
        events.append(event)
        assert len(events) < 4000, "the game ends"
    assert RULES.replay(start, events) == state, "replaying the log reproduces the game"
    return state, events


def checked_result(state: TicketToRideState) -> TallyResult:
    """The live result of a finished game, made sure of: the state survives a snapshot, and
    `companion tally` of the exported table gives the same count, whatever the players' order."""
    assert from_jsonable(TicketToRideState, to_jsonable(state)) == state, "a snapshot"
    result = RULES.result(state)
    table = final_table(state)
    assert tally(table).to_json() == result.to_json()
    reversed_table = {**table, "players": list(reversed(table["players"]))}
    by_name = {p.name: p for p in tally(reversed_table).players}
    assert all(by_name[p.name] == p for p in result.players), "the order does not matter"
    return result


#: The example maps whose rules are played in teams too, each with the trains of a team member.
TEAM_MAPS = {"stocks-example": 12, "meeples-example": 12, "old-west-example": 12,
             "depots-example": 14, "marklin-example": 10}


def in_teams(text: str, name: str, team_trains: int) -> str:
    """The TOML of map file `text` (named `name`) played by two or three teams of two: four or
    six players, each dealt two of its tickets (twelve or more) and keeping both."""
    text = re.sub(r"^players = .*\n", "", text, count=1, flags=re.MULTILINE)
    team_rules = (f"[rules]\nplayers = [2, 3]\nteam_size = 2\nteam_trains = {team_trains}\n"
                  "tickets = { start = 2 }\n")
    return text.replace("[rules]\n", team_rules, 1).replace(
        f'name = "{name}"', f'name = "teams-{name}"', 1)


def team_map_text(name: str) -> str:
    """The TOML of example map `name` played in teams of two (its players are then teams)."""
    return in_teams((EXAMPLES / f"{name}.toml").read_text("utf-8"), name, TEAM_MAPS[name])


@cache
def team_map(name: str) -> Map:
    return map_from_toml(team_map_text(name))
