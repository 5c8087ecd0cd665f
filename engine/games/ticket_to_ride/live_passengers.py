"""Märklin passengers and merchandise as the game goes.

After a claim the player may place one of their passengers on a city at either end of the
route, one passenger per city. As a turn's action a passenger travels along claimed routes,
never the same route twice, paying a passenger card for each opponent's route, and takes the
most valuable token of each city it reaches, once per city and never in the one it leaves,
even on coming back to it; then it leaves the game.
The trip itself is worked out by `marklin.passenger_trip`; the tally reads only the tokens
taken, bounded by `marklin.too_many_tokens`.

In team play each player places and moves their own passengers; a team mate's route is the
team's own (no fare), fares are paid from the hand and the team's holder, and the tokens count
for the team.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import N_, NP_, IllegalEvent
from ...frozen import evolve
from ...unseen import take
from .board import Map, Track
from .live_teams import side_name, side_of, spend_cards, usable_cards
from .marklin import Trip, passenger_trip
from .payment import PASSENGER, UNKNOWN, check_in_hand, hand_problem
from .state import Passengers, Player, TicketToRideState


def laid_out(board: Map) -> Passengers | None:
    """The board at the start: a stack of tokens on each coloured city (None: not Märklin)."""
    rules = board.rules
    if rules.merchandise is None and not rules.passengers:
        return None
    stacks = rules.merchandise.laid_out() if rules.merchandise is not None else ()
    return Passengers(stacks=stacks)


def occupied(state: TicketToRideState) -> set[str]:
    """The cities where a passenger stands."""
    return {city for player in state.players for city in player.riding}


def passenger_offer(state: TicketToRideState, track: Track) -> tuple[str, ...]:
    """Where the current player may place a passenger on claiming `track` now."""
    if state.passengers is None or not state.player().passengers:
        return ()
    taken = occupied(state)
    board = state.board
    return tuple(dict.fromkeys(end for end in track.ends
                               if not board.is_country(end) and end not in taken))


def offer_passenger(state: TicketToRideState, track: Track) -> TicketToRideState:
    """The state after claiming `track`: a passenger offered on its free ends, if any."""
    offer = passenger_offer(state, track)
    if not offer or state.passengers is None:
        return state
    return evolve(state, passengers=evolve(state.passengers, offer=offer))


def placing_passenger(state: TicketToRideState) -> tuple[str, ...]:
    """The cities offered for a passenger now ((): no passenger to place)."""
    return state.passengers.offer if state.passengers is not None else ()


def place_passenger(state: TicketToRideState, city: str) -> TicketToRideState:
    """The state once the current player has placed a passenger in `city` ("" for none)."""
    offer = placing_passenger(state)
    if not offer or state.passengers is None:
        raise IllegalEvent(N_("No passenger to place now"))
    place = state.board.place(city) if city else ""
    if city and place not in offer:
        raise IllegalEvent(N_("A passenger goes on a free city at an end of the route: "
                              "{cities}"), cities=", ".join(offer))
    state = evolve(state, passengers=evolve(state.passengers, offer=()))
    if not place:
        return state
    player = state.player()
    return _with_player(state, evolve(player, passengers=player.passengers - 1,
                                       riding=player.riding + (place,)))


# --- Moving a passenger ------------------------------------------------------------------------


@dataclass(frozen=True)
class Stop:
    """A city a passenger may travel to next, by `track`; `fare` passenger cards (0 or 1);
    `token` the value it would take there (0: none left)."""

    city: str
    track: Track
    fare: int
    token: int = 0


def passenger_cards(state: TicketToRideState) -> int:
    """Passenger cards the current player may spend: those in hand, and unseen cards on a map
    that has passenger cards."""
    hand = usable_cards(state)
    if PASSENGER not in state.board.rules.cards.special:
        return 0
    return hand.count(PASSENGER) + hand.count(UNKNOWN)


def _route_to(state: TicketToRideState, here: str, city: str, used: set[int]) -> Track | None:
    """The claimed track a passenger of the current player takes from `here` to `city`: of a
    route the trip has not used yet, their own first, else an opponent's (separate routes may
    join the two cities; the tracks of a double route are one route). When every claimed
    route between them is used, one of them (the trip is then refused for it); None when
    none is claimed."""
    claimed = [t for t in state.board.tracks_between(here, city) if t.id in state.owners]
    if not claimed:
        return None
    return min(claimed, key=lambda t: (t.route in used, not _own(state, t)))


def next_stops(state: TicketToRideState, start: str, stops: tuple[str, ...] = ()
               ) -> list[Stop]:
    """Where the passenger of `start`, having travelled through `stops`, may go next."""
    board = state.board
    trip = _tracks_of(state, start, stops)
    used = {track.route for track in trip}
    fares = sum(1 for track in trip if not _own(state, track))
    here = stops[-1] if stops else start
    stacks = dict(state.passengers.stacks) if state.passengers is not None else {}
    names = {track_id: str(side_of(state, seat)) for track_id, seat in state.owners.items()}
    # The trip so far: the stacks it leaves, the cities it has been in (the cards are checked
    # below, not here).
    so_far = passenger_trip(start, trip, str(side_of(state)), names, len(trip), stacks)
    found = []
    for city in dict.fromkeys(track.other_end(here) for track in board.tracks_at(here)):
        if board.is_country(city):
            continue
        taken = _route_to(state, here, city, used)
        if taken is None or taken.route in used:
            continue
        fare = 0 if _own(state, taken) else 1
        if fares + fare <= passenger_cards(state):
            found.append(Stop(city, taken, fare, so_far.token_at(city)))
    return sorted(found, key=lambda stop: stop.city)


def movable(state: TicketToRideState) -> tuple[str, ...]:
    """The cities of the current player's passengers that can go somewhere."""
    return tuple(city for city in state.player().riding if next_stops(state, city))


