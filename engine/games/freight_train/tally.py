"""End of day: the trains leave and the bank pays (rules, "Fin du premier jour", step 3-4).

>>> pay_day({"Ana": {"coal": 4}, "Ben": {"coal": 2}}, {"Ana": 7, "Ben": 1}, day=1)
{'Ana': {'coal': 3, 'yard': 3}, 'Ben': {'coal': 1}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import N_, InvalidInput
from ...game import PlayerScore, TallyResult, most
from ...majority import MajorityAward
from ...table_input import flag, join, obj, players_of, whole_number
from .cards import CARDS_PER_TYPE, MIXED, WAGON_TYPES

#: Rules 1-5: 3 tokens to the longest train of a type, 1 to the second; two tied first get
#: 2 each, three get 1 each, four or more nothing; no second place when first is tied; a tie
#: for second pays no second place (rule 6 may cancel more: see `longest_trains`).
LONGEST_TRAIN = MajorityAward(first=3, second=1, tied_first=(2, 1))


def longest_trains(lengths: Mapping[str, int], tie_for_second_cancels_type: bool = True
                   ) -> dict[str, int]:
    """Tokens for one wagon type (or the mixed trains): rules 1 to 6 of the end of a day.

    Rule 6: "Si deux joueurs sont à égalité pour le deuxième plus long train d'un type donné
    de wagon, aucun joueur ne reçoit de jetons pour ce type de wagon": by default nobody
    scores the type, the leader included; otherwise only second place is cancelled. Either
    way three or more tied for second count like two. With the longest train tied, rules 3 to
    5 already leave second place unpaid and rule 6 changes nothing.

    >>> longest_trains({"Ana": 5, "Ben": 3, "Cleo": 3})
    {}
    >>> longest_trains({"Ana": 5, "Ben": 3, "Cleo": 3}, tie_for_second_cancels_type=False)
    {'Ana': 3}
    """
    paid = LONGEST_TRAIN.award(lengths)
    if tie_for_second_cancels_type and _tied_for_second(lengths):
        return {}
    return paid


def _tied_for_second(lengths: Mapping[str, int]) -> bool:
    """One player alone has the longest train, and two or more share the next length."""
    ranked = sorted((length for length in lengths.values() if length >= 1), reverse=True)
    return len(ranked) >= 3 and ranked[0] > ranked[1] == ranked[2]


def yard_tokens(day: int, wagons: int) -> int:
    """Day 1: one token per pair of wagons; day 2: nothing; day 3: minus one per wagon."""
    if day == 1:
        return wagons // 2
    if day == 3:
        return -wagons
    return 0


def pay_day(
    trains: Mapping[str, Mapping[str, int]],
    yards: Mapping[str, int],
    day: int,
    mixed_train_scores: bool = True,
    tie_for_second_cancels_type: bool = True,
) -> dict[str, dict[str, int]]:
    """Tokens earned per player and category, before any limit on a player's tokens.

    `trains` maps each player to their train lengths by key (a wagon type or "mixed").
    """
    paid: dict[str, dict[str, int]] = {who: {} for who in trains}
    categories = sorted({key for lengths in trains.values() for key in lengths})
    for key in categories:
        if key == MIXED and not mixed_train_scores:
            continue
        lengths = {who: own.get(key, 0) for who, own in trains.items()}
        for who, tokens in longest_trains(lengths, tie_for_second_cancels_type).items():
            if tokens:
                paid[who][key] = tokens
    for who, wagons in yards.items():
        tokens = yard_tokens(day, wagons)
        if tokens:
            paid[who]["yard"] = tokens
    return paid


def unpaid_types(
    trains: Mapping[str, Mapping[str, int]],
    mixed_train_scores: bool = True,
    tie_for_second_cancels_type: bool = True,
) -> dict[str, tuple[str, ...]]:
    """The types (and the mixed trains) whose trains paid nobody, by the rule that cancelled
    them: "tied_first" (rule 5, four or more tied for the longest train) or "tied_second"
    (rule 6, two or more tied for second, in its default reading).

    >>> unpaid_types({"Ana": {"coal": 5}, "Ben": {"coal": 3}, "Cleo": {"coal": 3}})
    {'tied_second': ('coal',)}
    """
    cancelled: dict[str, list[str]] = {}
    for key in sorted({key for lengths in trains.values() for key in lengths}):
        if key == MIXED and not mixed_train_scores:
            continue
        lengths = {who: own.get(key, 0) for who, own in trains.items()}
        if longest_trains(lengths, tie_for_second_cancels_type):
            continue
        why = "tied_second" if longest_trains(lengths, False) else "tied_first"
        cancelled.setdefault(why, []).append(key)
    return {why: tuple(keys) for why, keys in cancelled.items()}


def settle(tokens: int, earned: dict[str, int], below_zero: bool) -> dict[str, int]:
    """What a player really receives: a penalty takes no more than they hold unless allowed."""
    if below_zero:
        return dict(earned)
    settled: dict[str, int] = {}
    for key, amount in earned.items():
        if amount < 0:
            amount = max(amount, -tokens)
        tokens += amount
        settled[key] = amount
    return {key: amount for key, amount in settled.items() if amount}


def tally(table: Any) -> TallyResult:
    """`companion tally` for one Freight Train day; see docs/tally.md for the format."""
    data = obj(table, "")
    players = players_of(data, range(2, 6), "Freight Train")
    day = whole_number(data, "day", minimum=1, maximum=3)
    settings = obj(data.get("settings", {}), "settings")
    mixed_scores = flag(settings, "mixed_train_scores", "settings", default=True)
    below_zero = flag(settings, "tokens_below_zero", "settings", default=False)
    cancels_type = flag(settings, "tie_for_second_cancels_type", "settings", default=True)
    most_per_type = CARDS_PER_TYPE[len(players)]
    names: list[str] = []
    holdings: dict[str, int] = {}
    trains: dict[str, dict[str, int]] = {}
    yards: dict[str, int] = {}
    types_on_table: set[str] = set()
    for index, player in enumerate(players):
        where = join("players", index)
        name = player["name"].strip()
        names.append(name)
        holdings[name] = whole_number(
            player, "tokens", where, default=0, minimum=None if below_zero else 0
        )
        yards[name] = whole_number(player, "yard", where, default=0, minimum=0, maximum=16)
        own = obj(player.get("trains", {}), join(where, "trains"))
        lengths: dict[str, int] = {}
        for key in own:
            limit = len(WAGON_TYPES) if key == MIXED else most_per_type
            key_path = join(where, "trains")
            if not key.strip():
                raise InvalidInput(key_path, N_("a wagon type needs a name"))
            lengths[key] = whole_number(own, key, key_path, minimum=0, maximum=limit)
            if key != MIXED and lengths[key]:
                types_on_table.add(key)
        trains[name] = lengths
    if len(types_on_table) > len(WAGON_TYPES):
        raise InvalidInput("players", N_("there are only {count} wagon types (got {got})"),
                           count=len(WAGON_TYPES), got=len(types_on_table))
    earned = pay_day(trains, yards, day, mixed_scores, cancels_type)
    scores = []
    for name in names:
        breakdown = settle(holdings[name], earned[name], below_zero)
        scores.append(PlayerScore(name, holdings[name] + sum(breakdown.values()), breakdown))
    return TallyResult("freight-train", tuple(scores), most(scores))
