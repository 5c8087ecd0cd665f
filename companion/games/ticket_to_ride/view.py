"""What the Ticket to Ride table is entering (its UI state) and what one input reads of the
game (the view: the lists a player chooses from, the final count), worked out once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, Literal

from companion.games.ticket_to_ride.words import city_letter
from engine.game import TallyResult
from engine.games.ticket_to_ride.board import COLORS, LOCOMOTIVE, Track
from engine.games.ticket_to_ride.claiming import claim_problem
from engine.games.ticket_to_ride.live_boats import can_exchange
from engine.games.ticket_to_ride.live_depots import depots_left, free_cities, must_store
from engine.games.ticket_to_ride.live_passengers import movable
from engine.games.ticket_to_ride.names import fold
from engine.games.ticket_to_ride.passing import can_act
from engine.games.ticket_to_ride.rules import result
from engine.games.ticket_to_ride.special_cards import face_up_limits
from engine.games.ticket_to_ride.state import TicketToRideState
from engine.games.ticket_to_ride.station_builds import station_cost

if TYPE_CHECKING:
    from engine.games.ticket_to_ride.scoring import PlayerCount


class Mode(Enum):
    MAIN = "main"
    MENU = "menu"
    #: A locomotive taken first: face up or from the deck?
    SOURCE = "source"
    LETTER = "letter"
    CITY = "city"
    TRACK = "track"
    #: The cards paid for the chosen route or station.
    PAY = "pay"
    #: "Three locomotives face up?"
    FACE_UP = "face-up"
    GIVE_UP = "give-up"
    LAST_ROUND = "last-round"
    #: What a claim takes once paid: a share's company, a meeple at each end.
    COMPANY = "company"
    MEEPLE = "meeple"
    #: Old West: the starting city, a Cité (and its cards), where Alvin goes.
    START_CITY = "start-city"
    CITE = "cite"
    CITE_PAY = "cite-pay"
    ALVIN = "alvin"
    #: Europe 1912: whose warehouse gets the deck's top card.
    STORE = "store"
    #: Märklin: the passenger to move, then its trip city by city.
    RIDER = "rider"
    TRIP = "trip"
    #: Märklin: the passenger cards tapped for a trip's opponent routes.
    TRIP_PAY = "trip-pay"
    #: Rails & Sails: the pieces exchanged with the box.
    EXCHANGE = "exchange"
    #: Team play: which cards of a payment came from the team's holder.
    HOLDER = "holder"
    # Derived from the game itself, never stored:
    #: Europe 1912: a player places a first depot.
    FIRST_DEPOT = "first-depot"
    #: Europe 1912: after a claim, take a warehouse or not.
    TAKE_WAREHOUSE = "take-warehouse"
    SETUP = "setup"
    TICKETS = "tickets"
    SECOND = "second"
    RESHUFFLE = "reshuffle"
    REVEAL = "reveal"
    TUNNEL_PAY = "tunnel-pay"
    FINAL = "final"
    #: Märklin: "Place a passenger?" after a claim.
    PLACE = "place"


#: Modes the flow keeps between inputs (the others follow from the game).
STORED = (Mode.MAIN, Mode.MENU, Mode.SOURCE, Mode.LETTER, Mode.CITY, Mode.TRACK, Mode.PAY,
          Mode.FACE_UP, Mode.GIVE_UP, Mode.LAST_ROUND, Mode.COMPANY, Mode.MEEPLE,
          Mode.START_CITY, Mode.CITE, Mode.CITE_PAY, Mode.ALVIN, Mode.STORE, Mode.RIDER,
          Mode.TRIP, Mode.TRIP_PAY, Mode.EXCHANGE, Mode.HOLDER)
#: The steps of choosing a route (a station skips the track).
ROUTE_STEPS = (Mode.LETTER, Mode.CITY, Mode.TRACK, Mode.PAY)
#: The choices of a claim, once paid.
CHOICE_STEPS = (Mode.COMPANY, Mode.MEEPLE, Mode.START_CITY, Mode.CITE, Mode.CITE_PAY,
                Mode.HOLDER, Mode.ALVIN)


class Action(Enum):
    """The menu of a player's turn."""

    CLAIM = "claim"
    TICKETS = "tickets"
    STATION = "station"
    #: Europe 1912: the deck's top card into a warehouse, before drawing.
    STORE = "store"
    #: Europe 1912: a depot placed, free.
    DEPOT = "depot"
    MOVE = "move"
    #: Rails & Sails: wagons for boats or back, the whole turn.
    EXCHANGE = "exchange"
    FACE_UP = "face-up"
    PASS = "pass"


#: What a city is chosen for.
Purpose = Literal["claim", "station", "depot"]
CLAIM: Purpose = "claim"
STATION: Purpose = "station"
DEPOT: Purpose = "depot"
#: The train cards, for the cards turned over for a tunnel entered with the buttons.
TRAIN_CARDS = (*COLORS, LOCOMOTIVE)


@dataclass(frozen=True)
class Pick:
    """One card of the entry in progress: a train card ("red", "locomotive") or a ticket id."""

    card: str
    uid: str


