"""Random playouts: any game, from a seed, to the end.

>>> from engine.games import freight_train
>>> rules = freight_train.RULES
>>> start = rules.new_game(("Ana", "Ben"))
>>> playout = play_random(rules, start, seed=1)
>>> rules.is_over(playout.final)
True
>>> rules.replay(start, playout.events) == playout.final
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, TypeVar

from .events import Event
from .game import GameRules

S = TypeVar("S")
E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class Playout(Generic[S, E]):
    events: tuple[E, ...]
    final: S


class RunawayGame(RuntimeError):
    """A playout that did not end within its event budget: a bug in a game or its simulator."""


def play_random(
    rules: GameRules[S, E], state: S, seed: int, max_events: int = 100_000
) -> Playout[S, E]:
    """Play random legal events from `state` until the game is over."""
    rng = random.Random(seed)
    events: list[E] = []
    while not rules.is_over(state):
        if len(events) >= max_events:
            raise RunawayGame(f"{rules.id}: no end after {max_events} events (seed {seed})")
        event = rules.random_event(state, rng)
        state = rules.apply(state, event)
        events.append(event)
    return Playout(tuple(events), state)
