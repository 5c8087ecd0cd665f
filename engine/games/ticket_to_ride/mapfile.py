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

Separate routes between the same two places differ in length, tunnel, ferries, sea or arrow;
the k-th route of a pair (k >= 2) takes the id of the first with "/k":

>>> board = parse_map({"name": "Two", "cities": ["A", "B"], "routes": [
...     {"from": "A", "to": "B", "length": 2, "tunnel": True},
...     {"from": "B", "to": "A", "length": 3, "ferries": 1, "colors": ["red", "blue"]}]})
>>> [track.id for track in board.tracks]
['A-B', 'A-B/2#1', 'A-B/2#2']
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...errors import N_, InvalidInput
from ...table_input import checked, flag, items, join, obj, text, whole_number
from ...tomlkeys import MAX_KEY_PARTS, MAX_NUMBER_DIGITS, long_key_line, long_number_line
from .any_of import any_of_ticket, read_choices, refuse_other_fields
from .board import (
    GRAY,
    MAX_COUNTRY_TRACKS,
    MAX_TRACKS,
    STANDINGS,
    Map,
    MapRules,
    Ticket,
    Track,
    route_key,
)  # fmt: skip
from .mapcheck import check_map
from .mapfields import MAX_FEW, MAX_TICKET_POINTS, color_field, place_field, texts
from .maprules import check_rules_against_routes, missing_values, read_rules
from .names import NameIndex, fold

#: The shipped maps are about 12 000 characters; no map needs a hundred times that.
MAX_MAP_CHARS = 1_000_000
#: A border arrow's label ("Konstanz"): a few words at most.
MAX_ARROW_CHARS = 30


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
    standing = text(data, "standing", path, default="")
    if standing and standing not in STANDINGS:
        raise InvalidInput(join(path, "standing"), N_("must be one of {choices}"),
                           choices=", ".join(STANDINGS))
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
    board = Map(name, title, cities, countries, tracks, tickets, rules, aliases, other_names,
                standing)
    check_rules_against_routes(board, join(path, "rules"))
    missing = missing_values(board, join(path, "rules"))
    if missing:  # a rule without its values is off, and the map says which are missing
        board = replace(board, rules=replace(rules, tolls=None), missing=missing)
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
    """Without a `cities` list: every place the routes and tickets name that is no country
    (the destinations of a ticket with `any_of` included)."""
    known = {fold(country) for country in countries}
    found: list[str] = []
    written: list[Any] = []
    for key in ("routes", "tickets"):
        for raw in data.get(key, []) if isinstance(data.get(key, []), list) else []:
            if isinstance(raw, dict):
                written += [raw.get("from"), raw.get("to")]
                written += raw.get("cities", []) if isinstance(raw.get("cities"), list) else []
                written += list(raw["any_of"]) if isinstance(raw.get("any_of"), dict) else []
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
    tracks: list[Track] = []
    #: Per pair of places: its id (as its first route writes it), and each route's number
    #: and what tells it apart.
    pairs: dict[frozenset[str], tuple[str, list[tuple[int, tuple[object, ...]]]]] = {}
    ids: dict[str, int] = {}
    for number, raw in enumerate(routes):
        where = join(where_all, number)
        entry = obj(raw, where)
        route = _route(entry, where, number, board, rules)
        pair = frozenset(route.ends)
        a, b = route.ends
        base, earlier = pairs.setdefault(pair, (f"{a}-{b}", []))
        for other, key in earlier:
            if key == route_key(route):
                raise InvalidInput(where, N_("{a} - {b} is already routes[{other}]: give one "
                                             "route with several tracks"), a=a, b=b, other=other)
        if earlier:
            base = f"{base}/{len(earlier) + 1}"
        earlier.append((number, route_key(route)))
        colors = _track_colors(entry, where, board, route.ends)
        several = len(colors) > 1
        counts = _markings(entry, where, route.length, len(colors))
        for track_number, color in enumerate(colors, start=1):
            own = track_number - 1
            track = replace(route, id=f"{base}#{track_number}" if several else base,
                            color=color, number=track_number if several else 0,
                            ferries=counts.get("ferries", [route.ferries] * len(colors))[own],
                            waves=counts.get("waves", [route.waves] * len(colors))[own],
                            mountains=counts.get("mountains",
                                                 [route.mountains] * len(colors))[own])
            if track.id in ids:
                raise InvalidInput(where, N_("the track id {id} is already that of "
                                             "routes[{other}]: spell a place otherwise"),
                                   id=track.id, other=ids[track.id])
            ids[track.id] = number
            tracks.append(track)
    return tuple(tracks)


