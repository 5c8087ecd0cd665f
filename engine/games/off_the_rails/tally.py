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

from ...box import Bound, Names, TableCount, at_most
from ...errors import N_
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
    in_play = missions_in_play(len(players))
    gems_seen = TableCount(GEMS_IN_BOX)
    missions_seen = TableCount(
        {"missions": in_play},
        N_("only {count} mission cards are in play (got {got} in all)"))
    # "Certaines missions attribuent des points à la fin de la partie (en cas d'égalité [...]
    # la totalité des points de la carte mission)": a mission card is worth its 4 points, and
    # every tied player scores them, so a player can score at most every card in play.
    end_missions = Bound(
        MISSION_POINTS * in_play,
        N_("must be at most {maximum}: {count} mission cards are in play, {points} points "
           "each (got {value})"),
        {"count": in_play, "points": MISSION_POINTS})
    holdings = []
    for index, player in enumerate(players):
        where = join("players", index)
        gems = _gems(player, join(where, "gems"))
        for gem, count in gems.items():
            gems_seen.add(gem, count, join(join(where, "gems"), gem))
        missions = whole_number(player, "missions", where, default=0, minimum=0)
        missions_seen.add("missions", missions, join(where, "missions"))
        holdings.append(Holdings(
            str(player["name"]).strip(),
            gems=gems,
            carts=whole_number(player, "carts", where, default=0, minimum=0,
                               maximum=CARTS_PER_PLAYER),
            missions=missions,
            end_missions=at_most(player, "end_mission_points", where, end_missions),
        ))  # fmt: skip
    return result(holdings)


GEMS = Names({gem: () for gem in GEMS_IN_BOX}, N_("not a gem: use {accepted}"))


def _gems(player: Mapping[str, Any], where: str) -> dict[str, int]:
    given = obj(player.get("gems", {}), where)
    ids = GEMS.read(given, where)
    counts = dict.fromkeys(GEMS_IN_BOX, 0)
    for key, gem in ids.items():
        counts[gem] = whole_number(given, key, where, minimum=0)
    return counts
