"""The state of a game of The Game of Trains: lines, deck, face-up cards, discard pile."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...seating import TurnOrder
from .cards import UNSEEN, WAGONS, Ability


class Phase(Enum):
    #: Waiting for the deal (a chance event).
    DEAL = "deal"
    #: The opening: clockwise from the first player, each draws 1, 2, 3 or 4 cards...
    OPENING_DRAW = "opening-draw"
    #: ...then, clockwise again, each keeps one in place of a wagon and discards the others.
    OPENING_KEEP = "opening-keep"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Settings:
    """What the table knows of its box before the game, and whether it plays the publisher's
    opening (off: the first player simply starts by drawing).

    `abilities`: the ability printed on every wagon (index 0 is wagon 1), when the
    configuration gives the whole deck; empty: none given. `known`: the abilities the table
    learned in earlier games or at enrolment, by wagon. Any other wagon's ability is unknown
    until the table learns it (`events.LearnAbility`).
    """

    abilities: tuple[Ability, ...] = ()
    opening: bool = True
    known: dict[int, Ability] = field(default_factory=dict)

    def abilities_known(self) -> tuple[Ability | None, ...]:
        """Each wagon's ability as far as known before the game (None: unknown)."""
        given: list[Ability | None] = list(self.abilities or (None,) * len(WAGONS))
        for wagon, ability in self.known.items():
            if given[wagon - 1] is None:  # the configuration's deck comes first
                given[wagon - 1] = ability
        return tuple(given)


@dataclass(frozen=True)
class Player:
    """One player: their line of wagons, the lock and the opening's cards."""

    name: str
    #: Wagons from the locomotive (position 1) rightwards; 0 marks a place waiting for a card.
    line: tuple[int, ...] = ()
    #: The wagon protected by a lock until this player's next turn (0: none).
    locked: int = 0
    #: The opening: the cards this player drew, until one is kept and the others discarded.
    drawn: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameOfTrainsState:
    """The whole game: players, phase, whose turn, the draw pile and face-up cards."""

    settings: Settings
    players: tuple[Player, ...]
    phase: Phase = Phase.DEAL
    current: int = 0
    #: The draw pile, top first; 0 is a card not seen yet.
    deck: tuple[int, ...] = ()
    #: The face-up cards beside the deck, whose abilities anyone may use.
    face_up: tuple[int, ...] = ()
    #: The face-down discard pile.
    discard: tuple[int, ...] = ()
    #: After a removal: the seats still to draw a replacement, in order, and where.
    refilling: tuple[int, ...] = ()
    refill_position: int = 0
    winner: int | None = None
    #: Each wagon's ability as known so far (index 0 is wagon 1; None: not known yet). Kept by
    #: wagon, so learning the same abilities in any order gives the same state.
    abilities: tuple[Ability | None, ...] = (None,) * len(WAGONS)

    @property
    def order(self) -> TurnOrder:
        return TurnOrder(len(self.players))

    def ability(self, card: int) -> Ability | None:
        """The ability of wagon `card`, or None while the table has not learned it."""
        return self.abilities[card - 1]

    def unknown_face_up(self) -> tuple[int, ...]:
        """The face-up cards whose ability the table has to learn before anyone may use them."""
        return tuple(card for card in self.face_up if self.ability(card) is None)

    def player(self, seat: int | None = None) -> Player:
        return self.players[self.current if seat is None else seat]

    def in_opening(self) -> bool:
        return self.phase in (Phase.OPENING_DRAW, Phase.OPENING_KEEP)

    def opening_draws(self) -> int:
        """How many cards the current player draws in the opening: 1 for the first player,
        2 for the next clockwise, and so on (everyone who drew holds cards until the keeps)."""
        return 1 + sum(1 for p in self.players if p.drawn)

    def needs_reshuffle(self) -> bool:
        return self.phase is Phase.PLAY and not self.deck

    def unseen(self) -> frozenset[int]:
        """The wagons the companion has not located: those behind the deck's unseen cards."""
        located = {card for p in self.players for card in (*p.line, *p.drawn)}
        located.update(self.face_up, self.discard, self.deck)
        return frozenset(WAGONS) - located - {UNSEEN}
