"""Before a game: choose it (and its map), say how many play and who, with the buttons and
personal tags.

A player's personal tag (a card of kind "player" for every game) names them at the table, the
same name every evening. When the players confirm, the lobby hands over to the game's table.
A game played on maps asks which one when it has more than one to offer: the shipped maps and
the map files of its maps folder; a file the game refused is listed too, and choosing it says
why. On a map played in teams the count goes by whole teams, as the engine seats them, and
the team step (`lobby_teams`) shows the teams and swaps players before the start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from companion.flows.inputs import Hold, Input, Press, Tap
from companion.flows.words import wrapped
from companion.games import TABLE_GAMES
from companion.games.map_choices import MapChoice
from companion.games.map_facts import short_facts, warnings
from companion.games.record import Teams
from companion.screens.model import Menu, Screen, Style
from companion.table.app import Notices, Registry
from companion.table.lobby_teams import TeamStep
from engine.errors import IllegalEvent
from engine.registry import entry


class Step(Enum):
    GAME = "game"
    MAP = "map"
    COUNT = "count"
    NAMES = "names"
    #: On a map played in teams: the teams as formed (the start's confirmation) ...
    TEAMS = "teams"
    #: ... and choosing who swaps with whom.
    SWAP = "swap"
    START = "start"


@dataclass
class Choices:
    game: str
    count: int
    names: list[str] = field(default_factory=list)
    #: The map chosen, for a game played on maps.
    map: MapChoice | None = None


class Lobby(Notices):
    """Speaks the loop's language (handle, screen, fault, expires_at) until a game starts."""

    def __init__(
        self,
        games: Sequence[str],
        registry: Registry,
        gettext: Callable[[str], str],
        start: Callable[[str, tuple[str, ...]], Any],
        clock: Callable[[], float],
        default_game: str | None = None,
        default_names: Sequence[str] = (),
        notice_seconds: float = 2.0,
        system: Callable[[], Any] | None = None,
        maps: Callable[[str], Sequence[MapChoice]] = lambda game: (),
        default_map: Any = None,
        explain: Callable[[Exception], str] = str,
    ) -> None:
        """`start(game, names)` starts the game, `start(game, names, map_option)` on a map;
        `maps(game)` are the maps offered (`default_map`, an option, first chosen);
        `explain` words an engine's refusal (a map file's problem)."""
        self.start_notices(clock, notice_seconds)
        self.games = list(games)
        self.maps = maps
        self.default_map = default_map
        self.explain = explain
        #: The maps of the chosen game, as offered when it was chosen.
        self.offered: list[MapChoice] = []
        #: Builds the system menu (None: this table has none).
        self.system = system
        self.registry = registry
        self._ = gettext
        self.start = start
        self.default_names = list(default_names)
        first = default_game if default_game in self.games else self.games[0]
        rules = entry(first)
        count = min(max(len(self.default_names), rules.players.start), rules.players.stop - 1)
        self.choices = Choices(first, count)
        self.step = Step.GAME
        self.choice = self.games.index(first)
        self.map_choice = 0
        #: How the chosen map seats teams; None on a map (or game) without teams.
        self.seating: Teams | None = None
        self.team_step: TeamStep | None = None

    # --- Inputs -------------------------------------------------------------------------------

    def handle(self, item: Input) -> None:
        self.flash = None
        if isinstance(item, Tap):
            self._tap(item.uid)
        elif isinstance(item, Press):
            {Step.GAME: self._game, Step.MAP: self._map, Step.COUNT: self._count,
             Step.NAMES: self._names, Step.TEAMS: self._teams, Step.SWAP: self._swap,
             Step.START: self._start}[self.step](item.button)
        elif isinstance(item, Hold) and item.button == "back":
            if self.step is Step.GAME and self.system is not None:
                self.next_app = self.system()
            self._back_to(Step.GAME)

    def _game(self, button: str) -> None:
        if button in ("up", "down"):
            self.choice = (self.choice + (1 if button == "down" else -1)) % len(self.games)
        elif button == "ok":
            game = self.games[self.choice]
            players = entry(game).players
            count = min(max(self.choices.count, players.start), players.stop - 1)
            self.choices = Choices(game, count)
            self.offered = list(self.maps(game))
            if len(self.offered) > 1:
                playable = [choice.option if choice.problem is None else None
                            for choice in self.offered]
                given = self.default_map
                self.map_choice = (playable.index(given)
                                   if given is not None and given in playable else 0)
                self.step = Step.MAP
            else:
                self._on_map(self.offered[0] if self.offered else None)

    def _map(self, button: str) -> None:
        if button in ("up", "down"):
            step = 1 if button == "down" else -1
            self.map_choice = (self.map_choice + step) % len(self.offered)
        elif button == "ok":
            chosen = self.offered[self.map_choice]
            if chosen.problem is not None:
                self._refuse_map(chosen)
                return
            said = warnings(chosen.facts, self._, on_screen=True) if chosen.facts else ()
            if said:  # data to check, rules left off: said over the next step
                lines = tuple(line for warning in said for line in wrapped(warning, 2))
                self._notice(Screen(top=chosen.title, title=self._("Before you play"),
                                    body=lines[:3], style=Style.NOTICE))
            self._on_map(chosen)
        elif button == "back":
            self._back_to(Step.GAME)

    def _refuse_map(self, chosen: MapChoice) -> None:
        """A map file the game refused: its name and why, as long as a notice lasts."""
        assert chosen.problem is not None
        self._notice(Screen(top=self._("New game"), title=self._("Map refused"),
                            body=(chosen.title, *wrapped(self.explain(chosen.problem), 2)),
                            style=Style.REFUSAL))

    def _on_map(self, chosen: MapChoice | None) -> None:
        """The map is chosen: the count fits the players it seats (whole teams on a team map),
        as many as the configured names when they fit."""
        self.choices.map = chosen
        record = TABLE_GAMES.get(self.choices.game)
        self.seating = (record.map_teams(chosen.option)
                        if chosen is not None and record is not None and record.map_teams
                        else None)
        counts = self._counts()
        wanted = len(self.default_names) or self.choices.count
        fitting = [count for count in counts if count <= wanted]
        self.choices.count = fitting[-1] if fitting else counts[0]
        self.step = Step.COUNT

    def _counts(self) -> range:
        """The player counts a game may start with: the map's whole teams, else the map's
        players, else the game's."""
        if self.seating:
            return self.seating.people
        chosen = self.choices.map
        if chosen is not None and chosen.facts is not None:
            return chosen.facts.people
        return entry(self.choices.game).players

    def _whole_teams(self) -> bool:
        return self.choices.count in self._counts()

    def _count(self, button: str) -> None:
        # Every count between the fewest and the most is shown, so that a table of five on a
        # map of teams of two learns why it cannot start rather than never seeing five.
        counts = self._counts()
        if button == "up":
            self.choices.count = min(counts[-1], self.choices.count + 1)
        elif button == "down":
            self.choices.count = max(counts[0], self.choices.count - 1)
        elif button == "ok" and not self._whole_teams():
            assert self.seating is not None
            self._show(self._("Each team has {size} players").format(size=self.seating.size),
                       Style.REFUSAL)
        elif button == "ok":
            self.choices.names = []
            self.step = Step.NAMES
        elif button == "back":
            self._back_to(Step.MAP if len(self.offered) > 1 else Step.GAME)

    def _names(self, button: str) -> None:
        if button == "ok":
            self._name(self._default_name(len(self.choices.names)))
        elif button == "back":
            if self.choices.names:
                self.choices.names.pop()
            else:
                self.step = Step.COUNT

    def _start(self, button: str) -> None:
        if button == "ok":
            self._begin()
        elif button == "back":
            self.choices.names.pop()
            self.step = Step.NAMES

    def _teams(self, button: str) -> None:
        """The teams as formed: ok starts, down swaps two players, back as on Start?."""
        if button == "down":
            assert self.team_step is not None
            self.team_step.picked, self.team_step.cursor = None, 0
            self.step = Step.SWAP
        else:
            self._start(button)

    def _swap(self, button: str) -> None:
        step = self.team_step
        assert step is not None
        if button in ("up", "down"):
            step.move(button)
        elif button == "ok":
            step.choose()
            if step.picked is None:  # swapped: the new teams are shown
                self.step = Step.TEAMS
        elif button == "back":
            if step.picked is None:
                self.step = Step.TEAMS
            else:
                step.picked, step.cursor = None, 0

    def _begin(self) -> None:
        """Start the game with the players in their seat order (team by team on a team map)."""
        chosen = self.choices
        on_map = (chosen.map.option,) if chosen.map is not None else ()
        try:
            self.next_app = self.start(chosen.game, tuple(chosen.names), *on_map)
        except IllegalEvent as error:  # the map is for fewer or more players
            self._notice(Screen(top=self._("New game"), title=self._("Cannot start"),
                                body=wrapped(self.explain(error)), style=Style.REFUSAL))

    def _tap(self, uid: str) -> None:
        card = self.registry.lookup(uid)
        if self.step is not Step.NAMES:
            self._show(self._("Tap your tag when asked"), Style.REFUSAL)
        elif card is None or card.kind != "player":
            self._show(self._("Not a player's tag"), Style.REFUSAL)
        else:
            self._name(card.value)

    def _name(self, name: str) -> None:
        if name.casefold() in (taken.casefold() for taken in self.choices.names):
            self._show(self._("{name} already plays").format(name=name), Style.REFUSAL)
            return
        self.choices.names.append(name)
        if len(self.choices.names) < self.choices.count:
            return
        if self.seating is None:
            self.step = Step.START
        else:  # the team step arranges the seats of this very list
            self.team_step = TeamStep(self.seating, self.choices.names)
            self.step = Step.TEAMS

    def _default_name(self, seat: int) -> str:
        if seat < len(self.default_names) and self.default_names[seat] not in self.choices.names:
            return self.default_names[seat]
        return self._("Player {number}").format(number=seat + 1)

    def _back_to(self, step: Step) -> None:
        self.step = step
        self.choices.names = []

    def _show(self, text: str, style: Style) -> None:
        self._notice(Screen(top=self._("New game"), title=text, style=style))

    # --- The screen ---------------------------------------------------------------------------

    def _title(self, game: str) -> str:
        """The title printed on the game's box, in the table's language."""
        record = TABLE_GAMES.get(game)
        return self._(record.title) if record is not None else game

    def _screen(self) -> Screen:
        top = self._("New game")
        if self.step is Step.GAME:
            titles = tuple(self._title(game) for game in self.games)
            hints = self._("ok:choose  hold:menu") if self.system else self._("ok:choose")
            return Screen(top=top, title=self._("Which game?"), menu=Menu(titles, self.choice),
                          hints=hints)
        title = self._title(self.choices.game)
        if self.step is Step.MAP:
            items = tuple(choice.title if choice.problem is None
                          else self._("{name} (refused)").format(name=choice.title)
                          for choice in self.offered)
            facts = self.offered[self.map_choice].facts
            return Screen(top=short_facts(facts, self._) if facts is not None else title,
                          title=self._("Which map?"), menu=Menu(items, self.map_choice),
                          hints=self._("ok:choose"))
        if self.step is Step.COUNT:
            teams: tuple[str, ...] = ()
            if self.seating is not None and self._whole_teams():
                teams = (self._("{count} teams of {size}").format(
                    count=self.choices.count // self.seating.size, size=self.seating.size),)
            elif self.seating is not None:
                teams = (self._("Each team has {size} players").format(size=self.seating.size),)
            return Screen(top=title, title=self._("{count} players").format(
                count=self.choices.count), body=teams, hints=self._("up/down  ok:next"))
        if self.step in (Step.TEAMS, Step.SWAP) and self.team_step is not None:
            return self.team_step.screen(title, self.step is Step.SWAP, self._)
        if self.step is Step.NAMES:
            seat = len(self.choices.names)
            return Screen(top=title, title=self._("Player {number}").format(number=seat + 1),
                          body=(self._("Tap your tag, or ok:"), self._default_name(seat)),
                          progress=(seat, self.choices.count), hints=self._("ok:name  back:cancel"))
        return Screen(top=title, title=self._("Start?"), body=(", ".join(self.choices.names),),
                      hints=self._("ok:start back:cancel"), style=Style.CONFIRM)
