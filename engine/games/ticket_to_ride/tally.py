"""`companion tally` for Ticket to Ride: read a described table, refuse what cannot be, score.

The format is in docs/tally.md ("Ticket to Ride (Les Aventuriers du Rail): the end of a
game"). A result never depends on the order players, routes or tickets are written in. In short:

>>> result = tally({"game": "ticket-to-ride", "map": "europe", "players": [
...     {"name": "Ana", "routes": [["Paris", "Frankfurt"], ["Frankfurt", "Berlin"],
...                                ["Berlin", "Wien"]], "tickets": [["Paris", "Wien"]]},
...     {"name": "Ben", "routes": [["Roma", "Venezia"]], "stations": ["Roma"]}]})
>>> result.players[0].breakdown
{'routes': 12, 'tickets': 8, 'longest': 10, 'stations': 12}
>>> result.winners
('Ana',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import N_, InvalidInput
from ...game import TallyResult
from ...table_input import checked, items, join, obj, players_of, whole_number
from .any_of import (
    any_of_ticket,
    destinations_shown,
    read_choices,
    read_destinations,
    refuse_other_fields,
    shown,
)
from .board import Map, Ticket
from .claims import Claim, assign_tracks, claim_options
from .library import resolve_map
from .mapfields import MAX_TICKET_POINTS
from .places import place_of
from .scoring import GAME_ID, score_table
from .seat import Seat
from .tally_variants import variant_bonuses


def tally(table: Any) -> TallyResult:
    return checked(_tally, table)


def _tally(table: Any) -> TallyResult:
    data = obj(table, "")
    if data.get("game", GAME_ID) != GAME_ID:
        raise InvalidInput("game", N_("this table is not one of {game}"), game=GAME_ID)
    if "map" not in data:
        raise InvalidInput("map", N_("is missing: a shipped map's name or a map object"))
    board = resolve_map(data["map"], "map")
    low, high = board.rules.players
    entries = players_of(data, range(low, high + 1), board.title)
    seats = [Seat(entry["name"].strip(), join("players", i), entry)
             for i, entry in enumerate(entries)]
    people = _check_teams(board, seats)
    _read_routes(board, seats, people)
    for seat in seats:
        _read_tickets(board, seat)
        _read_stations(board, seat)
        _check_trains(board, seat)
    _check_tickets_unique(board, seats)
    _check_stations_unique(seats)
    variant_bonuses(board, seats, data)
    return score_table(board, [seat.holding() for seat in seats])


# --- Routes --------------------------------------------------------------------------------------


def _ends(board: Map, raw: Any, where: str) -> tuple[str, str, Mapping[str, Any]]:
    if isinstance(raw, list):
        if len(raw) != 2:
            raise InvalidInput(where, N_("a route is two cities, or an object with from and to"))
        return place_of(board, raw[0], join(where, 0)), place_of(board, raw[1], join(where, 1)), {}
    if isinstance(raw, dict):
        return (place_of(board, raw.get("from"), join(where, "from")),
                place_of(board, raw.get("to"), join(where, "to")), raw)
    raise InvalidInput(where, N_("a route is two cities, or an object with from and to"))


def _read_routes(board: Map, seats: list[Seat], people: int) -> None:
    claims: list[Claim] = []
    orders: dict[int, str] = {}
    for number, seat in enumerate(seats):
        where_all = join(seat.path, "routes")
        for index, raw in enumerate(items(seat.raw, "routes", seat.path, default=[])):
            claim = _claim(board, number, raw, join(where_all, index))
            if claim.order is not None:
                if claim.order in orders:
                    raise InvalidInput(join(claim.where, "claim"),
                                       N_("claim {claim} is also given at {other}: each claim "
                                          "has its own number"),
                                       claim=claim.order, other=orders[claim.order])
                orders[claim.order] = claim.where
            claims.append(claim)
    for claim, track in assign_tracks(board, claims, [s.name for s in seats], people):
        seat = seats[claim.seat]
        seat.tracks.append(track)
        seat.written[track.id] = claim.where
        if claim.order is not None:
            seat.claimed[track.id] = claim.order


def _claim(board: Map, seat: int, raw: Any, where: str) -> Claim:
    a, b, spec = _ends(board, raw, where)
    options = claim_options(board, a, b, spec, where)
    order = None
    if "claim" in spec:
        if board.rules.old_west is None:
            raise InvalidInput(join(where, "claim"), N_("{map} does not use {key}"),
                               map=board.title, key="claim")
        order = whole_number(spec, "claim", where, minimum=1, maximum=len(board.tracks))
    return Claim(seat, where, options, order)


def _check_teams(board: Map, seats: list[Seat]) -> int:
    """The number of people at the table (a team counts its members); one team each."""
    size = board.rules.team_size
    if not size:
        return len(seats)
    team_of: dict[str, str] = {}
    for seat in seats:
        where = join(seat.path, "members")
        members = items(seat.raw, "members", seat.path)
        if len(members) != size:
            raise InvalidInput(where, N_("a team has {size} players"), size=size)
        for number, member in enumerate(members):
            if not isinstance(member, str) or not member.strip():
                raise InvalidInput(join(where, number), N_("must name a player"))
            known = member.strip().casefold()
            if known in team_of:
                raise InvalidInput(join(where, number), N_("{name} is already in {team}"),
                                   name=member.strip(), team=team_of[known])
            team_of[known] = seat.name
    return len(seats) * size


def _check_trains(board: Map, seat: Seat) -> None:
    used = sum(track.length + track.mountains for track in seat.tracks)
    wagons = board.rules.trains
    members = board.rules.team_size or 1
    if board.rules.team_size:
        wagons = board.rules.team_trains * members
    boats = board.rules.boats
    # Each member has their boats; exchanges keep wagons and boats together the same.
    trains = wagons + boats.pieces * members if boats is not None else wagons
    if used > trains:
        raise InvalidInput(join(seat.path, "routes"),
                           N_("{name}'s routes need {count} trains; a player has {trains}"),
                           name=seat.name, count=used, trains=trains)
    if boats is not None:
        # Rails & Sails: an exchange takes from the box no more pieces than it holds.
        sea = sum(track.length for track in seat.tracks if track.sea)
        land = sum(track.length + track.mountains for track in seat.tracks if not track.sea)
        _check_pieces(seat, N_("{name}'s sea routes need {count} boats; {name} can have "
                               "{most} at most, the box's included"),
                      sea, (boats.pieces + boats.box_boats) * members)
        _check_pieces(seat, N_("{name}'s land routes need {count} wagons; {name} can have "
                               "{most} at most, the box's included"),
                      land, wagons + boats.box_wagons * members)


def _check_pieces(seat: Seat, reason: str, count: int, most: int) -> None:
    if count > most:
        raise InvalidInput(join(seat.path, "routes"), reason, name=seat.name, count=count,
                           most=most)


# --- Tickets and stations ------------------------------------------------------------------------


def _read_tickets(board: Map, seat: Seat) -> None:
    where_all = join(seat.path, "tickets")
    for number, raw in enumerate(items(seat.raw, "tickets", seat.path, default=[])):
        where = join(where_all, number)
        seat.tickets.append(_ticket(board, raw, where))
        seat.custom_tickets.append(isinstance(raw, dict) and (
            "points" in raw or "in_order" in raw or isinstance(raw.get("any_of"), dict)))


def _ticket(board: Map, raw: Any, where: str) -> Ticket:
    if isinstance(raw, dict) and "any_of" in raw:
        return _any_of(board, raw, where)
    if isinstance(raw, dict) and "cities" in raw:
        names = items(raw, "cities", where)
        places = tuple(place_of(board, name, join(join(where, "cities"), i))
                       for i, name in enumerate(names))
        if len(places) < 3:
            raise InvalidInput(join(where, "cities"), N_("an itinerary names three cities or more"))
        if len(set(places)) < len(places):
            raise InvalidInput(join(where, "cities"), N_("an itinerary names each city once"))
        known = [t for t in board.tickets if t.places == places]
        if known and "in_order" not in raw:
            return min(known, key=lambda ticket: ticket.id)
        points = whole_number(raw, "in_order", where, minimum=1, maximum=MAX_TICKET_POINTS)
        connected = whole_number(raw, "connected", where, minimum=0, maximum=points)
        failed = whole_number(raw, "failed", where, default=-connected,
                              minimum=-MAX_TICKET_POINTS, maximum=0)
        return Ticket("-".join(places), places, points, connected, failed)
    a, b, spec = _ends(board, raw, where)
    if a == b:
        raise InvalidInput(where, N_("a ticket joins two different cities"))
    if "points" in spec:
        points = whole_number(spec, "points", where, minimum=1, maximum=MAX_TICKET_POINTS)
        return Ticket(f"{a}-{b}", (a, b), points, failed=-points)
    printed = board.tickets_between(a, b)
    if not printed:
        raise InvalidInput(where, N_("{map} has no ticket {a} - {b}: give its points"),
                           map=board.title, a=a, b=b)
    return printed[0]


def _any_of(board: Map, raw: Mapping[str, Any], where: str) -> Ticket:
    """A ticket to one of several destinations: `from` and `any_of`, the destinations as
    printed (the map's ticket) or with their points ({"France": 5, ...})."""
    refuse_other_fields(raw, where)
    origin = place_of(board, raw.get("from"), join(where, "from"))
    spec = raw["any_of"]
    at = join(where, "any_of")

    def place(value: Any, field: str) -> str:
        return place_of(board, value, field)

    if isinstance(spec, dict):
        return any_of_ticket(origin, read_choices(spec, at, origin, place))
    if not isinstance(spec, list):
        raise InvalidInput(at, N_("must be the destinations, or each destination with its "
                                  "points"))
    destinations = read_destinations(list(enumerate(spec)), at, origin, place)
    printed = [t for t in board.tickets if t.any_of and t.places[0] == origin
               and set(t.places[1:]) == set(destinations)]
    named = destinations_shown(origin, destinations)
    if not printed:
        raise InvalidInput(where, N_("{map} has no ticket {ticket}: give each destination's "
                                     "points"), map=board.title, ticket=named)
    if len({t.choices for t in printed}) > 1:
        raise InvalidInput(where, N_("{map} has {count} tickets {ticket} with other points: "
                                     "give each destination's points"),
                           map=board.title, count=len(printed), ticket=named)
    return printed[0]


def _check_tickets_unique(board: Map, seats: Sequence[Seat]) -> None:
    """A ticket card of the map is in one hand at most (tickets given with points are free);
    a card the box holds twice (Switzerland's country tickets) may be in two hands."""
    seen: dict[str, str] = {}
    for seat in seats:
        for number, (ticket, custom) in enumerate(zip(seat.tickets, seat.custom_tickets)):
            if custom:
                continue
            if ticket.id in seen:
                copy = next((other for other in board.tickets if other.id not in seen
                             and _same_card(other, ticket)), None)
                if copy is None:
                    raise InvalidInput(join(join(seat.path, "tickets"), number),
                                       N_("the ticket {ticket} is already held by {other}"),
                                       ticket=shown(ticket), other=seen[ticket.id])
                seat.tickets[number] = ticket = copy
            seen[ticket.id] = seat.name


def _same_card(one: Ticket, other: Ticket) -> bool:
    """Two copies of one card: the same places, points and destinations."""
    return (one.places, one.points, one.connected, one.failed, one.choices, one.long) == (
        other.places, other.points, other.connected, other.failed, other.choices, other.long)


def _read_stations(board: Map, seat: Seat) -> None:
    where = join(seat.path, "stations")
    cities = items(seat.raw, "stations", seat.path, default=[])
    if cities and not board.rules.stations:
        raise InvalidInput(where, N_("{map} has no stations"), map=board.title)
    if len(cities) > board.rules.stations:
        raise InvalidInput(where, N_("a player has at most {count} stations (got {got})"),
                           count=board.rules.stations, got=len(cities))
    for number, raw in enumerate(cities):
        city = place_of(board, raw, join(where, number))
        if board.is_country(city):
            raise InvalidInput(join(where, number), N_("stations are built in cities"))
        seat.stations.append(city)


def _check_stations_unique(seats: Sequence[Seat]) -> None:
    built: dict[str, str] = {}
    for seat in seats:
        for number, city in enumerate(seat.stations):
            if city in built:
                raise InvalidInput(join(join(seat.path, "stations"), number),
                                   N_("{city} already has a station of {other}"), city=city,
                                   other=built[city])
            built[city] = seat.name
