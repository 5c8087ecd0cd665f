"""Helpers for the live variant rules of Ticket to Ride: the example maps, a table ready to
play, random complete games."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from pathlib import Path

from engine.games.ticket_to_ride import RULES, Map, map_from_toml
from engine.games.ticket_to_ride.events import ClaimRoute, TicketToRideEvent
from engine.games.ticket_to_ride.state import Phase, TicketToRideState

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "maps"
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


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
        assert len(events) < 3000, "the game ends"
    assert RULES.replay(start, events) == state, "replaying the log reproduces the game"
    return state, events
