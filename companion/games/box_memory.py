"""What a table remembers of a game's box from one game to the next (the table gives a flow
its memory: `companion.table.box_memory`).

Some cards carry a printed property the companion has no list of (The Game of Trains: each
wagon's ability): the table learns it at the first game that needs it and keeps it in the
state folder, and every later game starts knowing it.
"""

from __future__ import annotations

from typing import Any, Protocol


class BoxMemory(Protocol):
    """One game's memory of its box, in one state folder."""

    def start_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new game's options, with what the box is known to hold (kept in the journal with
        the play, so its replay is exact whatever is learned later)."""
        ...