def _route(route: Mapping[str, Any], where: str, number: int, board: Map, rules: MapRules
           ) -> Track:
    """One route entry as a track of it, its id and colour left to fill in."""
    a = place_field(board, route.get("from"), join(where, "from"))
    b = place_field(board, route.get("to"), join(where, "to"))
    if a == b:
        raise InvalidInput(where, N_("a route joins two different places: from and to both "
                                     "name {place}; correct one of them"), place=a)
    if board.is_country(a) and board.is_country(b):
        raise InvalidInput(where, N_("a route cannot join two neighbouring countries"))
    lengths = dict(rules.route_points)
    length = whole_number(route, "length", where, minimum=1, maximum=max(lengths))
    if length not in lengths:
        raise InvalidInput(join(where, "length"),
                           N_("rules.route_points gives no points for a length of {length}"),
                           length=length)
    # A list gives a number per track (read with the colours); the route's own is then 0.
    ferries = (0 if isinstance(route.get("ferries"), list)
               else whole_number(route, "ferries", where, default=0, minimum=0, maximum=length))
    companies = {name for name, _, _ in rules.stocks.companies} if rules.stocks else set()
    owners = tuple(texts(route, "companies", where))
    for index, company in enumerate(owners):
        if company not in companies:
            raise InvalidInput(join(join(where, "companies"), index),
                               N_("unknown company {company!r}: list it in rules.stocks"),
                               company=company)
    return Track(
        id="", route=number, ends=(a, b), length=length, color=GRAY,
        tunnel=flag(route, "tunnel", where, default=False), ferries=ferries,
        waves=(0 if isinstance(route.get("waves"), list) else
               whole_number(route, "waves", where, default=0, minimum=0,
                            maximum=length - ferries)),
        mountains=(0 if isinstance(route.get("mountains"), list) else
                   whole_number(route, "mountains", where, default=0, minimum=0,
                                maximum=length)),
        toll=whole_number(route, "toll", where, default=0, minimum=0, maximum=MAX_FEW),
        companies=owners, sea=flag(route, "sea", where, default=False),
        arrow=_arrow(route, where, board, (a, b)),
    )  # fmt: skip


def _markings(route: Mapping[str, Any], where: str, length: int, tracks: int
              ) -> dict[str, list[int]]:
    """The markings given per track (a list in the route's entry), by field."""
    found: dict[str, list[int]] = {}
    if isinstance(route.get("ferries"), list):
        found["ferries"] = _per_track(route, "ferries", where, tracks, [length] * tracks)
    ferries = found.get("ferries", [0] * tracks)
    if isinstance(route.get("waves"), list):
        found["waves"] = _per_track(route, "waves", where, tracks,
                                    [length - count for count in ferries])
    if isinstance(route.get("mountains"), list):
        found["mountains"] = _per_track(route, "mountains", where, tracks, [length] * tracks)
    return found


def _per_track(route: Mapping[str, Any], key: str, where: str, tracks: int,
               most: list[int]) -> list[int]:
    """A marking counted on each track: one number for every track, or a list with one number
    per track where the tracks of a double route differ (Legendary Asia's mountains).

    >>> _per_track({"mountains": [0, 1]}, "mountains", "routes[0]", 2, [3, 3])
    [0, 1]
    """
    if not isinstance(route.get(key), list):
        count = whole_number(route, key, where, default=0, minimum=0, maximum=min(most))
        return [count] * tracks
    counts = items(route, key, where)
    if len(counts) != tracks:
        raise InvalidInput(join(where, key), N_("{tracks} tracks need {tracks} numbers (got "
                                                "{count})"), tracks=tracks, count=len(counts))
    for number, (count, highest) in enumerate(zip(counts, most, strict=True)):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= highest:
            raise InvalidInput(join(join(where, key), number),
                               N_("must be a whole number from 0 to {most}"), most=highest)
    return counts


def _arrow(route: Mapping[str, Any], where: str, board: Map, ends: tuple[str, str]) -> str:
    """The border arrow of a route to a country ("" when not given)."""
    if "arrow" not in route:
        return ""
    arrow = text(route, "arrow", where)
    if not any(board.is_country(end) for end in ends):
        raise InvalidInput(join(where, "arrow"), N_("only a route to a country has an arrow "
                                                    "(list the country in countries)"))
    if len(arrow) > MAX_ARROW_CHARS:
        raise InvalidInput(join(where, "arrow"), N_("an arrow is a short label: {count} "
                                                    "characters at most"),
                           count=MAX_ARROW_CHARS)
    return arrow


