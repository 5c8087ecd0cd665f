"""The `rules` table of a map file: players, trains, points, tie-breaks and each variant's data.

Every number is bounded by what a game can hold (see `mapfields`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import N_, InvalidInput
from ...table_input import flag, items, join, obj, text, whole_number
from .board import (
    COLORS,
    ROUTE_POINTS,
    Boats,
    CardSetup,
    Map,
    MapRules,
    Merchandise,
    MissingValues,
    OldWest,
    Stocks,
    TicketSetup,
    Tolls,
)  # fmt: skip
from .mapfields import (
    COUNTED_CARDS,
    LAST_ROUNDS,
    MAX_FEW,
    MAX_LENGTH,
    MAX_PIECES,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_STATIONS,
    MAX_TEAM,
    SPECIAL_CARDS,
    TIEBREAKS,
    color_field,
    numbers,
    place_field,
    texts,
)  # fmt: skip


def read_rules(raw: Any, path: str, board: Map) -> MapRules:
    """The `rules` table of a map; `board` knows its places (not yet its routes)."""
    data = obj(raw, path)
    players = items(data, "players", path, default=[2, 5])
    if (len(players) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)
            or not 1 <= players[0] <= players[1] <= MAX_PLAYERS):
        raise InvalidInput(join(path, "players"), N_("must be the fewest and most players (at "
                                                     "most {most}), such as [2, 5]"),
                           most=MAX_PLAYERS)
    low, high = players
    points = _route_points(data, path)
    stations = whole_number(data, "stations", path, default=0, minimum=0, maximum=MAX_STATIONS)
    costs = tuple(numbers(data, "station_costs", path, default=[1, 2, 3], most=MAX_FEW))
    if len(costs) < stations:
        raise InvalidInput(join(path, "station_costs"),
                           N_("{stations} stations need {stations} costs (got {count})"),
                           stations=stations, count=len(costs))
    tiebreaks = tuple(texts(data, "tiebreaks", path)) if "tiebreaks" in data else (
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
        pair = numbers(data, "meeples", path, default=[], most=MAX_POINTS)
        if len(pair) != 2:
            raise InvalidInput(join(path, "meeples"),
                               N_("must be the points for first and second place"))
        meeples = (pair[0], pair[1])
    supply = _meeple_supply(data, path)
    if supply and meeples is None:
        raise InvalidInput(join(path, "meeples"),
                           N_("the map has a meeple supply: give the points for first and "
                              "second place, such as [20, 10]"))
    trains = whole_number(data, "trains", path, default=45, minimum=1, maximum=MAX_PIECES)
    return MapRules(
        players=(low, high),
        trains=trains,
        end_trains=whole_number(data, "end_trains", path, default=2, minimum=0, maximum=trains),
        last_round=last_round,
        route_points=points,
        longest_bonus=whole_number(data, "longest_bonus", path, default=10, minimum=0,
                                   maximum=MAX_POINTS),
        globetrotter=whole_number(data, "globetrotter", path, default=0, minimum=0,
                                  maximum=MAX_POINTS),
        double_routes_from=whole_number(data, "double_routes_from", path, default=4, minimum=0,
                                        maximum=MAX_PLAYERS + 1),
        tiebreaks=tiebreaks,
        stations=stations,
        station_costs=costs,
        station_bonus=whole_number(data, "station_bonus", path, default=4, minimum=0,
                                   maximum=MAX_POINTS),
        tunnel_reveal=whole_number(data, "tunnel_reveal", path, default=3, minimum=1,
                                   maximum=MAX_FEW),
        mountain_points=whole_number(data, "mountain_points", path, default=2, minimum=0,
                                     maximum=MAX_POINTS),
        cards=_cards(data.get("cards", {}), join(path, "cards")),
        tickets=_ticket_setup(data.get("tickets", {}), join(path, "tickets")),
        tolls=_tolls(data, path, low, high),
        stocks=_stocks(data, path),
        old_west=_old_west(data, path, board),
        depots=whole_number(data, "depots", path, default=0, minimum=0, maximum=MAX_FEW),
        depot_bonus=whole_number(data, "depot_bonus", path, default=10, minimum=0,
                                 maximum=MAX_POINTS),
        team_size=whole_number(data, "team_size", path, default=0, minimum=0, maximum=MAX_TEAM),
        team_trains=whole_number(data, "team_trains", path, default=27, minimum=1,
                                 maximum=MAX_PIECES),
        meeples=meeples,
        meeple_supply=supply,
        merchandise=_merchandise(data, path, board),
        passengers=whole_number(data, "passengers", path, default=0, minimum=0, maximum=MAX_FEW),
        country_cards=_country_cards(data, path, board),
        boats=_boats(data, path),
    )


def _boats(data: Mapping[str, Any], path: str) -> Boats | None:
    """Rails & Sails' pieces and boat deck; every number is needed, none is guessed."""
    if "boats" not in data:
        return None
    where = join(path, "boats")
    table = obj(data["boats"], where)
    special = items(obj(data.get("cards", {}), join(path, "cards")), "special",
                    join(path, "cards"), default=[])
    if "boat" not in special:
        raise InvalidInput(where, N_("boats need \"boat\" in the special cards"))
    numbers = {key: whole_number(table, key, where, minimum=0, maximum=MAX_PIECES)
               for key in ("pieces", "box_wagons", "box_boats", "per_color",
                           "doubles_per_color")}
    return Boats(hand=whole_number(table, "hand", where, minimum=0, maximum=MAX_FEW), **numbers)


