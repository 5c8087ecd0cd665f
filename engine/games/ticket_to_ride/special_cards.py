"""Special train cards played turn by turn, as the rules text has them.

- Jokers (Rails & Sails) stand in for any colour, like locomotives; taken face up a joker
  counts as two cards (never the second card, and the turn ends); drawn blind it counts as one.
- Locomotives +4 (Märklin) are drawn like any colour card (two a turn, face up or not) and
  stand in for a colour only on routes of 4 spaces or more.
- Passenger cards (Märklin) are drawn like any colour card and pay for no route; three of them
  face up and the face-up cards are replaced, as with three locomotives.
- Ferry cards (Italy) are a pile of their own: a player takes one instead of the turn's action;
  each covers up to two wave spaces. A ferry card paid goes back to its pile.

How many of each the game has comes from the map file (`rules.cards.copies`).

>>> from .board import CardSetup
>>> setup = CardSetup(special=("joker", "ferry"), copies=(("joker", 2), ("ferry", 4)))
>>> deck_cards(setup), ferry_pile(setup)
(['joker', 'joker'], 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from .board import COLORS, GRAY, LOCOMOTIVE, CardSetup, Track
from .payment import FERRY_CARD, JOKER, LOCOMOTIVE_4, LOCOMOTIVE_4_FROM, PASSENGER

#: Special cards shuffled into the train deck (ferry cards are a pile apart).
DECK_CARDS = (LOCOMOTIVE_4, JOKER, PASSENGER)
#: "Si ... trois des cinq cartes face visible sont des passagers": replace the face-up cards.
FACE_UP_PASSENGERS = 3


def deck_cards(setup: CardSetup) -> list[str]:
    """The special cards of the train deck."""
    return [card for card in DECK_CARDS for _ in range(setup.copies_of(card))]


@cache
def deck_kinds(setup: CardSetup) -> frozenset[str]:
    """The cards the train deck can hold: a card drawn must be one of them."""
    kinds = set(setup.colors) | set(deck_cards(setup))
    return frozenset(kinds | {LOCOMOTIVE} if setup.locomotives else kinds)


def ferry_pile(setup: CardSetup) -> int:
    """Ferry cards in their pile at the start."""
    return setup.copies_of(FERRY_CARD)


def counts_double(card: str) -> bool:
    """A card that counts as two when taken face up (so it is never the second card)."""
    return card in (LOCOMOTIVE, JOKER)


def face_up_limits(setup: CardSetup) -> tuple[tuple[str, int], ...]:
    """Cards that, this many of them face up, have all the face-up cards replaced."""
    limits = []
    if setup.locomotives and setup.face_up_locomotives:  # none in the deck, none face up
        limits.append((LOCOMOTIVE, setup.face_up_locomotives))
    if setup.copies_of(PASSENGER):
        limits.append((PASSENGER, FACE_UP_PASSENGERS))
    return tuple(limits)


def special_payments(track: Track, hand: Counter[str], special: Sequence[str]
                     ) -> list[tuple[str, ...]]:
    """Natural payments for `track` with special cards too: per colour (or none), as many of
    it as fit the plain spaces, then locomotives +4, ferry cards on the waves, and the rest in
    locomotives, then jokers. The rules still check each one."""
    plain = track.length - track.ferries - track.waves
    long_enough = track.length >= LOCOMOTIVE_4_FROM
    fours = hand[LOCOMOTIVE_4] if LOCOMOTIVE_4 in special and long_enough else 0
    ferries = hand[FERRY_CARD] if FERRY_CARD in special else 0
    jokers = hand[JOKER] if JOKER in special else 0
    found = []
    colors: tuple[str | None, ...] = COLORS if track.color == GRAY else (track.color,)
    for color in (*colors, None):
        use = min(hand[color], plain) if color else 0
        if color and not use:
            continue
        four = min(fours, plain - use)
        ferry = min(ferries, (track.waves + 1) // 2)
        wild = (plain - use - four) + track.ferries + max(0, track.waves - 2 * ferry)
        locomotives = min(hand[LOCOMOTIVE], wild)
        if wild - locomotives > jokers:
            continue
        cards = ((color,) * use if color else ()) + (LOCOMOTIVE_4,) * four + (
            FERRY_CARD,) * ferry + (LOCOMOTIVE,) * locomotives + (JOKER,) * (wild - locomotives)
        if cards:
            found.append(cards)
    return found
