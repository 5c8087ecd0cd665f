"""A Ticket to Ride map as data: places, routes and their tracks, tickets, and the map's rules.

Maps are read from files (see `mapfile`); nothing here knows a particular map.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from .names import NameIndex

#: The eight colours of train cards and routes; a gray route takes any one colour.
COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black", "white", "orange", "pink")
GRAY = "gray"
LOCOMOTIVE = "locomotive"

#: How far a printed board's data was checked: two sources or the board's art agree; one
#: source only; one source with known doubts.
STANDINGS: tuple[str, ...] = ("verified", "single-source", "draft")

#: Route points by length (the rulebook's table).
ROUTE_POINTS: tuple[tuple[int, int], ...] = (
    (1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15), (7, 18), (8, 21), (9, 27),
)  # fmt: skip


#: What tells separate routes between the same two places apart (the colour tells tracks of
#: one route apart), in the order the tally names them.
ROUTE_KEYS: tuple[str, ...] = ("length", "tunnel", "ferries", "sea", "arrow")
#: Tracks of one route: three at most, four on a route to a neighbouring country (Poland).
MAX_TRACKS = 3
MAX_COUNTRY_TRACKS = 4


@dataclass(frozen=True)
class Track:
    """One track: a single route has one, a double route two, a triple route three (a route to
    a country up to four)."""

    id: str
    route: int
    ends: tuple[str, str]
    length: int
    color: str
    #: 1 to 4 on a route of several tracks; 0 on a single route.
    number: int = 0
    tunnel: bool = False
    #: Locomotive symbols on a ferry: that many locomotives are needed.
    ferries: int = 0
    #: Spaces with a wave symbol (Italy): a locomotive or a ferry card covers them.
    waves: int = 0
    #: Mountain crosses (Legendary Asia): one extra train each, 2 points each.
    mountains: int = 0
    #: Toll tokens to pay (Netherlands).
    toll: int = 0
    #: Companies whose shares a player may take on claiming it (Pennsylvania).
    companies: tuple[str, ...] = ()
    #: A sea route, paid with boat cards (Rails & Sails).
    sea: bool = False
    #: The border arrow a route to a country leads to, when that tells it apart from another
    #: route between the same two places (Switzerland); "" for none.
    arrow: str = ""

    def other_end(self, place: str) -> str:
        return self.ends[1] if place == self.ends[0] else self.ends[0]


@dataclass(frozen=True)
class Ticket:
    """A destination ticket (two places), an itinerary (three places or more, in order), or a
    ticket to one of several destinations (Switzerland: `choices`)."""

    id: str
    #: The places printed: a ticket to one of several destinations has its origin first.
    places: tuple[str, ...]
    #: Points when completed (an itinerary: when travelled in the order printed; one of
    #: several destinations: the most a destination gives).
    points: int
    #: An itinerary whose places are all connected, but not in order.
    connected: int = 0
    #: Points when not completed (negative; one of several destinations: minus the least).
    failed: int = 0
    long: bool = False
    #: One of several destinations: each destination and its points, in the order printed.
    choices: tuple[tuple[str, int], ...] = ()

    @property
    def itinerary(self) -> bool:
        return len(self.places) > 2 and not self.choices

    @property
    def any_of(self) -> bool:
        """A ticket to one of several destinations: only the best one connected scores."""
        return bool(self.choices)


@dataclass(frozen=True)
class CardSetup:
    """A map's train cards: colours, counts, hand and face-up display, special cards."""

    colors: tuple[str, ...] = COLORS
    per_color: int = 12
    locomotives: int = 14
    hand: int = 4
    face_up: int = 5
    #: This many locomotives face up at once: the face-up cards are replaced.
    face_up_locomotives: int = 3
    #: Special cards in play on this map: "locomotive+4", "joker", "boat", "ferry", "passenger".
    special: tuple[str, ...] = ()
    #: How many cards of each special card the game has: (card, count).
    copies: tuple[tuple[str, int], ...] = ()

    def copies_of(self, card: str) -> int:
        """Cards of a special card in the game: 0 when it is not in play."""
        return dict(self.copies).get(card, 0) if card in self.special else 0


@dataclass(frozen=True)
class TicketSetup:
    """How many tickets are dealt and drawn on a map, and how many kept."""

    #: Regular tickets dealt at the start, long tickets dealt beside them, and the least kept.
    start: int = 3
    start_long: int = 0
    start_keep: int = 2
    #: Tickets drawn in a turn, and the least kept.
    draw: int = 3
    draw_keep: int = 1


