"""What The Game of Trains table is entering: the modes and the UI state the draft keeps."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from companion.flows.kit import PagedUI
from engine.games.game_of_trains.cards import (
    LINE,
    WAGONS,
    Ability,
)  # fmt: skip
from engine.games.game_of_trains.state import GameOfTrainsState

KIND = "wagon"


class Mode(Enum):
    MAIN = "main"
    #: The list of face-up cards, to use one without its tag.
    FACE_UP = "face-up"
    #: Action 1 being entered: the drawn wagon and the place it takes.
    DRAW = "draw"
    #: Action 2 being entered: where the chosen face-up card acts.
    USE = "use"
    # Derived from the game itself, never stored:
    #: A face-up card whose ability the table has not learned: which is printed on it?
    LEARN = "learn"
    SETUP = "setup"
    DEAL = "deal"
    OPENING = "opening"
    REFILL = "refill"
    RESHUFFLE = "reshuffle"
    FINAL = "final"


STORED = (Mode.MAIN, Mode.FACE_UP, Mode.DRAW, Mode.USE)
#: The guidance pages before the deal.
SETUP_PAGES = 2


@dataclass(frozen=True)
class OpeningUI:
    """The opening being entered: the current player's draw so far (wagons with their tags),
    then the card kept, the place of the wagon it replaces and the place highlighted."""

    drawing: tuple[tuple[int, str], ...] = ()
    kept: int | None = None
    position: int | None = None
    choice: int = 0


@dataclass(frozen=True)
class GameOfTrainsUI(PagedUI):
    """The move being entered: kept in the draft across a power cut."""

    mode: Mode = Mode.MAIN
    page: int = 0
    #: The deal so far: (wagon, tag UID), seven per player in seat order.
    dealt: tuple[tuple[int, str], ...] = ()
    #: Action 1: the wagon drawn (and its tag) and the place it takes, as far as known.
    drawn: tuple[int, str] | None = None
    position: int | None = None
    #: Action 2: the face-up card being used.
    using: int | None = None
    choice: int = 0
    #: The last wagon of the line tapped to choose an option (a second tap picks the pair).
    line_tap: int | None = None
    opening: OpeningUI = OpeningUI()

    def fits(self) -> bool:
        opening = self.opening
        wagons = [card for card, _ in (*self.dealt, *opening.drawing, *filter(None, [self.drawn]))]
        wagons += [card for card in (self.using, self.line_tap, opening.kept) if card is not None]
        places = [place for place in (self.position, opening.position) if place is not None]
        return (self.mode in STORED and all(card in WAGONS for card in wagons)
                and all(1 <= place <= LINE for place in places))


def known_ability(state: GameOfTrainsState, card: int) -> Ability:
    """The ability of a face-up card the table may use (the question comes before any use)."""
    ability = state.ability(card)
    assert ability is not None, f"wagon {card}'s ability is asked before it is used"
    return ability


class AbilityKeeper(Protocol):
    """Where the flow keeps the abilities it learns for the next games (and forgets one whose
    answer is undone): the table's memory of the box (`companion.state.abilities`)."""

    def remember(self, wagon: int, ability: Ability) -> None: ...

    def forget(self, wagon: int) -> None: ...
