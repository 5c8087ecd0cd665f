"""Rails & Sails turn by turn: two decks, six face-up cards from either, boats beside wagons.

The rules text: the transport cards are two decks, wagon cards and boat cards; a player draws
up to two, each from the face-up cards or blind from the top of either deck; a face-up card
taken is replaced at once from the top of either deck, the taker's choice. Sea routes take
boat cards (`payment`) and boat pieces; land routes wagons. A player may give their turn to
exchange pieces with those left in the box: wagons for boats, or back.

The readings where the text is silent (`notes`): the numbers of pieces, of boat cards dealt
and of each boat card come from the map file (`rules.boats`); the face-up cards are laid out
half from each deck, the wagon deck giving the odd one; each deck's discards are reshuffled
into that deck; tunnels turn over wagon cards; the last round starts when a player's wagons
and boats together are `end_trains` or fewer. With locomotives or passenger cards in the wagon
deck, three of them among the six face-up cards have the six replaced: each to its own deck's
discards, a new row laid out as at the deal (`replace_row`). A warehouse (depots) takes the
wagon deck's top card.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from ...errors import N_, NP_, IllegalEvent
from ...frozen import evolve
from ...unseen import reveal, same_cards
from .board import COLORS, GRAY, LOCOMOTIVE, Boats, CardSetup, Map, Track
from .events import ExchangePieces
from .payment import JOKER, UNKNOWN, boat, boat_color
from .state import BoatCards, Player, TicketToRideState

#: `DrawCard.pile` and `Reshuffle.pile`: the boat deck ("" is the wagon deck).
BOAT_PILE = "boat"
WAGON_PILE = ""
PILES = (WAGON_PILE, BOAT_PILE)
#: `ExchangePieces.give`.
WAGONS, BOATS = "wagons", "boats"
#: How often a simulated player exchanges pieces when it may, and draws blind from the boats.
EXCHANGE_CHANCE = 0.03


def boat_setup(board: Map) -> Boats | None:
    """The map's boats when it plays them (boat cards in play and their numbers given)."""
    return board.rules.boats if "boat" in board.rules.cards.special else None


def boat_deck(board: Map) -> tuple[str, ...]:
    """Every boat card of the map, sorted (none without boats)."""
    boats = boat_setup(board)
    if boats is None:
        return ()
    cards = board.rules.cards.colors
    return tuple(sorted([boat(c) for c in cards for _ in range(boats.per_color)]
                        + [boat(c, double=True) for c in cards
                           for _ in range(boats.doubles_per_color)]))


@cache
def boat_kinds(cards: CardSetup, boats: Boats | None) -> frozenset[str]:
    """The cards the boat deck can hold."""
    if boats is None or "boat" not in cards.special:
        return frozenset()
    singles = {boat(c) for c in cards.colors} if boats.per_color else set()
    doubles = {boat(c, True) for c in cards.colors} if boats.doubles_per_color else set()
    return frozenset(singles | doubles)


def with_boats(player: Player, board: Map) -> Player:
    """A player at the start with their boats and their box (unchanged without boats)."""
    boats = boat_setup(board)
    if boats is None:
        return player
    return evolve(player, boats=boats.pieces, box_wagons=boats.box_wagons,
                  box_boats=boats.box_boats)


def new_boat_cards(board: Map) -> BoatCards | None:
    return BoatCards() if boat_setup(board) is not None else None


# --- The deal ------------------------------------------------------------------------------------


def deal_boats(state: TicketToRideState, boat_cards: tuple[str, ...]) -> TicketToRideState:
    """After the wagon cards: each player's boat cards from the top of the boat deck, then the
    face-up cards, half from each deck (the wagon deck gives the odd one)."""
    boats = boat_setup(state.board)
    if boats is None:
        if boat_cards:
            raise IllegalEvent(N_("{map} has no boat cards"), map=state.board.title)
        return state
    if not same_cards(boat_deck(state.board), boat_cards, unseen_before_covers=False):
        raise IllegalEvent(N_("Those are not the boat cards"))
    deck = list(boat_cards)
    players = list(state.players)
    for seat in state.order.round_from(state.first):
        players[seat] = evolve(players[seat],
                               hand=tuple(sorted(players[seat].hand + tuple(deck[:boats.hand]))))
        del deck[:boats.hand]
    return lay_out(evolve(state, players=tuple(players), boat_cards=BoatCards(tuple(deck))))


def row_halves(size: int) -> tuple[int, int]:
    """A row of `size` face-up cards from two full decks: (wagon cards, boat cards), half from
    each, the wagon deck giving the odd one."""
    return size - size // 2, size // 2


def row_split(state: TicketToRideState) -> tuple[int, int]:
    """How many wagon cards and boat cards a new row of face-up cards takes from the decks:
    `row_halves`; a deck too short leaves its places to the other."""
    size = state.board.rules.cards.face_up
    boats = len(cards_in(state, BOAT_PILE)[0])
    from_boats = min(row_halves(size)[1], boats)
    from_wagons = min(size - from_boats, len(state.deck))
    return from_wagons, min(size - from_wagons, boats)