def _track_colors(route: Mapping[str, Any], where: str, board: Map, ends: tuple[str, str]
                  ) -> list[str]:
    """One colour per track, from `color` (every track) or `colors` (one each), and `tracks`."""
    if "color" in route and "colors" in route:
        raise InvalidInput(where, N_("give either color or colors, not both"))
    if "colors" in route:
        words = items(route, "colors", where)
        _check_track_count(len(words), join(where, "colors"), board, ends)
        colors = [color_field(word, join(join(where, "colors"), i)) for i, word in enumerate(words)]
        tracks = whole_number(route, "tracks", where, default=len(colors), minimum=1,
                              maximum=MAX_COUNTRY_TRACKS)
        if tracks != len(colors):
            raise InvalidInput(join(where, "tracks"),
                               N_("{tracks} tracks need {tracks} colours (got {count})"),
                               tracks=tracks, count=len(colors))
        return colors
    color = color_field(route.get("color", GRAY), join(where, "color"))
    tracks = whole_number(route, "tracks", where, default=1, minimum=1,
                          maximum=MAX_COUNTRY_TRACKS)
    _check_track_count(tracks, join(where, "tracks"), board, ends)
    return [color] * tracks


def _check_track_count(count: int, where: str, board: Map, ends: tuple[str, str]) -> None:
    if any(board.is_country(end) for end in ends):
        if not 1 <= count <= MAX_COUNTRY_TRACKS:
            raise InvalidInput(where, N_("a route to a country has one to four tracks"))
    elif not 1 <= count <= MAX_TRACKS:
        raise InvalidInput(where, N_("a route has one to three tracks (four only on a route "
                                     "to a country)"))


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
        if "any_of" in ticket:
            read = _any_of(ticket, where, board, long)
        elif "cities" in ticket:
            read = _itinerary(ticket, where, board, long)
        else:
            read = _destination(ticket, where, board, long)
        base = read.id
        ticket_id, copy = base, 1
        while ticket_id in ids:
            copy += 1
            ticket_id = f"{base}#{copy}"
        ids.add(ticket_id)
        tickets.append(replace(read, id=ticket_id))
    setup = rules.tickets
    regular = sum(1 for t in tickets if not t.long)
    longs = len(tickets) - regular
    if tickets and (setup.start_long > 0) != (longs > 0):
        raise InvalidInput(join(path, "rules.tickets.start_long"),
                           N_("long tickets are dealt at the start only when the map has some"))
    return tuple(tickets)


def _destination(ticket: Mapping[str, Any], where: str, board: Map, long: bool) -> Ticket:
    """A ticket from one place to another: `from`, `to`, `points` (`failed`: minus them)."""
    places = (place_field(board, ticket.get("from"), join(where, "from")),
              place_field(board, ticket.get("to"), join(where, "to")))
    if places[0] == places[1]:
        raise InvalidInput(where, N_("a ticket joins two different places"))
    points = whole_number(ticket, "points", where, minimum=1, maximum=MAX_TICKET_POINTS)
    failed = whole_number(ticket, "failed", where, default=-points,
                          minimum=-MAX_TICKET_POINTS, maximum=0)
    return Ticket("-".join(places), places, points, 0, failed, long)


def _itinerary(ticket: Mapping[str, Any], where: str, board: Map, long: bool) -> Ticket:
    """An itinerary: `cities` in order, `in_order` and `connected` points (`failed`)."""
    names = items(ticket, "cities", where)
    if len(names) < 3:
        raise InvalidInput(join(where, "cities"), N_("an itinerary names three places or more"))
    places = tuple(place_field(board, name, join(join(where, "cities"), i))
                   for i, name in enumerate(names))
    if len(set(places)) != len(places):
        raise InvalidInput(join(where, "cities"), N_("a place is named twice"))
    points = whole_number(ticket, "in_order", where, minimum=1, maximum=MAX_TICKET_POINTS)
    connected = whole_number(ticket, "connected", where, minimum=1, maximum=points)
    failed = whole_number(ticket, "failed", where, default=-connected,
                          minimum=-MAX_TICKET_POINTS, maximum=0)
    return Ticket("-".join(places), places, points, connected, failed, long)


def _any_of(ticket: Mapping[str, Any], where: str, board: Map, long: bool) -> Ticket:
    """A ticket to one of several destinations: `from`, and `any_of` with each one's points
    (no `to`, `points` or `failed`: the lowest value is what it costs)."""
    refuse_other_fields(ticket, where)
    origin = place_field(board, ticket.get("from"), join(where, "from"))
    table = obj(ticket["any_of"], join(where, "any_of"))
    choices = read_choices(table, join(where, "any_of"), origin,
                           lambda value, at: place_field(board, value, at))
    return any_of_ticket(origin, choices, long)
