"""In-memory stand-ins for the journal-backed session, the tag registry and a tag's memory."""

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


@dataclass(frozen=True)
class FoundText:
    """What a reader reads on the tag laid on it."""

    uid: str
    text: str


class TagTexts:
    """A reader's tag memory in a dict: `on_reader` is the tag laid on it; `keeps` False,
    what is written does not stay whole; `fails`, what writing raises."""

    def __init__(self, keeps: bool = True, fails: Exception | None = None,
                 on_reader: str = "0BADF00D") -> None:
        self.texts: dict[str, str] = {}
        self.keeps = keeps
        self.fails = fails
        self.on_reader = on_reader

    def read_text(self, timeout: float = 0.3) -> FoundText | None:
        text = self.texts.get(self.on_reader)
        return None if text is None else FoundText(self.on_reader, text)

    def write_text(self, uid: str, text: str, timeout: float = 0.3) -> None:
        if self.fails is not None:
            raise self.fails
        self.texts[uid] = text if self.keeps else text[:-1]
