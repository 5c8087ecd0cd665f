"""The example map files of `examples/maps/`, and a game on one of them ready for claims."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.deal import long_tickets, new_game, regular_tickets, train_deck
from engine.games.ticket_to_ride.events import Deal, KeepTickets
from engine.games.ticket_to_ride.mapfile import map_from_toml
from engine.games.ticket_to_ride.rules import apply
from engine.games.ticket_to_ride.state import Phase, TicketToRideState

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "maps"


@cache
def example_map(name: str) -> Map:
    return map_from_toml((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))


def playing(board: Map | str, players: int = 2) -> TicketToRideState:
    """A game past its starting tickets, the cards dealt in sorted order."""
    board = example_map(board) if isinstance(board, str) else board
    state = new_game(("Ana", "Ben", "Cleo", "Dan")[:players], board)
    state = apply(state, Deal(train_deck(board), regular_tickets(board), long_tickets(board)))
    while state.phase is Phase.START_TICKETS:
        player = state.player()
        state = apply(state, KeepTickets((player.offered + player.offered_long)[:2]))
    return state


def with_hand(state: TicketToRideState, *cards: str, **changes: Any) -> TicketToRideState:
    """The current player holding `cards` (and other changes to their Player)."""
    seat = state.current
    players = list(state.players)
    players[seat] = replace(players[seat], hand=tuple(sorted(cards)), **changes)
    return replace(state, players=tuple(players))
