"""The unseen card: a card the table has not shown the companion, which stands for any one.

At the table some cards are never seen (a dealt hand, a shuffled deck, a face-down pile): the
engine keeps each as UNSEEN and takes the table's word for it when it comes to light. Every
game reads an unseen card through these few rules, so they are written once:

- revealed, an unseen card becomes the card declared; a known card must be declared as it is;
- an unseen card in a pool covers one card asked of that pool, whatever it is.

Cards are strings ("?" unseen) in most games; a game whose cards are numbers passes its own
`unseen` (The Game of Trains' 0).

>>> reveal("?", "coal"), reveal("tank", "?")
('coal', 'tank')
>>> uncovered(["coal", "?"], ["tank", "coal"]), uncovered(["coal"], ["tank"])
(0, 1)
>>> take(("coal", "?", "box"), ["tank"])
('coal', 'box')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from .errors import N_, IllegalEvent

#: The card the companion has not seen.
UNSEEN = "?"

C = TypeVar("C", bound=Hashable)


def reveal(seen: C, said: C, *, unseen: object = UNSEEN,
           refusal: str = N_("That card is {seen}, not {said}"), strict: bool = False) -> C:
    """The card at a place as the table declares it: an unseen card takes the card declared;
    a card declared unseen keeps the one known (unless `strict`: the table must name it).
    Any other difference is refused with `refusal` ({seen} and {said})."""
    if seen == unseen or said == seen:
        return said
    if said == unseen and not strict:
        return seen
    raise IllegalEvent(refusal, seen=seen, said=said)


def uncovered(pool: Iterable[C], wanted: Iterable[C], *, unseen: object = UNSEEN) -> int:
    """How many cards of `wanted` are neither in `pool` nor stood for by its unseen cards
    (each unseen card covers one); an unseen card wanted asks for an unseen one."""
    have = Counter(pool)
    covering = sum(count for card, count in have.items() if card == unseen)
    missing = sum(max(0, count - (0 if card == unseen else have[card]))
                  for card, count in Counter(wanted).items())
    return max(0, missing - covering)


def same_cards(before: Sequence[C], after: Sequence[C], *, unseen: object = UNSEEN,
               unseen_before_covers: bool = True) -> bool:
    """Whether `after` is `before` in another order: an unseen card in `after` stands for
    any card; one in `before` too, unless `unseen_before_covers` is off (then it matches an
    unseen card only)."""
    if len(before) != len(after):
        return False
    pool = before if unseen_before_covers else [card for card in before if card != unseen]
    return uncovered(pool, [card for card in after if card != unseen], unseen=unseen) == 0


def take(hand: Sequence[C], cards: Iterable[C], *, unseen: object = UNSEEN) -> tuple[C, ...]:
    """`hand` without `cards`; a card the hand is not known to hold leaves as an unseen one
    (check first with `uncovered`)."""
    left = list(hand)
    for card in cards:
        places = [index for index, held in enumerate(left) if held == card] or [
            index for index, held in enumerate(left) if held == unseen]
        if not places:
            raise ValueError(f"{card!r} is not in the hand")
        del left[places[0]]
    return tuple(left)
