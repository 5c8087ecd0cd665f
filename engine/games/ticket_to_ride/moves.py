"""Finding what a player can afford: the payments the simulator and `Pass` look for.

A payment is searched among the natural ones (one colour topped up with locomotives, or
locomotives only); the rules module still checks each one.
"""

from __future__ import annotations

from collections import Counter

from ...errors import IllegalEvent
from .board import COLORS, GRAY, LOCOMOTIVE, Track
from .live_boats import boat_payments
from .live_teams import usable_cards
from .payment import pays_for, pays_for_set
from .special_cards import special_payments
from .state import TicketToRideState


def payments_for(track: Track, hand: Counter[str]) -> list[tuple[str, ...]]:
    """Payments from `hand` for `track`: per colour, as many of it as fit, then locomotives."""
    colors = COLORS if track.color == GRAY else (track.color,)
    plain = track.length - track.ferries
    found = []
    for color in colors:
        use = min(hand[color], plain)
        locomotives = track.length - use
        if use and locomotives <= hand[LOCOMOTIVE]:
            found.append((color,) * use + (LOCOMOTIVE,) * locomotives)
    if hand[LOCOMOTIVE] >= track.length:
        found.append((LOCOMOTIVE,) * track.length)
    return found


def affordable_claims(state: TicketToRideState) -> list[tuple[Track, tuple[str, ...]]]:
    """Every free track the current player may claim now, with one payment each."""
    from .claiming import claim_problem

    hand = Counter(usable_cards(state))
    special = state.board.rules.cards.special
    found = []
    for track in state.board.tracks:
        if claim_problem(state, track) is not None:
            continue
        found_for = special_payments(track, hand, special) if special else payments_for(track,
                                                                                        hand)
        if track.sea:
            found_for = boat_payments(track, hand)
        for cards in found_for:
            try:
                pays_for(track, cards, special)
            except IllegalEvent:
                continue
            found.append((track, cards))
            break
    return found


def station_payment(state: TicketToRideState) -> tuple[str, ...] | None:
    """Cards for the current player's next station, if they can build one somewhere."""
    from .live_depots import free_cities
    from .station_builds import station_cost

    cost = station_cost(state)
    if cost is None or not free_cities(state):
        return None
    hand = Counter(usable_cards(state))
    for color in COLORS:
        use = min(hand[color], cost)
        if use and cost - use <= hand[LOCOMOTIVE]:
            cards = (color,) * use + (LOCOMOTIVE,) * (cost - use)
            pays_for_set(cards, cost)
            return cards
    if hand[LOCOMOTIVE] >= cost:
        return (LOCOMOTIVE,) * cost
    return None


def tunnel_extra(state: TicketToRideState) -> tuple[str, ...] | None:
    """Cards to pay a pending tunnel's surcharge from what is left in hand, if possible."""
    tunnel = state.tunnel
    if tunnel is None or not tunnel.surcharge:
        return None
    left = Counter(usable_cards(state))
    left.subtract(tunnel.cards)
    use = min(left[tunnel.color], tunnel.surcharge) if tunnel.color else 0
    if tunnel.surcharge - use > left[LOCOMOTIVE]:
        return None
    return (tunnel.color,) * use + (LOCOMOTIVE,) * (tunnel.surcharge - use) if tunnel.color else (
        (LOCOMOTIVE,) * tunnel.surcharge)
