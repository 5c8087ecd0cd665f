"""Everything that can happen in Off the Rails, as recorded events.

The board (rail tiles, carts moving, stones on spaces) stays on the table: the companion
follows the cards, the turn's phases, the carts in play, the gems stored and the cave-ins.
A card the companion has not seen is "?"; a drawn card is declared when scanned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...events import Event


class OffTheRailsEvent(Event, family=True):
    """An event of Off the Rails."""


@dataclass(frozen=True)
class Setup(OffTheRailsEvent):
    """The deposit cards sorted out (chance).

    `removed`: left out unseen; `opening`: the four for the opening supply, one per mine;
    `cave_ins`: the four set aside for the first cave-ins, one per mine; `deck`: the general
    deck, top first, with the cave-in card where the rule hides it. "?" is an unseen card.
    """

    kind = "setup"
    removed: tuple[str, ...]
    opening: tuple[str, ...]
    cave_ins: tuple[str, ...]
    deck: tuple[str, ...]


@dataclass(frozen=True)
class DrawDeposit(OffTheRailsEvent):
    """A deposit card revealed: from the opening pile, or the top of the deck in phase 3.

    `card` is "mine-space" with the `stones` it shows, or "cave-in" (no stones).
    """

    kind = "draw-deposit"
    card: str
    stones: int = 0


@dataclass(frozen=True)
class Refill(OffTheRailsEvent):
    """The stones drawn from the bag lie on the mine space the card showed."""

    kind = "refill"


@dataclass(frozen=True)
class TakeActions(OffTheRailsEvent):
    """Phase 1: the actions taken, in order ("lay-rail", "upgrade-rail", "place-cart",
    "adjust-die"); four, or fewer when the player waives the rest."""

    kind = "take-actions"
    actions: tuple[str, ...]


@dataclass(frozen=True)
class MoveCarts(OffTheRailsEvent):
    """Phase 2, as it ended on the board.

    `home`: the player's carts that reached an edge and went back to the reserve;
    `gems`: what those carts unloaded behind the player's screen;
    `derailed`: the seat of each cart that derailed or fell (anyone's, after a collision).
    """

    kind = "move-carts"
    home: int = 0
    gems: dict[str, int] = field(default_factory=dict)
    derailed: tuple[int, ...] = ()


@dataclass(frozen=True)
class ValidateMission(OffTheRailsEvent):
    """The current player takes a mission card whose conditions are met (one a turn)."""

    kind = "validate-mission"


@dataclass(frozen=True)
class RevealCaveIn(OffTheRailsEvent):
    """The end begins: one of the four set-aside deposit cards places a first cave-in token."""

    kind = "reveal-cave-in"
    card: str


@dataclass(frozen=True)
class DrawCaveInToken(OffTheRailsEvent):
    """Phase 3 after the first cave-ins (chance): a token of `mine` drawn at random.

    In Dice Chasm mode `roll` is the eight-sided die's result (the space); otherwise 0.
    """

    kind = "draw-cave-in-token"
    mine: str
    roll: int = 0


@dataclass(frozen=True)
class PlaceCaveIn(OffTheRailsEvent):
    """The cave-in token lies on the board; `crushed`: the seat of each cart it removed."""

    kind = "place-cave-in"
    crushed: tuple[int, ...] = ()
