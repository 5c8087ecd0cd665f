"""Putting a table together: journal, session, tag registry, flow, drivers, app and loop."""

from __future__ import annotations

import queue
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from PIL import Image

from drivers.factory import DriverSet, build_drivers
from engine.registry import GAMES

from .app import TableApp, TagMemory
from .cards import Card
from .failures import FileUnusable
from .flows.base import TableFlow
from .flows.freight_train import FreightTrainFlow
from .flows.game_of_trains import GameOfTrainsFlow
from .flows.off_the_rails import OffTheRailsFlow
from .flows.ticket_to_ride import TicketToRideFlow
from .flows.whistle_stop import WhistleStopFlow
from .i18n import reason, translator
from .journal import Journal
from .lobby import Lobby
from .loop import TableLoop
from .paths import JOURNAL_FILE
from .screens.render import render
from .session import GameSession
from .tags import FILENAME as TAGS_FILE
from .tags import TagRegistry

#: The games that can be followed at the table, with their flows.
FLOWS: dict[str, Callable[[str], TableFlow]] = {
    "freight-train": FreightTrainFlow,
    "game-of-trains": GameOfTrainsFlow,
    "off-the-rails": OffTheRailsFlow,
    "ticket-to-ride": TicketToRideFlow,
    "whistle-stop": WhistleStopFlow,
}

SIMULATED: dict[str, dict[str, Any]] = {
    "reader": {"kind": "sim"},
    "buttons": {"kind": "sim"},
    "display": {"kind": "sim"},
}


@dataclass
class Table:
    loop: TableLoop
    drivers: DriverSet
    journal: Journal
    registry: TagRegistry
    events: queue.Queue[Any]

    @property
    def app(self) -> TableApp:
        """The game being played (the demo and the tests start one directly)."""
        app = self.loop.app
        if not isinstance(app, TableApp):
            raise RuntimeError("no game has started at this table yet")
        return app

    @property
    def game(self) -> str | None:
        """The game being followed; None while the lobby asks which."""
        app = self.loop.app
        return app.session.rules.id if isinstance(app, TableApp) else None

    def close(self) -> None:
        """Clear the panel, stop the drivers, close the journal and the registry."""
        try:
            self.drivers.close()
        finally:
            self.journal.close()
            self.registry.close()


def make_app(session: GameSession[Any, Any], registry: TagRegistry, language: str,
             clock: Callable[[], float], notice_seconds: float,
             new_game: Callable[[], Any] | None = None,
             tag_memory: TagMemory | None = None) -> TableApp:
    """The table app for a session: the game's flow, in the table's language."""
    game = session.rules.id
    flow = FLOWS[game](language)

    def enrollable() -> list[tuple[str, Card]]:
        return [(label, Card(game, kind, value)) for label, kind, value in flow.card_choices()]

    return TableApp(
        session=session,
        flow=flow,
        registry=registry,
        gettext=translator(language).gettext,
        explain=lambda error: reason(error, language),
        enrollable=enrollable,
        clock=clock,
        notice_seconds=notice_seconds,
        new_game=new_game,
        tag_memory=tag_memory,
    )


def open_table(
    *,
    state_dir: Path,
    language: str,
    game: str | None = None,
    players: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    key: str | None = None,
    driver_config: Mapping[str, Any] | None = None,
    on_frame: Callable[[Image.Image], object] | None = None,
    watchdog: Callable[[], None] | None = None,
    notice_seconds: float = 2.0,
    clock: Callable[[], float] = time.monotonic,
    game_options: Callable[[str], Mapping[str, Any]] = lambda game: {},
    start_now: bool = True,
) -> Table:
    """Open a table whose devices are described by `driver_config`.

    The unfinished game, whichever it is, is resumed; else, with `game`, `players` and
    `start_now`, that game starts; else the lobby asks the table which game and who plays
    (`game` preselected, `players` offered as names). `game_options(game)` gives the
    settings of a game chosen in the lobby.
    """
    if game is not None and game not in FLOWS:
        raise ValueError(f"{game} cannot be followed at the table yet")
    state_dir.mkdir(parents=True, exist_ok=True)
    journal = Journal(state_dir / JOURNAL_FILE)
    try:
        registry = TagRegistry.in_state_dir(state_dir)
    except sqlite3.Error as error:  # garbage, a folder in its place, a read-only file
        journal.close()
        raise FileUnusable(state_dir / TAGS_FILE) from error
    events: queue.Queue[Any] = queue.Queue()

    drivers: DriverSet | None = None

    def lobby() -> Lobby:
        return Lobby(sorted(FLOWS), registry, translator(language).gettext, start, clock,
                     default_game=game, default_names=players, notice_seconds=notice_seconds)

    def table_app(session: GameSession[Any, Any]) -> TableApp:
        # A reader that can keep card identities on the tags offers them to the app.
        memory = drivers.reader if drivers is not None and hasattr(drivers.reader,
                                                                   "read_text") else None
        return make_app(session, registry, language, clock, notice_seconds, lobby,
                        tag_memory=cast(TagMemory | None, memory))

    def start(chosen: str, names: tuple[str, ...]) -> TableApp:
        return table_app(GameSession.start(journal, GAMES[chosen], names,
                                           dict(game_options(chosen))))

    try:
        drivers = build_drivers(dict(driver_config or SIMULATED), events, strict=False)
        app: TableApp | Lobby
        unfinished = journal.unfinished(key)
        # The game in progress comes back whatever game was asked for or configured: a
        # restart must never leave a game behind in the journal.
        if unfinished is not None and unfinished.game in FLOWS:
            app = table_app(GameSession.resume(journal, unfinished, rules=GAMES[unfinished.game]))
        elif game is not None and players and start_now:
            app = table_app(GameSession.start(journal, GAMES[game], players,
                                              dict(options or {}), key=key))
        else:
            app = lobby()
    except BaseException:
        if drivers is not None:
            drivers.close()
        journal.close()
        registry.close()
        raise
    loop = TableLoop(app, drivers.display, render, on_frame=on_frame, watchdog=watchdog,
                     clock=clock)
    return Table(loop, drivers, journal, registry, events)
