"""Decks with a trigger card hidden by a rule, and recorded shuffles.

Chance is explicit: a shuffle is drawn from a caller's `random.Random` and the resulting order
is recorded in an event. The rules below say where a trigger card may lie, so a recorded order
(from a simulator, or typed in at the table) can be checked against them.

Position 0 is the top of the deck (drawn first).

>>> rule = BottomPart(3)                  # "separate the pile in three, card in the bottom third"
>>> rule.positions(12)                    # 12 other cards: the trigger lies among the last 4 + 1
range(8, 13)
>>> BetweenPositions(13, 17).positions(20)  # 1-based positions 13..17 from the top
range(12, 17)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

T = TypeVar("T")


class TriggerPlacement(Protocol):
    def positions(self, others: int) -> range:
        """The 0-based positions the trigger may take in a deck of `others` + 1 cards."""
        ...


@dataclass(frozen=True)
class BottomPart:
    """Split the deck into `parts` as equal as possible; the trigger is shuffled into the last."""

    parts: int

    def positions(self, others: int) -> range:
        top = others * (self.parts - 1) // self.parts
        return range(top, others + 1)


@dataclass(frozen=True)
class BetweenPositions:
    """The trigger lies at a 1-based position from `first` to `last` counted from the top."""

    first: int
    last: int

    def positions(self, others: int) -> range:
        last = min(self.last, others + 1)
        first = min(self.first, last)
        return range(first - 1, last)


def shuffled(cards: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    order = list(cards)
    rng.shuffle(order)
    return tuple(order)


def shuffled_with_trigger(
    cards: Sequence[T], trigger: T, rule: TriggerPlacement, rng: random.Random
) -> tuple[T, ...]:
    """Shuffle `cards` and hide `trigger` where `rule` puts it."""
    order = list(shuffled(cards, rng))
    order.insert(rng.choice(rule.positions(len(order))), trigger)
    return tuple(order)


def trigger_in_place(order: Sequence[T], trigger: T, rule: TriggerPlacement) -> bool:
    """Whether a recorded order has the trigger exactly once and where the rule allows."""
    if list(order).count(trigger) != 1:
        return False
    return list(order).index(trigger) in rule.positions(len(order) - 1)
