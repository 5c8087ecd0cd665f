"""Putting a table together: journal, session, tag registry, flow, drivers, app and loop."""

from __future__ import annotations

import gc
import queue
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PIL import Image

from companion.games import TABLE_GAMES
from companion.games.cards import Card
from companion.games.names import reason
from companion.i18n.translate import translator
from companion.screens.fonts import warm_up
from companion.screens.model import Screen, Style
from companion.screens.primitives import SIZES
from companion.screens.qr import render_screen
from companion.screens.render import pages
from companion.state.folder import FolderLock, take_folder
from companion.state.journal import Journal, JournalError
from companion.state.recovery import Opened, open_checked, open_registry
from companion.state.tags import TagRegistry
from companion.table.app import Flash, TableApp, TagMemory
from companion.table.device_settings import load_settings
from companion.table.loop import TableLoop
from companion.table.panel_rest import PANEL_DEFAULT_CONTRAST, READER_SLOWDOWN, PanelRest
from companion.table.session import GameSession
from companion.table.system_menu import DeviceControls, SystemMenu
from drivers.errors import DriverConfigError
from drivers.factory import DriverSet, build_drivers
from engine.registry import GAMES

if TYPE_CHECKING:  # a resumed game needs none of them before its first frame
    from companion.games.map_choices import MapChoice
    from companion.publish.mqtt_settings import MqttSettings
    from companion.publish.outbox import Outbox
    from companion.publish.scoreboard import Scoreboard
    from companion.table.lobby import Lobby

SIMULATED: dict[str, dict[str, Any]] = {
    "reader": {"kind": "sim"},
    "buttons": {"kind": "sim"},
    "display": {"kind": "sim"},
}


@dataclass
class Table:
    """An open table: its loop, drivers, journal and tag registry, until `close`."""

    loop: TableLoop
    drivers: DriverSet
    journal: Journal
    registry: TagRegistry
    events: queue.Queue[Any]
    #: The folder's lock, held while the table is open.
    owner: FolderLock | None = None
    #: What the start found wrong with the journal (a loss, a damaged file), if anything.
    problem: JournalError | None = None
    #: Sends the journal's outbox to the broker, when the table publishes (`[mqtt]`).
    publisher: Any = None

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

    def settle(self, *, collect: bool = False) -> None:
        """Make the table ready for taps: every font's glyph rows read (a tap's flash would
        otherwise pay for them) and what the table keeps set aside from the collector. With
        `collect`, the garbage of a start made with the collector off goes first."""
        warm_up()
        if collect:
            gc.collect()
        settle_memory()

    def close(self) -> None:
        """Clear the panel, stop the drivers and the publisher, close the journal and the
        registry."""
        try:
            if self.publisher is not None:
                self.publisher.stop()
            self.drivers.close()
        finally:
            try:
                self.journal.close()
                self.registry.close()
            finally:
                gc.unfreeze()  # what the table kept may go now
                if self.owner is not None:
                    self.owner.release()


def make_app(session: GameSession[Any, Any], registry: TagRegistry, language: str,
             clock: Callable[[], float], notice_seconds: float,
             new_game: Callable[[], Any] | None = None,
             tag_memory: TagMemory | None = None,
             scoreboard: Scoreboard | None = None) -> TableApp:
    """The table app for a session: the game's flow, in the table's language; with a
    scoreboard, the play's QR code after the final result."""
    game = session.rules.id
    flow = TABLE_GAMES[game].make_flow(language)

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
        end_page=_end_page(session, scoreboard, language),
    )


