"""Reading a map from its file (TOML) or from a JSON object, refusing one that does not hold.

The format is in docs/maps.md ("The format"); `maps/usa.toml` and
`maps/europe.toml` are complete examples. Every complaint is an InvalidInput naming the field.

>>> board = parse_map({"name": "Tiny", "cities": ["A", "B"],
...                    "routes": [{"from": "A", "to": "B", "length": 2, "colors": ["red", "blue"]}],
...                    "tickets": [{"from": "A", "to": "b", "points": 3}]})
>>> [track.id for track in board.tracks], board.tickets[0].id
(['A-B#1', 'A-B#2'], 'A-B')
>>> parse_map({"name": "Bad", "cities": ["A"], "routes": [{"from": "A", "to": "Z", "length": 1}]})
Traceback (most recent call last):
...
engine.errors.InvalidInput: routes[0].to: unknown place 'Z'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from ...errors import N_, InvalidInput
from ...table_input import checked, flag, items, join, obj, text, whole_number
from ...tomlkeys import MAX_KEY_PARTS, MAX_NUMBER_DIGITS, long_key_line, long_number_line
from .board import GRAY, Map, MapRules, Ticket, Track
from .mapcheck import check_map
from .mapfields import MAX_FEW, MAX_TICKET_POINTS, color_field, place_field, texts
from .maprules import check_rules_against_routes, read_rules
from .names import NameIndex, fold

#: The shipped maps are about 12 000 characters; no map needs a hundred times that.
MAX_MAP_CHARS = 1_000_000


def map_from_toml(source: str, max_chars: int = MAX_MAP_CHARS) -> Map:
    """A map from the text of a map file; the caller reads the file (the engine does no I/O).

    A map file is read to be played: a map that cannot be (`mapcheck`: a route longer than a
    player's pieces, a place no route joins, too few tickets for its largest table) is refused.

    A text longer than `max_chars`, with a dotted key too long for tomllib to read in
    reasonable time, or with a number too long for Python to read, is refused before it is
    parsed.
    """
    if len(source) > max_chars:
        raise InvalidInput("", N_("not a valid map file: more than {count} characters"),
                           count=max_chars)
    long_key = long_key_line(source)
    if long_key is not None:
        raise InvalidInput("", N_("not a valid map file: line {line} has a key of more than "
                                  "{parts} parts"), line=long_key, parts=MAX_KEY_PARTS)
    long_number = long_number_line(source)
    if long_number is not None:
        raise InvalidInput("", N_("not a valid map file: line {line} has a number of more "
                                  "than {digits} digits"), line=long_number,
                           digits=MAX_NUMBER_DIGITS)
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput("", N_("not a valid map file: {detail}"), detail=str(error)) from None
    except RecursionError:
        raise InvalidInput("", N_("not a valid map file: nested too deeply")) from None
    board = parse_map(data)
    check_map(board)
    return board


def parse_map(data: Any, path: str = "") -> Map:
    """A map from its parsed form (TOML tables or JSON objects); `path` prefixes complaints.

    Every key must be one the format knows: a misspelt one is refused, not ignored.
    """
    return checked(lambda tracked: _parse_map(tracked, path), data, path)


def _parse_map(data: Any, path: str) -> Map:
    data = obj(data, path)
    name = text(data, "name", path)
    title = text(data, "title", path, default=name)
    other_names = tuple(texts(data, "other_names", path))
    countries = _places(data, "countries", path, required=False)
    if "cities" in data:
        cities = _places(data, "cities", path, required=True)
    else:
        cities = _implied_cities(data, path, countries)
    city_names = {fold(city) for city in cities}
    for number, country in enumerate(countries):
        if fold(country) in city_names:
            raise InvalidInput(join(join(path, "countries"), number),
                               N_("{place} is listed twice"), place=country)
    aliases = _aliases(data, path, cities + countries)
    board = Map(name, title, cities, countries, (), (), MapRules(), aliases, other_names)
    rules = read_rules(data.get("rules", {}), join(path, "rules"), board)
    tracks = _tracks(data, path, board, rules)
    tickets = _tickets(data, path, board, rules)
    board = Map(name, title, cities, countries, tracks, tickets, rules, aliases, other_names)
    check_rules_against_routes(board, join(path, "rules"))
    return board


# --- Places --------------------------------------------------------------------------------------


def _places(data: Mapping[str, Any], key: str, path: str, required: bool) -> tuple[str, ...]:
    if required and key not in data:
        raise InvalidInput(join(path, key), N_("is missing"))
    places = texts(data, key, path)
    seen: set[str] = set()
    for number, place in enumerate(places):
        if fold(place) in seen:
            raise InvalidInput(join(join(path, key), number), N_("{place} is listed twice"),
                               place=place)
        seen.add(fold(place))
    if required and not places:
        raise InvalidInput(join(path, key), N_("needs at least two places"))
    return tuple(places)


def _implied_cities(data: Mapping[str, Any], path: str, countries: tuple[str, ...]
                    ) -> tuple[str, ...]:
    """Without a `cities` list: every place the routes and tickets name that is no country."""
    known = {fold(country) for country in countries}
    found: list[str] = []
    written: list[Any] = []
    for key in ("routes", "tickets"):
        for raw in data.get(key, []) if isinstance(data.get(key, []), list) else []:
            if isinstance(raw, dict):
                written += [raw.get("from"), raw.get("to")]
                written += raw.get("cities", []) if isinstance(raw.get("cities"), list) else []
    for name in written:
        if isinstance(name, str) and name.strip() and fold(name) not in known:
            known.add(fold(name))
            found.append(name.strip())
    if len(found) + len(countries) < 2:
        raise InvalidInput(join(path, "cities"), N_("needs at least two places"))
    return tuple(found)


def _aliases(data: Mapping[str, Any], path: str, places: tuple[str, ...]
             ) -> tuple[tuple[str, str], ...]:
    where = join(path, "aliases")
    table = obj(data.get("aliases", {}), where)
    index = NameIndex(places)
    found = []
    for place_spelling, spellings in table.items():
        place = index.find(place_spelling)
        if place is None:
            raise InvalidInput(join(where, place_spelling), N_("unknown place {place!r}"),
                               place=place_spelling)
        if isinstance(spellings, str):
            spellings = [spellings]
        if not isinstance(spellings, list) or not all(isinstance(s, str) for s in spellings):
            raise InvalidInput(join(where, place_spelling), N_("must be a list of spellings"))
        for spelling in spellings:
            other = index.find(spelling)
            if other is not None and other != place:
                raise InvalidInput(join(where, place_spelling),
                                   N_("{spelling!r} already names {other}"),
                                   spelling=spelling, other=other)
            found.append((spelling, place))
        index = NameIndex(places, dict(found))
    return tuple(found)


# --- Routes --------------------------------------------------------------------------------------


def _tracks(data: Mapping[str, Any], path: str, board: Map, rules: MapRules
            ) -> tuple[Track, ...]:
    where_all = join(path, "routes")
    routes = items(data, "routes", path)
    if not routes:
        raise InvalidInput(where_all, N_("needs at least one route"))
    lengths = dict(rules.route_points)
    longest = max(lengths)
    companies = {name for name, _, _ in rules.stocks.companies} if rules.stocks else set()
    tracks: list[Track] = []
    seen: dict[frozenset[str], int] = {}
    for number, raw in enumerate(routes):
        where = join(where_all, number)
        route = obj(raw, where)
        a = place_field(board, route.get("from"), join(where, "from"))
        b = place_field(board, route.get("to"), join(where, "to"))
        if a == b:
            raise InvalidInput(where, N_("a route joins two different places"))
        if board.is_country(a) and board.is_country(b):
            raise InvalidInput(where, N_("a route cannot join two neighbouring countries"))
        pair = frozenset((a, b))
        if pair in seen:
            raise InvalidInput(where, N_("{a} - {b} is already routes[{other}]: give one route "
                                         "with several tracks"), a=a, b=b, other=seen[pair])
        seen[pair] = number
        length = whole_number(route, "length", where, minimum=1, maximum=longest)
        if length not in lengths:
            raise InvalidInput(join(where, "length"),
                               N_("rules.route_points gives no points for a length of {length}"),
                               length=length)
        colors = _track_colors(route, where)
        tunnel = flag(route, "tunnel", where, default=False)
        ferries = whole_number(route, "ferries", where, default=0, minimum=0, maximum=length)
        waves = whole_number(route, "waves", where, default=0, minimum=0,
                             maximum=length - ferries)
        mountains = whole_number(route, "mountains", where, default=0, minimum=0, maximum=length)
        toll = whole_number(route, "toll", where, default=0, minimum=0, maximum=MAX_FEW)
        sea = flag(route, "sea", where, default=False)
        owners = tuple(texts(route, "companies", where))
        for index, company in enumerate(owners):
            if company not in companies:
                raise InvalidInput(join(join(where, "companies"), index),
                                   N_("unknown company {company!r}: list it in rules.stocks"),
                                   company=company)
        base = f"{a}-{b}"
        for track_number, color in enumerate(colors, start=1):
            several = len(colors) > 1
            tracks.append(Track(
                id=f"{base}#{track_number}" if several else base, route=number, ends=(a, b),
                length=length, color=color, number=track_number if several else 0,
                tunnel=tunnel, ferries=ferries, waves=waves, mountains=mountains, toll=toll,
                companies=owners, sea=sea,
            ))  # fmt: skip
    return tuple(tracks)


def _track_colors(route: Mapping[str, Any], where: str) -> list[str]:
    """One colour per track, from `color` (every track) or `colors` (one each), and `tracks`."""
    if "color" in route and "colors" in route:
        raise InvalidInput(where, N_("give either color or colors, not both"))
    if "colors" in route:
        words = items(route, "colors", where)
        if not 1 <= len(words) <= 3:
            raise InvalidInput(join(where, "colors"), N_("a route has one to three tracks"))
        colors = [color_field(word, join(join(where, "colors"), i)) for i, word in enumerate(words)]
        tracks = whole_number(route, "tracks", where, default=len(colors), minimum=1, maximum=3)
        if tracks != len(colors):
            raise InvalidInput(join(where, "tracks"),
                               N_("{tracks} tracks need {tracks} colours (got {count})"),
                               tracks=tracks, count=len(colors))
        return colors
    color = color_field(route.get("color", GRAY), join(where, "color"))
    tracks = whole_number(route, "tracks", where, default=1, minimum=1, maximum=3)
    return [color] * tracks


# --- Tickets -------------------------------------------------------------------------------------


def _tickets(data: Mapping[str, Any], path: str, board: Map, rules: MapRules
             ) -> tuple[Ticket, ...]:
    where_all = join(path, "tickets")
    tickets: list[Ticket] = []
    ids: set[str] = set()
    for number, raw in enumerate(items(data, "tickets", path, default=[])):
        where = join(where_all, number)
        ticket = obj(raw, where)
        long = flag(ticket, "long", where, default=False)
        if "cities" in ticket:
            names = items(ticket, "cities", where)
            if len(names) < 3:
                raise InvalidInput(join(where, "cities"), N_("an itinerary names three places "
                                                             "or more"))
            places = tuple(place_field(board, name, join(join(where, "cities"), i))
                           for i, name in enumerate(names))
            if len(set(places)) != len(places):
                raise InvalidInput(join(where, "cities"), N_("a place is named twice"))
            points = whole_number(ticket, "in_order", where, minimum=1, maximum=MAX_TICKET_POINTS)
            connected = whole_number(ticket, "connected", where, minimum=1, maximum=points)
            failed = whole_number(ticket, "failed", where, default=-connected,
                                  minimum=-MAX_TICKET_POINTS, maximum=0)
        else:
            places = (place_field(board, ticket.get("from"), join(where, "from")),
                      place_field(board, ticket.get("to"), join(where, "to")))
            if places[0] == places[1]:
                raise InvalidInput(where, N_("a ticket joins two different places"))
            points = whole_number(ticket, "points", where, minimum=1, maximum=MAX_TICKET_POINTS)
            connected = 0
            failed = whole_number(ticket, "failed", where, default=-points,
                                  minimum=-MAX_TICKET_POINTS, maximum=0)
        base = "-".join(places)
        ticket_id, copy = base, 1
        while ticket_id in ids:
            copy += 1
            ticket_id = f"{base}#{copy}"
        ids.add(ticket_id)
        tickets.append(Ticket(ticket_id, places, points, connected, failed, long))
    setup = rules.tickets
    regular = sum(1 for t in tickets if not t.long)
    longs = len(tickets) - regular
    if tickets and (setup.start_long > 0) != (longs > 0):
        raise InvalidInput(join(path, "rules.tickets.start_long"),
                           N_("long tickets are dealt at the start only when the map has some"))
    return tuple(tickets)


