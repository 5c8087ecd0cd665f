"""Ticket to Ride (Les Aventuriers du Rail): maps as data, rules, simulator and tally."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game import GameRules
from .board import Map
from .deal import new_game
from .events import TicketToRideEvent
from .library import SHIPPED, resolve_map, shipped_map
from .mapfile import map_from_toml, parse_map
from .notes import RULE_NOTES
from .rules import apply, is_over, result
from .state import TicketToRideState

if TYPE_CHECKING:
    import random

    from ...game import TallyResult


# The simulator and the tally are imported at their first use: a table playing or resuming a
# game needs neither, and the tally brings the scoring of every map's variants.


def random_event(state: TicketToRideState, rng: random.Random) -> TicketToRideEvent:
    """A legal next event drawn from `rng` (see `simulate`)."""
    from .simulate import random_event as drawn

    return drawn(state, rng)


def tally(table: Any) -> TallyResult:
    """The final count of a finished table (see `tally`)."""
    from .tally import tally as counted

    return counted(table)


RULES: GameRules[TicketToRideState, TicketToRideEvent] = GameRules(
    id="ticket-to-ride",
    events=TicketToRideEvent,
    state_type=TicketToRideState,
    new_game=new_game,
    apply=apply,
    is_over=is_over,
    result=result,
    random_event=random_event,
    tally=tally,
    players=range(2, 6),
    rule_notes=RULE_NOTES,
)

__all__ = [
    "RULES", "SHIPPED", "Map", "TicketToRideEvent", "TicketToRideState", "map_from_toml",
    "new_game", "parse_map", "resolve_map", "shipped_map",
]
