"""What the table side knows of a game, in one record: `TableGame`, and the shapes it uses.

A record holds data and references only: the game's engine package, decks and flow are
imported the first time they are needed, so a command about one game never loads the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.flows.base import TableFlow
    from companion.games.box_memory import BoxMemory
    from companion.games.map_facts import MapFacts
    from engine.game import GameRules

#: A card kind's values: a tuple lists the allowed values (empty: the kind takes no value);
#: `None` accepts any short text, such as a player's name.
Values = tuple[str, ...] | None
#: An English name with its gettext context, from `NC_()`.
Name = tuple[str, str]


@dataclass(frozen=True)
class Shape:
    """More values of a card kind than its list: any value `pattern` matches in full (the
    ticket tags of a map file); `form` shows the shape in a refusal ("MAP-NN")."""

    pattern: str
    form: str


@dataclass(frozen=True)
class GameInfo:
    """How other tools name a game; `bgg_id` is its BoardGameGeek id, when known for sure."""

    name: str
    bgg_id: int | None = None
    highest_wins: bool = True
    #: Won or lost, without points (BG Stats' `noPoints`).
    no_points: bool = False
    #: BG Stats' `sourceGameId`; empty: the engine's game id.
    source_id: str = ""


@dataclass(frozen=True)
class Teams:
    """How a map seats its teams: `size` players each, `people` the players it takes (whole
    teams), `names(players)` the teams' names of players seated team by team."""

    size: int
    people: range
    names: Callable[[Sequence[str]], tuple[str, ...]]


@dataclass(frozen=True)
class TableGame:
    """One game at the table, by the engine's id."""

    id: str
    #: The flow class, "module:Class", imported when a table of this game opens.
    flow: str
    #: The automated player's module (`ACKNOWLEDGED`, `enter`), for the demo and the tests.
    autopilot: str
    #: The card kinds (kind -> its values), worked out from the game's own data when asked.
    cards: Callable[[], dict[str, Values]]
    #: Kinds that also take values of a shape (the cards of a map file), by kind.
    shapes: Mapping[str, Shape] = field(default_factory=dict)
    #: Physical cards of one value of a kind in a full box; one when a kind is not listed.
    copies: Mapping[str, int] = field(default_factory=dict)
    #: Display names of the game's ids: kind -> value -> name ("" names the kind itself).
    names: Mapping[str, Mapping[str, Name]] = field(default_factory=dict)
    #: Kinds whose cards are named by what is printed on them (a ticket's cities) rather than
    #: by a name per value: kind -> ("module:reader", "module:namer"), the reader taking
    #: (text, language, board) to a value, the namer (value, language) to the printed name.
    printed: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: Error parameters that hold one of this game's ids: parameter -> kind of its names.
    id_params: Mapping[str, str] = field(default_factory=dict)
    #: BoardGameGeek's id, only where it was checked (BG Stats matches by name without one).
    bgg_id: int | None = None
    #: Won or lost, without points.
    no_points: bool = False
    #: The shipped maps a new game can be played on, by name, from the engine (the first is
    #: the map of a new game when none is chosen); None: the game has one board.
    maps: Callable[[], tuple[str, ...]] | None = None
    #: Maps that are a game of their own for other tools, by map name.
    map_games: Mapping[str, GameInfo] = field(default_factory=dict)
    #: A map's title from a play's map option (a shipped map's name such as "usa" -> "USA",
    #: or a map file's data); None for a game without maps.
    map_title: Callable[[object], str] | None = None
    #: The card values one map adds to the kinds (its ticket tags), from a play's map option.
    map_cards: Callable[[object], dict[str, tuple[str, ...]]] | None = None
    #: A map file's text -> (the map's title, the map as a new game's `map_name` option, kept
    #: in the journal); raises the engine's InvalidInput or IllegalEvent. None: no map files.
    read_map: Callable[[str], tuple[str, Any]] | None = None
    #: How a play's map seats teams (None for a map without teams); None: never in teams.
    map_teams: Callable[[object], Teams | None] | None = None
    #: What the table says of a map before it is chosen (players, standing, rules left off).
    map_facts: Callable[[object], MapFacts] | None = None
    #: What the table remembers of the box between games: "module:Class" of a
    #: `box_memory.BoxMemory` built with the state folder (by the table, which may reach the
    #: folder); its flow is given it too. None: nothing is remembered.
    memory: str | None = None
    #: Settings the table reads itself, not the rules (how it shows the game), with their
    #: defaults: keys of the game's configuration section and of `--setting`.
    table_settings: Mapping[str, bool] = field(default_factory=dict)
    #: Score categories off the board until the end (secret, or counted only then): the
    #: running scores of pages and charts leave them out.
    settled_at_the_end: frozenset[str] = frozenset()
    #: When the score over a game is charted: "day" (after each day) or "claim" (after each
    #: route claimed); None: the game has no running score to chart.
    charted_by: str | None = None

    @property
    def title(self) -> str:
        """The title printed on the box (the engine's catalogue's: an English message, N_)."""
        from engine.registry import entry

        return entry(self.id).name

    @property
    def rules(self) -> GameRules[Any, Any]:
        """The engine's rules of the game, imported on first use."""
        from engine.registry import GAMES

        return GAMES[self.id]

    def make_flow(self, language: str, settings: Mapping[str, Any] | None = None,
                  memory: BoxMemory | None = None) -> TableFlow:
        """A new table flow of this game, in `language`, with its table settings (those of
        `settings` it declares, the others at their defaults); a game that remembers its box
        is given `memory` (`companion.table.box_memory`)."""
        flow: Callable[..., TableFlow] = imported(self.flow)
        chosen = {key: (settings or {}).get(key, default)
                  for key, default in self.table_settings.items()}
        if memory is not None:
            return flow(language, memory, **chosen)
        return flow(language, **chosen)

    @property
    def package(self) -> str:
        """The game's package, where its flow is: "companion.games.whistle_stop"."""
        return self.flow.split(":")[0].rsplit(".", 1)[0]

    def part(self, module: str, name: str) -> Any | None:
        """`name` of the game's own `module` when the game has one, else None: what a game
        may add by convention (its `public.shown`, its `move_words.page_words`)."""
        path = f"{self.package}.{module}"
        try:
            found = importlib.import_module(path)
        except ModuleNotFoundError as error:
            if error.name != path:
                raise
            return None
        return getattr(found, name, None)

    def rules_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """`settings` without the table's own: what the game's rules are set up with."""
        return {key: value for key, value in settings.items() if key not in self.table_settings}

    def info(self, map_name: object = None) -> GameInfo:
        """The game as other tools know it; a map that is a game of its own names that game."""
        if isinstance(map_name, str) and map_name in self.map_games:
            return self.map_games[map_name]
        return GameInfo(self.title, self.bgg_id, no_points=self.no_points)


def imported(reference: str) -> Any:
    """What a reference of a record names, imported: "package.module:name", or a module.

    >>> imported("companion.games.record:imported") is imported
    True
    """
    module, _, name = reference.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found