def _tracks_of(state: TicketToRideState, start: str, stops: tuple[str, ...]) -> list[Track]:
    """The tracks a trip takes, city by city, or IllegalEvent naming the first stop that no
    claimed route reaches."""
    board = state.board
    tracks = []
    used: set[int] = set()
    here = start
    for spelling in stops:
        city = board.place(spelling)
        if city is None or board.is_country(city):
            raise IllegalEvent(N_("There is no city {city}"), city=spelling)
        track = _route_to(state, here, city, used)
        if track is None:
            raise IllegalEvent(N_("No claimed route from {start} to {city}"), start=here,
                               city=city)
        tracks.append(track)
        used.add(track.route)
        here = city
    return tracks


def trip_for(state: TicketToRideState, start: str, stops: tuple[str, ...],
             cards: int | None = None) -> Trip:
    """The trip of the current player's passenger in `start` through `stops`: the tokens taken
    and the passenger cards it needs (`cards`: those held, by default from the hand)."""
    board = state.board
    city = board.place(start)
    if city is None or city not in state.player().riding:
        raise IllegalEvent(N_("You have no passenger in {city}"), city=start)
    if not stops:
        raise IllegalEvent(N_("A passenger travels one route at least"))
    assert state.passengers is not None
    names = {track_id: side_name(state, seat) for track_id, seat in state.owners.items()}
    held = passenger_cards(state) if cards is None else cards
    return passenger_trip(city, _tracks_of(state, city, stops), side_name(state, state.current),
                          names, held, dict(state.passengers.stacks))


def fare_problem(state: TicketToRideState, trip: Trip, cards: tuple[str, ...]
                 ) -> IllegalEvent | None:
    """What is wrong with `cards`, the passenger cards paid so far for `trip` (None: they may
    be part of its fare)."""
    try:
        _check_passenger_cards(cards)
    except IllegalEvent as problem:
        return problem
    if len(cards) > trip.cards:
        return _fare_count(trip)
    return hand_problem(usable_cards(state), cards)


def _check_passenger_cards(cards: tuple[str, ...]) -> None:
    if any(card != PASSENGER for card in cards):
        raise IllegalEvent(N_("Opponents' routes are paid with passenger cards only"))


def _fare_count(trip: Trip) -> IllegalEvent:
    return IllegalEvent(NP_("This trip uses {count} opponent route: pay a passenger card",
                            "This trip uses {count} opponent routes: pay as many passenger "
                            "cards"), count=trip.cards)


def move_passenger(state: TicketToRideState, start: str, stops: tuple[str, ...],
                   cards: tuple[str, ...]) -> TicketToRideState:
    """The state once the passenger in `start` has travelled through `stops`, paid with
    `cards` (passenger cards, one per opponent route), and left the game."""
    _check_passenger_cards(cards)
    trip = trip_for(state, start, stops, len(cards))
    if len(cards) != trip.cards:
        raise _fare_count(trip)
    check_in_hand(usable_cards(state), cards)
    if state.teams:
        state = spend_cards(state, cards)  # the team's holder first, then the hand
    player = state.player()
    riding = list(player.riding)
    riding.remove(trip.start)
    hand = player.hand if state.teams else take(player.hand, cards)
    player = evolve(player, hand=hand, riding=tuple(riding),
                     merchandise=player.merchandise + trip.tokens)
    assert state.passengers is not None
    stacks = tuple((place, trip.stacks.get(place, ())) for place, _ in state.passengers.stacks)
    state = evolve(state, passengers=evolve(state.passengers, stacks=stacks),
                    discard=state.discard + cards)
    return _with_player(state, player)


def _own(state: TicketToRideState, track: Track) -> bool:
    """Whether `track` is the current player's own (or their team's): no fare to pay."""
    return side_of(state, state.owners[track.id]) == side_of(state)


def _with_player(state: TicketToRideState, player: Player) -> TicketToRideState:
    seat = state.current
    return evolve(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])
