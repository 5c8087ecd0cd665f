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
    #: Tolls (Netherlands): toll tokens held, and loan cards taken.
    toll_tokens: int = 0
    loans: int = 0
    #: Poland: the country cards taken, (country, value), in the order taken.
    country_cards: tuple[tuple[str, int], ...] = ()
    #: Märklin: passengers not yet placed, the cities where the player's passengers stand, and
    #: the merchandise tokens taken, in the order taken.
    passengers: int = 0
    riding: tuple[str, ...] = ()
    merchandise: tuple[int, ...] = ()


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
class TollPaid:
    """Tolls (Netherlands): what one claim paid, `amount` tokens to the bank (`to_seat` None)
    or to a player; or a loan (nothing paid; on a second track the bank pays the first track's
    owner `amount`)."""

    amount: int
    to_seat: int | None = None
    loan: bool = False


@dataclass(frozen=True)
class Passengers:
    """Märklin: each coloured city's stack of merchandise tokens, most valuable first, and the
    cities where the current player may place a passenger after the claim just made."""

    stacks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    offer: tuple[str, ...] = ()


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
    #: Tolls (Netherlands): what the last claim paid, for the screen.
    last_toll: TollPaid | None = None
    #: Märklin: the merchandise on the board and a passenger offered after a claim.
    passengers: Passengers | None = None

    @property
    def order(self) -> TurnOrder:
        return TurnOrder(len(self.players))

    def player(self, seat: int | None = None) -> Player:
        return self.players[self.current if seat is None else seat]
