"""What every table flow offers the appliance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.flows.inputs import Button
from companion.screens.model import Screen
from engine.events import Event


@dataclass(frozen=True)
class Reaction:
    """The answer of a flow to one input.

    - `event`: a move to submit to the engine (shown as accepted only after its commit);
    - `notice`: a line to flash for about two seconds (after the commit, when there is an event);
    - `refusal`: why the input was refused; nothing changes.
    - `uids`: the physical cards `event` puts into play, kept with it in the journal.
    """

    event: Event | None = None
    notice: str | None = None
    refusal: str | None = None
    uids: tuple[str, ...] = ()


NOTHING = Reaction()


class CardLike(Protocol):
    @property
    def game(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def value(self) -> str: ...


class TableFlow(Protocol):
    """A game's table flow. It holds only UI state; the game state comes from the session."""

    game: str

    def screen(self, state: Any) -> Screen: ...

    def on_card(self, state: Any, card: CardLike, uid: str) -> Reaction: ...

    def on_button(self, state: Any, button: Button) -> Reaction: ...

    def accepted(self, before: Any, after: Any, event: Event, uids: tuple[str, ...]) -> None:
        """Called once the event is committed: move the UI on (announcements, tallies)."""

    def rebuild(self, state: Any, history: list[tuple[Event, tuple[str, ...]]]) -> None:
        """Forget UI state and rebuild what the flow derives from the journal (after undo)."""

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        ...

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        ...

    def draft(self) -> dict[str, Any]: ...

    def restore(self, draft: dict[str, Any]) -> None: ...
