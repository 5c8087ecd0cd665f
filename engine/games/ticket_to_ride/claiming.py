"""A turn: claim a route, paying its cards (a tunnel's extra cards are in `tunnels`), then place
the trains and take what comes with the route: its points, its toll, country cards, what the
player chose (`takings`), a warehouse or a passenger to place.
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from .board import Track
from .events import ClaimRoute
from .live_boats import discarded, pieces_problem, place_pieces
from .live_countries import take_country_cards
from .live_depots import offer_warehouses, waiting_for_choice
from .live_passengers import offer_passenger, placing_passenger
from .live_teams import spend_claim, team_has_route, usable_cards
from .live_tolls import pay_toll
from .payment import FERRY_CARD, check_in_hand, pays_for
from .state import Takings, TicketToRideState, Tunnel
from .takings import check_takings, collect
from .turns import check_turn, end_turn, with_current


def claim_problem(state: TicketToRideState, track: Track) -> str | None:
    """Why the current player may not claim this track whatever the cards, or None."""
    if track.id in state.owners:
        return N_("That route is already claimed")
    seat = state.current
    siblings = [t for t in state.board.route_tracks[track.route] if t.id != track.id]
    if any(state.owners.get(t.id) == seat for t in siblings):
        return N_("Nobody may claim two tracks of one route")
    if team_has_route(state, track):
        return N_("A team may not claim two tracks of one route")
    rules = state.board.rules
    if len(state.players) < rules.double_routes_from and any(t.id in state.owners
                                                             for t in siblings):
        return N_("With fewer than {count} players only one track of a route may be used")
    return pieces_problem(state.player(), track)


def claim_route(state: TicketToRideState, event: ClaimRoute) -> TicketToRideState:
    check_turn(state)
    board = state.board
    if not board.has_track(event.track):
        raise IllegalEvent(N_("There is no route {route}"), route=event.track)
    track = board.track(event.track)
    problem = claim_problem(state, track)
    if problem:
        raise IllegalEvent(problem, count=board.rules.double_routes_from)
    check_in_hand(usable_cards(state), event.cards)
    payment = pays_for(track, event.cards, board.rules.cards.special)
    takings = check_takings(state, track, event)
    paid = spend_claim(state, event.cards, takings, event.shared)  # refused here if it cannot
    if track.tunnel:
        return evolve(state, tunnel=Tunnel(track.id, event.cards, payment.color,
                                            takings=takings, shared=event.shared))
    return place_trains(paid, track, event.cards, takings)


def place_trains(state: TicketToRideState, track: Track, cards: tuple[str, ...],
                 takings: Takings) -> TicketToRideState:
    """The trains on `track`, its cards paid (`state` is after `spend_claim`)."""
    player = state.player()
    rules = state.board.rules
    player = evolve(
        place_pieces(player, track), tracks=player.tracks + (track.id,),
        route_points=player.route_points + rules.points_for(track.length),
    )  # fmt: skip
    # Ferry cards go back to their own pile, the other cards to their deck's discards.
    ferries = cards.count(FERRY_CARD)
    state = evolve(state, players=with_current(state, player), owners={**state.owners,
                    track.id: state.current}, ferry_cards=state.ferry_cards + ferries)
    state = discarded(state, tuple(card for card in cards if card != FERRY_CARD))
    state = collect(take_country_cards(pay_toll(state, track), track), track, takings)
    state = offer_passenger(offer_warehouses(state, track), track)
    return state if waiting_for_choice(state) or placing_passenger(state) else end_turn(state)
