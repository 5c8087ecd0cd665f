"""Every game the engine knows, by id."""

from __future__ import annotations

from typing import Any

from .game import GameRules
from .games import freight_train

GAMES: dict[str, GameRules[Any, Any]] = {
    rules.id: rules
    for rules in (freight_train.RULES,)
}
