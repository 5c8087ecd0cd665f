"""Ticket to Ride (Les Aventuriers du Rail): maps as data, rules, simulator and tally."""

from ...game import GameRules
from .board import Map
from .events import TicketToRideEvent
from .library import SHIPPED, resolve_map, shipped_map
from .mapfile import map_from_toml, parse_map
from .notes import RULE_NOTES
from .rules import apply, is_over, new_game, result
from .simulate import random_event
from .state import TicketToRideState
from .tally import tally

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
