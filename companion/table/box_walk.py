"""The guided enrolment of a box: a walk over its physical cards, one tap each.

The walk shows one card of the box at a time ("Coal wagon 3 of 16"); a fresh tag tapped
enrols as that card at once and the walk moves on. A tag already enrolled says which card it
is and is not enrolled again (nor counted twice when tapped twice in a row). `back` takes
back the tag enrolled last and shows its card again; `skip` moves to the next or the previous
card of the box.

Resume: the registry is the truth. A card of which k tags are enrolled shows copy k+1 (its
copies are alike, so which k are done does not matter); a card with all its copies enrolled
is passed over. The progress file (`companion.state.box_progress`) adds only the card on
screen and the tags `back` may still take back, so a restart shows the card it showed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Protocol

from companion.games.box import BoxEntry, box_board, box_contents, box_size
from companion.games.cards import Card
from companion.games.names import card_name
from companion.state.box_progress import Progress, read_progress, save_progress
from companion.state.tags import normalise_uid

#: How many tags `back` can take back, one after the other.
BACK_STEPS = 20


class WalkRegistry(Protocol):
    """What the walk needs of the tag registry."""

    def lookup(self, uid: str) -> Card | None: ...

    def enroll(self, uid: str, card: Card) -> None: ...

    def forget(self, uid: str) -> bool: ...

    def all(self, game: str | None = None) -> list[tuple[str, Card]]: ...


class Outcome(Enum):
    #: A fresh tag, enrolled as the card shown.
    ENROLLED = "enrolled"
    #: A tag already enrolled (as `card`): nothing changed.
    KNOWN = "known"
    #: The tag enrolled last, tapped again: nothing changed; the enrolment is said again.
    REPEAT = "repeat"


@dataclass(frozen=True)
class TapResult:
    """What a tap did: the outcome, the card of the tag and its name, and for an enrolment
    which copy of the card it was."""

    outcome: Outcome
    card: Card
    label: str
    copy: int = 0
    copies: int = 0
    #: The card's name without its kind's word, when the box has it ("Coal").
    name: str = ""


class BoxWalk:
    """The walk over one box, kept in step with the registry and the progress file."""

    def __init__(self, entries: list[BoxEntry], registry: WalkRegistry, language: str,
                 keep: Callable[[Progress], None] | None = None,
                 progress: Progress | None = None) -> None:
        if not entries:
            raise ValueError("a box without cards has nothing to walk")
        self.entries = entries
        self.registry = registry
        self.language = language
        self._keep = keep
        progress = progress or Progress()
        game = entries[0].card.game
        self._labels = {entry.card: entry.label for entry in entries}
        self.enrolled: Counter[Card] = Counter(
            card for _uid, card in registry.all(game) if card in self._labels)
        self.recent = [uid for uid in progress.recent if registry.lookup(uid) is not None]
        #: The tag enrolled last and what its tap did, while no other input came since.
        self.last_uid: str | None = None
        self.last: TapResult | None = None
        start = progress.position if progress.position is not None else 0
        self.position = min(start, len(entries) - 1)
        if self.complete(self.position):
            self.position = self._next_open(self.position)

    @classmethod
    def open(cls, state_dir: Path, registry: WalkRegistry, game: str, language: str,
             board: str | None = None) -> BoxWalk:
        """The walk of a box as it stood when last left (`BoxError` for an unknown game or
        board)."""
        board = box_board(game, board)
        entries = box_contents(game, language, board)

        def keep(progress: Progress) -> None:
            save_progress(state_dir, game, board, progress)

        return cls(entries, registry, language, keep, read_progress(state_dir, game, board))

    # --- What the walk stands at ----------------------------------------------------------------

    @property
    def entry(self) -> BoxEntry:
        """The card to tag now (the last one seen, once the box is done)."""
        return self.entries[self.position]

    @property
    def copy(self) -> int:
        """Which copy of the card on screen the next tap enrols (1-based, at most its count)."""
        return min(self.enrolled[self.entry.card] + 1, self.entry.copies)

    def complete(self, position: int) -> bool:
        entry = self.entries[position]
        return self.enrolled[entry.card] >= entry.copies

    @property
    def left(self) -> int:
        """Physical cards of the box still without a tag."""
        return sum(entry.missing(self.enrolled[entry.card]) for entry in self.entries)

    @property
    def total(self) -> int:
        return box_size(self.entries)

    @property
    def done(self) -> bool:
        return self.left == 0

    def label(self, card: Card) -> str:
        """A card's name: as the box names it, else as the table does (a player's name)."""
        return self._labels.get(card) or card_name(card.game, card.kind, card.value,
                                                   self.language)

    # --- Inputs ---------------------------------------------------------------------------------

    def tap(self, uid: str) -> TapResult:
        """A tag laid on the reader: enrolled as the card shown when fresh (then the walk moves
        on), else named. Raises `TagError` for text that is not a UID."""
        uid = normalise_uid(uid)
        known = self.registry.lookup(uid)
        if known is not None and self.last is not None and uid == self.last_uid:
            return replace(self.last, outcome=Outcome.REPEAT)
        if known is not None:
            self.last_uid = None
            return TapResult(Outcome.KNOWN, known, self.label(known))
        entry = self.entry
        self.registry.enroll(uid, entry.card)
        copy = self.enrolled[entry.card] + 1
        self.enrolled[entry.card] += 1
        self.last_uid = uid
        self.recent = [*self.recent, uid][-BACK_STEPS:]
        if self.complete(self.position):
            self.position = self._next_open(self.position)
        self._save()
        self.last = TapResult(Outcome.ENROLLED, entry.card, entry.label, copy, entry.copies,
                              entry.name)
        return self.last

    def back(self) -> BoxEntry | None:
        """Take back the tag enrolled last (forgotten by the registry) and show its card
        again; None when there is nothing left to take back."""
        while self.recent:
            uid = self.recent.pop()
            card = self.registry.lookup(uid)
            if card is None or card not in self._labels:
                continue  # forgotten or enrolled again elsewhere since: not the walk's
            self.registry.forget(uid)
            self.enrolled[card] -= 1
            self.last_uid = None
            self.position = next(index for index, entry in enumerate(self.entries)
                                 if entry.card == card)
            self._save()
            return self.entry
        self._save()
        return None

    def skip(self, step: int) -> None:
        """Move to the next card of the box (`step` 1) or the previous one (-1), whether its
        copies are enrolled or not."""
        self.position = (self.position + step) % len(self.entries)
        self.last_uid = None
        self._save()

    def _next_open(self, position: int) -> int:
        """The first card after `position` with copies left, round the box; `position` when
        every card is done."""
        count = len(self.entries)
        for offset in range(1, count + 1):
            candidate = (position + offset) % count
            if not self.complete(candidate):
                return candidate
        return position

    def _save(self) -> None:
        if self._keep is not None:
            self._keep(Progress(self.position, tuple(self.recent)))
