"""Majority awards: who gets paid for having the most (and second most) of something.

Each game states its payouts and its tie policy; the mechanics are the same.

>>> freight = MajorityAward(first=3, second=1, tied_first=(2, 1))
>>> freight.award({"Ana": 5, "Ben": 3, "Cleo": 3})   # two tied for second: nobody gets it
{'Ana': 3}
>>> freight.award({"Ana": 5, "Ben": 5, "Cleo": 3})   # two tied for first: 2 each, no second
{'Ana': 2, 'Ben': 2}
>>> shares = MajorityAward(first=15)
>>> shares.award({"Ana": 2, "Ben": 2}, tiebreak={"Ana": 7, "Ben": 3})  # lowest number wins
{'Ben': 15}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class MajorityAward:
    """Payouts for first and second place and what ties do to them.

    - `tied_first`: what each player gets when 2, 3, ... players tie for first (index 0 is two
      players); a tie larger than the table pays nothing. None: every tied player gets `first`.
    - `second_when_first_tied`: whether second place is still paid when first is tied.
    - `tied_second_score`: whether every player tied for second gets `second` (else nobody).
    - `minimum`: the least amount that competes (a player with no train of a type is not in it).
    """

    first: int
    second: int = 0
    tied_first: tuple[int, ...] | None = None
    second_when_first_tied: bool = False
    tied_second_score: bool = False
    minimum: int = 1

    def award(
        self, amounts: Mapping[K, int], tiebreak: Mapping[K, Any] | None = None
    ) -> dict[K, int]:
        """Points per player who scores; players who score nothing are left out.

        With `tiebreak` (lower wins, e.g. the lowest-numbered share), ties are always broken.
        """
        competing = {who: amount for who, amount in amounts.items() if amount >= self.minimum}
        if not competing:
            return {}
        if tiebreak is not None:
            ranked = sorted(competing, key=lambda who: (-competing[who], tiebreak[who]))
            paid = {ranked[0]: self.first}
            if self.second and len(ranked) > 1:
                paid[ranked[1]] = self.second
            return paid
        best = max(competing.values())
        leaders = [who for who, amount in competing.items() if amount == best]
        if len(leaders) == 1:
            paid = {leaders[0]: self.first}
        else:
            share = self._tied_first_share(len(leaders))
            paid = {who: share for who in leaders} if share else {}
            if not self.second_when_first_tied:
                return paid
        if not self.second:
            return paid
        rest = {who: amount for who, amount in competing.items() if amount < best}
        if not rest:
            return paid
        runner_up = max(rest.values())
        seconds = [who for who, amount in rest.items() if amount == runner_up]
        if len(seconds) == 1 or self.tied_second_score:
            paid.update({who: self.second for who in seconds})
        return paid

    def _tied_first_share(self, tied: int) -> int:
        if self.tied_first is None:
            return self.first
        index = tied - 2
        return self.tied_first[index] if index < len(self.tied_first) else 0
