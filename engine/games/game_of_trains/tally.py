"""`companion tally` for The Game of Trains: whose line is in ascending order.

>>> tally({"players": [{"name": "Ana", "train": [12, 30, 41, 50, 66, 80, 84]},
...                    {"name": "Ben", "train": [81, 2, 5, 7, 11, 13, 17]}]}).winners
('Ana',)
"""

from __future__ import annotations

from typing import Any

from ...errors import N_, InvalidInput
from ...game import PlayerScore, TallyResult
from ...table_input import items, join, obj, players_of
from .cards import LINE, LOCOMOTIVES, WAGONS, ascending


def tally(table: Any) -> TallyResult:
    """Winners: every player whose seven wagons rise from the locomotive (none if nobody)."""
    players = players_of(obj(table, ""), range(2, LOCOMOTIVES + 1), "The Game of Trains")
    seen: dict[int, str] = {}
    scores = []
    for index, player in enumerate(players):
        where = join(join("players", index), "train")
        train = items(player, "train", join("players", index))
        if len(train) != LINE:
            raise InvalidInput(where, N_("a train has {count} wagons (got {got})"),
                               count=LINE, got=len(train))
        for place, card in enumerate(train):
            if isinstance(card, bool) or not isinstance(card, int) or card not in WAGONS:
                raise InvalidInput(join(where, place), N_("wagons are numbered 1 to {high}"),
                                   high=WAGONS[-1])
            if card in seen:
                raise InvalidInput(join(where, place), N_("wagon {card} is also in {name}'s train"),
                                   card=card, name=seen[card])
            seen[card] = player["name"]
        won = int(ascending(tuple(train)))
        scores.append(PlayerScore(str(player["name"]).strip(), won, {"ascending": won}))
    winners = tuple(score.name for score in scores if score.total)
    return TallyResult("game-of-trains", tuple(scores), winners)
