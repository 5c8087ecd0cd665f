"""Every game the engine knows, by id."""

from __future__ import annotations

from typing import Any

from .game import GameRules
from .games import freight_train, game_of_trains, off_the_rails, ticket_to_ride, whistle_stop

GAMES: dict[str, GameRules[Any, Any]] = {
    rules.id: rules
    for rules in (
        freight_train.RULES, whistle_stop.RULES, game_of_trains.RULES, off_the_rails.RULES,
        ticket_to_ride.RULES,
    )
}
