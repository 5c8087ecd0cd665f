"""Everything that can happen in The Game of Trains, as recorded events.

Cards are wagon numbers. A drawn card's number comes in the event (scanned at the table, read
from the recorded deck in simulation); a deck of unseen cards is written with 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...events import Event
from .cards import Ability


class GameOfTrainsEvent(Event, family=True):
    """An event of The Game of Trains."""


@dataclass(frozen=True)
class Deal(GameOfTrainsEvent):
    """Setup (chance): seven wagons for each player, laid out in descending order, and the deck.

    `deck` lists the draw pile top first; 0 is a card the table has not seen.
    """

    kind = "deal"
    lines: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]


@dataclass(frozen=True)
class OpeningDraw(GameOfTrainsEvent):
    """The opening (chance): `seat` draws `cards` from the top of the deck, 1 for the first
    player, 2 for the next clockwise, and so on."""

    kind = "opening-draw"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class OpeningKeep(GameOfTrainsEvent):
    """The opening: `seat` keeps drawn `card` in place of the wagon at `position` (1-7); the
    other drawn cards are discarded face down, the replaced wagon goes face up."""

    kind = "opening-keep"
    seat: int
    card: int
    position: int


@dataclass(frozen=True)
class DrawCard(GameOfTrainsEvent):
    """Action 1: the top card `card` replaces the wagon at `position` (1-7), which goes face up."""

    kind = "draw-card"
    card: int
    position: int


@dataclass(frozen=True)
class UseAbility(GameOfTrainsEvent):
    """Action 2: discard face-up `card` and use its ability.

    `position` says where in the player's line (see `cards.positions_for`); the removal
    abilities take none (0).
    """

    kind = "use-ability"
    card: int
    position: int = 0


@dataclass(frozen=True)
class DrawReplacement(GameOfTrainsEvent):
    """After a removal: the next player to refill draws `card` into the emptied place."""

    kind = "draw-replacement"
    card: int


@dataclass(frozen=True)
class Reshuffle(GameOfTrainsEvent):
    """The deck ran out (chance): the discard pile, shuffled, is the new deck (0: unseen)."""

    kind = "reshuffle"
    deck: tuple[int, ...]


@dataclass(frozen=True)
class LearnAbility(GameOfTrainsEvent):
    """The table reads wagon `card`'s ability off the card (the first time it is seen face up,
    or whenever the players say it): from now on it is known, for discards and for use."""

    kind = "learn-ability"
    card: int
    ability: Ability
