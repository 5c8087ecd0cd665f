"""What the Off the Rails table is entering: the modes, the keys of the menu items, and the UI
state the draft keeps."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.flows.kit import PagedUI
from engine.games.off_the_rails.components import (
    ACTIONS,
    DIE_SIDES,
    GEMS_IN_BOX,
    MINES,
    deposit_cards,
)  # fmt: skip
from engine.games.off_the_rails.state import Step

#: The most stones a deposit card is taken to show (the rules text does not print them).
MAX_STONES = 9
#: The gems, in the order they are asked for when a cart unloads.
GEMS = tuple(GEMS_IN_BOX)

# Keys of the menu items (kept in the draft, so plain strings).
DONE = "done"
HOME = "home"
MISSION = "mission"
SEAT = "seat:"
MINE = "mine:"


class Mode(Enum):
    MAIN = "main"
    #: A deposit card was tapped: how many stones does it show?
    STONES = "stones"
    #: A cart came home: its gems, one kind after the other.
    GEMS = "gems"
    #: Take a mission? (phase 3)
    MISSION = "mission"
    #: Dice Chasm: the eight-sided die's result.
    ROLL = "roll"
    #: The cave-in card was drawn: the last turns.
    CAVE_IN_CARD = "cave-in-card"
    #: The first cave-ins are placed: the rules change.
    CAVE_INS = "cave-ins"
    # Derived from the game itself, never stored:
    SETUP = "setup"
    FINAL = "final"


#: The modes each step of the game allows besides MAIN (the others fall back to MAIN).
ALLOWED = {
    Mode.STONES: (Step.OPENING, Step.SUPPLY),
    Mode.GEMS: (Step.CARTS,),
    Mode.MISSION: (Step.SUPPLY,),
    Mode.ROLL: (Step.SUPPLY,),
    Mode.CAVE_IN_CARD: (Step.ACTIONS,),
    Mode.CAVE_INS: (Step.ACTIONS, Step.CARTS, Step.SUPPLY),
}


@dataclass(frozen=True)
class LogEntry:
    """One line entered in phase 2 or for a cave-in: a cart home with its gems, or a player's
    cart derailed or crushed."""

    home: dict[str, int] | None = None
    seat: int | None = None

    def fits(self) -> bool:
        if self.home is not None:
            return self.seat is None and set(self.home) <= set(GEMS_IN_BOX)
        return self.seat is not None


@dataclass(frozen=True)
class OffTheRailsUI(PagedUI):
    """The phase being entered: kept in the draft across a power cut."""

    mode: Mode = Mode.MAIN
    choice: int = 0
    page: int = 0
    #: Phase 1: the actions chosen so far.
    actions: tuple[str, ...] = ()
    #: Phase 2 and cave-ins: what was entered so far, in order.
    log: tuple[LogEntry, ...] = ()
    #: A cart unloading: which gem is asked, and the counts so far.
    gem_index: int = 0
    unload: dict[str, int] = field(default_factory=dict)
    #: The deposit card tapped, its tag and the stones it shows.
    card: str | None = None
    uid: str | None = None
    stones: int = 1
    #: Dice Chasm: the token's mine and the die.
    mine: str | None = None
    roll: int = 1

    def fits(self) -> bool:
        return (self.mode not in (Mode.SETUP, Mode.FINAL)
                and all(action in ACTIONS for action in self.actions)
                and all(entry.fits() for entry in self.log)
                and set(self.unload) <= set(GEMS_IN_BOX)
                and (self.card is None or self.card in deposit_cards())
                and (self.uid is None or self.card is not None)
                and (self.mine is None or self.mine in MINES)
                and self.choice >= 0 and self.page >= 0 and 0 <= self.gem_index < len(GEMS)
                and 1 <= self.stones <= MAX_STONES and 1 <= self.roll <= DIE_SIDES)
