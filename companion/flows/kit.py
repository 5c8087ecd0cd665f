"""What the table flows are built from: the buttons, lists, pages, guards, mode dispatch and
the UI state kept in the draft.

Lists wrap around: `down` on the last item comes back to the first.

>>> moved(2, "down", 3), moved(0, "up", 3)
(0, 2)
>>> toward(0, 2, 3), toward(1, 1, 3)
(Press(button='up'), Press(button='ok'))
>>> turned(2, "ok", 3), leafed(0, "ok", 2), leafed(1, "ok", 2)
(0, 1, None)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import (
    Any,
    Generic,
    Protocol,
    Self,
    TypeVar,
    cast,
    get_args,
    get_origin,
    get_type_hints,
)

from companion.flows.base import CardLike, Reaction
from companion.flows.inputs import Button, Input, Press
from companion.lib.digest import sha256_hex
from companion.screens.model import Screen
from engine.codec import from_jsonable, to_jsonable

__all__ = ["Button", "DraftedUI", "FlowPart", "Labelled", "ModeFlow", "PagedUI", "UIState",
           "by_mode", "chosen", "leafed", "moved", "number_toward", "other_game", "refused",
           "refuses_other_games", "toward", "turned", "ui_draft", "ui_from_draft", "ui_version"]

S = TypeVar("S")
M = TypeVar("M")
T = TypeVar("T")
U = TypeVar("U")


# --- Lists ----------------------------------------------------------------------------------


def moved(index: int, button: Button, count: int) -> int:
    """The highlighted item after pressing `button` in a list of `count` items."""
    step = 1 if button == "down" else -1
    return (index + step) % count if count else 0


def chosen(choice: int, button: Button, options: Sequence[T]) -> tuple[int, T | None]:
    """A list chooser: the highlight after `button`, and the option taken when it is `ok`
    (the highlight is kept inside a list that may have shrunk since)."""
    if not options:
        return 0, None
    choice = min(choice, len(options) - 1)
    if button in ("up", "down"):
        return moved(choice, button, len(options)), None
    return choice, options[choice] if button == "ok" else None


def toward(current: int, wanted: int, count: int | None = None) -> Input:
    """The press that brings the highlight from `current` to `wanted` (ok when it is there),
    the short way round a wrapping list of `count` items when it is given."""
    if current == wanted:
        return Press("ok")
    if count is None:
        return Press("down" if current < wanted else "up")
    forward = (wanted - current) % count
    return Press("down" if forward <= count - forward else "up")


class Labelled(enum.Enum):
    """A menu's items: each member carries its label beside its value, an English message
    (marked with `N_`) said by `TableWords.label`; a draft keeps the value alone.

    >>> class Fruit(Labelled):
    ...     PEAR = "pear", "A pear"
    >>> Fruit.PEAR.value, Fruit.PEAR.label, Fruit("pear") is Fruit.PEAR
    ('pear', 'A pear', True)
    """

    _value_: str
    label: str

    def __new__(cls, value: str, label: str) -> Self:
        member = object.__new__(cls)
        member._value_ = value
        member.label = label
        return member


def number_toward(current: int, wanted: int) -> Input:
    """The press that brings a number on screen from `current` to `wanted` (up adds one,
    down takes one away; ok when it is there)."""
    if current == wanted:
        return Press("ok")
    return Press("up" if current < wanted else "down")


# --- Pages ----------------------------------------------------------------------------------


def leafed(page: int, button: Button, count: int) -> int | None:
    """The setup page after `button`: up and down leaf through (wrapping), `ok` goes on; None
    when `ok` is pressed on the last page (the setup is read). `back` stays: each flow says
    where it leads."""
    if button in ("up", "down"):
        return moved(page, button, count)
    if button == "ok":
        return page + 1 if page < count - 1 else None
    return page


def turned(page: int, button: Button, count: int) -> int:
    """The page of a final result after `button`: up and down go back and forth, `ok` goes on,
    round and round (the result stays on the table)."""
    if button == "back":
        return page
    return moved(page, "down" if button == "ok" else button, count)


class PagedUI:
    """A UI state (a frozen dataclass) whose `page` is the page shown of a pager."""

    page: int

    def turned(self, button: Button, count: int) -> Self:
        """This state on the page of a final result after `button` (see `turned`)."""
        after: Self = dataclasses.replace(cast(Any, self), page=turned(self.page, button, count))
        return after


# --- Guards ---------------------------------------------------------------------------------


def refused(text: str) -> Reaction:
    """An input refused with `text`: nothing changes."""
    return Reaction(refusal=text)


def other_game(card: CardLike, game: str, refusal: str) -> Reaction | None:
    """The refusal of a card of another game (None for a card of `game`)."""
    return None if card.game == game else Reaction(refusal=refusal)


class Translating(Protocol):
    #: gettext in the table's language.
    _: Callable[[str], str]


class GameFlow(Protocol):
    """A flow of one game, speaking the table's language."""

    game: str

    @property
    def words(self) -> Translating: ...


OnCard = TypeVar("OnCard", bound=Callable[..., Reaction])


