"""End of day: the trains leave and the bank pays (rules, "Fin du premier jour", step 3-4).

>>> pay_day({"Ana": {"coal": 4}, "Ben": {"coal": 2}}, {"Ana": 7, "Ben": 1}, day=1)
{'Ana': {'coal': 3, 'yard': 3}, 'Ben': {'coal': 1}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...box import Bound, Names, TableCount, at_most
from ...errors import N_, InvalidInput
from ...game import PlayerScore, TallyResult, most
from ...majority import MajorityAward
from ...table_input import flag, join, obj, players_of, whole_number
from .cards import (
    CARDS_PER_TYPE,
    MIXED,
    STARTING_TOKENS,
    TRACK_SPACES,
    TRAIN_NAMES,
    WAGON_TYPES,
    YARD_TRACKS,
    most_locomotives,
)

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


#: The keys of a player's `trains`: the wagon types and the mixed train, by id or by name.
TRAINS = Names(TRAIN_NAMES, N_("not a train: use {accepted}, or their English or French "
                               "names"))


def most_tokens_before(day: int, players: int) -> int:
    """The most tokens a player can hold when day `day` is tallied: 5 to start, then for each
    day before, 3 for each train (one per locomotive, and at most the 11 types and the mixed
    train) and, on day 1, a token per pair of the 16 wagons a full yard holds. Rearranging
    only costs tokens.

    >>> [most_tokens_before(day, 2) for day in (1, 2, 3)]
    [5, 37, 64]
    """
    most = STARTING_TOKENS
    for earlier in range(1, day):
        trains = min(most_locomotives(players, earlier), len(TRAIN_NAMES))
        most += LONGEST_TRAIN.first * trains + yard_tokens(earlier, YARD_TRACKS * TRACK_SPACES)
    return most


class _Box:
    """What the table's trains and yards take from the box, added up over every player."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.per_type = TableCount(
            dict.fromkeys(WAGON_TYPES, CARDS_PER_TYPE[players]),
            N_("with {players} players the game has {count} {wagon} wagons (got {got} in all)"),
            players=players)
        self.wagons = TableCount(
            {"wagons": len(WAGON_TYPES) * CARDS_PER_TYPE[players]},
            N_("with {players} players the game has {count} wagons (got {got} in the trains "
               "and yards)"),
            players=players)
        self.mixed: list[int] = []

    def train(self, train: str, length: int, where: str) -> None:
        """One train's wagons: a wagon type's count across the table, or a mixed train (its
        wagons' types are not said: `check_mixed` sees that they fit)."""
        if train != MIXED:
            self.per_type.add(train, length, where, wagon=train)
        elif length:
            self.mixed.append(length)

    def player(self, lengths: Mapping[str, int], yard: int, where: str) -> None:
        """A player's wagons in trains and yard, counted towards every wagon of the game."""
        self.wagons.add("wagons", sum(lengths.values()) + yard, where)

    def check_mixed(self) -> None:
        """A mixed train holds one wagon of each of its types, from what the other trains leave
        of each type. They fit when, for every k, the k longest need no more wagons than the
        types leave, counting at most k of each (one for each of those trains)."""
        left = [self.per_type.box[kind] - self.per_type.seen[kind] for kind in WAGON_TYPES]
        longest = sorted(self.mixed, reverse=True)
        for count in range(1, len(longest) + 1):
            need, room = sum(longest[:count]), sum(min(spare, count) for spare in left)
            if need > room:
                raise InvalidInput(
                    "players", N_("the mixed trains need one wagon of each of their types: "
                                  "{need} wagons where the other trains leave {room} (with "
                                  "{players} players the game has {count} of each type)"),
                    need=need, room=room, players=self.players,
                    count=CARDS_PER_TYPE[self.players])


def _trains(player: Mapping[str, Any], where: str, day: int, box: _Box) -> dict[str, int]:
    """A player's trains by id, each within what one train can hold."""
    path = join(where, "trains")
    given = obj(player.get("trains", {}), path)
    players = box.players
    lengths: dict[str, int] = {}
    for key, train in TRAINS.read(given, path).items():
        # The mixed train holds one wagon of each type; another train, any number of its type.
        most = len(WAGON_TYPES) if train == MIXED else CARDS_PER_TYPE[players]
        lengths[train] = whole_number(given, key, path, minimum=0, maximum=most)
        box.train(train, lengths[train], join(path, key))
    running = sum(1 for length in lengths.values() if length)
    if running > most_locomotives(players, day):
        raise InvalidInput(path, N_("on day {day} with {players} players a player has at most "
                                    "{count} locomotives, one per train (got {got} trains)"),
                           day=day, players=players, count=most_locomotives(players, day),
                           got=running)
    return lengths


def tally(table: Any) -> TallyResult:
    """`companion tally` for one Freight Train day; see docs/tally.md for the format."""
    data = obj(table, "")
    players = players_of(data, range(2, 6), "Freight Train")
    day = whole_number(data, "day", minimum=1, maximum=3)
    settings = obj(data.get("settings", {}), "settings")
    mixed_scores = flag(settings, "mixed_train_scores", "settings", default=True)
    below_zero = flag(settings, "tokens_below_zero", "settings", default=False)
    cancels_type = flag(settings, "tie_for_second_cancels_type", "settings", default=True)
    box = _Box(len(players))
    most_tokens = Bound(
        most_tokens_before(day, len(players)),
        N_("must be at most {maximum}, the most a player can hold before day {day}'s tally: "
           "5 to start, then 3 for each train and 8 for a full yard on day 1 (got {value})"),
        {"day": day})
    names: list[str] = []
    holdings: dict[str, int] = {}
    trains: dict[str, dict[str, int]] = {}
    yards: dict[str, int] = {}
    for index, player in enumerate(players):
        where = join("players", index)
        name = player["name"].strip()
        names.append(name)
        holdings[name] = at_most(player, "tokens", where, most_tokens,
                                 minimum=None if below_zero else 0)
        yards[name] = whole_number(player, "yard", where, default=0, minimum=0,
                                   maximum=YARD_TRACKS * TRACK_SPACES)
        trains[name] = _trains(player, where, day, box)
        box.player(trains[name], yards[name], where)
    box.check_mixed()
    earned = pay_day(trains, yards, day, mixed_scores, cancels_type)
    scores = []
    for name in names:
        breakdown = settle(holdings[name], earned[name], below_zero)
        scores.append(PlayerScore(name, holdings[name] + sum(breakdown.values()), breakdown))
    return TallyResult("freight-train", tuple(scores), most(scores))