def _route_points(data: Mapping[str, Any], path: str) -> tuple[tuple[int, int], ...]:
    if "route_points" not in data:
        return ROUTE_POINTS
    where = join(path, "route_points")
    table = obj(data["route_points"], where)
    points = []
    for key in table:
        if not key.isdigit() or not 1 <= int(key) <= MAX_LENGTH:
            raise InvalidInput(join(where, key), N_("a route length is a whole number from 1 to "
                                                    "{most}"), most=MAX_LENGTH)
        points.append((int(key), whole_number(table, key, where, minimum=0, maximum=MAX_POINTS)))
    if not points:
        raise InvalidInput(where, N_("needs the points of each route length"))
    return tuple(sorted(points))


def _cards(raw: Any, path: str) -> CardSetup:
    data = obj(raw, path)
    colors = tuple(color_field(word, join(join(path, "colors"), i))
                   for i, word in enumerate(items(data, "colors", path, default=list(COLORS))))
    special = tuple(texts(data, "special", path))
    for number, card in enumerate(special):
        if card not in SPECIAL_CARDS:
            raise InvalidInput(join(join(path, "special"), number),
                               N_("unknown card {card!r}: one of {choices}"),
                               card=card, choices=", ".join(SPECIAL_CARDS))
    return CardSetup(
        colors=colors,
        per_color=whole_number(data, "per_color", path, default=12, minimum=1, maximum=MAX_PIECES),
        locomotives=whole_number(data, "locomotives", path, default=14, minimum=0,
                                 maximum=MAX_PIECES),
        hand=whole_number(data, "hand", path, default=4, minimum=0, maximum=MAX_FEW),
        face_up=whole_number(data, "face_up", path, default=5, minimum=1, maximum=MAX_FEW),
        face_up_locomotives=whole_number(data, "face_up_locomotives", path, default=3,
                                         minimum=0, maximum=MAX_FEW),
        special=special,
        copies=_copies(data, path, special),
    )


def _copies(data: Mapping[str, Any], path: str, special: tuple[str, ...]
            ) -> tuple[tuple[str, int], ...]:
    """How many of each special card: a card switched on without its number is refused."""
    where = join(path, "copies")
    table = obj(data.get("copies", {}), where)
    for card in table:
        if card not in COUNTED_CARDS or card not in special:
            raise InvalidInput(join(where, card), N_("{card!r} is not one of the special cards "
                                                     "in play: {choices}"),
                               card=card, choices=", ".join(c for c in special
                                                            if c in COUNTED_CARDS) or "-")
    counts = []
    for card in special:
        if card not in COUNTED_CARDS:
            continue
        if card not in table:
            raise InvalidInput(join(where, card), N_("{card!r} is in play: give how many of "
                                                     "these cards the game has"), card=card)
        counts.append((card, whole_number(table, card, where, minimum=1, maximum=MAX_PIECES)))
    return tuple(counts)


def _ticket_setup(raw: Any, path: str) -> TicketSetup:
    data = obj(raw, path)
    start = whole_number(data, "start", path, default=3, minimum=0, maximum=MAX_FEW)
    start_long = whole_number(data, "start_long", path, default=0, minimum=0, maximum=MAX_FEW)
    draw = whole_number(data, "draw", path, default=3, minimum=1, maximum=MAX_FEW)
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
    unknown = []
    for players in range(low, high + 1):
        key = str(players)
        if key not in bonus:
            unknown.append(players)
            continue
        values = numbers(bonus, key, join(where, "bonus"), default=[], most=MAX_POINTS)
        if len(values) != players:
            raise InvalidInput(join(join(where, "bonus"), key),
                               N_("needs one bonus per player ({players}, got {count})"),
                               players=players, count=len(values))
        tables.append((players, tuple(values)))
    return Tolls(
        tokens=whole_number(tolls, "tokens", where, minimum=0, maximum=MAX_PIECES),
        loan=-whole_number(tolls, "loan_penalty", where, minimum=0, maximum=MAX_POINTS),
        bonus=tuple(tables),
        unknown_bonus=tuple(unknown),
    )


def _stocks(data: Mapping[str, Any], path: str) -> Stocks | None:
    if "stocks" not in data:
        return None
    companies = _numbered_rows(data["stocks"], join(path, "stocks"), "payouts", "shares",
                               N_("enter the payouts printed on the shares, first place first"))
    if not companies:
        raise InvalidInput(join(path, "stocks"), N_("needs at least one company"))
    return Stocks(companies)