def refuses_other_games(refusal: str) -> Callable[[OnCard], OnCard]:
    """Guards a flow's `on_card`: a card of another game is refused with `refusal` (a message
    marked with `N_`) before the flow reads it."""
    def guard(on_card: OnCard) -> OnCard:
        @functools.wraps(on_card)
        def guarded(flow: GameFlow, state: Any, card: CardLike, uid: str) -> Reaction:
            if card.game != flow.game:
                return refused(flow.words._(refusal))
            result: Reaction = on_card(flow, state, card, uid)
            return result
        return cast(OnCard, guarded)
    return guard


# --- Mode dispatch --------------------------------------------------------------------------


class FlowPart(Generic[S, M]):
    """A part of a flow kept in a module of its own (its screens, say): it reads the mode the
    flow is in for a state."""

    def current_mode(self, state: S) -> M:
        raise NotImplementedError


ScreenOf = Callable[[S], Screen]
ButtonsOf = Callable[[S, Button], Reaction]


class ModeFlow(FlowPart[S, M]):
    """A flow whose screen and buttons depend on its mode: one handler per mode, in a table.

    `current_mode` says the mode for a state; `screens` and `buttons` map each mode to its
    handler (`by_mode` makes both from one table).
    """

    screens: Mapping[M, ScreenOf[S]]
    buttons: Mapping[M, ButtonsOf[S]]

    def screen(self, state: S) -> Screen:
        return self.screens[self.current_mode(state)](state)

    def on_button(self, state: S, button: Button) -> Reaction:
        return self.buttons[self.current_mode(state)](state, button)


def by_mode(modes: Mapping[M, tuple[ScreenOf[S], ButtonsOf[S]]]) -> tuple[
        dict[M, ScreenOf[S]], dict[M, ButtonsOf[S]]]:
    """The `screens` and `buttons` tables of a `ModeFlow`, from one table that gives each
    mode its screen and its buttons side by side."""
    return ({mode: screen for mode, (screen, _) in modes.items()},
            {mode: buttons for mode, (_, buttons) in modes.items()})


# --- The UI state in the draft --------------------------------------------------------------

#: The key of a draft that names the shape of the UI state it was written from.
VERSION_KEY = "version"


_VERSIONS: dict[Any, str] = {}


def ui_version(kind: Any) -> str:
    """A short name for the shape of a UI state class (its fields, their types, the values of
    its enums): any change of that shape gives another name, so an old draft is recognised
    without anyone remembering to number the versions."""
    if kind not in _VERSIONS:
        _VERSIONS[kind] = sha256_hex(_shape(kind).encode())[:12]
    return _VERSIONS[kind]


def _shape(kind: Any) -> str:
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        hints = get_type_hints(kind)
        fields = ",".join(f"{field.name}:{_shape(hints[field.name])}"
                          for field in dataclasses.fields(kind) if field.init)
        return f"{kind.__name__}({fields})"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return f"{kind.__name__}{sorted(str(member.value) for member in kind)}"
    args = get_args(kind)
    if args:
        return f"{get_origin(kind)}[{','.join(_shape(arg) for arg in args)}]"
    return repr(kind)


class UIState(Protocol):
    """A flow's UI state: a frozen dataclass that says whether its values are ones the flow
    can show (a draft is checked with it before it is taken back)."""

    def fits(self) -> bool: ...


UI = TypeVar("UI", bound=UIState)


class DraftedUI(Generic[UI]):
    """A flow whose draft is its UI state, `ui`."""

    ui: UI
    #: The last draft made, with the UI state it was made from (most inputs leave it as it is).
    _drafted: tuple[Any, dict[str, Any]] | None = None

    def draft(self) -> dict[str, Any]:
        if self._drafted is None or self._drafted[0] is not self.ui:
            self._drafted = (self.ui, ui_draft(self.ui))
        return self._drafted[1]

    def _set(self, **changes: Any) -> None:
        """Change some values of the UI state (a frozen dataclass)."""
        self.ui = dataclasses.replace(cast(Any, self.ui), **changes)

    def restore(self, draft: dict[str, Any]) -> None:
        """Take the draft back, unless it is from another version or does not fit: then the
        entry starts afresh."""
        ui = ui_from_draft(type(self.ui), draft)
        if ui is not None and ui.fits():
            self.ui = ui


def ui_draft(ui: Any) -> dict[str, Any]:
    """The draft of a flow: its UI state (a frozen dataclass) in JSON form, with its version."""
    return {VERSION_KEY: ui_version(type(ui)), **to_jsonable(ui)}


def ui_from_draft(kind: type[U], draft: Mapping[str, Any]) -> U | None:
    """The UI state kept in `draft`, or None for a draft of another version or one that does
    not fit: such a draft is dropped whole, never half-read."""
    if draft.get(VERSION_KEY) != ui_version(kind):
        return None
    try:
        ui: U = from_jsonable(kind, {key: value for key, value in draft.items()
                                     if key != VERSION_KEY})
    except (TypeError, ValueError):
        return None
    return ui
