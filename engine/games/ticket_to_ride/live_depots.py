"""Depots and warehouses (Europe 1912) turn by turn, in the order of the rules text.

- Once the starting tickets are kept, each player has a warehouse and the map's depots (5);
  from the last player, counter-clockwise, each places one depot on a city (one per city).
- A player who draws train cards first puts the deck's top card, unseen, in a warehouse (their
  own or another's), then takes their cards.
- A player whose claimed route touches a depot may take the cards of that depot owner's
  warehouse by giving up one of the depots still in front of them.
- On their turn a player may place depots from their reserve, free, on cities with no station
  and no depot; this is not the turn's action.
- At the end, most depots still in front of a player: the bonus (ties all score), counted by
  the tally's own code.

In team play the team is the owner, as the tally reads it: one warehouse and the map's depots
for the team; each team places one first depot (its member met first, counter-clockwise from
the last player); a team member draws from, stores into and gives up the team's.
"""

from __future__ import annotations

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from ...unseen import reveal
from .board import MapRules, Track
from .events import PlaceDepot, StoreCard, TakeWarehouse
from .live_passengers import placing_passenger
from .live_teams import side_of
from .state import DepotTable, Phase, TicketToRideState

#: `TakeWarehouse.owner` when the player leaves the warehouses as they are.
NO_WAREHOUSE = -1


def new_depots(rules: MapRules, sides: int) -> DepotTable | None:
    """The depots and warehouses of `sides` owners (players, or teams)."""
    if not rules.depots:
        return None
    return DepotTable(left=(rules.depots,) * sides, warehouses=((),) * sides)


def start_depots(state: TicketToRideState) -> TicketToRideState:
    """After the starting tickets: from the last player counter-clockwise, a depot each (in
    teams, from the team member met first)."""
    table = state.depots
    if table is None:
        return state
    count = len(state.players)
    seats = [(state.first - 1 - step) % count for step in range(count)]
    firsts = {side_of(state, seat): seat for seat in reversed(seats)}
    order = tuple(seat for seat in seats if firsts[side_of(state, seat)] == seat)
    return evolve(state, depots=evolve(table, to_place=order), current=order[0])


def depots_left(state: TicketToRideState) -> int:
    """The depots still in front of the current player (their team's, in team play)."""
    return state.depots.left[side_of(state)] if state.depots is not None else 0


def depot_cities(state: TicketToRideState) -> set[str]:
    return {city for city, _ in state.depots.placed} if state.depots else set()


def free_cities(state: TicketToRideState) -> list[str]:
    """Cities with neither a depot nor a station."""
    from .station_builds import station_cities

    taken = depot_cities(state) | station_cities(state)
    return [city for city in state.board.cities if city not in taken]


def turn_problem(state: TicketToRideState, drawing: bool) -> IllegalEvent | None:
    """Why the current player may not make a turn's move now, depots-wise."""
    table = state.depots
    if table is None:
        return None
    if table.to_place:
        return IllegalEvent(N_("Place your first depot first"))
    if table.offer:
        return IllegalEvent(N_("Take a warehouse's cards, or not, first"))
    if table.stored and not drawing:
        return IllegalEvent(N_("Draw your train cards"))
    if drawing and not state.drawn and not table.stored and state.deck:
        return IllegalEvent(N_("Put the deck's top card in a warehouse first"))
    return None


def must_store(state: TicketToRideState) -> bool:
    """A draw now starts with the deck's top card put in a warehouse."""
    table = state.depots
    return (table is not None and not table.stored and not state.drawn and bool(state.deck)
            and not table.to_place and not table.offer)


def offer_warehouses(state: TicketToRideState, track: Track) -> TicketToRideState:
    """After a claim: the warehouses of the depots the route touches, not empty, for a player
    with a depot to give up."""
    table = state.depots
    if table is None or not depots_left(state):
        return state
    owners = {table.owner_at(end) for end in track.ends} - {None}
    offer = tuple(sorted(seat for seat in owners if seat is not None and table.warehouses[seat]))
    return evolve(state, depots=evolve(table, offer=offer)) if offer else state


