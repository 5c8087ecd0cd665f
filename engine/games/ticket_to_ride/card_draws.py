"""A turn: draw train cards, two from the deck or face up (a face-up locomotive or joker is the
whole draw), or take a ferry card instead (Italy).
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from ...unseen import reveal
from .board import LOCOMOTIVE
from .events import DrawCard, TakeFerryCard
from .face_up import settle_display
from .live_boats import (
    BOAT_PILE,
    any_card_left,
    boat_kinds,
    check_drawn,
    check_pile,
    draw_boat,
    take_face_up,
)  # fmt: skip
from .live_teams import file_drawn_card, goes_to_holder
from .payment import FERRY_CARD, UNKNOWN
from .special_cards import counts_double, deck_kinds, ferry_pile
from .state import TicketToRideState
from .turns import check_turn, end_turn, with_current

DECK = -1
"""`DrawCard.index` for the top card of the deck."""


def can_draw_card(state: TicketToRideState, second: bool = False) -> bool:
    """A card is there to draw (for a second card, a face-up locomotive or joker does not
    count)."""
    if state.deck or state.discard or any_card_left(state):
        return True
    return any(not counts_double(card) or not second for card in state.display)


def face_up_problem(card: str, second: bool) -> IllegalEvent | None:
    """Why this face-up card may not be taken now: a locomotive (or a joker, which counts as
    two cards too) is never the second card."""
    if card == LOCOMOTIVE and second:
        return IllegalEvent(N_("A face-up locomotive cannot be your second card"))
    if counts_double(card) and second:
        return IllegalEvent(N_("A face-up joker cannot be your second card"))
    return None


def draw_card(state: TicketToRideState, event: DrawCard) -> TicketToRideState:
    check_turn(state, drawing=True)
    check_pile(state, event.pile)
    second = state.drawn == 1
    if event.index == DECK and event.pile == BOAT_PILE:
        state, card = draw_boat(state, event.card)
        weight = 1
    elif event.index == DECK:
        if not state.deck:
            raise IllegalEvent(N_("The deck is empty"))
        card = reveal(state.deck[0], event.card)
        state = evolve(state, deck=state.deck[1:])
        weight = 1
    else:
        if not 0 <= event.index < len(state.display):
            raise IllegalEvent(N_("There is no face-up card {number}"), number=event.index + 1)
        card = reveal(state.display[event.index], event.card)
        if card == UNKNOWN:
            raise IllegalEvent(N_("Scan the face-up card you take"))
        problem = face_up_problem(card, second)
        if problem is not None:
            raise problem
        if state.boat_cards is not None:
            state = take_face_up(state, event.index, card, event.pile)
        else:
            display = state.display[: event.index] + state.display[event.index + 1 :]
            state = settle_display(evolve(state, display=display))
        weight = 2 if counts_double(card) else 1  # face up, a locomotive or joker counts two
    rules = state.board.rules
    if card != UNKNOWN and card not in deck_kinds(rules.cards) and card not in boat_kinds(
            rules.cards, rules.boats):
        raise IllegalEvent(N_("{card} is not a card of this map"), card=card)
    if event.index == DECK:
        check_drawn(state, card, event.pile)
    state = file_drawn_card(state, card, goes_to_holder(state, weight))
    state = evolve(state, drawn=state.drawn + weight)
    # With no second card to draw the player says so (`Pass`): at the table the face-up cards
    # are unseen, so only the players know.
    return end_turn(state) if state.drawn >= 2 else state


def can_take_ferry_card(state: TicketToRideState) -> bool:
    return state.ferry_cards > 0


def take_ferry_card(state: TicketToRideState, event: TakeFerryCard) -> TicketToRideState:
    """Italy: "prendre une carte Ferry à la place": the whole turn."""
    check_turn(state)
    if not ferry_pile(state.board.rules.cards):
        raise IllegalEvent(N_("{map} has no ferry cards"), map=state.board.title)
    if not can_take_ferry_card(state):
        raise IllegalEvent(N_("No ferry card is left"))
    player = state.player()
    player = evolve(player, hand=tuple(sorted(player.hand + (FERRY_CARD,))))
    state = evolve(state, players=with_current(state, player), ferry_cards=state.ferry_cards - 1)
    return end_turn(state)
