"""What the Ticket to Ride table is entering (its UI state) and what one input reads of the
game (the view: the lists a player chooses from, the final count), worked out once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import cache, cached_property
from typing import Any, Literal

from engine.game import TallyResult
from engine.games.ticket_to_ride.board import COLORS, LOCOMOTIVE, Track
from engine.games.ticket_to_ride.live_passengers import movable
from engine.games.ticket_to_ride.names import fold
from engine.games.ticket_to_ride.rules import (
    can_act,
    claim_problem,
    holdings,
    result,
    station_cities,
    station_cost,
)
from engine.games.ticket_to_ride.scoring import PlayerCount, count_player
from engine.games.ticket_to_ride.state import TicketToRideState

from .words import city_letter


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
    #: Märklin: the passenger to move, then its trip city by city.
    RIDER = "rider"
    TRIP = "trip"
    # Derived from the game itself, never stored:
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
          Mode.FACE_UP, Mode.GIVE_UP, Mode.LAST_ROUND, Mode.RIDER, Mode.TRIP)
#: The steps of choosing a route (a station skips the track).
ROUTE_STEPS = (Mode.LETTER, Mode.CITY, Mode.TRACK, Mode.PAY)


class Action(Enum):
    """The menu of a player's turn."""

    CLAIM = "claim"
    TICKETS = "tickets"
    STATION = "station"
    MOVE = "move"
    FACE_UP = "face-up"
    PASS = "pass"


#: What a city is chosen for.
Purpose = Literal["claim", "station"]
CLAIM: Purpose = "claim"
STATION: Purpose = "station"
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
    #: Märklin: the cities a passenger has travelled through so far (from `city`).
    stops: tuple[str, ...] = ()

    def entering(self, mode: Mode) -> TicketToRideUI:
        """The UI on entering `mode`: no card picked, nothing chosen."""
        return replace(self, mode=mode, picks=(), choice=0, pending=None, letter=None,
                       city=None, track=None, stops=())

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
        return tuple(pick.uid for pick in self.picks)


class TurnView:
    """What the screen and the buttons read of one state: each part is worked out the first
    time it is asked for, once per state (a screen and a press read the same lists)."""

    def __init__(self, state: TicketToRideState) -> None:
        self.state = state

    @cached_property
    def claimable(self) -> dict[str, list[Track]]:
        """The tracks the current player may claim, by city: one per kind of track."""
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
                found[city] = sorted(tracks, key=lambda t: (folded(t.other_end(city)), t.color))
        return found

    @cached_property
    def claim_index(self) -> dict[str, list[str]]:
        """The cities with a route the player may claim, by letter."""
        return _by_letter(list(self.claimable))

    @cached_property
    def station_index(self) -> dict[str, list[str]]:
        """The cities without a station, by letter."""
        taken = station_cities(self.state)
        return _by_letter([city for city in self.state.board.cities if city not in taken])

    def index(self, purpose: Purpose) -> dict[str, list[str]]:
        return self.station_index if purpose == STATION else self.claim_index

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
        if movable(state):
            found.append(Action.MOVE)
        found.append(Action.FACE_UP)
        if not can_act(state):
            found.append(Action.PASS)
        return found

    @cached_property
    def final(self) -> TallyResult:
        return result(self.state)

    @cached_property
    def counts(self) -> list[PlayerCount]:
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
