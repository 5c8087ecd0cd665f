"""Everything that can happen in Freight Train, as recorded events.

Player decisions and chance outcomes are both events: a shuffle records the order it produced,
a lane refill records the cards drawn. A card the companion has not seen is "?".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...events import Event
from .state import YARD_TARGETS


class FreightTrainEvent(Event, family=True):
    """An event of Freight Train."""


@dataclass(frozen=True)
class StartDay(FreightTrainEvent):
    """The day's shuffle and layout (chance).

    `main_yard`: the cards laid into the empty spaces of each lane (all 25 on a new day).
    `yards`: the 12 cards dealt to each player's yard, six per track (day 1 only).
    `deck`: the draw pile, top first, with the departure card where that day's rule hides it.
    """

    kind = "start-day"
    main_yard: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    yards: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class RefillLane(FreightTrainEvent):
    """The current player fills one empty lane from the top of the deck.

    `drawn` lists the cards in the order drawn: five wagons, plus the departure card wherever
    it came up (it is set aside and replaced by the next card). `checked`: the players saw on
    the board that two lanes or more are completely empty (the table cannot see the lanes: its
    own idea of them gives way); otherwise the lanes as recorded must show it.
    """

    kind = "refill-lane"
    lane: int
    drawn: tuple[str, ...]
    checked: bool = False


@dataclass(frozen=True)
class TakeFromMainYard(FreightTrainEvent):
    """Action 1: exactly three wagons from the open ends of the main yard's lanes.

    The i-th wagon is taken from lane `lanes[i]` (the same lane twice takes the next card),
    is a `wagons[i]`, and goes to `targets[i]`: "train", "mixed", "yard:0" or "yard:1".

    The player places the wagons in the yard "dans n'importe quel ordre qu'il souhaite":
    `entry_order` lists the indices of the wagons going into the yard in the order they enter
    (the last one in a track ends at its open end). Empty, as in events journalled before it
    existed, means the order of the take.
    """

    kind = "take-from-main-yard"
    lanes: tuple[int, ...]
    wagons: tuple[str, ...]
    targets: tuple[str, ...]
    entry_order: tuple[int, ...] = ()

    def yard_entries(self) -> tuple[int, ...]:
        """The indices of the wagons going into the yard, in the order they enter."""
        return self.entry_order or tuple(
            index for index, target in enumerate(self.targets) if target in YARD_TARGETS
        )


@dataclass(frozen=True)
class MoveFromYard(FreightTrainEvent):
    """Action 2: one to four wagons from the open ends of the player's yard tracks into trains."""

    kind = "move-from-yard"
    tracks: tuple[int, ...]
    wagons: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class Rearrange(FreightTrainEvent):
    """Action 3: lay the yard out again (one token); the same layout is a pass."""

    kind = "rearrange"
    yard: tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class BringLocomotive(FreightTrainEvent):
    """Action 4: one more locomotive, once a day, on days 1 and 2."""

    kind = "bring-locomotive"
