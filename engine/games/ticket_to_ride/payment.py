"""Whether a set of cards pays for a route, a station, a Cité or a harbour, and why not.

Card names: a colour ("red"), "locomotive", "locomotive+4" (Märklin), "joker" and boat cards
"boat:red" / "boat2:red" covering one or two spaces (Rails & Sails), "ferry" (Italy: covers up
to two wave spaces), "passenger" (Märklin: never pays for a route). Every card given must be
needed: the cards cover the route's spaces exactly.

>>> from .board import Track
>>> ferry = Track("A-B", 0, ("A", "B"), 3, "gray", ferries=1)
>>> pays_for(ferry, ("red", "red", "locomotive")).color
'red'
>>> pays_for(ferry, ("red", "red", "red"))
Traceback (most recent call last):
...
engine.errors.IllegalEvent: This ferry needs 1 locomotive
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import N_, NP_, IllegalEvent
from ...unseen import UNSEEN, uncovered
from .board import COLORS, GRAY, LOCOMOTIVE, Track

LOCOMOTIVE_4 = "locomotive+4"
JOKER = "joker"
FERRY_CARD = "ferry"
PASSENGER = "passenger"
#: A card the companion has not seen (`engine.unseen`).
UNKNOWN = UNSEEN
#: Locomotives +4 replace a colour only on routes of this length or more.
LOCOMOTIVE_4_FROM = 4

#: Refusals said in more than one place.
FERRY_LOCOMOTIVES = NP_("This ferry needs {count} locomotive",
                        "This ferry needs {count} locomotives")
ONE_COLOUR = NP_("Pay with {count} card of one colour", "Pay with {count} cards of one colour")


def boat(color: str, double: bool = False) -> str:
    return f"boat2:{color}" if double else f"boat:{color}"


def boat_color(card: str) -> str | None:
    kind, _, color = card.partition(":")
    return color if kind in ("boat", "boat2") else None


@dataclass(frozen=True)
class Payment:
    """How the cards were read: the colour played (None: wild cards only) and the wild cards."""

    color: str | None
    wild: int


def _wild(cards: Counter[str], special: Sequence[str]) -> int:
    return cards[LOCOMOTIVE] + (cards[JOKER] if JOKER in special else 0)


def _one_color(colors: set[str], route_color: str) -> str | None:
    if len(colors) > 1:
        raise IllegalEvent(N_("Cards for one route must all be of one colour"))
    color = next(iter(colors), None)
    if color is not None and route_color != GRAY and color != route_color:
        raise IllegalEvent(N_("This route takes {color} cards"), color=route_color)
    return color


def pays_for(track: Track, cards: Sequence[str], special: Sequence[str] = ()) -> Payment:
    """How `cards` pay for `track`, or IllegalEvent with the reason.

    `special` lists the special cards in play on the map (see `CardSetup.special`).
    """
    if UNKNOWN in cards:
        raise IllegalEvent(N_("Scan every card you pay with"))
    hand = Counter(cards)
    for card in hand:
        known = card in COLORS or card in (LOCOMOTIVE, PASSENGER) or (
            card in (LOCOMOTIVE_4, JOKER, FERRY_CARD) and card in special
        ) or (boat_color(card) in COLORS and "boat" in special)
        if not known:
            raise IllegalEvent(N_("{card} is not a card of this map"), card=card)
    if hand[PASSENGER]:
        raise IllegalEvent(N_("Passenger cards do not pay for routes"))
    if track.sea:
        return _pays_for_sea(track, hand, special)
    if any(boat_color(card) for card in hand):
        raise IllegalEvent(N_("Boat cards pay for sea routes only"))
    if hand[LOCOMOTIVE_4] and track.length < LOCOMOTIVE_4_FROM:
        raise IllegalEvent(N_("Locomotives +4 pay only for routes of {length} spaces or more"),
                           length=LOCOMOTIVE_4_FROM)
    if hand[FERRY_CARD] and not track.waves:
        raise IllegalEvent(N_("Ferry cards pay only for spaces with a wave"))
    color = _one_color({card for card in hand if card in COLORS}, track.color)
    wild = _wild(hand, special)
    colored = hand[color] if color else 0
    ferry_cards = hand[FERRY_CARD]
    if wild < track.ferries:
        raise IllegalEvent(FERRY_LOCOMOTIVES, count=track.ferries)
    plain_spaces = track.length - track.ferries - track.waves
    if colored + hand[LOCOMOTIVE_4] > plain_spaces:
        raise IllegalEvent(N_("Too many cards for this route"))
    if ferry_cards > track.waves:
        raise IllegalEvent(NP_("Too many ferry cards for {waves} wave space",
                               "Too many ferry cards for {waves} wave spaces", "waves"),
                           waves=track.waves)
    # Wild cards cover the ferry symbols, the plain spaces left, and the waves the ferry cards
    # (one or two waves each) do not.
    left_for_waves = wild - track.ferries - (plain_spaces - colored - hand[LOCOMOTIVE_4])
    lowest = track.waves - min(2 * ferry_cards, track.waves)
    highest = track.waves - ferry_cards
    if left_for_waves < lowest:
        raise IllegalEvent(N_("Not enough cards: this route has {length} spaces"),
                           length=track.length)
    if left_for_waves > highest or (
        ferry_cards and left_for_waves + 2 * (ferry_cards - 1) >= track.waves
    ):  # a wild card or a ferry card to spare
        raise IllegalEvent(N_("Too many cards for this route"))
    return Payment(color, wild)


def _pays_for_sea(track: Track, hand: Counter[str], special: Sequence[str]) -> Payment:
    if any(card in COLORS or card in (LOCOMOTIVE_4, FERRY_CARD) for card in hand):
        raise IllegalEvent(N_("Sea routes take boat cards"))
    color = _one_color({c for c in (boat_color(card) for card in hand) if c}, track.color)
    singles = hand[boat(color)] if color else 0
    doubles = hand[boat(color, double=True)] if color else 0
    wild = _wild(hand, special)
    # A double boat covers one or two spaces; no card may be spared.
    most = singles + 2 * doubles + wild
    if most < track.length:
        raise IllegalEvent(N_("Not enough cards: this route has {length} spaces"),
                           length=track.length)
    if most - (1 if singles or wild else 2) >= track.length:
        raise IllegalEvent(N_("Too many cards for this route"))
    return Payment(color, wild)


def tunnel_surcharge(revealed: Sequence[str], payment: Payment) -> int:
    """Extra cards a tunnel asks for: each revealed card of the colour played, or locomotive.

    >>> tunnel_surcharge(["red", "locomotive", "blue"], Payment("red", 0))
    2
    >>> tunnel_surcharge(["red", "locomotive", "blue"], Payment(None, 2))   # locomotives only
    1
    """
    return sum(1 for card in revealed if card == LOCOMOTIVE or card == payment.color)


def pays_surcharge(cards: Sequence[str], payment: Payment, count: int) -> None:
    """The extra tunnel cards: `count` cards of the colour played or locomotives."""
    if UNKNOWN in cards:
        raise IllegalEvent(N_("Scan every card you pay with"))
    if len(cards) != count:
        raise IllegalEvent(NP_("The tunnel asks for {count} more card",
                               "The tunnel asks for {count} more cards"), count=count)
    problem = surcharge_cards_problem(cards, payment.color)
    if problem is not None:
        raise problem


def surcharge_cards_problem(cards: Sequence[str], color: str | None) -> IllegalEvent | None:
    """Why some of `cards` cannot pay a tunnel's extra cards: only locomotives and cards of
    the colour played (`color`; None: locomotives only) can."""
    allowed = {LOCOMOTIVE} | ({color} if color else set())
    if all(card in allowed for card in cards):
        return None
    if color:
        return IllegalEvent(N_("Pay the tunnel with {color} cards or locomotives"), color=color)
    return IllegalEvent(N_("Pay the tunnel with locomotives"))


def pays_for_set(cards: Sequence[str], count: int, special: Sequence[str] = ()) -> str | None:
    """`count` cards of one colour, locomotives standing in: a station, or an Old West Cité.

    Returns the colour (None for locomotives only).
    """
    if UNKNOWN in cards:
        raise IllegalEvent(N_("Scan every card you pay with"))
    if len(cards) != count:
        raise IllegalEvent(ONE_COLOUR, count=count)
    hand = Counter(cards)
    colors = {card for card in hand if card in COLORS}
    if len(colors) > 1 or sum(hand[c] for c in colors) + _wild(hand, special) != count:
        raise IllegalEvent(ONE_COLOUR, count=count)
    return next(iter(colors), None)


def pays_for_harbour(cards: Sequence[str], special: Sequence[str] = ("joker", "boat")) -> str:
    """Rails & Sails: two wagon cards and two boat cards of one colour, jokers standing in."""
    hand = Counter(cards)
    wild = _wild(hand, special)
    colors = {card for card in hand if card in COLORS} | {
        c for c in (boat_color(card) for card in hand) if c
    }
    if len(cards) != 4 or len(colors) != 1 or any(
        card.startswith("boat2:") for card in hand
    ):
        raise IllegalEvent(N_("A harbour takes two wagon and two boat cards of one colour"))
    color = colors.pop()
    wagons, boats = hand[color], hand[boat(color)]
    if wagons > 2 or boats > 2 or wagons + boats + wild != 4:
        raise IllegalEvent(N_("A harbour takes two wagon and two boat cards of one colour"))
    return color


# --- A payment on its way: the cards tapped so far ----------------------------------------------


def route_payment_problem(track: Track, cards: Sequence[str], special: Sequence[str] = ()
                          ) -> IllegalEvent | None:
    """Why the cards tapped so far cannot become a payment for `track` (None: they still can,
    or they pay for it). The table asks it after each card tapped.

    >>> from .board import Track
    >>> route_payment_problem(Track("A-B", 0, ("A", "B"), 2, "red"), ("blue",)).reason
    'This route takes {color} cards'
    """
    wild = {LOCOMOTIVE, JOKER} if JOKER in special else {LOCOMOTIVE}
    # A boat card is of its colour (whether it may pay for the route is pays_for's to say).
    colors = {boat_color(card) or card for card in cards
              if card not in wild and card not in _SPECIAL_ONLY}
    try:
        if len(colors) > 1:
            raise IllegalEvent(N_("Cards for one route must all be of one colour"))
        color = next(iter(colors), None)
        if color is not None and track.color != GRAY and color != track.color:
            raise IllegalEvent(N_("This route takes {color} cards"), color=track.color)
        if len(cards) > track.length:
            raise IllegalEvent(N_("Too many cards for this route"))
        if sum(1 for card in cards if card not in wild) > track.length - track.ferries:
            raise IllegalEvent(FERRY_LOCOMOTIVES, count=track.ferries)
        pays_for(track, cards, special)
    except IllegalEvent as error:
        # Cards still to come may yet make up the spaces or the locomotives missing.
        if len(cards) < track.length and error.reason in _NOT_YET:
            return None
        return error
    return None


def route_paid(track: Track, cards: Sequence[str], special: Sequence[str] = ()) -> bool:
    """Whether the cards tapped so far pay for `track` (a ferry card may cover two spaces)."""
    try:
        pays_for(track, cards, special)
    except IllegalEvent:
        return False
    return True


#: Special cards that are no colour of a route.
_SPECIAL_ONLY = (LOCOMOTIVE_4, FERRY_CARD, PASSENGER)
#: Refusals of a payment that more cards may still mend.
_NOT_YET = (N_("Not enough cards: this route has {length} spaces"),
            FERRY_LOCOMOTIVES)


def set_payment_problem(cards: Sequence[str], cost: int) -> IllegalEvent | None:
    """Why the cards tapped so far cannot become `cost` cards of one colour (a station), or
    None."""
    try:
        if len({card for card in cards if card != LOCOMOTIVE}) > 1 or len(cards) > cost:
            raise IllegalEvent(ONE_COLOUR, count=cost)
        if len(cards) == cost:
            pays_for_set(cards, cost)
    except IllegalEvent as error:
        return error
    return None


def check_in_hand(hand: Sequence[str], cards: Sequence[str]) -> None:
    """Every card given is in hand, or is one of the hand's unseen cards."""
    problem = hand_problem(hand, cards)
    if problem is not None:
        raise problem


def hand_problem(hand: Sequence[str], cards: Sequence[str]) -> IllegalEvent | None:
    """Cards the companion knows the player cannot hold (unseen cards stand for any)."""
    if uncovered(hand, cards):
        return IllegalEvent(N_("Those cards are not in your hand"))
    return None
