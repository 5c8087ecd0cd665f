"""Entering at the table the values a board lacks (the Netherlands' tolls), one by one.

Opened from the system menu. The screen names each value (a route's toll, a rank of the toll
bonus), up and down set it (held: by five), ok keeps it and goes on, back goes to the one
before (on the first, back leaves). Each value is written to the state folder as it is kept:
an entry stopped half way opens again at the first value not yet entered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.flows.inputs import Hold, Input, Press, Tap
from companion.games.map_choices import MapChoice
from companion.screens.model import Screen, Style
from companion.state.board_values import read_values, save_values
from companion.table.app import Notices
from engine.games.ticket_to_ride.library import INDEX, shipped_data, shipped_map
from engine.games.ticket_to_ride.map_values import WantedValue, wanted, with_values

#: A held button moves a value by this much.
HELD_STEP = 5


def boards_wanting_values() -> tuple[str, ...]:
    """The shipped boards whose rules miss values, by name."""
    return tuple(name for name, entry in INDEX.items() if entry.missing)


def with_entered_values(choices: Sequence[MapChoice], state_dir: Path) -> list[MapChoice]:
    """The maps offered, each shipped board that lacks values with those entered for it: the
    new game's map option is then the map's data, kept in the journal like a map file's."""
    from companion.games.ticket_to_ride.map_files import map_facts

    completed = []
    for choice in choices:
        name = choice.option
        values = (read_values(state_dir, name)
                  if choice.file is None and isinstance(name, str) and name in INDEX
                  and INDEX[name].missing else {})
        if values:
            data = with_values(shipped_data(name), values)
            choice = replace(choice, option=data, facts=map_facts(data))
        completed.append(choice)
    return completed


def entered_all(name: str, entered: Mapping[str, int]) -> bool:
    """Whether every value the board lacks is entered."""
    return all(value.key in entered for value in wanted(shipped_map(name)))


def suggested(value: WantedValue, entered: Mapping[str, int],
              before: WantedValue | None) -> int:
    """Where a value starts: as entered, else as the value before it when of the same kind
    (a toll as the toll before, a bonus as the rank above it), else its least."""
    if value.key in entered:
        return entered[value.key]
    alike = before is not None and (before.ends is None) == (value.ends is None) and (
        before.players == value.players)
    if before is not None and alike and before.key in entered:
        return min(max(entered[before.key], value.least), value.most)
    return value.least


class ValueEntry(Notices):
    """The walk through one board's missing values."""

    def __init__(self, board: str, state_dir: Path, gettext: Callable[[str], str],
                 leave: Callable[[], Any], clock: Callable[[], float],
                 notice_seconds: float = 2.0) -> None:
        self.start_notices(clock, notice_seconds)
        self.board = shipped_map(board)
        self.state_dir = state_dir
        self._ = gettext
        self.leave = leave
        self.values = wanted(self.board)
        self.entered = read_values(state_dir, self.board.name)
        left = [index for index, value in enumerate(self.values)
                if value.key not in self.entered]
        self.index = left[0] if left else 0
        self.value = self._start()

    def _start(self) -> int:
        before = self.values[self.index - 1] if self.index else None
        return suggested(self.values[self.index], self.entered, before)

    def handle(self, item: Input) -> None:
        self.flash = None
        wanted_value = self.values[self.index]
        if isinstance(item, Tap):
            self._notice(Screen(top=self.board.title, title=self._("No cards here"),
                                style=Style.REFUSAL))
        elif isinstance(item, (Press, Hold)) and item.button in ("up", "down"):
            step = HELD_STEP if isinstance(item, Hold) else 1
            moved = self.value + (step if item.button == "up" else -step)
            self.value = min(max(moved, wanted_value.least), wanted_value.most)
        elif isinstance(item, Press) and item.button == "ok":
            self.entered[wanted_value.key] = self.value
            save_values(self.state_dir, self.board.name, self.entered)
            if self.index + 1 == len(self.values):
                self.next_app = self.leave()
                return
            self.index += 1
            self.value = self._start()
        elif isinstance(item, Press) and item.button == "back":
            if self.index == 0:
                self.next_app = self.leave()
                return
            self.index -= 1
            self.value = self._start()

    def _screen(self) -> Screen:
        _ = self._
        value = self.values[self.index]
        top = f"{self.board.title} {self.index + 1}/{len(self.values)}"
        if value.ends is not None:
            title = " – ".join(value.ends)
            body = (_("Toll: {count}").format(count=self.value),)
        else:
            title = _("Toll bonus, {count} players").format(count=value.players)
            body = (_("Rank {rank}: {points}").format(rank=value.rank, points=self.value),)
        return Screen(top=top, title=title, body=body, hints=_("up/down  ok:next"),
                      progress=(self.index, len(self.values)))