@dataclass(frozen=True)
class TicketToRideUI:
    """The move being entered: kept in the draft across a power cut."""

    mode: Mode = Mode.MAIN
    purpose: Purpose = CLAIM
    letter: str | None = None
    city: str | None = None
    track: str | None = None
    choice: int = 0
    picks: tuple[Pick, ...] = ()
    #: The locomotive waiting for its answer in SOURCE.
    pending: Pick | None = None
    #: Where "3 locos face up?" returns.
    back_to: Mode = Mode.MAIN
    page: int = 0
    #: The claim's choices so far: the share's company, the meeple at each end.
    company: str = ""
    meeples: tuple[str, ...] = ()
    start: str = ""
    cite: str = ""
    #: Whether the Cité question is answered (a city and its cards, or none).
    cite_done: bool = False
    cite_picks: tuple[Pick, ...] = ()
    #: Märklin: the cities a passenger has travelled through so far (from `city`).
    stops: tuple[str, ...] = ()
    #: Team play: the payment HOLDER asks about (PAY: a claim or a station; TUNNEL_PAY), and
    #: the claim's cards from the team's holder once answered (None: not asked, or no team).
    paying: Mode = Mode.PAY
    shared: tuple[str, ...] | None = None
    holder_done: bool = False

    def entering(self, mode: Mode) -> TicketToRideUI:
        """The UI on entering `mode`: no card picked, nothing chosen."""
        return replace(self, mode=mode, picks=(), choice=0, pending=None, letter=None,
                       city=None, track=None, company="", meeples=(), start="", cite="",
                       cite_done=False, cite_picks=(), stops=(), paying=Mode.PAY,
                       shared=None, holder_done=False)

    def picking(self, pick: Pick) -> TicketToRideUI:
        return replace(self, picks=(*self.picks, pick))

    def unpicking(self) -> TicketToRideUI:
        """The last card picked taken back."""
        return replace(self, picks=self.picks[:-1])

    def fits(self) -> bool:
        return self.mode in STORED and self.back_to in STORED

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(pick.card for pick in self.picks)

    @property
    def uids(self) -> tuple[str, ...]:
        return tuple(pick.uid for pick in self.picks + self.cite_picks)


class TurnView:
    """What the screen and the buttons read of one state: each part is worked out the first
    time it is asked for, once per state (a screen and a press read the same lists)."""

    def __init__(self, state: TicketToRideState) -> None:
        self.state = state

    @cached_property
    def claimable(self) -> dict[str, list[Track]]:
        """The tracks the current player may claim, by city: one per kind of track (separate
        routes to the same place are separate kinds, in the order of the map)."""
        state = self.state
        found: dict[str, list[Track]] = {}
        for city in state.board.cities:
            seen: set[tuple[Any, ...]] = set()
            tracks = []
            for track in state.board.tracks_at(city):
                kind = track_kind(track, city)
                if kind in seen or claim_problem(state, track) is not None:
                    continue
                seen.add(kind)
                tracks.append(track)
            if tracks:
                found[city] = sorted(tracks, key=lambda t: (folded(t.other_end(city)), t.route,
                                                            t.color))
        return found

    @cached_property
    def claim_index(self) -> dict[str, list[str]]:
        """The cities with a route the player may claim, by letter."""
        return _by_letter(list(self.claimable))

    @cached_property
    def station_index(self) -> dict[str, list[str]]:
        """The cities without a station (or a depot), by letter."""
        return _by_letter(free_cities(self.state))

    def index(self, purpose: Purpose) -> dict[str, list[str]]:
        return self.claim_index if purpose == CLAIM else self.station_index

    def letters(self, purpose: Purpose) -> list[str]:
        return list(self.index(purpose))

    def cities(self, purpose: Purpose, letter: str) -> list[str]:
        return self.index(purpose).get(letter, [])

    def tracks(self, city: str) -> list[Track]:
        return self.claimable.get(city, [])

    @cached_property
    def station_cost(self) -> int | None:
        return station_cost(self.state)

    @cached_property
    def actions(self) -> list[Action]:
        state = self.state
        found = [Action.CLAIM]
        if state.tickets:
            found.append(Action.TICKETS)
        if self.station_cost is not None:
            found.append(Action.STATION)
        if must_store(state):
            found.append(Action.STORE)
        depots = state.depots
        if depots is not None and depots_left(state) and not (state.drawn or depots.stored):
            found.append(Action.DEPOT)
        if movable(state):
            found.append(Action.MOVE)
        if can_exchange(state) and not state.drawn:
            found.append(Action.EXCHANGE)
        if replaces_face_up(state):
            found.append(Action.FACE_UP)
        if not can_act(state):
            found.append(Action.PASS)
        return found

    @cached_property
    def final(self) -> TallyResult:
        return result(self.state)

    @cached_property
    def counts(self) -> list[PlayerCount]:
        # Imported here: the final table and the count bring the scoring of every map's
        # variants, which a game's screens need only at its end.
        from engine.games.ticket_to_ride.final_table import holdings
        from engine.games.ticket_to_ride.scoring import count_player

        held = holdings(self.state)
        return [count_player(self.state.board, held, seat) for seat in range(len(held))]


def _by_letter(cities: list[str]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for city in sorted(cities, key=folded):
        index.setdefault(city_letter(city), []).append(city)
    return dict(sorted(index.items()))


@cache
def folded(name: str) -> str:
    return fold(name)


def track_kind(track: Track, city: str) -> tuple[Any, ...]:
    """Tracks a player cannot tell apart when claiming (the two gray tracks of a double)."""
    return (track.route, track.other_end(city), track.color, track.length, track.tunnel,
            track.ferries)


def replaces_face_up(state: TicketToRideState) -> bool:
    """Whether this map has the face-up cards replaced (three locomotives, three passenger
    cards): on a map without (boats, no locomotives) the table never offers it."""
    return bool(face_up_limits(state.board.rules.cards))
