"""A random but legal player and dealer for Ticket to Ride, driven by a seeded generator."""

from __future__ import annotations

import random

from ...deck import shuffled
from .board import Track
from .card_draws import DECK, can_draw_card, can_take_ferry_card
from .deal import long_tickets, regular_tickets, train_deck
from .events import (
    BuildStation,
    ClaimRoute,
    Deal,
    DrawCard,
    DrawTickets,
    KeepTickets,
    MovePassenger,
    Pass,
    PayTunnel,
    PlaceDepot,
    PlacePassenger,
    ReplaceFaceUp,
    Reshuffle,
    RevealTunnel,
    StoreCard,
    TakeFerryCard,
    TakeWarehouse,
    TicketToRideEvent,
)
from .face_up import face_up_to_replace, needs_reshuffle
from .live_boats import (
    BOAT_PILE,
    EXCHANGE_CHANCE,
    boat_deck,
    can_exchange,
    cards_in,
    pile_to_reshuffle,
    random_exchange,
    random_pile,
)  # fmt: skip
from .live_depots import NO_WAREHOUSE, depots_left, free_cities, must_store
from .live_passengers import movable, next_stops, placing_passenger
from .live_teams import holder_splits, spend_claim
from .moves import affordable_claims, station_payment, tunnel_extra
from .passing import no_second_card
from .payment import PASSENGER
from .special_cards import counts_double
from .state import Phase, TicketToRideState
from .takings import random_takings
from .tunnels import cards_to_reveal

#: How keen a simulated player is on each action when it is possible.
CLAIM_CHANCE = 0.6
TICKET_CHANCE = 0.05
STATION_CHANCE = 0.05
PAY_TUNNEL_CHANCE = 0.8
FERRY_CARD_CHANCE = 0.1
DEPOT_CHANCE = 0.03
TAKE_WAREHOUSE_CHANCE = 0.8
MOVE_PASSENGER_CHANCE = 0.1
#: After each city, the chance that a travelling passenger goes on when it can.
TRAVEL_ON_CHANCE = 0.7


def deal(state: TicketToRideState, rng: random.Random) -> Deal:
    board = state.board
    deal = Deal(shuffled(train_deck(board), rng), shuffled(regular_tickets(board), rng),
                shuffled(long_tickets(board), rng))
    boats = boat_deck(board)
    return Deal(deal.deck, deal.tickets, deal.long_tickets, shuffled(boats, rng)) if boats else (
        deal)