def _numbered_rows(raw: Any, where: str, values_key: str, count_key: str, no_values: str
                   ) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """A table of named rows, each a list of values and a count of pieces: (name, count,
    values) in the file's order; a row without values is refused with `no_values`."""
    table = obj(raw, where)
    rows = []
    for name in table:
        entry = obj(table[name], join(where, name))
        values = numbers(entry, values_key, join(where, name), default=[], most=MAX_POINTS)
        if not values:
            raise InvalidInput(join(join(where, name), values_key), no_values)
        count = whole_number(entry, count_key, join(where, name), minimum=1, maximum=MAX_PIECES)
        rows.append((name, count, tuple(values)))
    return tuple(rows)


def _old_west(data: Mapping[str, Any], path: str, board: Map) -> OldWest | None:
    if "old_west" not in data:
        return None
    where = join(path, "old_west")
    table = obj(data["old_west"], where)
    return OldWest(
        alvin_start=place_field(board, table.get("alvin_start"), join(where, "alvin_start")),
        capture=whole_number(table, "capture", where, default=10, minimum=0, maximum=MAX_POINTS),
        final=whole_number(table, "final", where, default=10, minimum=0, maximum=MAX_POINTS),
        cities=whole_number(table, "cities", where, default=3, minimum=0, maximum=MAX_FEW),
        city_cards=whole_number(table, "city_cards", where, default=2, minimum=0, maximum=MAX_FEW),
        start_cities=flag(table, "start_cities", where, default=True),
    )


def _meeple_supply(data: Mapping[str, Any], path: str) -> tuple[tuple[str, int], ...]:
    """Germany: the passenger meeples of each colour in the game."""
    if "meeple_supply" not in data:
        return ()
    where = join(path, "meeple_supply")
    table = obj(data["meeple_supply"], where)
    supply: dict[str, int] = {}
    for word in table:
        color = color_field(word, join(where, word))
        if color in supply:
            raise InvalidInput(join(where, word), N_("{color} is given twice"), color=word)
        supply[color] = whole_number(table, word, where, minimum=1, maximum=MAX_PIECES)
    if not supply:
        raise InvalidInput(where, N_("needs the number of meeples of each colour"))
    return tuple(supply.items())


def _merchandise(data: Mapping[str, Any], path: str, board: Map) -> Merchandise | None:
    if "merchandise" not in data:
        return None
    where = join(path, "merchandise")
    rows = _numbered_rows(data["merchandise"], where, "values", "stacks",
                          N_("needs the token values"))
    # One stack on each city of its colour: the board needs every colour's cities.
    cities, seen = [], set()
    table = obj(data["merchandise"], where)
    for color, stacks, _ in rows:
        row_path = join(where, color)
        row = obj(table[color], row_path)
        if "cities" not in row:
            raise InvalidInput(join(row_path, "cities"),
                               N_("is missing: name the {count} cities of this colour"),
                               count=stacks)
        named = tuple(place_field(board, value, join(join(row_path, "cities"), number))
                      for number, value in enumerate(items(row, "cities", row_path)))
        if len(named) != stacks:
            raise InvalidInput(join(row_path, "cities"),
                               N_("{stacks} stacks need {stacks} cities (got {count})"),
                               stacks=stacks, count=len(named))
        for number, city in enumerate(named):
            if board.is_country(city):
                raise InvalidInput(join(join(row_path, "cities"), number),
                                   N_("{place} is a neighbouring country, not a city"),
                                   place=city)
            if city in seen:
                raise InvalidInput(join(join(row_path, "cities"), number),
                                   N_("{place} already has a stack: one stack per city"),
                                   place=city)
            seen.add(city)
        cities.append((color, named))
    return Merchandise(rows, tuple(cities))


def _country_cards(data: Mapping[str, Any], path: str, board: Map
                   ) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if "country_cards" not in data:
        return ()
    where = join(path, "country_cards")
    table = obj(data["country_cards"], where)
    piles = []
    for spelling in table:
        country = place_field(board, spelling, join(where, spelling))
        if not board.is_country(country):
            raise InvalidInput(join(where, spelling), N_("{place} is not a neighbouring country"),
                               place=country)
        piles.append((country, tuple(numbers(table, spelling, where, default=[],
                                                most=MAX_POINTS))))
    return tuple(piles)


def missing_values(board: Map, path: str) -> tuple[MissingValues, ...]:
    """The values the map's rules need and its file does not give: the tolls of the
    Netherlands are printed on the board, and no public source lists them.

    The companion never guesses them: the rule stays off until they are entered.
    """
    tolls = board.rules.tolls
    if tolls is None:
        return ()
    routes = sorted({track.route for track in board.tracks if track.toll < 1})
    fields = tuple(f"routes[{route}].toll" for route in routes) + tuple(
        join(path, f"tolls.bonus.{players}") for players in tolls.unknown_bonus)
    count = len(routes) + sum(tolls.unknown_bonus)
    return (MissingValues("tolls", fields, count),) if fields else ()


def check_rules_against_routes(board: Map, path: str) -> None:
    """Rules that need data on every route: refuse rather than guess."""
    rules = board.rules
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
