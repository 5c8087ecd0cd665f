"""The final scoring of Off the Rails, for the live game and for `companion tally`.

>>> ana = Holdings("Ana", gems={"ruby": 4, "diamond": 1}, carts=1, missions=2)
>>> ben = Holdings("Ben", gems={"gold": 2})
>>> [(s.name, s.total, s.breakdown["ruby_bonus"]) for s in score((ana, ben))]
[('Ana', 24, 5), ('Ben', 6, 0)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import N_, InvalidInput
from ...game import PlayerScore, TallyResult, most
from ...majority import MajorityAward
from ...table_input import join, obj, players_of, whole_number
from .components import (
    CART_POINTS,
    CARTS_PER_PLAYER,
    GEM_POINTS,
    GEMS_IN_BOX,
    MISSION_POINTS,
    RUBY_BONUS,
    missions_in_play,
)

#: +5 for the most rubies; every player tied for most gets it; nobody without a ruby.
MOST_RUBIES = MajorityAward(first=RUBY_BONUS)


@dataclass(frozen=True)
class Holdings:
    """What one player has at the end: gems stored, carts in reserve, missions."""

    name: str
    gems: Mapping[str, int] = field(default_factory=dict)
    carts: int = 0
    missions: int = 0
    #: Points from missions scored at the end of the game (all tied players score them).
    end_missions: int = 0


def score(players: Sequence[Holdings]) -> tuple[PlayerScore, ...]:
    """Each player's points by category."""
    bonus = MOST_RUBIES.award({p.name: p.gems.get("ruby", 0) for p in players})
    scores = []
    for p in players:
        breakdown = {
            "gems": sum(GEM_POINTS[gem] * count for gem, count in p.gems.items()),
            "ruby_bonus": bonus.get(p.name, 0),
            "carts": CART_POINTS * p.carts,
            "missions": MISSION_POINTS * p.missions,
            "end_missions": p.end_missions,
        }
        scores.append(PlayerScore(p.name, sum(breakdown.values()), breakdown))
    return tuple(scores)


def result(players: Sequence[Holdings]) -> TallyResult:
    """The highest total wins; the rules text names no tie-break, so ties share the win."""
    scores = score(players)
    return TallyResult("off-the-rails", scores, most(scores))


def tally(table: Any) -> TallyResult:
    """`companion tally` for Off the Rails; see docs/tally.md for the format."""
    players = players_of(obj(table, ""), range(2, 5), "Off the Rails")
    holdings = []
    gems_seen = dict.fromkeys(GEMS_IN_BOX, 0)
    missions_seen = 0
    for index, player in enumerate(players):
        where = join("players", index)
        gems = _gems(player, join(where, "gems"))
        for gem, count in gems.items():
            gems_seen[gem] += count
            if gems_seen[gem] > GEMS_IN_BOX[gem]:
                raise InvalidInput(join(join(where, "gems"), gem),
                                   N_("the game has only {count} of these (got {got} in all)"),
                                   count=GEMS_IN_BOX[gem], got=gems_seen[gem])
        missions = whole_number(player, "missions", where, default=0, minimum=0)
        missions_seen += missions
        if missions_seen > missions_in_play(len(players)):
            raise InvalidInput(join(where, "missions"),
                               N_("only {count} mission cards are in play (got {got} in all)"),
                               count=missions_in_play(len(players)), got=missions_seen)
        holdings.append(Holdings(
            str(player["name"]).strip(),
            gems=gems,
            carts=whole_number(player, "carts", where, default=0, minimum=0,
                               maximum=CARTS_PER_PLAYER),
            missions=missions,
            end_missions=whole_number(player, "end_mission_points", where, default=0, minimum=0),
        ))  # fmt: skip
    return result(holdings)


def _gems(player: Mapping[str, Any], where: str) -> dict[str, int]:
    given = obj(player.get("gems", {}), where)
    for gem in given:
        if gem not in GEMS_IN_BOX:
            raise InvalidInput(join(where, gem), N_("not a gem: use {gems}"),
                               gems=", ".join(GEMS_IN_BOX))
    return {gem: whole_number(given, gem, where, default=0, minimum=0) for gem in GEMS_IN_BOX}