def random_event(state: TicketToRideState, rng: random.Random) -> TicketToRideEvent:
    """A legal event: the dealer's when chance is due, else the current player's choice."""
    if state.phase is Phase.DEAL:
        return deal(state, rng)
    if face_up_to_replace(state):
        return ReplaceFaceUp()
    if needs_reshuffle(state):
        pile = pile_to_reshuffle(state) or ""
        return Reshuffle(shuffled(cards_in(state, pile)[1], rng), pile)
    player = state.player()
    if state.phase is Phase.START_TICKETS or player.offered:
        least = (state.board.rules.tickets.start_keep if state.phase is Phase.START_TICKETS
                 else state.board.rules.tickets.draw_keep)
        offered = list(player.offered + player.offered_long)
        keep = rng.randint(min(least, len(offered)), len(offered))
        return KeepTickets(tuple(rng.sample(offered, keep)))
    if state.tunnel is not None:
        if state.tunnel.surcharge is None:
            return RevealTunnel(state.deck[: cards_to_reveal(state)])
        extra = tunnel_extra(state)
        if extra is not None and rng.random() < PAY_TUNNEL_CHANCE:
            tunnel = state.tunnel
            paid = spend_claim(state, tunnel.cards, tunnel.takings, tunnel.shared)
            return PayTunnel(extra, _shared(paid, extra, rng))
        return PayTunnel(())
    depots = state.depots
    if depots is not None and depots.offer:  # a claim's warehouse, before its passenger
        if rng.random() < TAKE_WAREHOUSE_CHANCE:
            return TakeWarehouse(max(depots.offer, key=lambda seat: len(
                depots.warehouses[seat])))
        return TakeWarehouse(NO_WAREHOUSE)
    offer = placing_passenger(state)
    if offer:
        return PlacePassenger(rng.choice(("", *offer)))
    if state.drawn:
        return Pass() if no_second_card(state) else _draw(state, rng, second=True)
    if depots is not None:
        if depots.to_place:
            return PlaceDepot(rng.choice(free_cities(state)))
        if depots.stored:
            return _draw(state, rng, second=False)
        if depots_left(state) and rng.random() < DEPOT_CHANCE and free_cities(state):
            return PlaceDepot(rng.choice(free_cities(state)))
    riders = movable(state)
    if riders and rng.random() < MOVE_PASSENGER_CHANCE:
        return _trip(state, rng, riders)
    claims = affordable_claims(state)
    if claims and rng.random() < CLAIM_CHANCE:
        track, cards = rng.choice(claims)
        return _claim(state, track, cards, rng)
    if state.tickets and rng.random() < TICKET_CHANCE:
        return DrawTickets()
    station = station_payment(state)
    if station is not None and rng.random() < STATION_CHANCE:
        city = rng.choice(free_cities(state))
        return BuildStation(city, station, _shared(state, station, rng))
    if can_take_ferry_card(state) and rng.random() < FERRY_CARD_CHANCE:
        return TakeFerryCard()
    if can_exchange(state) and rng.random() < EXCHANGE_CHANCE:
        return random_exchange(state, rng)
    if can_draw_card(state):
        if must_store(state):
            assert depots is not None
            return StoreCard(rng.randrange(len(depots.warehouses)), state.deck[0])
        return _draw(state, rng, second=False)
    if claims:
        track, cards = rng.choice(claims)
        return _claim(state, track, cards, rng)
    if state.tickets:
        return DrawTickets()
    if station is not None:
        return BuildStation(free_cities(state)[0], station, _shared(state, station, rng))
    if can_take_ferry_card(state):
        return TakeFerryCard()
    if riders:
        return _trip(state, rng, riders)
    return Pass()


def _claim(state: TicketToRideState, track: Track, cards: tuple[str, ...], rng: random.Random
           ) -> ClaimRoute:
    takings = random_takings(state, track, cards, rng)
    paid = (*cards, *takings.get("cite_cards", ()))
    return ClaimRoute(track.id, cards, **takings, shared=_shared(state, paid, rng))


def _shared(state: TicketToRideState, cards: tuple[str, ...], rng: random.Random
            ) -> tuple[str, ...] | None:
    """Team play: the cards of a payment a simulated player takes from the team's holder, one
    of the ways there are (None when there is one: the holder's first)."""
    ways = holder_splits(state, cards)
    return rng.choice(ways) if len(ways) > 1 else None


def _trip(state: TicketToRideState, rng: random.Random, riders: tuple[str, ...]
          ) -> MovePassenger:
    """A random legal trip: a passenger, then city after city while it can and wants to."""
    start = rng.choice(riders)
    stops: tuple[str, ...] = ()
    fares = 0
    while True:
        choices = next_stops(state, start, stops)
        if not choices or (stops and rng.random() >= TRAVEL_ON_CHANCE):
            return MovePassenger(start, stops, (PASSENGER,) * fares)
        stop = rng.choice(choices)
        stops += (stop.city,)
        fares += stop.fare


def _draw(state: TicketToRideState, rng: random.Random, second: bool) -> DrawCard:
    choices = [(index, card) for index, card in enumerate(state.display)
               if not (second and counts_double(card))]
    if state.boat_cards is not None:
        return _draw_on_two_decks(state, rng, choices)
    if state.deck:
        choices += [(DECK, state.deck[0])] * 2  # the blind draw is as likely as two face-up
    index, card = rng.choice(choices)
    return DrawCard(index, card)


def _draw_on_two_decks(state: TicketToRideState, rng: random.Random,
                       face_up: list[tuple[int, str]]) -> DrawCard:
    """Rails & Sails: a face-up card replaced from a deck at random, or a blind card from
    either deck."""
    choices = [(index, card, "") for index, card in face_up]
    for pile in ("", BOAT_PILE):
        deck = cards_in(state, pile)[0]
        if deck:
            choices += [(DECK, deck[0], pile)] * 2
    index, card, pile = rng.choice(choices)
    if index != DECK:
        pile = random_pile(state, rng)
    return DrawCard(index, card, pile)
