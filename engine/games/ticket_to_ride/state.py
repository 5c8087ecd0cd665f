"""The state of a game of Ticket to Ride: everything on the table, nothing hidden in code."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...seating import TurnOrder
from .board import Map


class Phase(Enum):
    #: Waiting for the dealer's shuffle (a chance event).
    DEAL = "deal"
    #: Each player keeps starting tickets, in turn from the first player.
    START_TICKETS = "start-tickets"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Player:
    """One player: trains, cards, tickets, tracks, and what the map's own rules give them."""

    name: str
    trains: int
    #: Train cards in hand, sorted; "?" for a card the companion has not seen.
    hand: tuple[str, ...] = ()
    tickets: tuple[str, ...] = ()
    #: Tickets offered and not yet chosen (the start of the game, or a draw).
    offered: tuple[str, ...] = ()
    offered_long: tuple[str, ...] = ()
    tracks: tuple[str, ...] = ()
    stations: tuple[str, ...] = ()
    route_points: int = 0
    #: Tolls (Netherlands): toll tokens held, and loan cards taken.
    toll_tokens: int = 0
    loans: int = 0
    #: Poland: the country cards taken, (country, value), in the order taken.
    country_cards: tuple[tuple[str, int], ...] = ()
    #: Pennsylvania: the shares taken, (company, number in its pile).
    shares: tuple[tuple[str, int], ...] = ()
    #: Germany: the passenger meeples picked up, by colour, sorted.
    meeples: tuple[str, ...] = ()
    #: Old West: each track's number in the order of all claims (as `tracks`), the Cités
    #: (city, the claim they followed; 0: the starting city), and the captures of Alvin.
    claims: tuple[int, ...] = ()
    cites: tuple[tuple[str, int], ...] = ()
    alvin_captures: int = 0
    #: Märklin: passengers not yet placed, the cities where the player's passengers stand, and
    #: the merchandise tokens taken, in the order taken.
    passengers: int = 0
    riding: tuple[str, ...] = ()
    merchandise: tuple[int, ...] = ()
    #: Rails & Sails: boats left (wagons are `trains`), and the pieces of each kind kept in
    #: the box, to exchange.
    boats: int = 0
    box_wagons: int = 0
    box_boats: int = 0


@dataclass(frozen=True)
class Takings:
    """What a claim takes besides the route (see `takings`): the share's company ("" none)
    and its number, and the meeple colour picked up at each end ("" none), or nothing."""

    company: str = ""
    share: int = 0
    meeples: tuple[str, ...] = ()
    #: Old West: the starting city chosen with a first claim, the Cité placed after the claim
    #: and its cards, where Alvin goes when the claim captures him ("": none of these).
    start: str = ""
    cite: str = ""
    cite_cards: tuple[str, ...] = ()
    alvin_to: str = ""


@dataclass(frozen=True)
class Tunnel:
    """A tunnel being claimed: the cards played (still in hand) and those turned over."""

    track: str
    cards: tuple[str, ...]
    color: str | None
    revealed: tuple[str, ...] = ()
    #: Extra cards asked for, once all cards are turned over.
    surcharge: int | None = None
    #: What the claim takes once the trains are placed: a share, meeples.
    takings: Takings = field(default_factory=Takings)
    #: Team play: the claim's cards (and its Cité's) from the team's holder (None: its first).
    shared: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Alvin:
    """Old West: the city Alvin is in, and the seat of the player holding him (-1: nobody)."""

    city: str
    holder: int = -1


@dataclass(frozen=True)
class TollPaid:
    """Tolls (Netherlands): what one claim paid, `amount` tokens to the bank (`to_seat` None)
    or to a player; or a loan (nothing paid; on a second track the bank pays the first track's
    owner `amount`)."""

    amount: int
    to_seat: int | None = None
    loan: bool = False


@dataclass(frozen=True)
class DepotTable:
    """Europe 1912's depots and warehouses (see `live_depots`). An owner is a seat, or in team
    play a team's number: the team holds the depots and the warehouse."""

    #: Depots still in front of each owner.
    left: tuple[int, ...]
    #: Each owner's warehouse ("?" for a card the companion has not seen).
    warehouses: tuple[tuple[str, ...], ...]
    #: (city, its owner) for each depot on the board.
    placed: tuple[tuple[str, int], ...] = ()
    #: The setup: seats still to place their first depot, in order.
    to_place: tuple[int, ...] = ()
    #: The current player has put the deck's top card in a warehouse: they draw next.
    stored: bool = False
    #: After a claim: the owners whose warehouse the current player may take.
    offer: tuple[int, ...] = ()

    def owner_at(self, city: str) -> int | None:
        return dict(self.placed).get(city)


@dataclass(frozen=True)
class Team:
    """Team play (Asia): a team's seats, side by side, and its two card holders."""

    name: str
    seats: tuple[int, ...]
    #: The shared train cards, sorted; "?" for a card the companion has not seen.
    hand: tuple[str, ...] = ()
    #: The shared tickets.
    tickets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Passengers:
    """Märklin: each coloured city's stack of merchandise tokens, most valuable first, and the
    cities where the current player may place a passenger after the claim just made."""

    stacks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    offer: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoatCards:
    """Rails & Sails: the boat deck, top first, and its discards (wagon cards are `deck`);
    `face_up` counts the face-up cards that came from the boat deck, which the table does not
    see but must discard to the right deck when the face-up cards are replaced."""

    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    face_up: int = 0


@dataclass(frozen=True)
class TicketToRideState:
    """The whole game: the map, players, phase, whose turn, the decks, who owns what."""

    board: Map
    players: tuple[Player, ...]
    phase: Phase = Phase.DEAL
    first: int = 0
    current: int = 0
    #: Train cards, top first.
    deck: tuple[str, ...] = ()
    display: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    #: Destination tickets, top first; the long ones apart (Europe).
    tickets: tuple[str, ...] = ()
    long_tickets: tuple[str, ...] = ()
    #: Cards drawn so far this turn (1: the second is still to draw).
    drawn: int = 0
    tunnel: Tunnel | None = None
    #: Track id -> seat of its owner.
    owners: dict[str, int] = field(default_factory=dict)
    #: Turns still to play once the last round has started; None before.
    turns_left: int | None = None
    #: Turns in a row where the player could only pass.
    passes: int = 0
    #: Tolls (Netherlands): what the last claim paid, for the screen.
    last_toll: TollPaid | None = None
    #: Old West: where Alvin is and who holds him.
    alvin: Alvin | None = None
    #: Italy: ferry cards left in their pile.
    ferry_cards: int = 0
    #: Europe 1912: depots and warehouses (None on maps without).
    depots: DepotTable | None = None
    #: Team play (Asia): the teams in seat order; empty when everyone plays alone.
    teams: tuple[Team, ...] = ()
    #: Märklin: the merchandise on the board and a passenger offered after a claim.
    passengers: Passengers | None = None
    #: Rails & Sails: the boat deck beside the wagon deck (None on maps without boats).
    boat_cards: BoatCards | None = None

    @property
    def order(self) -> TurnOrder:
        return TurnOrder(len(self.players))

    def player(self, seat: int | None = None) -> Player:
        return self.players[self.current if seat is None else seat]
