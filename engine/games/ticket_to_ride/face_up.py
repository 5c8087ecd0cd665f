"""The face-up cards and the deck: the row laid out from the deck, replaced when it shows three
locomotives, and the discards shuffled into a new deck when the deck runs out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from ...unseen import same_cards
from .events import ReplaceFaceUp, Reshuffle
from .live_boats import (
    BOAT_PILE,
    check_pile,
    pile_to_reshuffle,
    replace_row,
    reshuffle_boats,
    wagon_places,
)  # fmt: skip
from .payment import UNKNOWN
from .special_cards import face_up_limits
from .state import Phase, TicketToRideState


def settle_display(state: TicketToRideState) -> TicketToRideState:
    """Fill the face-up cards from the deck (until the deck runs out: the discards are
    reshuffled first, a chance event). Three locomotives face up are then replaced with
    `ReplaceFaceUp`, the dealer's move."""
    setup = state.board.rules.cards
    display, deck = list(state.display), list(state.deck)
    while len(display) < setup.face_up and deck:
        display.append(deck.pop(0))
    return evolve(state, display=tuple(display), deck=tuple(deck))


def face_up_to_replace(state: TicketToRideState) -> bool:
    """The face-up cards show three locomotives (the map's number), or three passenger cards,
    and must be replaced: unless a deck ran out while laying them (the reshuffle comes
    first) or the cards left could never do better. Face-up cards the companion has not seen
    never ask for it. With boats the count is over the whole row, from both decks."""
    setup = state.board.rules.cards
    limits = face_up_limits(setup)
    display = state.display
    if (not limits or state.phase not in (Phase.START_TICKETS, Phase.PLAY)
            or state.tunnel is not None or UNKNOWN in display or _row_waits(state)):
        return False
    places = setup.face_up if state.boat_cards is None else wagon_places(state)
    return any(display.count(card) >= limit and _could_do_better(
        state.deck + state.discard, places, limit, card) for card, limit in limits)


def _row_waits(state: TicketToRideState) -> bool:
    """The face-up cards are short because a deck ran out: a reshuffle fills them first."""
    return (len(state.display) < state.board.rules.cards.face_up
            and pile_to_reshuffle(state) is not None)


def replace_face_up(state: TicketToRideState, event: ReplaceFaceUp) -> TicketToRideState:
    """Discard the five face-up cards and lay out five new ones. At the table, where the
    face-up cards are unseen, the players' word is taken when three of them may be
    locomotives."""
    setup = state.board.rules.cards
    display = state.display
    limits = face_up_limits(setup)
    if not limits:  # no locomotives or passenger cards in the deck (boat maps among them)
        raise IllegalEvent(N_("The face-up cards are never replaced on this map"))
    possible = any(display.count(card) + display.count(UNKNOWN) >= limit
                   for card, limit in limits)
    if (state.phase not in (Phase.START_TICKETS, Phase.PLAY) or state.tunnel is not None
            or not possible):
        raise IllegalEvent(N_("{count} locomotives must be face up to replace the cards"),
                           count=setup.face_up_locomotives)
    if _row_waits(state):
        raise IllegalEvent(N_("Shuffle the discards into a new deck first"))
    if UNKNOWN not in display and not face_up_to_replace(state):
        raise IllegalEvent(N_("The face-up cards stay: the cards left could not do better"))
    if state.boat_cards is not None:
        return replace_row(state)  # each card to its own deck's discards, a row from both
    state = evolve(state, display=(), discard=state.discard + display)
    return settle_display(state)


def _could_do_better(cards: Sequence[str], places: int, limit: int, card: str) -> bool:
    """A new row of `places` cards drawn from `cards` could show fewer than `limit` of
    `card`."""
    others = sum(1 for other in cards if other != card)
    return others > places - limit and len(cards) >= places


def needs_reshuffle(state: TicketToRideState) -> bool:
    """The deck has run out and discards wait to be shuffled into a new one (after the
    face-up cards are replaced, when they must be)."""
    return (state.phase in (Phase.START_TICKETS, Phase.PLAY)
            and pile_to_reshuffle(state) is not None and not face_up_to_replace(state))


def reshuffle(state: TicketToRideState, event: Reshuffle) -> TicketToRideState:
    check_pile(state, event.pile)
    if not needs_reshuffle(state) or pile_to_reshuffle(state) != event.pile:
        raise IllegalEvent(N_("The deck is not empty"))
    if event.pile == BOAT_PILE:
        return reshuffle_boats(state, event.deck)
    check_same_cards(state.discard, event.deck, N_("A new deck is made of the discards"))
    return settle_display(evolve(state, deck=event.deck, discard=()))


def check_same_cards(expected: Sequence[str], given: Sequence[str], reason: str) -> None:
    """`given` is `expected` in some order; at the table unseen cards ("?") stand for any."""
    if not same_cards(expected, given, unseen_before_covers=False):
        raise IllegalEvent(reason)