@dataclass(frozen=True)
class MissingValues:
    """Values a rule of a map needs that no source gave: the rule stays off until they are
    entered. `fields` name them as the map file would ("routes[3].toll")."""

    rule: str
    fields: tuple[str, ...]
    #: How many numbers they are (a bonus table holds one per player).
    count: int


@dataclass(frozen=True)
class Tolls:
    """Netherlands: toll tokens, loans and the end bonus by rank of tokens left."""

    tokens: int
    loan: int
    #: Per player count, the bonus of the 1st, 2nd, ... player by tokens left.
    bonus: tuple[tuple[int, tuple[int, ...]], ...]
    #: Player counts whose bonus the map does not give (the rule is then off).
    unknown_bonus: tuple[int, ...] = ()

    def bonus_for(self, players: int) -> tuple[int, ...]:
        return dict(self.bonus)[players]


@dataclass(frozen=True)
class Stocks:
    """Pennsylvania: per company, its number of shares and the payouts by rank."""

    companies: tuple[tuple[str, int, tuple[int, ...]], ...]

    def payouts(self, company: str) -> tuple[int, ...]:
        return {name: pay for name, _, pay in self.companies}[company]

    def shares(self, company: str) -> int:
        return {name: count for name, count, _ in self.companies}[company]


@dataclass(frozen=True)
class OldWest:
    """Old West: Alvin (capture and final points, start city) and the players' cities."""

    alvin_start: str
    capture: int = 10
    final: int = 10
    cities: int = 3
    city_cards: int = 2
    #: Each player's first claim places a Cité on their starting city, one of its ends.
    start_cities: bool = True


