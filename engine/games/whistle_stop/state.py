"""The state of a game of Whistle Stop: what the companion follows, not the map itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...seating import TurnOrder
from .components import DEFAULT_ROUND_TRACK, DEFAULT_START_SPACE, UPGRADE_SLOTS


class Phase(Enum):
    #: Players place their trains on the east coast, counter-clockwise.
    PLACEMENT = "placement"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Settings:
    """The round track printed on the board, and the player board's upgrade spaces."""

    #: What each space hands every player: "coal" (2 each) or "whistle" (1 each).
    round_track: tuple[str, ...] = DEFAULT_ROUND_TRACK
    #: The space (0-based) of the first round, by player count.
    start_space: dict[int, int] = field(default_factory=lambda: dict(DEFAULT_START_SPACE))
    upgrade_slots: int = UPGRADE_SLOTS


@dataclass(frozen=True)
class Share:
    """One share card: its company and number."""

    company: str
    number: int


@dataclass(frozen=True)
class Player:
    """One player: coal, whistles, trains to place, on the map and arrived, shares."""

    name: str
    coal: int
    whistles: int = 0
    #: Trains still to place on the east coast during setup.
    to_place: int = 0
    #: Trains on the map.
    on_map: int = 0
    #: Trains on the resource track.
    arrived: int = 0
    fame: int = 0
    shares: tuple[Share, ...] = ()
    #: The stars of each upgrade on the player board.
    upgrades: tuple[int, ...] = ()

    @property
    def tokens(self) -> int:
        return self.coal + self.whistles

    def held(self, token: str) -> int:
        return self.coal if token == "coal" else self.whistles


@dataclass(frozen=True)
class WhistleStopState:
    """The whole game: players, the first player, phase, whose turn, the stations."""

    settings: Settings
    players: tuple[Player, ...]
    #: The first player: opens every round and hands out its tokens.
    first: int = 0
    phase: Phase = Phase.PLACEMENT
    current: int = 0
    #: During placement: the seats still to place a train, in order.
    placing: tuple[int, ...] = ()
    #: East-coast stations 1-16 (index 0 is station 1): the seat of the train there, or -1.
    stations: tuple[int, ...] = ()
    #: Rounds played, the current one included (0 before the first hand-out).
    round: int = 0
    #: Whether the current round's tokens have been handed out.
    handed_out: bool = False
    #: Tokens spent on moves and upgrades bought in the current turn.
    moves: int = 0
    upgrades_bought: int = 0
    #: A player's last train reached the resource track: this round is the last.
    last_train_arrived: bool = False
    #: Then: the seats who still play this last round, in order.
    still_to_play: tuple[int, ...] = ()
    #: Tokens handed out, gained and spent so far (tokens held = start + in - out).
    tokens_in: int = 0
    tokens_out: int = 0

    @property
    def order(self) -> TurnOrder:
        return TurnOrder(len(self.players))

    def player(self, seat: int | None = None) -> Player:
        return self.players[self.current if seat is None else seat]

    def track_space(self, round_number: int | None = None) -> int:
        """The round-track space (0-based) of a round (default: the current one)."""
        start = self.settings.start_space[len(self.players)]
        return start + (self.round if round_number is None else round_number) - 1

    def last_round(self) -> int:
        return len(self.settings.round_track) - self.settings.start_space[len(self.players)]

    def is_last_round(self) -> bool:
        return self.round >= self.last_round() or self.last_train_arrived
