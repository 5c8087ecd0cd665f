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


@dataclass(frozen=True)
class Tunnel:
    """A tunnel being claimed: the cards played (still in hand) and those turned over."""

    track: str
    cards: tuple[str, ...]
    color: str | None
    revealed: tuple[str, ...] = ()
    #: Extra cards asked for, once all cards are turned over.
    surcharge: int | None = None


@dataclass(frozen=True)
class DepotTable:
    """Europe 1912's depots and warehouses (see `live_depots`)."""

    #: Depots still in front of each player, by seat.
    left: tuple[int, ...]
    #: Each player's warehouse, by seat ("?" for a card the companion has not seen).
    warehouses: tuple[tuple[str, ...], ...]
    #: (city, seat of its owner) for each depot on the board.
    placed: tuple[tuple[str, int], ...] = ()
    #: The setup: seats still to place their first depot, in order.
    to_place: tuple[int, ...] = ()
    #: The current player has put the deck's top card in a warehouse: they draw next.
    stored: bool = False
    #: After a claim: the seats whose warehouse the current player may take.
    offer: tuple[int, ...] = ()

    def owner_at(self, city: str) -> int | None:
        return dict(self.placed).get(city)


@dataclass(frozen=True)
class TicketToRideState:
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
    #: Italy: ferry cards left in their pile.
    ferry_cards: int = 0
    #: Europe 1912: depots and warehouses (None on maps without).
    depots: DepotTable | None = None

    @property
    def order(self) -> TurnOrder:
        return TurnOrder(len(self.players))

    def player(self, seat: int | None = None) -> Player:
        return self.players[self.current if seat is None else seat]
