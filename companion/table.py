"""Putting a table together: journal, session, tag registry, flow, drivers, app and loop."""

from __future__ import annotations

import queue
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from drivers.factory import DriverSet, build_drivers
from engine.registry import GAMES

from .app import TableApp
from .cards import Card
from .flows.base import TableFlow
from .flows.freight_train import FreightTrainFlow
from .i18n import reason, translator
from .journal import Journal
from .loop import TableLoop
from .paths import JOURNAL_FILE
from .screens.render import render
from .session import GameSession
from .tags import TagRegistry

#: The games that can be followed at the table, with their flows.
FLOWS: dict[str, Callable[[str], TableFlow]] = {
    "freight-train": FreightTrainFlow,
}

SIMULATED: dict[str, dict[str, Any]] = {
    "reader": {"kind": "sim"},
    "buttons": {"kind": "sim"},
    "display": {"kind": "sim"},
}


@dataclass
class Table:
    app: TableApp
    loop: TableLoop
    drivers: DriverSet
    journal: Journal
    registry: TagRegistry
    events: queue.Queue[Any]

    def close(self) -> None:
        """Clear the panel, stop the drivers, close the journal and the registry."""
        try:
            self.drivers.close()
        finally:
            self.journal.close()
            self.registry.close()


def open_session(journal: Journal, game: str, players: Sequence[str],
                 options: Mapping[str, Any] | None, key: str | None) -> GameSession[Any, Any]:
    """The unfinished play with this key (or the latest unfinished one), else a new one."""
    play = journal.unfinished(key)
    if play is not None and play.game == game:
        return GameSession.resume(journal, play, rules=GAMES[game])
    return GameSession.start(journal, GAMES[game], players, dict(options or {}), key=key)


def open_table(
    *,
    state_dir: Path,
    game: str,
    players: Sequence[str],
    language: str,
    options: Mapping[str, Any] | None = None,
    key: str | None = None,
    driver_config: Mapping[str, Any] | None = None,
    on_frame: Callable[[Image.Image], object] | None = None,
    watchdog: Callable[[], None] | None = None,
    notice_seconds: float = 2.0,
    clock: Callable[[], float] | None = None,
) -> Table:
    """Open (or resume) a game at a table whose devices are described by `driver_config`."""
    import time

    if game not in FLOWS:
        raise ValueError(f"{game} cannot be followed at the table yet")
    state_dir.mkdir(parents=True, exist_ok=True)
    journal = Journal(state_dir / JOURNAL_FILE)
    registry = TagRegistry.in_state_dir(state_dir)
    events: queue.Queue[Any] = queue.Queue()
    try:
        session = open_session(journal, game, players, options, key)
        gettext = translator(language).gettext
        flow = FLOWS[game](language)

        def enrollable() -> list[tuple[str, Card]]:
            return [(label, Card(game, kind, value)) for label, kind, value in flow.card_choices()]

        app = TableApp(
            session=session,
            flow=flow,
            registry=registry,
            gettext=gettext,
            explain=lambda error: reason(error, language),
            enrollable=enrollable,
            clock=clock or time.monotonic,
            notice_seconds=notice_seconds,
        )
        drivers = build_drivers(dict(driver_config or SIMULATED), events, strict=False)
    except BaseException:
        journal.close()
        registry.close()
        raise
    loop = TableLoop(app, drivers.display, render, on_frame=on_frame, watchdog=watchdog,
                     clock=clock or time.monotonic)
    return Table(app, loop, drivers, journal, registry, events)
