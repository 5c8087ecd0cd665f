"""Netherlands: toll tokens paid when claiming, loans, and the end bonus by tokens left.

The first track of a route (or its only track) pays its toll to the bank; the second track of
a double route pays the owner of the first. A player who cannot pay takes a loan instead and
pays nothing for that route (the bank pays the first track's owner).

>>> toll_to_pay(3, tokens=5, first_owner=None)
Toll(paid=3, to_owner=0, loan=False)
>>> toll_to_pay(3, tokens=2, first_owner="Ana")
Toll(paid=0, to_owner=3, loan=True)
>>> toll_bonus((55, 35, 20, 10, 0), {"A": 9, "B": 12, "C": 9, "D": 1, "E": 0}, {"E"})
{'A': 35, 'B': 55, 'C': 35, 'D': 10, 'E': 0}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Toll:
    #: Tokens the claiming player pays (to the bank or the first track's owner).
    paid: int
    #: Tokens the first track's owner receives (from the player, or from the bank on a loan).
    to_owner: int
    loan: bool


def toll_to_pay(toll: int, tokens: int, first_owner: str | None) -> Toll:
    """What claiming a track with this toll costs a player holding `tokens`."""
    if tokens < toll:
        return Toll(0, toll if first_owner is not None else 0, True)
    return Toll(toll, toll if first_owner is not None else 0, False)


def toll_bonus(table: Sequence[int], tokens_left: Mapping[str, int], with_loan: Collection[str]
               ) -> dict[str, int]:
    """The end bonus by rank of tokens left; players with a loan get none and take no rank.

    Tied players all get the bonus of the best rank they share; the ranks they fill are then
    skipped (two tied second get the second bonus each, the next player the fourth).
    """
    ranked = sorted((name for name in tokens_left if name not in with_loan),
                    key=lambda name: -tokens_left[name])
    bonus = {name: 0 for name in tokens_left}
    for name in ranked:
        rank = sum(1 for other in ranked if tokens_left[other] > tokens_left[name])
        bonus[name] = table[rank] if rank < len(table) else 0
    return bonus
