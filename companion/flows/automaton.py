"""An automated table: simulated players choose legal moves and enter them as a person would.

The "physical" game is played by the engine's simulator with every card known; each of its
moves is then entered into the companion input by input (taps and presses), exactly as the
flow on screen asks for it. The companion itself sees only what is tapped.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.flows.inputs import Input
from engine.events import Event
from engine.game import GameRules

#: Inputs allowed for one move before the automaton gives up (a flow that cannot converge).
MAX_INPUTS_PER_MOVE = 60


class Stuck(RuntimeError):
    """The flow did not accept a move within its input budget: a bug in the flow."""


@dataclass
class Deck:
    """Tag UIDs for every physical card, and which one to tap next."""

    uids: dict[tuple[str, str], list[str]]
    turn: dict[tuple[str, str], int] = field(default_factory=dict)

    def pick(self, kind: str, value: str, busy: set[str]) -> str:
        copies = self.uids[(kind, value)]
        start = self.turn.get((kind, value), 0)
        for offset in range(len(copies)):
            uid = copies[(start + offset) % len(copies)]
            if uid not in busy:
                self.turn[(kind, value)] = (start + offset + 1) % len(copies)
                return uid
        raise Stuck(f"every {kind} {value} card is already in play")


def physical_moves(rules: GameRules[Any, Any], players: Sequence[str], seed: int,
                   options: dict[str, Any] | None = None) -> list[Event]:
    """The whole game the simulated players will play, the same for the same seed."""
    state = rules.new_game(tuple(players), **(options or {}))
    moves: list[Event] = []
    while not rules.is_over(state):
        event = rules.random_event(state, random.Random(f"{seed}:{len(moves)}"))
        state = rules.apply(state, event)
        moves.append(event)
    return moves


def enter_move(
    goal: Event,
    next_input: Callable[[Event], Input],
    send: Callable[[Input], None],
    moves_made: Callable[[], int],
) -> int:
    """Send inputs until the companion has accepted one more move; return the inputs sent."""
    before = moves_made()
    for sent in range(1, MAX_INPUTS_PER_MOVE + 1):
        send(next_input(goal))
        if moves_made() > before:
            return sent
    raise Stuck(f"the table did not accept {goal.to_json()} after {MAX_INPUTS_PER_MOVE} inputs")
