"""One entry of a described table (a player, or a team) while the tally reads it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .board import Ticket, Track
from .scoring import Cite, Holding


@dataclass
class Seat:
    name: str
    path: str
    raw: Mapping[str, Any]
    tracks: list[Track] = field(default_factory=list)
    #: Track id -> where the table wrote it.
    written: dict[str, str] = field(default_factory=dict)
    #: Old West: track id -> its place in the order of all claims.
    claimed: dict[str, int] = field(default_factory=dict)
    tickets: list[Ticket] = field(default_factory=list)
    custom_tickets: list[bool] = field(default_factory=list)
    stations: list[str] = field(default_factory=list)
    cites: list[Cite] = field(default_factory=list)
    bonuses: dict[str, int] = field(default_factory=dict)

    def holding(self) -> Holding:
        return Holding(self.name, tuple(self.tracks), tuple(self.tickets), tuple(self.stations),
                       tuple(self.cites), dict(self.claimed), dict(self.bonuses))