@dataclass(frozen=True)
class Merchandise:
    """Märklin merchandise tokens: per colour, the number of stacks and each stack's values
    (the most valuable on top), and the cities of that colour, one stack on each."""

    stacks: tuple[tuple[str, int, tuple[int, ...]], ...]
    #: Per colour, its cities.
    cities: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def laid_out(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each coloured city's stack at the start, most valuable token first."""
        values = {color: tuple(sorted(row, reverse=True)) for color, _, row in self.stacks}
        return tuple((city, values[color]) for color, cities in self.cities for city in cities)


@dataclass(frozen=True)
class Boats:
    """Rails & Sails: each player's boats (their wagons are `MapRules.trains`), the pieces of
    each kind each player keeps in the box for exchanges, and the boat cards: how many are
    dealt to each player, how many single and double boat cards of each colour."""

    pieces: int
    box_wagons: int
    box_boats: int
    hand: int
    per_color: int
    doubles_per_color: int


@dataclass(frozen=True)
class MapRules:
    """The rules switched on for a map, with their numbers; defaults are the USA's."""

    players: tuple[int, int] = (2, 5)
    trains: int = 45
    #: The last round starts when a player ends a turn with this many trains or fewer.
    end_trains: int = 2
    #: "one-more-turn-each" (every player, the one who triggered included) or "two-more-turns".
    last_round: str = "one-more-turn-each"
    route_points: tuple[tuple[int, int], ...] = ROUTE_POINTS
    #: Longest continuous route (European Express); 0: no such bonus.
    longest_bonus: int = 10
    #: Most completed tickets (Globetrotter); 0: no such bonus.
    globetrotter: int = 0
    #: Below this many players only one track of a double or triple route may be used; 0: never.
    double_routes_from: int = 4
    #: After the total: "tickets" (most completed), "fewest-stations", "longest".
    tiebreaks: tuple[str, ...] = ("tickets", "longest")
    stations: int = 0
    station_costs: tuple[int, ...] = (1, 2, 3)
    station_bonus: int = 4
    tunnel_reveal: int = 3
    mountain_points: int = 2
    cards: CardSetup = field(default_factory=CardSetup)
    tickets: TicketSetup = field(default_factory=TicketSetup)
    tolls: Tolls | None = None
    stocks: Stocks | None = None
    old_west: OldWest | None = None
    #: Europe 1912: depots per player, and the bonus for most depots left (ties all score).
    depots: int = 0
    depot_bonus: int = 10
    #: Team play (Asia): players per team and trains per player.
    team_size: int = 0
    team_trains: int = 27
    #: Germany: passenger meeples, points per colour for first and second place.
    meeples: tuple[int, int] | None = None
    #: Germany at the table: passenger meeples in the game, by colour (colour, count).
    meeple_supply: tuple[tuple[str, int], ...] = ()
    merchandise: Merchandise | None = None
    #: Märklin passengers per player.
    passengers: int = 0
    #: Poland: per country, the values of its pile of cards, top first.
    country_cards: tuple[tuple[str, tuple[int, ...]], ...] = ()
    #: Rails & Sails: boat pieces and the boat deck (None: no boats, or not given).
    boats: Boats | None = None

    def points_for(self, length: int) -> int:
        return dict(self.route_points)[length]

    def mountains_on(self, board: Map) -> bool:
        """Whether the map has mountain crosses (a "mountains" category in the score)."""
        return any(track.mountains for track in board.tracks)


@dataclass(frozen=True)
class Map:
    """A whole map; look places, tracks and tickets up by any accepted spelling."""

    name: str
    title: str
    cities: tuple[str, ...]
    countries: tuple[str, ...]
    tracks: tuple[Track, ...]
    tickets: tuple[Ticket, ...]
    rules: MapRules = field(default_factory=MapRules)
    #: Other spellings of places: (spelling, place).
    aliases: tuple[tuple[str, str], ...] = ()
    #: Other names of the map itself.
    other_names: tuple[str, ...] = ()
    #: How far a printed board's data was checked: one of STANDINGS, or "" (a map file).
    standing: str = ""
    #: Rules switched off because values they need are missing.
    missing: tuple[MissingValues, ...] = ()

    @cached_property
    def _places(self) -> NameIndex:
        return NameIndex(self.cities + self.countries, dict(self.aliases))

    @cached_property
    def _tracks_by_id(self) -> dict[str, Track]:
        return {track.id: track for track in self.tracks}

    @cached_property
    def _tickets_by_id(self) -> dict[str, Ticket]:
        return {ticket.id: ticket for ticket in self.tickets}

    @cached_property
    def _between(self) -> dict[frozenset[str], tuple[Track, ...]]:
        found: dict[frozenset[str], list[Track]] = {}
        for track in self.tracks:
            found.setdefault(frozenset(track.ends), []).append(track)
        return {ends: tuple(tracks) for ends, tracks in found.items()}

    @cached_property
    def _at(self) -> dict[str, tuple[Track, ...]]:
        found: dict[str, list[Track]] = {place: [] for place in self.cities + self.countries}
        for track in self.tracks:
            for end in set(track.ends):
                found[end].append(track)
        return {place: tuple(tracks) for place, tracks in found.items()}

    @cached_property
    def route_tracks(self) -> tuple[tuple[Track, ...], ...]:
        """The tracks of each route, by route number."""
        return routes_of(self.tracks)

    def place(self, spelling: str) -> str | None:
        """The place's name on this map, from any accepted spelling, or None."""
        return self._places.find(spelling)

    def is_country(self, place: str) -> bool:
        return place in self.countries

    def track(self, track_id: str) -> Track:
        return self._tracks_by_id[track_id]

    def has_track(self, track_id: str) -> bool:
        return track_id in self._tracks_by_id

    def ticket(self, ticket_id: str) -> Ticket:
        return self._tickets_by_id[ticket_id]

    def has_ticket(self, ticket_id: str) -> bool:
        return ticket_id in self._tickets_by_id

    def tracks_between(self, a: str, b: str) -> tuple[Track, ...]:
        """Every track between two places: of one route, or of separate routes."""
        return self._between.get(frozenset((a, b)), ())

    def routes_between(self, a: str, b: str) -> tuple[tuple[Track, ...], ...]:
        """The tracks of each separate route between two places, by route number."""
        return routes_of(self.tracks_between(a, b))

    def tracks_at(self, place: str) -> tuple[Track, ...]:
        return self._at.get(place, ())

    def tickets_between(self, a: str, b: str) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if len(t.places) == 2 and {a, b} == set(t.places))


def routes_of(tracks: Iterable[Track]) -> tuple[tuple[Track, ...], ...]:
    """`tracks` grouped by their route, by route number."""
    found: dict[int, list[Track]] = {}
    for track in tracks:
        found.setdefault(track.route, []).append(track)
    return tuple(tuple(found[number]) for number in sorted(found))


def route_key(track: Track) -> tuple[object, ...]:
    """What its route is told apart by from another route between the same places."""
    return tuple(getattr(track, key) for key in ROUTE_KEYS)


def differences(tracks: Iterable[Track]) -> tuple[str, ...]:
    """The keys of `ROUTE_KEYS` whose values are not the same on every one of `tracks`."""
    keys = [route_key(track) for track in tracks]
    return tuple(key for number, key in enumerate(ROUTE_KEYS)
                 if len({values[number] for values in keys}) > 1)
