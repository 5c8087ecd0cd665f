"""What the Freight Train table is entering: the modes, the menu, the wagons picked, and the
UI state the draft keeps."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.flows.kit import Labelled, PagedUI
from engine.errors import N_


class Mode(Enum):
    MAIN = "main"
    MENU = "menu"
    TAKE = "take"
    YARD = "yard"
    #: A refill, which asks the players first whether two lanes or more are empty.
    REFILL = "refill"
    REARRANGE = "rearrange"
    BRING = "bring"
    DEPARTURE = "departure"
    # Derived from the game itself, never stored:
    TALLY = "tally"
    SETUP = "setup"
    FINAL = "final"


class Action(Labelled):
    """The menu of a player's phase."""

    YARD = "yard", N_("From my yard")
    REFILL = "refill", N_("Refill a lane")
    BRING = "bring", N_("Bring a locomotive")
    REARRANGE = "rearrange", N_("Rearrange or pass")


@dataclass(frozen=True)
class Pick:
    """One wagon of the move being entered: where it came from and where it goes."""

    wagon: str
    uid: str
    target: str | None = None
    #: For a move from the player's yard: the track it left.
    track: int | None = None


@dataclass(frozen=True)
class FreightTrainUI(PagedUI):
    """The phase being entered: kept in the draft across a power cut."""

    mode: Mode = Mode.MAIN
    picks: tuple[Pick, ...] = ()
    #: Taken wagons whose entry into their yard track is settled, first in first.
    entry: tuple[int, ...] = ()
    choice: int = 0
    departure_seen: bool = False
    split: int = 0
    page: int = 0
    tallies_seen: int = 0

    def fits(self) -> bool:
        return (self.mode not in (Mode.TALLY, Mode.SETUP, Mode.FINAL)
                and all(0 <= index < len(self.picks) for index in self.entry))
