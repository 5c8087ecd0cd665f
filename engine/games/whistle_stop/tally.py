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

from ...box import Bound, at_most
from ...decision import Decision, decide
from ...errors import N_, InvalidInput
from ...game import PlayerScore, TallyResult
from ...majority import MajorityAward
from ...table_input import items, join, obj, players_of, text, whole_number
from .components import (
    COAL,
    COMMON_RESOURCE,
    HANDOUT,
    LONGEST_GAME,
    MOST_STARS,
    MOST_TOKENS_PER_STOP,
    MOVES_PER_TURN,
    RARE_RESOURCE,
    SHARE_MAJORITY,
    SPECIAL_TILE_PENALTY,
    STARTING_COAL,
    TOKENS_PER_POINT,
    UPGRADE_SLOTS,
)
from .state import Share

#: 15 fame for the most shares of a company; a tie goes to the lowest-numbered share.
MOST_SHARES = MajorityAward(first=SHARE_MAJORITY)

#: A player board's three upgrade spaces ("l'un des 3 emplacements d'amélioration de votre
#: plateau joueur"), each holding an upgrade of at most 9 stars.
MOST_UPGRADE_STARS = Bound(
    UPGRADE_SLOTS * MOST_STARS,
    N_("must be at most {maximum}: {slots} upgrade spaces, at most {stars} stars each "
       "(got {value})"),
    {"slots": UPGRADE_SLOTS, "stars": MOST_STARS})

#: Tokens left at the end: at most 4 coal to start, then in each round 2 from the round track
#: and, for each of the turn's 4 moves, one token spent and at most 2 gained at its stop (a
#: turn without a move gains a single whistle instead).
MOST_TOKENS = Bound(
    max(STARTING_COAL)
    + LONGEST_GAME * (HANDOUT[COAL] + MOVES_PER_TURN * (MOST_TOKENS_PER_STOP - 1)),
    N_("must be at most {maximum}: {start} coal to start, then in each of at most {rounds} "
       "rounds {handout} from the round track and 1 more for each of {moves} moves (a stop "
       "gives at most {per_stop}) (got {value})"),
    {"start": max(STARTING_COAL), "rounds": LONGEST_GAME, "handout": HANDOUT[COAL],
     "moves": MOVES_PER_TURN, "per_stop": MOST_TOKENS_PER_STOP})

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
            for key in ("fame", "gold", "common_resources", "rare_resources", "special_tiles")
        }
        numbers["upgrade_stars"] = at_most(player, "upgrade_stars", where, MOST_UPGRADE_STARS)
        numbers["tokens"] = at_most(player, "tokens", where, MOST_TOKENS)
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
