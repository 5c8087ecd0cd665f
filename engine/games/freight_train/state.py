"""The state of a game of Freight Train: everything on the table, nothing hidden in code."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...seating import FirstPlayerRule, TurnOrder
from .cards import MIXED, WAGON_TYPES

#: Where a wagon can go: its type's train, the mixed train, or one of the two yard tracks.
TRAIN = "train"
YARD_TARGETS = ("yard:0", "yard:1")


class Phase(Enum):
    #: Waiting for the day's shuffle and layout (a chance event).
    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Settings:
    """Table choices where the rules text is silent or offers an option."""

    #: The mixed trains compete among themselves with the same 3/1 table as each wagon type.
    mixed_train_scores: bool = True
    #: Whether tokens may go below zero (rearranging when broke, day-3 yard penalty).
    tokens_below_zero: bool = False
    #: Rule 6: a tie for second place cancels the whole type, the leader included ("aucun
    #: joueur ne reçoit de jetons pour ce type de wagon"); False cancels second place only.
    tie_for_second_cancels_type: bool = True
    #: TOKEN_PASSES_LEFT is the standard rule; CONTINUOUS is the text's optional turn sequence.
    turn_sequence: FirstPlayerRule = FirstPlayerRule.TOKEN_PASSES_LEFT
    wagon_types: tuple[str, ...] = WAGON_TYPES


@dataclass(frozen=True)
class Player:
    """One player: tokens, locomotives, yard and trains."""

    name: str
    tokens: int
    locomotives: int
    #: Track 0 and track 1 of the player's yard; index 0 is the open (left) end.
    yard: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: Wagon type -> length of that train.
    trains: dict[str, int] = field(default_factory=dict)
    #: The wagon types in the mixed train, in the order they joined it.
    mixed: tuple[str, ...] = ()
    brought_locomotive_today: bool = False

    def train_count(self) -> int:
        return len(self.trains) + (1 if self.mixed else 0)

    def free_locomotives(self) -> int:
        return self.locomotives - self.train_count()

    def train_length(self, key: str) -> int:
        return len(self.mixed) if key == MIXED else self.trains.get(key, 0)

    def yard_size(self) -> int:
        return len(self.yard[0]) + len(self.yard[1])


@dataclass(frozen=True)
class DayTally:
    """What one end of day paid: per player, category -> tokens (negative for the day-3 yard)."""

    day: int
    paid: tuple[dict[str, int], ...]


@dataclass(frozen=True)
class FreightTrainState:
    """The whole game: players, phase, day and round, the main yard and the draw pile."""

    settings: Settings
    players: tuple[Player, ...]
    phase: Phase = Phase.DEAL
    day: int = 1
    #: Rounds played today, the current one included (1 for the first round).
    round: int = 1
    round_first: int = 0
    current: int = 0
    refilled_this_phase: bool = False
    #: The five lanes of the main yard; index 0 of a lane is its open (left) end.
    main_yard: tuple[tuple[str, ...], ...] = ((),) * 5
    #: The draw pile, top card first.
    deck: tuple[str, ...] = ()
    departure_drawn: bool = False
    #: After the departure card: the seats who still play this round, in order.
    still_to_play: tuple[int, ...] = ()
    #: Who played the last phase of the previous day (for the optional turn sequence).
    last_of_previous_day: int | None = None
    #: The bank pays and receives tokens; players' tokens plus the bank never change.
    bank: int = 0
    tallies: tuple[DayTally, ...] = ()
    #: At the table some cards are not known until scanned: counts are then checked by type.
    unseen_cards: bool = False
    #: Phases in a row that ended with a pass (a rearrangement that left the yard as it was).
    passes_in_a_row: int = 0

    @property
    def order(self) -> TurnOrder:
        return TurnOrder(len(self.players))

    def wagons_in_main_yard(self) -> int:
        return sum(len(lane) for lane in self.main_yard)

    def empty_lanes(self) -> tuple[int, ...]:
        return tuple(index for index, lane in enumerate(self.main_yard) if not lane)

    def player(self, seat: int | None = None) -> Player:
        return self.players[self.current if seat is None else seat]
