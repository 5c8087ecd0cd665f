"""In-memory stand-ins for the journal-backed session and the tag registry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.events import Event
from engine.game import GameRules


class MemorySession:
    def __init__(self, rules: GameRules[Any, Any], players: tuple[str, ...],
                 **options: Any) -> None:
        self.rules = rules
        self.start = rules.new_game(players, **options)
        self.state = self.start
        self.log: list[tuple[Event, tuple[str, ...]]] = []
        self.draft: dict[str, Any] | None = None

    def submit(self, event: Event, uids: Sequence[str] = ()) -> Any:
        self.state = self.rules.apply(self.state, event)
        self.log.append((event, tuple(uids)))
        self.draft = None
        return self.state

    def undo(self) -> Event | None:
        if not self.log:
            return None
        event, _ = self.log.pop()
        self.state = self.rules.replay(self.start, [event for event, _ in self.log])
        return event

    @property
    def event_count(self) -> int:
        return len(self.log)

    def history(self) -> list[tuple[Event, tuple[str, ...]]]:
        return list(self.log)


@dataclass(frozen=True)
class Card:
    game: str
    kind: str
    value: str = ""


class MemoryRegistry:
    def __init__(self, cards: dict[str, Card] | None = None) -> None:
        self.cards = dict(cards or {})

    def lookup(self, uid: str) -> Card | None:
        return self.cards.get(uid)

    def enroll(self, uid: str, card: Card) -> None:
        self.cards[uid] = card
