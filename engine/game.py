"""What every game module offers, and the shape of a tally.

A game is described by a `GameRules` record: how to start it, how events change it, how a
simulator picks a random legal event, and how it is scored. The appliance, the simulators and
the tests only talk to games through this record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .events import Event

S = TypeVar("S")
E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class PlayerScore:
    """One player's result: the total and what it is made of (category -> points)."""

    name: str
    total: int
    breakdown: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class TallyResult:
    """A finished game's scores, best first, and who won."""

    game: str
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    #: The tie-break that settled a tie on the best total (`engine.decision`), for the table
    #: to say; None when the totals decided. Not part of the JSON form.
    deciding: str | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": [
                {"name": p.name, "total": p.total, "breakdown": dict(p.breakdown)}
                for p in self.players
            ],
            "winners": list(self.winners),
        }


def most(scores: Sequence[PlayerScore]) -> tuple[str, ...]:
    """The names with the highest total (every tied player), or none for an empty table."""
    if not scores:
        return ()
    best = max(score.total for score in scores)
    return tuple(score.name for score in scores if score.total == best)


@dataclass(frozen=True)
class GameRules(Generic[S, E]):
    """One game, as the rest of the program sees it."""

    id: str
    events: type[E]
    state_type: type[S]
    new_game: Callable[..., S]
    apply: Callable[[S, E], S]
    is_over: Callable[[S], bool]
    result: Callable[[S], TallyResult]
    random_event: Callable[[S, random.Random], E]
    tally: Callable[[Any], TallyResult]
    players: range
    rule_notes: tuple[str, ...] = ()

    def replay(self, state: S, events: Iterable[E]) -> S:
        for event in events:
            state = self.apply(state, event)
        return state