def _end_page(session: GameSession[Any, Any], scoreboard: Scoreboard | None,
              language: str) -> Callable[[], Screen | None] | None:
    """The play's QR code page, when there is a scoreboard (its modules are read only then)."""
    if scoreboard is None:
        return None
    from companion.table.play_qr import end_page

    return end_page(session, scoreboard, language)


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
    watchdog: Callable[[], float | None] | None = None,
    notice_seconds: float = 2.0,
    clock: Callable[[], float] = time.monotonic,
    game_options: Callable[[str], Mapping[str, Any]] = lambda game: {},
    start_now: bool = True,
    owner: FolderLock | None = None,
    scoreboard: Scoreboard | None = None,
    rest_minutes: tuple[float, float] = (0.0, 0.0),
    mqtt: MqttSettings | None = None,
    maps: Callable[[str], Sequence[MapChoice]] = lambda game: (),
    settle: bool = True,
) -> Table:
    """Open a table whose devices are described by `driver_config`.

    The unfinished game, whichever it is, is resumed; else, with `game`, `players` and
    `start_now`, that game starts; else the lobby asks the table which game and who plays
    (`game` preselected, `players` offered as names). `game_options(game)` gives the
    settings of a game chosen in the lobby. With `scoreboard` (the `[web]` section) a
    finished game's result is followed by a QR code of the play's page.

    The table owns the state folder while it is open: `owner` is its lock when the caller
    took it already, else it is taken here (StateFolderBusy when another process has it).

    `rest_minutes` (dim, then dark; 0: never) rests the idle panel, and the card reader with
    it (`panel_rest.READER_SLOWDOWN`); the brightness chosen in
    the system menu (kept in the state folder) is applied at once. The system menu gives
    the scoreboard's address too.
    With `mqtt`, every change of a play is also published there (`companion.publish.publisher`).
    `maps(game)` are the maps the lobby offers for a game played on maps, the one in
    `game_options(game)` first chosen.
    Without `settle`, the caller settles the table (`Table.settle`) once its first frame is
    shown, which then comes sooner.
    """
    if game is not None and game not in TABLE_GAMES:
        if owner is not None:
            owner.release()
        raise ValueError(f"{game} cannot be followed at the table yet")
    lock = owner or take_folder(state_dir)
    try:
        opened = open_checked(state_dir)
    except BaseException:
        lock.release()
        raise
    journal = opened.journal
    try:
        registry = open_registry(state_dir)
    except BaseException:
        journal.close()
        lock.release()
        raise
    events: queue.Queue[Any] = queue.Queue()
    outbox: Outbox | None = None
    if mqtt is not None:
        from companion.publish.outbox import Outbox

        outbox = Outbox()

    drivers: DriverSet | None = None
    chosen = load_settings(state_dir)
    controls: DeviceControls | None = None

    def lobby() -> Lobby:
        from companion.table.lobby import Lobby

        return Lobby(sorted(TABLE_GAMES), registry, translator(speaking()).gettext, start, clock,
                     default_game=game, default_names=players, notice_seconds=notice_seconds,
                     system=system, maps=maps,
                     default_map=game_options(game).get("map_name") if game else None,
                     explain=lambda error: reason(error, speaking()))

    def speaking() -> str:
        """The table's language: as opened, or as chosen since in the system menu."""
        return controls.language if controls is not None else language

    def system() -> SystemMenu:
        assert controls is not None
        return SystemMenu(controls, lambda _language: lobby(), clock, notice_seconds)

    def table_app(session: GameSession[Any, Any]) -> TableApp:
        # A reader that can keep card identities on the tags offers them to the app.
        memory = drivers.reader if drivers is not None and hasattr(drivers.reader,
                                                                   "read_text") else None
        app = make_app(session, registry, speaking(), clock, notice_seconds, lobby,
                       tag_memory=cast(TagMemory | None, memory), scoreboard=scoreboard)
        # The loop makes a move durable, and writes the draft and a due snapshot, once the
        # frame is shown. The play's start, before it, was synced as it was committed.
        app.defer_drafts = session.defer_snapshots = True
        session.journal.defer_syncs()
        return app

    def start(chosen: str, names: tuple[str, ...], *on_map: Any) -> TableApp:
        options = dict(game_options(chosen))
        if on_map:
            options["map_name"] = on_map[0]
        return table_app(GameSession.start(journal, GAMES[chosen], names, options,
                                           outbox=outbox))

    try:
        drivers = build_drivers(dict(driver_config or SIMULATED), events, strict=False)
        _check_panel(drivers.display.size)
        reader = drivers.reader
        rest = PanelRest(drivers.display, clock, dim_after=rest_minutes[0] * 60,
                         off_after=rest_minutes[1] * 60,
                         contrast=drivers.settings.display.contrast or PANEL_DEFAULT_CONTRAST,
                         on_change=lambda state: reader.rest(READER_SLOWDOWN[state]))
        if chosen.contrast is not None:
            rest.set_brightness(chosen.contrast)
        controls = DeviceControls(state_dir, chosen, language, rest, journal, scoreboard)
        app: TableApp | Lobby
        unfinished = journal.unfinished(key)
        # The game in progress comes back whatever game was asked for or configured: a
        # restart must never leave a game behind in the journal.
        if unfinished is not None and unfinished.game in TABLE_GAMES:
            app = table_app(GameSession.resume(journal, unfinished, rules=GAMES[unfinished.game],
                                               outbox=outbox))
        elif game is not None and players and start_now:
            app = table_app(GameSession.start(journal, GAMES[game], players,
                                              dict(options or {}), key=key, outbox=outbox))
        else:
            app = lobby()
    except BaseException:
        if drivers is not None:
            drivers.close()
        journal.close()
        registry.close()
        lock.release()
        raise
    if opened.problem is not None:
        app.flash = Flash(_problem_screen(opened, language), clock() + PROBLEM_SECONDS)
    size = drivers.display.size
    loop = TableLoop(app, drivers.display,
                     lambda screen, page=0: render_screen(screen, size, page),
                     on_frame=on_frame, watchdog=watchdog, clock=clock, rest=rest,
                     pages=lambda screen: pages(screen, size))
    table = Table(loop, drivers, journal, registry, events, lock, opened.problem)
    if mqtt is not None and outbox is not None:
        from companion.publish.publisher import Publisher

        table.publisher = Publisher(journal.path, mqtt)
        outbox.listen(table.publisher.wake)
        table.publisher.start()
    if settle:
        table.settle()
    return table


