"""The final scoring of Whistle Stop, for the live game and for `companion tally`.

>>> ana = Holdings("Ana", fame=20, shares=(Share("blue", 3),), tokens=5)
>>> ben = Holdings("Ben", shares=(Share("blue", 1),), special_tiles=1)
>>> [(s.name, s.total, s.breakdown["shares"]) for s in score((ana, ben))]
[('Ana', 22, 0), ('Ben', 5, 15)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...decision import Decision, decide
from ...errors import N_, InvalidInput
from ...game import PlayerScore, TallyResult
from ...majority import MajorityAward
from ...table_input import items, join, obj, players_of, text, whole_number
from .components import (
    COMMON_RESOURCE,
    RARE_RESOURCE,
    SHARE_MAJORITY,
    SPECIAL_TILE_PENALTY,
    TOKENS_PER_POINT,
)
from .state import Share

#: 15 fame for the most shares of a company; a tie goes to the lowest-numbered share.
MOST_SHARES = MajorityAward(first=SHARE_MAJORITY)

CATEGORIES = ("fame", "shares", "upgrades", "gold", "resources", "tokens", "special_tiles")


@dataclass(frozen=True)
class Holdings:
    """What one player has at the end of the game."""

    name: str
    fame: int = 0
    shares: tuple[Share, ...] = ()
    upgrade_stars: int = 0
    gold: int = 0
    common_resources: int = 0
    rare_resources: int = 0
    tokens: int = 0
    special_tiles: int = 0


def share_majorities(players: Sequence[Holdings]) -> dict[str, int]:
    """Fame per player from share majorities, company by company."""
    paid = {player.name: 0 for player in players}
    for company in sorted({share.company for player in players for share in player.shares}):
        held = {p.name: [s.number for s in p.shares if s.company == company] for p in players}
        counts = {name: len(numbers) for name, numbers in held.items() if numbers}
        lowest = {name: min(numbers) for name, numbers in held.items() if numbers}
        for name, fame in MOST_SHARES.award(counts, tiebreak=lowest).items():
            paid[name] += fame
    return paid


def score(players: Sequence[Holdings]) -> tuple[PlayerScore, ...]:
    """Each player's fame by category; special tiles take no more than the player has."""
    majorities = share_majorities(players)
    scores = []
    for player in players:
        breakdown = {
            "fame": player.fame,
            "shares": majorities[player.name],
            "upgrades": player.upgrade_stars,
            "gold": player.gold,
            "resources": COMMON_RESOURCE * player.common_resources
            + RARE_RESOURCE * player.rare_resources,
            "tokens": player.tokens // TOKENS_PER_POINT,
        }
        # Fame never goes below 0: the penalty stops where the player's fame runs out.
        breakdown["special_tiles"] = -min(
            SPECIAL_TILE_PENALTY * player.special_tiles, sum(breakdown.values())
        )
        scores.append(PlayerScore(player.name, sum(breakdown.values()), breakdown))
    return tuple(scores)


def decide_winners(players: Sequence[Holdings], scores: Sequence[PlayerScore]) -> Decision:
    """The highest total; a tie goes to the most shares, and a tie on both is shared."""
    shares = {player.name: len(player.shares) for player in players}
    return decide([score.name for score in scores], [score.total for score in scores],
                  [("shares", [shares[score.name] for score in scores])])


def result(players: Sequence[Holdings]) -> TallyResult:
    scores = score(players)
    decision = decide_winners(players, scores)
    return TallyResult("whistle-stop", scores, decision.winners, decision.deciding)


def tally(table: Any) -> TallyResult:
    """`companion tally` for Whistle Stop; see docs/tally.md for the format."""
    players = players_of(obj(table, ""), range(2, 6), "Whistle Stop")
    holdings: list[Holdings] = []
    owners: dict[tuple[str, int], str] = {}
    for index, player in enumerate(players):
        where = join("players", index)
        shares = _shares(player, where, owners)
        numbers = {
            key: whole_number(player, key, where, default=0, minimum=0)
            for key in (
                "fame", "upgrade_stars", "gold", "common_resources", "rare_resources",
                "tokens", "special_tiles",
            )
        }  # fmt: skip
        holdings.append(Holdings(str(player["name"]).strip(), shares=shares, **numbers))
    return result(holdings)


def _shares(
    player: Mapping[str, Any], where: str, owners: dict[tuple[str, int], str]
) -> tuple[Share, ...]:
    shares = []
    for index, entry in enumerate(items(player, "shares", where, default=[])):
        path = join(join(where, "shares"), index)
        entry = obj(entry, path)
        company = text(entry, "company", path)
        number = whole_number(entry, "number", path, minimum=1)
        key = (company.casefold(), number)
        if key in owners:
            raise InvalidInput(path, N_("share {number} of {company} is held twice"),
                               number=number, company=company)
        owners[key] = player["name"]
        shares.append(Share(company.casefold(), number))
    return tuple(shares)
