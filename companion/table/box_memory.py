"""What the table remembers of each game's box: the memory its record names, in the state
folder (imported only for a game that has one).

A game with a memory learns something printed on its cards at the table (The Game of Trains:
each wagon's ability) and starts every new game knowing it; its flow is given the memory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.box_memory import BoxMemory
from companion.games.record import imported


def box_memory(game: str, state_dir: Path) -> BoxMemory | None:
    """The game's memory of its box in `state_dir`; None for a game that learns nothing."""
    reference = TABLE_GAMES[game].memory
    if reference is None:
        return None
    memory: BoxMemory = imported(reference)(state_dir)
    return memory


def with_memory(game: str, state_dir: Path, options: dict[str, Any]) -> dict[str, Any]:
    """A new game's `options`, with what the table remembers of the box."""
    memory = box_memory(game, state_dir)
    return memory.start_options(options) if memory is not None else options