def waiting_for_choice(state: TicketToRideState) -> bool:
    return state.depots is not None and bool(state.depots.offer)


def end_of_turn(state: TicketToRideState) -> TicketToRideState:
    table = state.depots
    if table is None or not (table.stored or table.offer):
        return state
    return evolve(state, depots=evolve(table, stored=False, offer=()))


def depot_move(state: TicketToRideState, event: PlaceDepot | StoreCard | TakeWarehouse
               ) -> tuple[TicketToRideState, bool]:
    """The state after a depot move, and whether it ends the turn."""
    table = state.depots
    if table is None:
        raise IllegalEvent(N_("{map} has no depots"), map=state.board.title)
    if state.phase is not Phase.PLAY:
        raise IllegalEvent(N_("Choose your starting tickets first"))
    if isinstance(event, PlaceDepot):
        return _place(state, table, event), False
    if isinstance(event, StoreCard):
        from .card_draws import can_draw_card

        state = _store(state, table, event)
        return state, not can_draw_card(state)  # nothing left to draw: the turn is over
    state = _take(state, table, event)
    return state, not placing_passenger(state)  # a passenger may still be placed after it


def _place(state: TicketToRideState, table: DepotTable, event: PlaceDepot) -> TicketToRideState:
    owner = side_of(state)
    if not table.to_place and (state.drawn or table.stored or table.offer
                               or state.tunnel is not None or state.player().offered):
        raise IllegalEvent(N_("Place depots before your turn's move"))
    if not table.left[owner]:
        raise IllegalEvent(N_("No depot left to place"))
    city = state.board.place(event.city)
    if city is None or state.board.is_country(city):
        raise IllegalEvent(N_("There is no city {city}"), city=event.city)
    if city not in free_cities(state):
        raise IllegalEvent(N_("{city} already has a depot or a station"), city=city)
    left = _minus_one(table.left, owner)
    table = evolve(table, left=left, placed=table.placed + ((city, owner),))
    if table.to_place:
        rest = table.to_place[1:]
        table = evolve(table, to_place=rest)
        return evolve(state, depots=table, current=rest[0] if rest else state.first)
    return evolve(state, depots=table)


def _store(state: TicketToRideState, table: DepotTable, event: StoreCard) -> TicketToRideState:
    if not must_store(state):
        raise IllegalEvent(N_("No card to put in a warehouse now"))
    if state.tunnel is not None or state.player().offered:
        raise IllegalEvent(N_("Finish your move first"))
    if not 0 <= event.owner < len(table.warehouses):
        raise IllegalEvent(N_("There is no player {number}"), number=event.owner + 1)
    card = reveal(state.deck[0], event.card)
    warehouses = list(table.warehouses)
    warehouses[event.owner] += (card,)
    return evolve(state, deck=state.deck[1:],
                   depots=evolve(table, warehouses=tuple(warehouses), stored=True))


def _take(state: TicketToRideState, table: DepotTable, event: TakeWarehouse
          ) -> TicketToRideState:
    if not table.offer:
        raise IllegalEvent(N_("No warehouse to take now"))
    if event.owner == NO_WAREHOUSE:
        return evolve(state, depots=evolve(table, offer=()))
    if event.owner not in table.offer:
        raise IllegalEvent(N_("That warehouse is not at a depot of your route"))
    seat = state.current
    player = state.player()
    cards = table.warehouses[event.owner]
    player = evolve(player, hand=tuple(sorted(player.hand + cards)))
    warehouses = list(table.warehouses)
    warehouses[event.owner] = ()
    players = state.players[:seat] + (player,) + state.players[seat + 1:]
    table = evolve(table, left=_minus_one(table.left, side_of(state)),
                    warehouses=tuple(warehouses), offer=())
    return evolve(state, players=players, depots=table)


def _minus_one(values: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] - 1,) + values[seat + 1:]
