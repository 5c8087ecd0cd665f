"""Everything that can happen in Whistle Stop, as recorded events.

The map (tiles, tracks, stops) stays on the table: a move records the token spent and whether
the train reached the resource track; what a stop gives is declared with its own event.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...events import Event


class WhistleStopEvent(Event, family=True):
    """An event of Whistle Stop."""


@dataclass(frozen=True)
class PlaceTrain(WhistleStopEvent):
    """Setup: the placing player puts one train on east-coast station `station` (1-16)."""

    kind = "place-train"
    station: int


@dataclass(frozen=True)
class HandOut(WhistleStopEvent):
    """A new round: the first player hands out the next round-track space's tokens."""

    kind = "hand-out"


@dataclass(frozen=True)
class Move(WhistleStopEvent):
    """Spend one `token` ("coal" or "whistle") to move a train.

    `arrived`: the train reached a west-coast arrival tile (or whistled past one) and now
    stands on the resource track.
    """

    kind = "move"
    token: str
    arrived: bool = False


@dataclass(frozen=True)
class TakeShare(WhistleStopEvent):
    """The current player takes share `number` of railroad `company`."""

    kind = "take-share"
    company: str
    number: int


@dataclass(frozen=True)
class GainTokens(WhistleStopEvent):
    """A stop gave the current player tokens (coal yard, whistle stop, trade)."""

    kind = "gain-tokens"
    coal: int = 0
    whistles: int = 0


@dataclass(frozen=True)
class GainFame(WhistleStopEvent):
    """The current player scored fame during play (a delivery, a bonus tile)."""

    kind = "gain-fame"
    points: int


@dataclass(frozen=True)
class BuyUpgrade(WhistleStopEvent):
    """The current player buys an upgrade worth `stars` fame.

    From the supply when `from_seat` is None; otherwise from that opponent, who receives one
    rare resource (paid on the table).
    """

    kind = "buy-upgrade"
    stars: int
    from_seat: int | None = None


@dataclass(frozen=True)
class EndTurn(WhistleStopEvent):
    """The current player ends the turn; without a move this turn it gains one whistle."""

    kind = "end-turn"
