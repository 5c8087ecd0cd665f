"""Whether the cards tapped so far can pay for a Ticket to Ride route or station, checked card
by card as they are tapped (the engine checks the whole payment once it is complete)."""

from __future__ import annotations

from collections import Counter

from engine.errors import N_, IllegalEvent
from engine.games.ticket_to_ride.board import GRAY, LOCOMOTIVE, Track
from engine.games.ticket_to_ride.payment import UNKNOWN, pays_for, pays_for_set


def route_problem(track: Track, cards: tuple[str, ...]) -> IllegalEvent | None:
    """Why these cards (so far) cannot pay for `track`, or None."""
    colors = {card for card in cards if card != LOCOMOTIVE}
    try:
        if len(colors) > 1:
            raise IllegalEvent(N_("Cards for one route must all be of one colour"))
        color = next(iter(colors), None)
        if color is not None and track.color != GRAY and color != track.color:
            raise IllegalEvent(N_("This route takes {color} cards"), color=track.color)
        if len(cards) > track.length:
            raise IllegalEvent(N_("Too many cards for this route"))
        if sum(1 for card in cards if card != LOCOMOTIVE) > track.length - track.ferries:
            raise IllegalEvent(N_("This ferry needs {count} locomotive(s)"), count=track.ferries)
        if len(cards) == track.length:
            pays_for(track, cards)
    except IllegalEvent as error:
        return error
    return None


def set_problem(cards: tuple[str, ...], cost: int) -> IllegalEvent | None:
    """Why these cards (so far) cannot pay for a station, or None."""
    try:
        if len({card for card in cards if card != LOCOMOTIVE}) > 1 or len(cards) > cost:
            raise IllegalEvent(N_("Pay with {count} card(s) of one colour"), count=cost)
        if len(cards) == cost:
            pays_for_set(cards, cost)
    except IllegalEvent as error:
        return error
    return None


def hand_problem(hand: tuple[str, ...], cards: tuple[str, ...]) -> IllegalEvent | None:
    """Cards the companion knows the player cannot hold (unseen cards stand for any)."""
    have = Counter(hand)
    unseen = have.pop(UNKNOWN, 0)
    missing = sum(max(0, count - have[card]) for card, count in Counter(cards).items())
    if missing > unseen:
        return IllegalEvent(N_("Those cards are not in your hand"))
    return None
