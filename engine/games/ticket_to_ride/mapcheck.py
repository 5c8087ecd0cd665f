"""Whether a map read from its file can be played: every route within a player's pieces,
every ticket's places reached by a route, one network, and tickets enough for the deal.

Where it runs: `map_from_toml`, the reading of a map file, which every game on a map goes
through before it starts: the shipped maps, and the companion's map files (`--map`, the
demo, the desktop, the maps folder the lobby offers). It does not run in `parse_map`, which
also reads the map data that a game keeps with its options in the journal and the inline
maps of `companion tally`: a table already played is scored and replayed on its map as it was
recorded, and a tally's inline map may hold only the part of a board the table used. None of
these faults stops a count (a ticket nobody can complete only loses its points), so the tally
takes such a map as it is.

Each complaint is one InvalidInput naming the field, the first found in this order: a route
longer than a player's pieces, a ticket naming a place no route reaches, a place cut off from
the rest of the map, too few tickets for the map's largest table.

>>> from .mapfile import parse_map
>>> board = parse_map({"name": "Tiny", "routes": [{"from": "A", "to": "B", "length": 2}],
...                    "tickets": [{"from": "A", "to": "B", "points": 2}] * 6,
...                    "rules": {"players": [2, 3]}})
>>> try:
...     check_map(board)
... except InvalidInput as error:
...     print(error.field, error.params)
tickets {'count': 6, 'each': 3, 'most': 2, 'players': '3'}
"""

from __future__ import annotations

from ...errors import N_, InvalidInput
from .board import Map, Track
from .live_teams import table_sizes


def check_map(board: Map) -> None:
    """Refuse a map that cannot be played, naming the first fault found (see above)."""
    check_route_lengths(board)
    check_ticket_places(board)
    check_network(board)
    check_deal(board)


def check_route_lengths(board: Map) -> None:
    """Each route takes no more pieces than a player can ever have of its kind: trains (each
    team member's `team_trains` in teams) with its mountains on land, boats at sea. With
    boats, a player may exchange pieces with the box: that many more of either kind."""
    rules = board.rules
    trains = rules.team_trains if rules.team_size else rules.trains
    trains_key = "rules.team_trains" if rules.team_size else "rules.trains"
    boats = rules.boats if "boat" in rules.cards.special else None
    for track in board.tracks:
        if not track.sea:
            most = trains + (min(boats.pieces, boats.box_wagons) if boats else 0)
            _check_pieces(track, track.length + track.mountains, most, trains_key,
                          N_("takes {needed} trains, more than the {most} a player can have: "
                             "shorten it or raise {key}"))
        elif boats is not None:  # without its boats the map is left to the tally
            _check_pieces(track, track.length, boats.pieces + min(trains, boats.box_boats),
                          "rules.boats.pieces",
                          N_("takes {needed} boats, more than the {most} a player can have: "
                             "shorten it or raise {key}"))


def _check_pieces(track: Track, needed: int, most: int, key: str, message: str) -> None:
    if needed > most:
        raise InvalidInput(f"routes[{track.route}]", message, needed=needed, most=most, key=key)


def check_ticket_places(board: Map) -> None:
    """Every place a ticket names has a route."""
    for number, ticket in enumerate(board.tickets):
        for place in ticket.places:
            if not board.tracks_at(place):
                raise InvalidInput(f"tickets[{number}]", N_("no route reaches {place}: add a "
                                                            "route to it or change the ticket"),
                                   place=place)


def check_network(board: Map) -> None:
    """The places make one network: the largest part reaches every place. A neighbouring
    country is a dead end (a network does not go on through it)."""
    places = board.cities + board.countries
    parts: list[set[str]] = []
    for start in board.cities:
        if not any(start in part for part in parts):
            parts.append(_reached(board, start))
    main = max(parts, key=len) if parts else set()
    cut_off = [place for place in places if place not in main]
    if cut_off:
        raise InvalidInput("routes", N_("{place} is cut off from the rest of the map (places "
                                        "cut off: {count}): join it with a route"),
                           place=cut_off[0], count=len(cut_off))


def _reached(board: Map, start: str) -> set[str]:
    """The places reached from the city `start`, never going on through a country."""
    reached, todo = {start}, [start]
    while todo:
        place = todo.pop()
        for track in board.tracks_at(place):
            other = track.other_end(place)
            if other not in reached:
                reached.add(other)
                if not board.is_country(other):
                    todo.append(other)
    return reached


def check_deal(board: Map) -> None:
    """Each player at the map's largest table is dealt their starting tickets: the regular
    ones from the regular pile, the long ones from the long pile. In teams every player is
    dealt (the first ticket each keeps goes to the team's holder): the table counts people."""
    setup = board.rules.tickets
    regular = sum(1 for ticket in board.tickets if not ticket.long)
    _check_pile(board, regular, setup.start,
                N_("too few tickets to deal {each} to one player (the map has {count}): add "
                   "tickets"),
                N_("{count} tickets deal {each} each to {most} players at most, not "
                   "{players}: add tickets or lower rules.players"))
    _check_pile(board, len(board.tickets) - regular, setup.start_long,
                N_("too few long tickets to deal {each} to one player (the map has {count}): "
                   "add long tickets"),
                N_("{count} long tickets deal {each} each to {most} players at most, not "
                   "{players}: add long tickets or lower rules.players"))


def _check_pile(board: Map, count: int, each: int, none: str, fewer: str) -> None:
    """`count` tickets deal `each` to every player of the map's tables, else `none` (not one
    player) or `fewer` (the table sizes refused) is the complaint."""
    sizes = table_sizes(board.rules)
    refused = [size for size in sizes if size * each > count]
    if not refused:
        return
    most = count // each
    raise InvalidInput("tickets", fewer if most else none, count=count, each=each, most=most,
                       players=_counts(refused, sizes.step))


def _counts(sizes: list[int], step: int) -> str:
    """Table sizes as a reader writes them: 5, 5-6 (consecutive), or 4, 6 (whole teams)."""
    if step == 1 and len(sizes) > 1:
        return f"{sizes[0]}-{sizes[-1]}"
    return ", ".join(str(size) for size in sizes)
