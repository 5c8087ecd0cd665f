"""What The Game of Trains table is entering: the modes and the UI state the draft keeps."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.games.game_of_trains.cards import (
    LINE,
    WAGONS,
)  # fmt: skip

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
class GameOfTrainsUI:
    """The move being entered, as the draft keeps it across a power cut: wagons with their
    tags, places in a line."""

    mode: Mode = Mode.MAIN
    page: int = 0
    dealt: tuple[tuple[int, str], ...] = ()
    drawn: tuple[int, str] | None = None
    position: int | None = None
    using: int | None = None
    choice: int = 0
    line_tap: int | None = None
    #: The opening: the wagons drawn, the one kept and its place.
    drawing: tuple[tuple[int, str], ...] = ()
    kept: int | None = None
    keep_position: int | None = None

    def fits(self) -> bool:
        wagons = [card for card, _ in (*self.dealt, *self.drawing, *filter(None, [self.drawn]))]
        wagons += [card for card in (self.using, self.line_tap, self.kept) if card is not None]
        places = [place for place in (self.position, self.keep_position) if place is not None]
        return (self.mode in STORED and all(card in WAGONS for card in wagons)
                and all(1 <= place <= LINE for place in places))
