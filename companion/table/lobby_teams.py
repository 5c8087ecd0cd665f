"""The lobby's team step, on a map played in teams: who plays with whom, before the start.

The players sit team by team in the order they were named (team mates side by side); the step
shows the teams so formed and lets the table swap any two players of different teams, seat for
seat. The game starts with the players in the seat order shown, so the engine forms the same
teams, the journal keeps them with the players, and a resumed game has them again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.flows.words import packed
from companion.games.record import Teams
from companion.screens.model import Menu, Screen, Style


@dataclass
class TeamStep:
    """The seats being arranged: `names` in seat order, team by team."""

    teams: Teams
    names: list[str]
    #: The seat picked to be swapped; None while the table looks at the teams.
    picked: int | None = None
    #: The highlighted line of the list being chosen from.
    cursor: int = 0

    def team_names(self) -> tuple[str, ...]:
        """The teams as they sit, each named after its members ("Ana & Ben")."""
        return self.teams.names(self.names)

    def team_of(self, seat: int) -> int:
        return seat // self.teams.size

    def choosable(self) -> list[int]:
        """The seats offered now: anyone to pick; then anyone of another team."""
        if self.picked is None:
            return list(range(len(self.names)))
        picked_team = self.team_of(self.picked)
        return [seat for seat in range(len(self.names)) if self.team_of(seat) != picked_team]

    def move(self, button: str) -> None:
        """up/down in the list being chosen from."""
        self.cursor = (self.cursor + (1 if button == "down" else -1)) % len(self.choosable())

    def choose(self) -> None:
        """ok in a list: pick the highlighted player, or swap them with the one picked."""
        seat = self.choosable()[self.cursor]
        if self.picked is None:
            self.picked = seat
        else:
            self.names[self.picked], self.names[seat] = self.names[seat], self.names[self.picked]
            self.picked = None
        self.cursor = 0

    def screen(self, top: str, picking: bool, _: Callable[[str], str]) -> Screen:
        """The teams as they sit (`picking` False), or the list to choose from."""
        if not picking:
            return Screen(top=top, title=_("Teams"), body=packed(self.team_names()),
                          hints=_("ok:start  down:swap"), style=Style.CONFIRM)
        items = tuple(_("Team {number}: {name}").format(number=self.team_of(seat) + 1,
                                                        name=self.names[seat])
                      for seat in self.choosable())
        if self.picked is None:
            return Screen(top=top, title=_("Swap who?"), menu=Menu(items, self.cursor),
                          hints=_("ok:choose  back:done"))
        return Screen(top=top, title=_("{name} with?").format(name=self.names[self.picked]),
                      menu=Menu(items, self.cursor), hints=_("ok:swap  back:cancel"))
