"""Every game the engine knows, by id: found without importing it, imported on first use.

`CATALOGUE` is a plain table (id, name, player counts, module); `GAMES` maps each id to the
game's `GameRules`, importing the game's package only when that game is asked for, so a
command about one game never pays for loading the others (maps, decks, catalogues).

>>> list(GAMES)[:2]
['freight-train', 'whistle-stop']
>>> entry("freight-train").players
range(2, 6)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import N_
from .game import GameRules


@dataclass(frozen=True)
class GameEntry:
    """Where a game lives and what can be said of it without loading it."""

    id: str
    name: str
    players: range
    #: The package whose `RULES` is the game's `GameRules`.
    module: str


#: The games, each with the title printed on its box (an English message, translated where
#: it is shown).
CATALOGUE: tuple[GameEntry, ...] = (
    GameEntry("freight-train", N_("Freight Train"), range(2, 6), "engine.games.freight_train"),
    GameEntry("whistle-stop", N_("Whistle Stop"), range(2, 6), "engine.games.whistle_stop"),
    GameEntry("game-of-trains", N_("The Game of Trains"), range(2, 5),
              "engine.games.game_of_trains"),
    GameEntry("off-the-rails", N_("Off the Rails"), range(2, 5), "engine.games.off_the_rails"),
    GameEntry("ticket-to-ride", N_("Ticket to Ride"), range(2, 6),
              "engine.games.ticket_to_ride"),
)

_ENTRIES: dict[str, GameEntry] = {game.id: game for game in CATALOGUE}


def entry(game_id: str) -> GameEntry:
    """The catalogue row of `game_id` (KeyError when the engine does not know it)."""
    return _ENTRIES[game_id]


class LazyGames(Mapping[str, GameRules[Any, Any]]):
    """The games by id; a game's package is imported the first time its rules are read."""

    def __init__(self, entries: Mapping[str, GameEntry]) -> None:
        self._entries = entries
        self._loaded: dict[str, GameRules[Any, Any]] = {}

    def __getitem__(self, game_id: str) -> GameRules[Any, Any]:
        rules = self._loaded.get(game_id)
        if rules is None:
            row = self._entries[game_id]
            rules = importlib.import_module(row.module).RULES
            if not isinstance(rules, GameRules) or rules.id != game_id:
                raise RuntimeError(f"{row.module}.RULES is not the rules of {game_id}")
            self._loaded[game_id] = rules
        return rules

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def loaded(self) -> frozenset[str]:
        """The games imported so far."""
        return frozenset(self._loaded)


GAMES = LazyGames(_ENTRIES)