def settle_memory() -> None:
    """Set aside from the garbage collector what the table keeps for its whole life (modules,
    maps, fonts, the game so far): a collection then looks only at what moves make and drop,
    and never holds a tap for milliseconds going over the rest. No collection first: it would
    hold the first frame longer than the little garbage set aside with them weighs."""
    gc.freeze()


def _check_panel(size: tuple[int, int]) -> None:
    """Refuse a panel the screens have no layout for, rather than leave it dark."""
    if tuple(size) not in SIZES:
        shown = " or ".join(f"{width}x{height}" for width, height in SIZES)
        raise DriverConfigError(
            "display.rotate", f"the screens are laid out for a {shown} panel, not "
            f"{size[0]}x{size[1]}: turn the panel by 0 or 2 quarter turns")


#: How long the table shows what its start found wrong with the journal.
PROBLEM_SECONDS = 30.0


def _problem_screen(opened: Opened, language: str) -> Screen:
    _ = translator(language).gettext
    if opened.set_aside is not None:
        title = _("Journal damaged")
        body: tuple[str, ...] = (_("Kept aside; a new"), _("journal begins."))
    elif opened.loss is None:
        title = _("Journal unchecked")
        body = (_("Move count unreadable"),)
    else:
        loss = opened.loss
        title = _("Moves lost")
        body = ((_("Moves {first}-{last} lost").format(first=loss.held + 1, last=loss.committed),)
                if loss.play_id is not None else (_("A whole game lost"),))
    return Screen(top=_("Journal"), title=title, body=body + (_("See companion status"),),
                  style=Style.REFUSAL)