def lay_out(state: TicketToRideState) -> TicketToRideState:
    """A new row of face-up cards from both decks (`row_split`)."""
    from_wagons, from_boats = row_split(state)
    state = evolve(state, display=state.deck[:from_wagons], deck=state.deck[from_wagons:])
    for _ in range(from_boats):
        state = refill(state, BOAT_PILE)
    return state


def replace_row(state: TicketToRideState) -> TicketToRideState:
    """The face-up cards replaced (three locomotives or passenger cards among them): each goes
    to its own deck's discards (the unseen ones by the count of boat cards laid face up) and a
    new row is laid out as at the deal."""
    assert state.boat_cards is not None
    row = state.display
    seen_boats = tuple(card for card in row if boat_color(card) is not None)
    unseen = row.count(UNKNOWN)
    unseen_boats = min(unseen, max(0, state.boat_cards.face_up - len(seen_boats)))
    wagons = tuple(card for card in row if card != UNKNOWN and boat_color(card) is None)
    boat_cards = evolve(state.boat_cards, face_up=0, discard=state.boat_cards.discard
                        + seen_boats + (UNKNOWN,) * unseen_boats)
    state = evolve(state, display=(), boat_cards=boat_cards,
                   discard=state.discard + wagons + (UNKNOWN,) * (unseen - unseen_boats))
    return lay_out(state)


