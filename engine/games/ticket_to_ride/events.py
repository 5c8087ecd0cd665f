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
    #: Rails & Sails: the shuffled boat cards, top first (the wagon cards are `deck`).
    boat_deck: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reshuffle(TicketToRideEvent):
    """The discards, shuffled into a new deck when the deck runs out (chance)."""

    kind = "reshuffle"
    deck: tuple[str, ...]
    #: Rails & Sails: "boat" for the boat deck ("": the wagon deck).
    pile: str = ""


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
    #: Rails & Sails: the deck a blind card comes from, or the deck whose top card replaces
    #: the face-up card taken: "boat" for the boat deck ("": the wagon deck).
    pile: str = ""


@dataclass(frozen=True)
class TakeFerryCard(TicketToRideEvent):
    """Italy: take a ferry card from its pile, instead of the turn's action."""

    kind = "take-ferry-card"


@dataclass(frozen=True)
class PlaceDepot(TicketToRideEvent):
    """Europe 1912: a depot placed on a city (the first one at the start, then free ones)."""

    kind = "place-depot"
    city: str


@dataclass(frozen=True)
class StoreCard(TicketToRideEvent):
    """Europe 1912: before drawing train cards, the deck's top card put unseen in the
    warehouse of the player at seat `owner` (in team play: of team number `owner`; `card`: "?"
    when the companion did not see it)."""

    kind = "store-card"
    owner: int
    card: str = "?"


@dataclass(frozen=True)
class TakeWarehouse(TicketToRideEvent):
    """Europe 1912: after a claim touching a depot, the cards of the warehouse of the depot's
    owner (at seat `owner`, or team number `owner` in team play) taken for one depot given up;
    -1 leaves them."""

    kind = "take-warehouse"
    owner: int


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
    """Claim a track (its id, such as "Paris-Frankfurt#2") with the cards paid.

    What the player takes with it, on maps that have it: `company`, the company whose share is
    taken ("" none); `meeples`, the colour of the meeple picked up at each end of the route
    ("" none), or nothing at all. Old West: `start`, the starting city (a first claim);
    `cite`, the city of a Cité placed after the claim, paid with `cite_cards`; `alvin_to`,
    where Alvin goes when the claim captures him. Team play: `shared`, the cards of `cards`
    and `cite_cards` taken from the team's holder, the others from the player's hand (None:
    the holder's first).
    """

    kind = "claim-route"
    track: str
    cards: tuple[str, ...]
    company: str = ""
    meeples: tuple[str, ...] = ()
    start: str = ""
    cite: str = ""
    cite_cards: tuple[str, ...] = ()
    alvin_to: str = ""
    shared: tuple[str, ...] | None = None


@dataclass(frozen=True)
class RevealTunnel(TicketToRideEvent):
    """The cards turned over from the deck for a tunnel (chance)."""

    kind = "reveal-tunnel"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PayTunnel(TicketToRideEvent):
    """The extra cards a tunnel asks for; no cards at all gives the tunnel up. Team play:
    `shared`, those taken from the team's holder (None: the holder's first)."""

    kind = "pay-tunnel"
    cards: tuple[str, ...]
    shared: tuple[str, ...] | None = None


@dataclass(frozen=True)
class BuildStation(TicketToRideEvent):
    """A station built in `city` with the cards paid; team play: `shared`, those taken from
    the team's holder (None: the holder's first)."""

    kind = "build-station"
    city: str
    cards: tuple[str, ...]
    shared: tuple[str, ...] | None = None


@dataclass(frozen=True)
class PlacePassenger(TicketToRideEvent):
    """Märklin, after a claim: a passenger placed on one end of the route ("" for none)."""

    kind = "place-passenger"
    city: str


@dataclass(frozen=True)
class MovePassenger(TicketToRideEvent):
    """Märklin, a turn's action: the passenger standing in `start` travels through `stops`,
    city by city along claimed routes; `cards` are the passenger cards paid for the
    opponents' routes."""

    kind = "move-passenger"
    start: str
    stops: tuple[str, ...]
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExchangePieces(TicketToRideEvent):
    """Rails & Sails, the whole turn: `count` pieces of the kind `give` ("wagons" or "boats")
    go back to the player's box, and as many of the other kind come out of it."""

    kind = "exchange-pieces"
    give: str
    count: int


@dataclass(frozen=True)
class Pass(TicketToRideEvent):
    """Only when nothing else is possible: no card to draw, no ticket, no route, no station."""

    kind = "pass"
