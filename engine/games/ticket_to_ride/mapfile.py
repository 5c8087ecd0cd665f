"""Reading a map from its file (TOML) or from a JSON object, refusing one that does not hold.

The format is in the README ("Ticket to Ride map files"); `maps/usa.toml` and
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
from ...table_input import flag, items, join, obj, text, whole_number
from ...tomlkeys import MAX_KEY_PARTS, long_key_line
from .board import (
    COLORS,
    GRAY,
    ROUTE_POINTS,
    CardSetup,
    Map,
    MapRules,
    Merchandise,
    OldWest,
    Stocks,
    Ticket,
    TicketSetup,
    Tolls,
    Track,
)  # fmt: skip
from .names import NameIndex, fold

#: Other words for the colours, English and French.
COLOR_WORDS = {
    "grey": GRAY, "gris": GRAY, "grise": GRAY, "any": GRAY,
    "purple": "pink", "violet": "pink", "rose": "pink",
    "rouge": "red", "bleu": "blue", "vert": "green", "jaune": "yellow", "noir": "black",
    "blanc": "white", "brown": "orange", "marron": "orange",
}  # fmt: skip
SPECIAL_CARDS = ("locomotive+4", "joker", "boat", "ferry", "passenger")
TIEBREAKS = ("tickets", "fewest-stations", "longest")
LAST_ROUNDS = ("one-more-turn-each", "two-more-turns-each")
#: The shipped maps are about 12 000 characters; no map needs a hundred times that.
MAX_MAP_CHARS = 1_000_000


def color_of(word: str) -> str | None:
    """A colour's id from its English or French name, or None.

    >>> color_of("Violet"), color_of("grey"), color_of("mauve")
    ('pink', 'gray', None)
    """
    folded = fold(word)
    if folded in COLORS or folded == GRAY:
        return folded
    return COLOR_WORDS.get(folded)


def map_from_toml(source: str, max_chars: int = MAX_MAP_CHARS) -> Map:
    """A map from the text of a map file; the caller reads the file (the engine does no I/O).

    A text longer than `max_chars`, or with a dotted key too long for tomllib to read in
    reasonable time, is refused before it is parsed.
    """
    if len(source) > max_chars:
        raise InvalidInput("", N_("not a valid map file: more than {count} characters"),
                           count=max_chars)
    long_key = long_key_line(source)
    if long_key is not None:
        raise InvalidInput("", N_("not a valid map file: line {line} has a key of more than "
                                  "{parts} parts"), line=long_key, parts=MAX_KEY_PARTS)
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput("", N_("not a valid map file: {detail}"), detail=str(error)) from None
    except RecursionError:
        raise InvalidInput("", N_("not a valid map file: nested too deeply")) from None
    return parse_map(data)


def parse_map(data: Any, path: str = "") -> Map:
    """A map from its parsed form (TOML tables or JSON objects); `path` prefixes complaints."""
    data = obj(data, path)
    name = text(data, "name", path)
    title = text(data, "title", path, default=name)
    other_names = tuple(_texts(data, "other_names", path))
    cities = _places(data, "cities", path, required=True)
    countries = _places(data, "countries", path, required=False)
    city_names = {fold(city) for city in cities}
    for number, country in enumerate(countries):
        if fold(country) in city_names:
            raise InvalidInput(join(join(path, "countries"), number),
                               N_("{place} is listed twice"), place=country)
    aliases = _aliases(data, path, cities + countries)
    board = Map(name, title, cities, countries, (), (), MapRules(), aliases, other_names)
    rules = _rules(data.get("rules", {}), join(path, "rules"), board)
    tracks = _tracks(data, path, board, rules)
    tickets = _tickets(data, path, board, rules)
    board = Map(name, title, cities, countries, tracks, tickets, rules, aliases, other_names)
    _check_rules_against_routes(board, join(path, "rules"))
    return board


# --- Places --------------------------------------------------------------------------------------


def _texts(data: Mapping[str, Any], key: str, path: str) -> list[str]:
    where = join(path, key)
    found = []
    for number, value in enumerate(items(data, key, path, default=[])):
        if not isinstance(value, str) or not value.strip():
            raise InvalidInput(join(where, number), N_("must be a non-empty text"))
        found.append(value.strip())
    return found


def _places(data: Mapping[str, Any], key: str, path: str, required: bool) -> tuple[str, ...]:
    if required and key not in data:
        raise InvalidInput(join(path, key), N_("is missing"))
    places = _texts(data, key, path)
    seen: set[str] = set()
    for number, place in enumerate(places):
        if fold(place) in seen:
            raise InvalidInput(join(join(path, key), number), N_("{place} is listed twice"),
                               place=place)
        seen.add(fold(place))
    if required and not places:
        raise InvalidInput(join(path, key), N_("needs at least two places"))
    return tuple(places)


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


def _place(board: Map, value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(where, N_("must name a place"))
    place = board.place(value)
    if place is None:
        raise InvalidInput(where, N_("unknown place {place!r}"), place=value.strip())
    return place


# --- Routes --------------------------------------------------------------------------------------


def _tracks(data: Mapping[str, Any], path: str, board: Map, rules: MapRules
            ) -> tuple[Track, ...]:
    where_all = join(path, "routes")
    routes = items(data, "routes", path)
    if not routes:
        raise InvalidInput(where_all, N_("needs at least one route"))
    longest = max(length for length, _ in rules.route_points)
    companies = {name for name, _, _ in rules.stocks.companies} if rules.stocks else set()
    tracks: list[Track] = []
    seen: dict[frozenset[str], int] = {}
    for number, raw in enumerate(routes):
        where = join(where_all, number)
        route = obj(raw, where)
        a = _place(board, route.get("from"), join(where, "from"))
        b = _place(board, route.get("to"), join(where, "to"))
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
        colors = _track_colors(route, where)
        tunnel = flag(route, "tunnel", where, default=False)
        ferries = whole_number(route, "ferries", where, default=0, minimum=0, maximum=length)
        waves = whole_number(route, "waves", where, default=0, minimum=0,
                             maximum=length - ferries)
        mountains = whole_number(route, "mountains", where, default=0, minimum=0)
        toll = whole_number(route, "toll", where, default=0, minimum=0)
        sea = flag(route, "sea", where, default=False)
        owners = tuple(_texts(route, "companies", where))
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
        colors = [_color(word, join(join(where, "colors"), i)) for i, word in enumerate(words)]
        tracks = whole_number(route, "tracks", where, default=len(colors), minimum=1, maximum=3)
        if tracks != len(colors):
            raise InvalidInput(join(where, "tracks"),
                               N_("{tracks} tracks need {tracks} colours (got {count})"),
                               tracks=tracks, count=len(colors))
        return colors
    color = _color(route.get("color", GRAY), join(where, "color"))
    tracks = whole_number(route, "tracks", where, default=1, minimum=1, maximum=3)
    return [color] * tracks


def _color(word: Any, where: str) -> str:
    color = color_of(word) if isinstance(word, str) else None
    if color is None:
        raise InvalidInput(where, N_("unknown colour {color!r}"), color=str(word))
    return color


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
            places = tuple(_place(board, name, join(join(where, "cities"), i))
                           for i, name in enumerate(names))
            if len(set(places)) != len(places):
                raise InvalidInput(join(where, "cities"), N_("a place is named twice"))
            points = whole_number(ticket, "in_order", where, minimum=1)
            connected = whole_number(ticket, "connected", where, minimum=1, maximum=points)
            failed = whole_number(ticket, "failed", where, default=-connected, maximum=0)
        else:
            places = (_place(board, ticket.get("from"), join(where, "from")),
                      _place(board, ticket.get("to"), join(where, "to")))
            if places[0] == places[1]:
                raise InvalidInput(where, N_("a ticket joins two different places"))
            points = whole_number(ticket, "points", where, minimum=1)
            connected = 0
            failed = whole_number(ticket, "failed", where, default=-points, maximum=0)
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


# --- Rules ---------------------------------------------------------------------------------------


def _rules(raw: Any, path: str, board: Map) -> MapRules:
    data = obj(raw, path)
    players = items(data, "players", path, default=[2, 5])
    if (len(players) != 2 or not all(isinstance(p, int) and not isinstance(p, bool)
                                     for p in players) or not 1 <= players[0] <= players[1]):
        raise InvalidInput(join(path, "players"),
                           N_("must be the fewest and most players, such as [2, 5]"))
    low, high = players
    points = _route_points(data, path)
    stations = whole_number(data, "stations", path, default=0, minimum=0)
    costs = tuple(_numbers(data, "station_costs", path, default=[1, 2, 3]))
    if len(costs) < stations:
        raise InvalidInput(join(path, "station_costs"),
                           N_("{stations} stations need {stations} costs (got {count})"),
                           stations=stations, count=len(costs))
    tiebreaks = tuple(_texts(data, "tiebreaks", path)) if "tiebreaks" in data else (
        ("tickets", "fewest-stations", "longest") if stations else ("tickets", "longest"))
    for number, word in enumerate(tiebreaks):
        if word not in TIEBREAKS:
            raise InvalidInput(join(join(path, "tiebreaks"), number),
                               N_("unknown tie-break {word!r}: one of {choices}"),
                               word=word, choices=", ".join(TIEBREAKS))
    last_round = text(data, "last_round", path, default=LAST_ROUNDS[0])
    if last_round not in LAST_ROUNDS:
        raise InvalidInput(join(path, "last_round"), N_("must be one of {choices}"),
                           choices=", ".join(LAST_ROUNDS))
    meeples = None
    if "meeples" in data:
        pair = _numbers(data, "meeples", path, default=[])
        if len(pair) != 2:
            raise InvalidInput(join(path, "meeples"),
                               N_("must be the points for first and second place"))
        meeples = (pair[0], pair[1])
    return MapRules(
        players=(low, high),
        trains=whole_number(data, "trains", path, default=45, minimum=1),
        end_trains=whole_number(data, "end_trains", path, default=2, minimum=0),
        last_round=last_round,
        route_points=points,
        longest_bonus=whole_number(data, "longest_bonus", path, default=10, minimum=0),
        globetrotter=whole_number(data, "globetrotter", path, default=0, minimum=0),
        double_routes_from=whole_number(data, "double_routes_from", path, default=4, minimum=0),
        tiebreaks=tiebreaks,
        stations=stations,
        station_costs=costs,
        station_bonus=whole_number(data, "station_bonus", path, default=4, minimum=0),
        tunnel_reveal=whole_number(data, "tunnel_reveal", path, default=3, minimum=1),
        mountain_points=whole_number(data, "mountain_points", path, default=2, minimum=0),
        cards=_cards(data.get("cards", {}), join(path, "cards")),
        tickets=_ticket_setup(data.get("tickets", {}), join(path, "tickets")),
        tolls=_tolls(data, path, low, high),
        stocks=_stocks(data, path),
        old_west=_old_west(data, path, board),
        depots=whole_number(data, "depots", path, default=0, minimum=0),
        depot_bonus=whole_number(data, "depot_bonus", path, default=10, minimum=0),
        team_size=whole_number(data, "team_size", path, default=0, minimum=0),
        team_trains=whole_number(data, "team_trains", path, default=27, minimum=1),
        meeples=meeples,
        merchandise=_merchandise(data, path),
        passengers=whole_number(data, "passengers", path, default=0, minimum=0),
        country_cards=_country_cards(data, path, board),
    )


def _numbers(data: Mapping[str, Any], key: str, path: str, default: list[int]) -> list[int]:
    values = items(data, key, path, default=default)
    for number, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(join(join(path, key), number),
                               N_("must be a whole number, 0 or more"))
    return list(values)


def _route_points(data: Mapping[str, Any], path: str) -> tuple[tuple[int, int], ...]:
    if "route_points" not in data:
        return ROUTE_POINTS
    where = join(path, "route_points")
    table = obj(data["route_points"], where)
    points = []
    for key in table:
        if not key.isdigit() or int(key) < 1:
            raise InvalidInput(join(where, key), N_("a route length is a whole number from 1"))
        points.append((int(key), whole_number(table, key, where, minimum=0)))
    return tuple(sorted(points))


def _cards(raw: Any, path: str) -> CardSetup:
    data = obj(raw, path)
    colors = tuple(_color(word, join(join(path, "colors"), i))
                   for i, word in enumerate(items(data, "colors", path, default=list(COLORS))))
    special = tuple(_texts(data, "special", path))
    for number, card in enumerate(special):
        if card not in SPECIAL_CARDS:
            raise InvalidInput(join(join(path, "special"), number),
                               N_("unknown card {card!r}: one of {choices}"),
                               card=card, choices=", ".join(SPECIAL_CARDS))
    return CardSetup(
        colors=colors,
        per_color=whole_number(data, "per_color", path, default=12, minimum=1),
        locomotives=whole_number(data, "locomotives", path, default=14, minimum=0),
        hand=whole_number(data, "hand", path, default=4, minimum=0),
        face_up=whole_number(data, "face_up", path, default=5, minimum=1),
        face_up_locomotives=whole_number(data, "face_up_locomotives", path, default=3,
                                         minimum=0),
        special=special,
    )


def _ticket_setup(raw: Any, path: str) -> TicketSetup:
    data = obj(raw, path)
    start = whole_number(data, "start", path, default=3, minimum=0)
    start_long = whole_number(data, "start_long", path, default=0, minimum=0)
    draw = whole_number(data, "draw", path, default=3, minimum=1)
    return TicketSetup(
        start=start,
        start_long=start_long,
        start_keep=whole_number(data, "start_keep", path, default=min(2, start + start_long),
                                minimum=0, maximum=start + start_long),
        draw=draw,
        draw_keep=whole_number(data, "draw_keep", path, default=1, minimum=1, maximum=draw),
    )


def _tolls(data: Mapping[str, Any], path: str, low: int, high: int) -> Tolls | None:
    if "tolls" not in data:
        return None
    where = join(path, "tolls")
    tolls = obj(data["tolls"], where)
    bonus = obj(tolls.get("bonus", {}), join(where, "bonus"))
    tables = []
    for players in range(low, high + 1):
        key = str(players)
        if key not in bonus:
            raise InvalidInput(join(join(where, "bonus"), key),
                               N_("the toll bonus for {players} players is missing: enter the "
                                  "values printed for that player count"), players=players)
        values = _numbers(bonus, key, join(where, "bonus"), default=[])
        if len(values) != players:
            raise InvalidInput(join(join(where, "bonus"), key),
                               N_("needs one bonus per player ({players}, got {count})"),
                               players=players, count=len(values))
        tables.append((players, tuple(values)))
    return Tolls(
        tokens=whole_number(tolls, "tokens", where, minimum=0),
        loan=-whole_number(tolls, "loan_penalty", where, minimum=0),
        bonus=tuple(tables),
    )


def _stocks(data: Mapping[str, Any], path: str) -> Stocks | None:
    if "stocks" not in data:
        return None
    where = join(path, "stocks")
    table = obj(data["stocks"], where)
    companies = []
    for name in table:
        entry = obj(table[name], join(where, name))
        payouts = _numbers(entry, "payouts", join(where, name), default=[])
        if not payouts:
            raise InvalidInput(join(join(where, name), "payouts"),
                               N_("enter the payouts printed on the shares, first place first"))
        shares = whole_number(entry, "shares", join(where, name), minimum=1)
        companies.append((name, shares, tuple(payouts)))
    if not companies:
        raise InvalidInput(where, N_("needs at least one company"))
    return Stocks(tuple(companies))


def _old_west(data: Mapping[str, Any], path: str, board: Map) -> OldWest | None:
    if "old_west" not in data:
        return None
    where = join(path, "old_west")
    table = obj(data["old_west"], where)
    return OldWest(
        alvin_start=_place(board, table.get("alvin_start"), join(where, "alvin_start")),
        capture=whole_number(table, "capture", where, default=10, minimum=0),
        final=whole_number(table, "final", where, default=10, minimum=0),
        cities=whole_number(table, "cities", where, default=3, minimum=0),
        city_cards=whole_number(table, "city_cards", where, default=2, minimum=0),
    )


def _merchandise(data: Mapping[str, Any], path: str) -> Merchandise | None:
    if "merchandise" not in data:
        return None
    where = join(path, "merchandise")
    table = obj(data["merchandise"], where)
    stacks = []
    for color in table:
        entry = obj(table[color], join(where, color))
        values = _numbers(entry, "values", join(where, color), default=[])
        if not values:
            raise InvalidInput(join(join(where, color), "values"), N_("needs the token values"))
        stacks.append((color, whole_number(entry, "stacks", join(where, color), minimum=1),
                       tuple(values)))
    return Merchandise(tuple(stacks))


def _country_cards(data: Mapping[str, Any], path: str, board: Map
                   ) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if "country_cards" not in data:
        return ()
    where = join(path, "country_cards")
    table = obj(data["country_cards"], where)
    piles = []
    for spelling in table:
        country = _place(board, spelling, join(where, spelling))
        if not board.is_country(country):
            raise InvalidInput(join(where, spelling), N_("{place} is not a neighbouring country"),
                               place=country)
        piles.append((country, tuple(_numbers(table, spelling, where, default=[]))))
    return tuple(piles)


def _check_rules_against_routes(board: Map, path: str) -> None:
    """Rules that need data on every route: refuse rather than guess."""
    rules = board.rules
    if rules.tolls is not None:
        for track in board.tracks:
            if track.toll < 1:
                raise InvalidInput(f"routes[{track.route}].toll",
                                   N_("tolls are on for this map: every route needs its toll"))
    if rules.stocks is not None and not any(track.companies for track in board.tracks):
        raise InvalidInput(join(path, "stocks"), N_("no route names a company"))
    if "ferry" not in rules.cards.special and any(track.waves for track in board.tracks):
        raise InvalidInput(join(path, "cards.special"),
                           N_("routes have wave spaces: add \"ferry\" to the special cards"))
    if any(track.sea for track in board.tracks) and "boat" not in rules.cards.special:
        raise InvalidInput(join(path, "cards.special"),
                           N_("the map has sea routes: add \"boat\" to the special cards"))
    if rules.team_size == 1:
        raise InvalidInput(join(path, "team_size"), N_("a team has two players or more"))
