"""Seating and turn order around the table.

Seats are numbered 0..n-1 clockwise. "To the left" is the next seat clockwise, as players sit
facing the table. A round is one phase for every player, starting from the round's first player.

>>> TurnOrder(4).round_from(2)
(2, 3, 0, 1)
>>> TurnOrder(4, clockwise=False).round_from(2)
(2, 1, 0, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class FirstPlayerRule(Enum):
    """Who opens the next round."""

    #: The first-player token passes to the left at the end of every round.
    TOKEN_PASSES_LEFT = "token-passes-left"
    #: Play simply continues around the table; a round is n consecutive phases.
    CONTINUOUS = "continuous"


@dataclass(frozen=True)
class TurnOrder:
    """Who plays after whom around a table of `players`."""

    players: int
    clockwise: bool = True

    def __post_init__(self) -> None:
        if self.players < 1:
            raise ValueError("a table needs at least one player")

    def next_seat(self, seat: int, steps: int = 1) -> int:
        direction = 1 if self.clockwise else -1
        return (seat + direction * steps) % self.players

    def left_of(self, seat: int) -> int:
        """The neighbour on the left (clockwise), whatever the direction of play."""
        return (seat + 1) % self.players

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.players

    def round_from(self, first: int) -> tuple[int, ...]:
        return tuple(self.next_seat(first, step) for step in range(self.players))

    def after(self, first: int, seat: int) -> tuple[int, ...]:
        """The seats still to play in the round opened by `first`, once `seat` has played."""
        order = self.round_from(first)
        return order[order.index(seat) + 1 :]

    def next_round_first(self, first: int, last: int, rule: FirstPlayerRule) -> int:
        """Who opens the next round, given who opened and who closed this one."""
        if rule is FirstPlayerRule.TOKEN_PASSES_LEFT:
            return self.left_of(first)
        return self.next_seat(last)
