"""A turn: build a station (Europe), in a city with neither a station nor a depot, paying the
cards its place in the player's row of stations costs. Which track it borrows is chosen at the
end (`stations`).
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from .events import BuildStation
from .live_depots import depot_cities
from .live_teams import side_seats, spend_cards, usable_cards
from .payment import check_in_hand, pays_for_set
from .state import TicketToRideState
from .turns import check_turn, end_turn, with_current


def station_cost(state: TicketToRideState) -> int | None:
    """Cards the current player's next station costs, or None when they have none left (in
    team play the team has the map's stations, as the tally counts them)."""
    rules = state.board.rules
    built = sum(len(state.players[seat].stations) for seat in side_seats(state))
    return rules.station_costs[built] if built < rules.stations else None


def station_cities(state: TicketToRideState) -> set[str]:
    return {city for player in state.players for city in player.stations}


def build_station(state: TicketToRideState, event: BuildStation) -> TicketToRideState:
    check_turn(state)
    board = state.board
    cost = station_cost(state)
    if cost is None:
        raise IllegalEvent(N_("No station left to build"))
    city = board.place(event.city)
    if city is None or board.is_country(city):
        raise IllegalEvent(N_("There is no city {city}"), city=event.city)
    if city in station_cities(state):
        raise IllegalEvent(N_("{city} already has a station"), city=city)
    if city in depot_cities(state):
        raise IllegalEvent(N_("{city} already has a depot"), city=city)
    pays_for_set(event.cards, cost, board.rules.cards.special)
    check_in_hand(usable_cards(state), event.cards)
    state = spend_cards(state, event.cards, event.shared)
    player = state.player()
    player = evolve(player, stations=player.stations + (city,))
    state = evolve(state, players=with_current(state, player), discard=state.discard + event.cards)
    return end_turn(state)
