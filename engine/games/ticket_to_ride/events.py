"""Everything that can happen in a game of Ticket to Ride, as recorded events.

Chance outcomes are events too: the dealer's shuffle, a reshuffle of the discards, the cards
turned over for a tunnel, the face-up cards replaced when three locomotives show. The
simulator draws them from its seeded generator; at the table they are scanned, and a card the
companion has not seen is "?".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...events import Event


class TicketToRideEvent(Event, family=True):
    """An event of Ticket to Ride."""


@dataclass(frozen=True)
class Deal(TicketToRideEvent):
    """The shuffled train cards and tickets, top first (chance).

    Each player in turn from the first gets the hand's cards from the top, then the face-up
    cards are laid out; each player is offered the starting tickets from the top of the piles.
    """

    kind = "deal"
    deck: tuple[str, ...]
    tickets: tuple[str, ...]
    long_tickets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reshuffle(TicketToRideEvent):
    """The discards, shuffled into a new deck when the deck runs out (chance)."""

    kind = "reshuffle"
    deck: tuple[str, ...]


@dataclass(frozen=True)
class ReplaceFaceUp(TicketToRideEvent):
    """Three locomotives face up: the five face-up cards are discarded and five new ones laid
    out from the deck.

    The dealer's move, due whenever the face-up cards show three locomotives (the map's
    number) and the cards left could do better; at the table the players say so, since the
    companion has not seen the face-up cards.
    """

    kind = "replace-face-up"


@dataclass(frozen=True)
class DrawCard(TicketToRideEvent):
    """Take a face-up card (`index` 0-4) or the top card of the deck (`index` -1).

    `card` is what was taken ("?" for a blind draw the companion did not see).
    """

    kind = "draw-card"
    index: int
    card: str


@dataclass(frozen=True)
class DrawTickets(TicketToRideEvent):
    """Draw destination tickets from the top of the pile; keeping some follows."""

    kind = "draw-tickets"


@dataclass(frozen=True)
class KeepTickets(TicketToRideEvent):
    """The tickets kept among those offered (the start of the game, or a draw)."""

    kind = "keep-tickets"
    tickets: tuple[str, ...]


@dataclass(frozen=True)
class ClaimRoute(TicketToRideEvent):
    """Claim a track (its id, such as "Paris-Frankfurt#2") with the cards paid."""

    kind = "claim-route"
    track: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class RevealTunnel(TicketToRideEvent):
    """The cards turned over from the deck for a tunnel (chance)."""

    kind = "reveal-tunnel"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PayTunnel(TicketToRideEvent):
    """The extra cards a tunnel asks for; no cards at all gives the tunnel up."""

    kind = "pay-tunnel"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class BuildStation(TicketToRideEvent):
    kind = "build-station"
    city: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Pass(TicketToRideEvent):
    """Only when nothing else is possible: no card to draw, no ticket, no route, no station."""

    kind = "pass"
