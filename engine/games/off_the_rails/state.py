"""The state of a game of Off the Rails: cards, turn phases, carts, gems stored, cave-ins."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...seating import TurnOrder
from .components import CARTS_PER_PLAYER, CAVE_IN_TOKENS_PER_MINE, MINES


class Step(Enum):
    """What the game waits for."""

    #: The deposit cards to be sorted out (a chance event).
    SETUP = "setup"
    #: The four opening deposit cards, one per mine, each followed by its refill.
    OPENING = "opening"
    #: Stones to be put on the space the last deposit card showed.
    REFILL = "refill"
    #: Phase 1: the current player's four actions.
    ACTIONS = "actions"
    #: Phase 2: the current player's carts move.
    CARTS = "carts"
    #: Phase 3: a deposit card (or, once the cave-ins began, a cave-in token) is drawn.
    SUPPLY = "supply"
    #: The four set-aside cards place the first cave-in tokens.
    REVEAL = "reveal"
    #: A cave-in token to be placed on the board.
    CAVE_IN = "cave-in"
    OVER = "over"


class Era(Enum):
    #: Phase 3 supplies the mines.
    SUPPLY = "supply"
    #: The cave-in card was drawn: every player plays one last normal turn.
    LAST_TURNS = "last-turns"
    #: Phase 3 places cave-in tokens.
    CAVE_INS = "cave-ins"


@dataclass(frozen=True)
class Settings:
    """The optional modes of a game."""

    #: Bumper mode: a collision never costs the other cart its stones (played on the board).
    bumper: bool = False
    #: Dice Chasm mode: cave-in spaces come from an eight-sided die.
    dice_chasm: bool = False


@dataclass(frozen=True)
class Player:
    """One player: carts in reserve, on the board and lost, gems and missions."""

    name: str
    #: Carts in the player's reserve, on the board, and removed from the game.
    reserve: int = CARTS_PER_PLAYER
    on_board: int = 0
    lost: int = 0
    #: Gems stored behind the player's screen, by kind.
    gems: dict[str, int] = field(default_factory=dict)
    missions: int = 0


@dataclass(frozen=True)
class Pending:
    """What the table must do on the board: stones to put out, or a cave-in token to place.

    `space` 0 for a cave-in: next to a token of the same mine (no numbered space).
    """

    mine: str
    space: int
    stones: int = 0


@dataclass(frozen=True)
class OffTheRailsState:
    """The whole game: players, step, era, whose turn, and the cards where they are."""

    settings: Settings
    players: tuple[Player, ...]
    first: int = 0
    step: Step = Step.SETUP
    era: Era = Era.SUPPLY
    current: int = 0
    #: The deposit cards, where they are; "?" is a card not seen yet.
    removed: tuple[str, ...] = ()
    opening: tuple[str, ...] = ()
    cave_ins: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    #: Cards revealed and used, in order (the cave-in card among them once drawn).
    drawn: tuple[str, ...] = ()
    #: Cards drawn from the general deck so far (the cave-in card's position is checked).
    deck_draws: int = 0
    pending: Pending | None = None
    mission_taken: bool = False
    #: After the cave-in card: the seats still to play their last turn, in order.
    still_to_play: tuple[int, ...] = ()
    #: Cave-in tokens not yet placed, by mine.
    tokens_left: dict[str, int] = field(
        default_factory=lambda: {mine: CAVE_IN_TOKENS_PER_MINE for mine in MINES}
    )

    @property
    def order(self) -> TurnOrder:
        return TurnOrder(len(self.players))

    def player(self, seat: int | None = None) -> Player:
        return self.players[self.current if seat is None else seat]

    def carts_on_board(self) -> int:
        return sum(p.on_board for p in self.players)

    def tokens_placed(self) -> int:
        return sum(CAVE_IN_TOKENS_PER_MINE - left for left in self.tokens_left.values())

    def missions_left(self) -> int:
        return len(self.players) + 1 - sum(p.missions for p in self.players)