def wagon_places(state: TicketToRideState) -> int:
    """How many cards of a new row the wagon deck would give (its cards and discards left)."""
    deck, discard = cards_in(state, BOAT_PILE)
    size = state.board.rules.cards.face_up
    return size - min(size // 2, len(deck) + len(discard))


# --- Drawing -------------------------------------------------------------------------------------


def check_pile(state: TicketToRideState, pile: str) -> None:
    if pile not in PILES:
        raise IllegalEvent(N_("{pile} is not a deck: \"boat\" or none"), pile=pile)
    if pile == BOAT_PILE and state.boat_cards is None:
        raise IllegalEvent(N_("{map} has no boat cards"), map=state.board.title)


def cards_in(state: TicketToRideState, pile: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A deck and its discards."""
    if pile == BOAT_PILE and state.boat_cards is not None:
        return state.boat_cards.deck, state.boat_cards.discard
    return state.deck, state.discard


def with_pile(state: TicketToRideState, pile: str, deck: tuple[str, ...],
              discard: tuple[str, ...]) -> TicketToRideState:
    if pile == BOAT_PILE and state.boat_cards is not None:
        return evolve(state, boat_cards=evolve(state.boat_cards, deck=deck, discard=discard))
    return evolve(state, deck=deck, discard=discard)


def draw_boat(state: TicketToRideState, said: str) -> tuple[TicketToRideState, str]:
    """The top card of the boat deck, blind."""
    deck, discard = cards_in(state, BOAT_PILE)
    if not deck:
        raise IllegalEvent(N_("The boat deck is empty"))
    card = reveal(deck[0], said)
    return with_pile(state, BOAT_PILE, deck[1:], discard), card


def check_drawn(state: TicketToRideState, card: str, pile: str) -> None:
    """A card drawn blind is of its deck's kind."""
    if state.boat_cards is None or card == UNKNOWN:
        return
    if pile == BOAT_PILE and boat_color(card) is None:
        raise IllegalEvent(N_("{card} is not a boat card"), card=card)
    if pile == WAGON_PILE and boat_color(card) is not None:
        raise IllegalEvent(N_("{card} is not a wagon card"), card=card)


def refill(state: TicketToRideState, pile: str) -> TicketToRideState:
    """A face-up card was taken: the top card of the deck the taker names replaces it; with
    both decks empty, the place stays empty until a reshuffle."""
    deck, discard = cards_in(state, pile)
    if not deck:
        other = BOAT_PILE if pile == WAGON_PILE else WAGON_PILE
        if cards_in(state, other)[0]:
            raise IllegalEvent(N_("That deck is empty: replace the card from the other"))
        return state
    state = with_pile(state, pile, deck[1:], discard)
    if pile == BOAT_PILE and state.boat_cards is not None:
        state = evolve(state, boat_cards=evolve(state.boat_cards,
                                                face_up=state.boat_cards.face_up + 1))
    return evolve(state, display=state.display + deck[:1])


def take_face_up(state: TicketToRideState, index: int, card: str, pile: str
                 ) -> TicketToRideState:
    """Face-up card `index` (`card`) taken, replaced from the deck `pile`."""
    if state.boat_cards is not None and boat_color(card) is not None:
        # Clamped: a game saved before the count was kept starts it at nought.
        state = evolve(state, boat_cards=evolve(state.boat_cards,
                                                face_up=max(0, state.boat_cards.face_up - 1)))
    return refill(evolve(state, display=state.display[:index] + state.display[index + 1:]), pile)


def pile_to_reshuffle(state: TicketToRideState) -> str | None:
    """The deck that ran out with discards waiting to be shuffled into it, or None."""
    for pile in PILES:
        deck, discard = cards_in(state, pile)
        if not deck and discard and (pile == WAGON_PILE or state.boat_cards is not None):
            return pile
    return None


def reshuffle_boats(state: TicketToRideState, shuffled: tuple[str, ...]) -> TicketToRideState:
    """The boat discards become the boat deck; a face-up place left empty is filled from it."""
    _, discard = cards_in(state, BOAT_PILE)
    if not same_cards(discard, shuffled, unseen_before_covers=False):
        raise IllegalEvent(N_("A new deck is made of the discards"))
    state = with_pile(state, BOAT_PILE, shuffled, ())
    while len(state.display) < state.board.rules.cards.face_up and cards_in(state,
                                                                            BOAT_PILE)[0]:
        state = refill(state, BOAT_PILE)
    return state


def any_card_left(state: TicketToRideState) -> bool:
    """Boat cards to draw, now or after a reshuffle."""
    return state.boat_cards is not None and bool(state.boat_cards.deck
                                                 or state.boat_cards.discard)


def discarded(state: TicketToRideState, cards: tuple[str, ...]) -> TicketToRideState:
    """Cards paid go to their own deck's discards."""
    boats = tuple(card for card in cards if boat_color(card) is not None)
    state = evolve(state, discard=state.discard + tuple(c for c in cards if c not in boats))
    if boats and state.boat_cards is not None:
        state = evolve(state, boat_cards=evolve(state.boat_cards,
                                                discard=state.boat_cards.discard + boats))
    return state


# --- Pieces --------------------------------------------------------------------------------------


def pieces_problem(player: Player, track: Track) -> str | None:
    """Why the player has not the pieces for `track`: boats at sea, wagons on land."""
    if track.sea:
        return N_("Not enough boats left for that route") if player.boats < track.length else None
    if player.trains < track.length + track.mountains:
        return N_("Not enough trains left for that route")
    return None


def place_pieces(player: Player, track: Track) -> Player:
    if track.sea:
        return evolve(player, boats=player.boats - track.length)
    return evolve(player, trains=player.trains - track.length - track.mountains)


def exchange_limit(player: Player, give: str) -> int:
    """The most pieces of the kind `give` the player may exchange now."""
    if give == WAGONS:
        return min(player.trains, player.box_boats)
    return min(player.boats, player.box_wagons)


def can_exchange(state: TicketToRideState) -> bool:
    player = state.player()
    return state.boat_cards is not None and any(exchange_limit(player, g) for g in (WAGONS,
                                                                                    BOATS))


def exchange(state: TicketToRideState, event: ExchangePieces) -> TicketToRideState:
    """"Échanger des pions": pieces back to the box, as many of the other kind out of it."""
    if state.boat_cards is None:
        raise IllegalEvent(N_("{map} has no boats"), map=state.board.title)
    if event.give not in (WAGONS, BOATS):
        raise IllegalEvent(N_("Give wagons or boats"))
    player = state.player()
    most = exchange_limit(player, event.give)
    if not 1 <= event.count <= most:
        raise IllegalEvent(NP_("Exchange from 1 to {most} piece",
                               "Exchange from 1 to {most} pieces", "most"), most=most)
    count = event.count if event.give == BOATS else -event.count
    player = evolve(player, trains=player.trains + count, boats=player.boats - count,
                    box_wagons=player.box_wagons - count, box_boats=player.box_boats + count)
    seat = state.current
    return evolve(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


# --- Finding payments and moves for the simulator ------------------------------------------------


def boat_payments(track: Track, hand: Counter[str]) -> list[tuple[str, ...]]:
    """Natural payments for a sea route: per colour, double boats, single boats, then jokers
    (or locomotives) for what is left; the rules still check each one."""
    colors = COLORS if track.color == GRAY else (track.color,)
    wild = (JOKER,) * hand[JOKER] + (LOCOMOTIVE,) * hand[LOCOMOTIVE]
    found = []
    for color in colors:
        doubles, singles = hand[boat(color, True)], hand[boat(color)]
        for used in {min(doubles, track.length // 2), min(doubles, (track.length + 1) // 2)}:
            left = track.length - 2 * used
            single = min(singles, max(left, 0))
            rest = max(left - single, 0)
            if (used or single) and rest <= len(wild):
                found.append((boat(color, True),) * used + (boat(color),) * single + wild[:rest])
    if len(wild) >= track.length:
        found.append(wild[:track.length])
    return found


def random_pile(state: TicketToRideState, rng: random.Random) -> str:
    """A deck with cards to replace a face-up card, at random (the wagon deck if none)."""
    piles = [pile for pile in PILES if cards_in(state, pile)[0]]
    return rng.choice(piles) if piles else WAGON_PILE


def random_exchange(state: TicketToRideState, rng: random.Random) -> ExchangePieces:
    player = state.player()
    gives = [give for give in (WAGONS, BOATS) if exchange_limit(player, give)]
    give = rng.choice(gives)
    return ExchangePieces(give, rng.randint(1, exchange_limit(player, give)))
