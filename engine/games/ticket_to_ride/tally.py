"""`companion tally` for Ticket to Ride: read a described table, refuse what cannot be, score.

The format is in the README ("Ticket to Ride: the end of a game"). In short:

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

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import N_, InvalidInput
from ...game import TallyResult
from ...table_input import flag, items, join, obj, players_of, whole_number
from .board import Map, Ticket, Track
from .bonuses import alvin_points, meeple_points, most_bonus
from .library import resolve_map
from .mapfile import color_of
from .marklin import too_many_tokens
from .scoring import Holding, score_table
from .stocks import DUMMY, stock_points
from .tolls import toll_bonus


@dataclass
class _Player:
    name: str
    path: str
    tracks: list[Track] = field(default_factory=list)
    tickets: list[Ticket] = field(default_factory=list)
    custom_tickets: list[bool] = field(default_factory=list)
    stations: list[str] = field(default_factory=list)
    cities: list[str] = field(default_factory=list)
    bonuses: dict[str, int] = field(default_factory=dict)
    raw: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class _Wanted:
    """A route as given: the tracks it may be, where it was written."""

    seat: int
    where: str
    options: list[Track]


def tally(table: Any) -> TallyResult:
    data = obj(table, "")
    if "map" not in data:
        raise InvalidInput("map", N_("is missing: a shipped map's name or a map object"))
    board = resolve_map(data["map"], "map")
    rules = board.rules
    low, high = rules.players
    entries = players_of(data, range(low, high + 1), board.title)
    players = [_Player(entry["name"].strip(), join("players", i), raw=entry)
               for i, entry in enumerate(entries)]
    _assign_tracks(board, players)
    for player in players:
        _read_tickets(board, player)
        _read_stations(board, player)
        _check_trains(board, player)
    _check_tickets_unique(players)
    _check_stations_unique(players)
    _variant_bonuses(board, players, data)
    holdings = [Holding(p.name, tuple(p.tracks), tuple(p.tickets), tuple(p.stations),
                        tuple(p.cities), p.bonuses) for p in players]
    return score_table(board, holdings)


# --- Routes --------------------------------------------------------------------------------------


def _place(board: Map, value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(where, N_("must name a city"))
    place = board.place(value)
    if place is None:
        raise InvalidInput(where, N_("unknown city {city!r} on {map}"), city=value.strip(),
                           map=board.title)
    return place


def _ends(board: Map, raw: Any, where: str) -> tuple[str, str, Mapping[str, Any]]:
    if isinstance(raw, list):
        if len(raw) != 2:
            raise InvalidInput(where, N_("a route is two cities, or an object with from and to"))
        return _place(board, raw[0], join(where, 0)), _place(board, raw[1], join(where, 1)), {}
    if isinstance(raw, dict):
        return (_place(board, raw.get("from"), join(where, "from")),
                _place(board, raw.get("to"), join(where, "to")), raw)
    raise InvalidInput(where, N_("a route is two cities, or an object with from and to"))


def _assign_tracks(board: Map, players: list[_Player]) -> None:
    """Tracks named by colour first, then the others take the first track still free."""
    owner: dict[str, int] = {}
    open_choices: list[_Wanted] = []
    for seat, player in enumerate(players):
        where_all = join(player.path, "routes")
        for number, raw in enumerate(items(player.raw, "routes", player.path, default=[])):
            where = join(where_all, number)
            a, b, spec = _ends(board, raw, where)
            options = list(board.tracks_between(a, b))
            if not options:
                raise InvalidInput(where, N_("there is no route between {a} and {b}"), a=a, b=b)
            if "color" in spec:
                word = spec["color"]
                color = color_of(word) if isinstance(word, str) else None
                options = [t for t in options if t.color == color]
                if not options:
                    raise InvalidInput(join(where, "color"),
                                       N_("there is no {color} track between {a} and {b}"),
                                       color=str(word), a=a, b=b)
            wanted = _Wanted(seat, where, options)
            if len(options) == 1:
                _take(board, players, owner, wanted, options[0])
            else:
                open_choices.append(wanted)
    for wanted in open_choices:
        held = [t for t in wanted.options if owner.get(t.id) == wanted.seat]
        free = [t for t in wanted.options if t.id not in owner]
        others = [t for t in wanted.options if t not in held]
        # Taking a second track of the route, or an occupied one, raises the reason.
        _take(board, players, owner, wanted, (free or others or held)[0])


def _take(board: Map, players: list[_Player], owner: dict[str, int], wanted: _Wanted,
          track: Track) -> None:
    seat = wanted.seat
    name = players[seat].name
    a, b = track.ends
    siblings = [t for t in board.route_tracks[track.route] if t.id != track.id]
    for sibling in siblings:
        if owner.get(sibling.id) == seat:
            raise InvalidInput(wanted.where,
                               N_("{name} cannot hold two tracks of the route {a} - {b}"),
                               name=name, a=a, b=b)
        if sibling.id in owner and len(players) < board.rules.double_routes_from:
            raise InvalidInput(wanted.where, N_("with {count} players only one track of {a} - {b}"
                                                " may be used"), count=len(players), a=a, b=b)
    if track.id in owner:
        if owner[track.id] == seat:
            raise InvalidInput(wanted.where, N_("{name} lists the route {a} - {b} twice"),
                               name=name, a=a, b=b)
        raise InvalidInput(wanted.where, N_("{track} is already held by {other}"),
                           track=_shown(track), other=players[owner[track.id]].name)
    owner[track.id] = seat
    players[seat].tracks.append(track)


def _shown(track: Track) -> str:
    a, b = track.ends
    return f"{a} - {b} ({track.color})" if track.number else f"{a} - {b}"


def _check_trains(board: Map, player: _Player) -> None:
    used = sum(track.length + track.mountains for track in player.tracks)
    trains = board.rules.trains
    if board.rules.team_size:
        trains = board.rules.team_trains * len(_members(board, player))
    if used > trains:
        raise InvalidInput(join(player.path, "routes"),
                           N_("{name}'s routes need {count} trains; a player has {trains}"),
                           name=player.name, count=used, trains=trains)


def _members(board: Map, player: _Player) -> list[str]:
    members = items(player.raw, "members", player.path)
    if len(members) != board.rules.team_size or not all(
        isinstance(m, str) and m.strip() for m in members
    ):
        raise InvalidInput(join(player.path, "members"), N_("a team has {size} players"),
                           size=board.rules.team_size)
    return members


# --- Tickets and stations ------------------------------------------------------------------------


def _read_tickets(board: Map, player: _Player) -> None:
    where_all = join(player.path, "tickets")
    for number, raw in enumerate(items(player.raw, "tickets", player.path, default=[])):
        where = join(where_all, number)
        player.tickets.append(_ticket(board, raw, where))
        player.custom_tickets.append(
            isinstance(raw, dict) and ("points" in raw or "in_order" in raw))


def _ticket(board: Map, raw: Any, where: str) -> Ticket:
    if isinstance(raw, dict) and "cities" in raw:
        names = items(raw, "cities", where)
        places = tuple(_place(board, name, join(join(where, "cities"), i))
                       for i, name in enumerate(names))
        if len(places) < 3:
            raise InvalidInput(join(where, "cities"), N_("an itinerary names three cities or more"))
        known = [t for t in board.tickets if t.places == places]
        if known and "in_order" not in raw:
            return known[0]
        points = whole_number(raw, "in_order", where, minimum=1)
        connected = whole_number(raw, "connected", where, minimum=0, maximum=points)
        failed = whole_number(raw, "failed", where, default=-connected, maximum=0)
        return Ticket("-".join(places), places, points, connected, failed)
    a, b, spec = _ends(board, raw, where)
    if a == b:
        raise InvalidInput(where, N_("a ticket joins two different cities"))
    if "points" in spec:
        points = whole_number(spec, "points", where, minimum=1)
        return Ticket(f"{a}-{b}", (a, b), points, failed=-points)
    printed = board.tickets_between(a, b)
    if not printed:
        raise InvalidInput(where, N_("{map} has no ticket {a} - {b}: give its points"),
                           map=board.title, a=a, b=b)
    return printed[0]


def _check_tickets_unique(players: list[_Player]) -> None:
    """A ticket card of the map is in one hand at most (tickets given with points are free)."""
    seen: dict[str, str] = {}
    for player in players:
        for number, (ticket, custom) in enumerate(zip(player.tickets, player.custom_tickets)):
            if custom:
                continue
            if ticket.id in seen:
                raise InvalidInput(join(join(player.path, "tickets"), number),
                                   N_("the ticket {ticket} is already held by {other}"),
                                   ticket=ticket.id.replace("-", " - "), other=seen[ticket.id])
            seen[ticket.id] = player.name


def _read_stations(board: Map, player: _Player) -> None:
    where = join(player.path, "stations")
    cities = items(player.raw, "stations", player.path, default=[])
    if cities and not board.rules.stations:
        raise InvalidInput(where, N_("{map} has no stations"), map=board.title)
    if len(cities) > board.rules.stations:
        raise InvalidInput(where, N_("a player has at most {count} stations (got {got})"),
                           count=board.rules.stations, got=len(cities))
    for number, raw in enumerate(cities):
        city = _place(board, raw, join(where, number))
        if board.is_country(city):
            raise InvalidInput(join(where, number), N_("stations are built in cities"))
        player.stations.append(city)


def _check_stations_unique(players: list[_Player]) -> None:
    built: dict[str, str] = {}
    for player in players:
        for number, city in enumerate(player.stations):
            if city in built:
                raise InvalidInput(join(join(player.path, "stations"), number),
                                   N_("{city} already has a station of {other}"), city=city,
                                   other=built[city])
            built[city] = player.name


# --- Variant rules -------------------------------------------------------------------------------

#: Player fields that only some maps accept, and the map rule they need.
_VARIANT_FIELDS = {
    "shares": "stocks", "cities": "old_west", "alvin_captures": "old_west", "alvin": "old_west",
    "depots": "depots", "meeples": "meeples", "merchandise": "merchandise",
    "toll_tokens": "tolls", "loans": "tolls", "country_cards": "country_cards",
    "members": "team_size",
}  # fmt: skip


def _variant_bonuses(board: Map, players: list[_Player], data: Mapping[str, Any]) -> None:
    rules = board.rules
    for player in players:
        for key, rule in _VARIANT_FIELDS.items():
            if key in player.raw and not getattr(rules, rule):
                raise InvalidInput(join(player.path, key), N_("{map} does not use {key}"),
                                   map=board.title, key=key)
        if rules.team_size:
            _members(board, player)
    names = [p.name for p in players]
    if rules.stocks is not None:
        holdings = {p.name: _shares(board, p.raw.get("shares", {}), join(p.path, "shares"))
                    for p in players}
        if "dummy_shares" in data:
            holdings[DUMMY] = _shares(board, data["dummy_shares"], "dummy_shares")
        _check_share_numbers(board, holdings, players)
        _add(players, "stocks", stock_points(rules.stocks, holdings))
    if rules.old_west is not None:
        _old_west(board, players)
    if rules.depots:
        left = {p.name: whole_number(p.raw, "depots", p.path, default=0, minimum=0,
                                     maximum=rules.depots) for p in players}
        _add(players, "depots", most_bonus(rules.depot_bonus, left))
    if rules.meeples is not None:
        held = {p.name: _counts(p.raw.get("meeples", {}), join(p.path, "meeples"))
                for p in players}
        _add(players, "meeples", meeple_points(rules.meeples[0], rules.meeples[1], held))
    if rules.merchandise is not None:
        collected = {p.name: _values(p.raw, "merchandise", p.path) for p in players}
        too_many = too_many_tokens(rules.merchandise,
                                   [v for values in collected.values() for v in values])
        if too_many is not None:
            raise InvalidInput("players", N_("more merchandise tokens worth {value} than the game"
                                             " has"), value=too_many)
        _add(players, "merchandise", {name: sum(values) for name, values in collected.items()})
    if rules.tolls is not None:
        tokens = {p.name: whole_number(p.raw, "toll_tokens", p.path, minimum=0) for p in players}
        loans = {p.name: whole_number(p.raw, "loans", p.path, default=0, minimum=0)
                 for p in players}
        _add(players, "tolls", toll_bonus(rules.tolls.bonus_for(len(players)), tokens,
                                          {name for name in names if loans[name]}))
        _add(players, "loans", {name: rules.tolls.loan * loans[name] for name in names})
    if rules.country_cards:
        _country_cards(board, players)


def _add(players: list[_Player], key: str, points: Mapping[str, int]) -> None:
    for player in players:
        player.bonuses[key] = points.get(player.name, 0)


def _counts(raw: Any, where: str) -> dict[str, int]:
    table = obj(raw, where)
    return {key: whole_number(table, key, where, minimum=0) for key in table}


def _values(raw: Mapping[str, Any], key: str, path: str) -> list[int]:
    values = items(raw, key, path, default=[])
    for number, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInput(join(join(path, key), number), N_("must be a token's value"))
    return values


def _shares(board: Map, raw: Any, where: str) -> dict[str, list[int]]:
    assert board.rules.stocks is not None
    table = obj(raw, where)
    shares = {}
    known = {name for name, _, _ in board.rules.stocks.companies}
    for company in table:
        if company not in known:
            raise InvalidInput(join(where, company), N_("unknown company {company!r}"),
                               company=company)
        numbers = _values(table, company, where)
        limit = board.rules.stocks.shares(company)
        for number, share in enumerate(numbers):
            if share > limit:
                raise InvalidInput(join(join(where, company), number),
                                   N_("{company} has {count} shares"), company=company,
                                   count=limit)
        shares[company] = numbers
    return shares


def _check_share_numbers(board: Map, holdings: Mapping[str, Mapping[str, Sequence[int]]],
                         players: list[_Player]) -> None:
    seen: set[tuple[str, int]] = set()
    for shares in holdings.values():
        for company, numbers in shares.items():
            for share in numbers:
                if (company, share) in seen:
                    raise InvalidInput("players", N_("share {number} of {company} is held twice"),
                                       number=share, company=company)
                seen.add((company, share))


def _old_west(board: Map, players: list[_Player]) -> None:
    rules = board.rules.old_west
    assert rules is not None
    owner: dict[str, str] = {}
    holders = []
    for player in players:
        where = join(player.path, "cities")
        cities = items(player.raw, "cities", player.path, default=[])
        if len(cities) > rules.cities:
            raise InvalidInput(where, N_("a player has at most {count} Cités"), count=rules.cities)
        for number, raw in enumerate(cities):
            city = _place(board, raw, join(where, number))
            if city == rules.alvin_start:
                raise InvalidInput(join(where, number), N_("no Cité may stand in {city}"),
                                   city=city)
            if city in owner:
                raise InvalidInput(join(where, number), N_("{city} already has a Cité of {other}"),
                                   city=city, other=owner[city])
            owner[city] = player.name
            player.cities.append(city)
        captures = whole_number(player.raw, "alvin_captures", player.path, default=0, minimum=0)
        holds = flag(player.raw, "alvin", player.path, default=False)
        if holds:
            holders.append(player.name)
        player.bonuses["alvin"] = alvin_points(rules.capture, rules.final, captures, holds)
    if len(holders) > 1:
        raise InvalidInput("players", N_("only one player holds Alvin at the end"))


def _country_cards(board: Map, players: list[_Player]) -> None:
    piles = dict(board.rules.country_cards)
    taken: dict[str, list[int]] = {country: [] for country in piles}
    for player in players:
        where = join(player.path, "country_cards")
        table = obj(player.raw.get("country_cards", {}), where)
        total = 0
        for spelling in table:
            country = board.place(spelling)
            if country not in piles:
                raise InvalidInput(join(where, spelling), N_("{country} has no country cards"),
                                   country=spelling)
            values = _values(table, spelling, where)
            taken[country] += values
            total += sum(values)
        player.bonuses["countries"] = total
    for country, values in taken.items():
        top = piles[country][: len(values)]
        if Counter(values) != Counter(top):
            raise InvalidInput("players", N_("the {country} cards taken must be the top of its "
                                             "pile: {values}"), country=country,
                               values=", ".join(map(str, top)))

