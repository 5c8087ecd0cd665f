"""What the table remembers of each game's box, by game: the memories kept in the state folder.

A game listed here learns something printed on its cards at the table (The Game of Trains:
each wagon's ability) and starts every new game knowing it; its flow is given the memory.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.box_memory import BoxMemory
from companion.state.abilities import AbilityMemory

MEMORIES: dict[str, Callable[[Path], BoxMemory]] = {
    "game-of-trains": AbilityMemory,
}


def box_memory(game: str, state_dir: Path) -> BoxMemory | None:
    """The game's memory of its box in `state_dir`; None for a game that learns nothing."""
    memory = MEMORIES.get(game)
    return memory(state_dir) if memory is not None else None


def with_memory(game: str, state_dir: Path, options: dict[str, Any]) -> dict[str, Any]:
    """A new game's `options`, with what the table remembers of the box."""
    memory = box_memory(game, state_dir)
    return memory.start_options(options) if memory is not None else options
