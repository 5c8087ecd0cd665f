"""The Game of Trains' deck and the eight abilities that may be printed on its wagons.

88 cards: 4 locomotives (one per player, never shuffled in) and 84 wagons numbered 1 to 84.
Which ability a wagon carries is printed on the card, not worked out from its number: the
table learns it (`events.LearnAbility`) or is told it by the configuration.

>>> positions_for(Ability.MOVE_LEFT_TWO)
range(3, 8)
"""

from __future__ import annotations

from enum import Enum

#: The wagons' numbers, for the game at the table and for `companion tally` alike: 84 wagons
#: beside the 4 locomotives make the 88 cards (the deck is at times said to be "numbered 1 to
#: 88", counting the locomotives; the tags and the live game know wagons 1 to 84 only).
WAGONS = range(1, 85)
LOCOMOTIVES = 4
LINE = 7
#: The wagon positions: 1 is next to the locomotive (left), 7 is the far right.
POSITIONS = range(1, LINE + 1)
MIDDLE = 4

#: A card of the deck the table has not seen yet (at the table the deck order is unknown).
UNSEEN = 0


class Ability(Enum):
    #: Swap two neighbouring wagons of your line (`position` and the one right of it).
    SWAP_ADJACENT = "swap-adjacent"
    #: Swap two wagons of your line with exactly one wagon between them.
    SWAP_OVER_ONE = "swap-over-one"
    #: Move one wagon of your line two places right; the two it passes shift left.
    MOVE_RIGHT_TWO = "move-right-two"
    #: Move one wagon of your line two places left; the two it passes shift right.
    MOVE_LEFT_TWO = "move-left-two"
    #: Every player discards the wagon at position 1 and draws its replacement.
    REMOVE_FIRST = "remove-first"
    #: Every player discards the wagon at position 4 (the middle) and draws its replacement.
    REMOVE_MIDDLE = "remove-middle"
    #: Every player discards the wagon at position 7 and draws its replacement.
    REMOVE_LAST = "remove-last"
    #: Lock one wagon of your line: no removal touches it until your next turn. The
    #: companion's reading of the eighth ability (a game summary mentions a padlock card).
    LOCK = "lock"


#: Where each removal ability strikes.
REMOVED_AT = {Ability.REMOVE_FIRST: 1, Ability.REMOVE_MIDDLE: MIDDLE, Ability.REMOVE_LAST: LINE}


def positions_for(ability: Ability) -> range:
    """The `position` values an ability accepts (empty: it takes none).

    For swaps and the right move it is the left card; for the left move, the card moved.
    """
    if ability is Ability.SWAP_ADJACENT:
        return range(1, LINE)
    if ability in (Ability.SWAP_OVER_ONE, Ability.MOVE_RIGHT_TWO):
        return range(1, LINE - 1)
    if ability is Ability.MOVE_LEFT_TWO:
        return range(3, LINE + 1)
    if ability is Ability.LOCK:
        return POSITIONS
    return range(0)


def rearranged(line: tuple[int, ...], ability: Ability, position: int) -> tuple[int, ...]:
    """A line after one of the four abilities that reorder it.

    >>> rearranged((7, 6, 5, 4, 3, 2, 1), Ability.MOVE_RIGHT_TWO, 1)
    (6, 5, 7, 4, 3, 2, 1)
    >>> rearranged((7, 6, 5, 4, 3, 2, 1), Ability.SWAP_OVER_ONE, 5)
    (7, 6, 5, 4, 1, 2, 3)
    """
    cards = list(line)
    i = position - 1
    if ability is Ability.SWAP_ADJACENT:
        cards[i], cards[i + 1] = cards[i + 1], cards[i]
    elif ability is Ability.SWAP_OVER_ONE:
        cards[i], cards[i + 2] = cards[i + 2], cards[i]
    elif ability is Ability.MOVE_RIGHT_TWO:
        cards.insert(i + 2, cards.pop(i))
    elif ability is Ability.MOVE_LEFT_TWO:
        cards.insert(i - 2, cards.pop(i))
    return tuple(cards)


def ascending(line: tuple[int, ...]) -> bool:
    """Strictly ascending from the locomotive, with no empty place."""
    return UNSEEN not in line and all(a < b for a, b in zip(line, line[1:]))
