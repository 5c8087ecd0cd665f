"""In-memory stand-ins for the journal-backed session and the tag registry."""

from __future__ import annotations

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
        self._draft: dict[str, Any] | None = None

    def submit(self, event: Event, uids: tuple[str, ...] = ()) -> Any:
        self.state = self.rules.apply(self.state, event)
        self.log.append((event, uids))
        return self.state

    def undo(self) -> bool:
        if not self.log:
            return False
        self.log.pop()
        self.state = self.rules.replay(self.start, [event for event, _ in self.log])
        return True

    def history(self) -> list[tuple[Event, tuple[str, ...]]]:
        return list(self.log)

    def draft(self) -> dict[str, Any] | None:
        return self._draft

    def save_draft(self, draft: dict[str, Any]) -> None:
        self._draft = draft


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
