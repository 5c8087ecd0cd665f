"""Putting a table together: journal, session, tag registry, flow, drivers, app and loop."""

from __future__ import annotations

import gc
import queue
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
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
from companion.state.journal import Journal, JournalError, PlayRecord
from companion.state.recovery import Opened, open_checked, open_registry
from companion.state.tags import TagRegistry
from companion.table.app import Flash, TableApp, TagMemory
from companion.table.box_memory import box_memory, with_memory
from companion.table.device_settings import load_settings
from companion.table.feedback import TableFeedback
from companion.table.loop import TableLoop
from companion.table.panel_rest import PANEL_DEFAULT_CONTRAST, READER_SLOWDOWN, PanelRest
from companion.table.session import GameSession
from companion.table.system_menu import DeviceControls, SystemMenu
from companion.table.tag_scan import ScanAnswer
from drivers.errors import DriverConfigError
from drivers.factory import DriverSet, build_drivers
from engine.registry import GAMES

if TYPE_CHECKING:  # a resumed game needs none of them before its first frame
    from companion.games.map_choices import MapChoice
    from companion.publish.mqtt_settings import MqttSettings
    from companion.publish.outbox import Outbox
    from companion.publish.publisher import Publisher
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
             scoreboard: Scoreboard | None = None,
             state_dir: Path | None = None,
             table_settings: Mapping[str, Any] | None = None) -> TableApp:
    """The table app for a session: the game's flow, in the table's language, with the
    game's table settings; with a scoreboard, the play's QR code after the final result;
    with `state_dir`, the flow keeps what it learns of the box there."""
    game = session.rules.id
    memory = box_memory(game, state_dir) if state_dir is not None else None
    flow = TABLE_GAMES[game].make_flow(language, table_settings, memory)

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
    table_settings: Callable[[str], Mapping[str, Any]] = lambda game: {},
    announce_game_menu: bool = False,
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
    settings of a game chosen in the lobby; `table_settings(game)` those the table reads
    itself (`TableGame.table_settings`), for any game it opens. With `announce_game_menu`
    a game that begins or resumes says first how to open its menu. With `scoreboard` (the
    `[web]` section) a finished game's result is followed by a QR code of the play's page.

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
    with ExitStack() as cleanup:
        # Whatever is opened is closed again, in reverse, should a later step fail; the
        # caller's lock is the table's from the start.
        if owner is not None:
            cleanup.callback(owner.release)
        if game is not None and game not in TABLE_GAMES:
            raise ValueError(f"{game} cannot be followed at the table yet")
        lock = owner or take_folder(state_dir)
        if owner is None:
            cleanup.callback(lock.release)
        opened = open_checked(state_dir)
        cleanup.callback(opened.journal.close)
        registry = open_registry(state_dir)
        cleanup.callback(registry.close)
        events: queue.Queue[Any] = queue.Queue()
        drivers = build_drivers(dict(driver_config or SIMULATED), events, strict=False)
        cleanup.callback(drivers.close)
        builder = _Builder(state_dir, language, opened.journal, registry, drivers, clock,
                           notice_seconds, scoreboard, mqtt, default_game=game,
                           default_names=players, game_options=game_options, maps=maps,
                           table_settings=table_settings,
                           announce_game_menu=announce_game_menu)
        rest = builder.rest_panel(rest_minutes)
        unfinished = opened.journal.unfinished(key)
        app: TableApp | Lobby
        # The game in progress comes back whatever game was asked for or configured: a
        # restart must never leave a game behind in the journal.
        if unfinished is not None and unfinished.game in TABLE_GAMES:
            app = builder.resume(unfinished)
        elif game is not None and players and start_now:
            app = builder.begin(game, players, dict(options or {}), key)
        else:
            app = builder.lobby()
        if opened.problem is not None:
            app.flash = Flash(_problem_screen(opened, language), clock() + PROBLEM_SECONDS)
        size = drivers.display.size
        loop = TableLoop(app, drivers.display,
                         lambda screen, page=0: render_screen(screen, size, page),
                         on_frame=on_frame, watchdog=watchdog, clock=clock, rest=rest,
                         pages=lambda screen: pages(screen, size),
                         feedback=(None if drivers.feedback is None
                                   else TableFeedback(drivers.feedback)))
        loop.claim_tap = ScanAnswer(Path(state_dir))  # `companion tags scan` while it runs
        table = Table(loop, drivers, opened.journal, registry, events, lock, opened.problem)
        table.publisher = builder.publish()
        cleanup.pop_all()  # the table owns them all now: `Table.close` closes them
    if settle:
        table.settle()
    return table


@dataclass
class _Builder:
    """The parts of a table being opened, and how its games and menus are made from them:
    what the lobby offers and starts, what the system menu goes back to, in the table's
    language."""

    state_dir: Path
    language: str
    journal: Journal
    registry: TagRegistry
    drivers: DriverSet
    clock: Callable[[], float]
    notice_seconds: float
    scoreboard: Scoreboard | None
    mqtt: MqttSettings | None
    #: What the lobby offers first: a game, players' names, each game's settings and maps.
    default_game: str | None
    default_names: Sequence[str]
    game_options: Callable[[str], Mapping[str, Any]]
    maps: Callable[[str], Sequence[MapChoice]]
    #: The settings each game's table reads itself, by game.
    table_settings: Callable[[str], Mapping[str, Any]] = lambda game: {}
    #: Whether a game that begins or resumes says how to open the game menu.
    announce_game_menu: bool = False
    #: The system menu's hold on the panel and the settings chosen there (`rest_panel`).
    controls: DeviceControls | None = None

    def __post_init__(self) -> None:
        self.outbox: Outbox | None = None
        if self.mqtt is not None:
            from companion.publish.outbox import Outbox

            self.outbox = Outbox()
        self.chosen = load_settings(self.state_dir)

    def rest_panel(self, rest_minutes: tuple[float, float]) -> PanelRest:
        """The panel's rest (the reader rests with it), at the brightness chosen before, and
        the system menu's controls over it."""
        display, reader = self.drivers.display, self.drivers.reader
        _check_panel(display.size)
        rest = PanelRest(display, self.clock, dim_after=rest_minutes[0] * 60,
                         off_after=rest_minutes[1] * 60,
                         contrast=self.drivers.settings.display.contrast
                         or PANEL_DEFAULT_CONTRAST,
                         on_change=lambda state: reader.rest(READER_SLOWDOWN[state]))
        if self.chosen.contrast is not None:
            rest.set_brightness(self.chosen.contrast)
        self.controls = DeviceControls(self.state_dir, self.chosen, self.language, rest,
                                       self.journal, self.scoreboard, registry=self.registry,
                                       tag_memory=reader if hasattr(reader, "read_text")
                                       else None)
        return rest

    def speaking(self) -> str:
        """The table's language: as opened, or as chosen since in the system menu."""
        return self.controls.language if self.controls is not None else self.language

    def lobby(self) -> Lobby:
        from companion.table.lobby import Lobby

        game = self.default_game
        return Lobby(sorted(TABLE_GAMES), self.registry, translator(self.speaking()).gettext,
                     self.start, self.clock, default_game=game,
                     default_names=self.default_names, notice_seconds=self.notice_seconds,
                     system=self.system, maps=self.maps,
                     default_map=self.game_options(game).get("map_name") if game else None,
                     explain=lambda error: reason(error, self.speaking()))

    def system(self) -> SystemMenu:
        assert self.controls is not None
        return SystemMenu(self.controls, lambda _language: self.lobby(), self.clock,
                          self.notice_seconds)

    def resume(self, play: PlayRecord) -> TableApp:
        return self.table_app(GameSession.resume(self.journal, play, rules=GAMES[play.game],
                                                 outbox=self.outbox))

    def begin(self, game: str, players: Sequence[str], options: dict[str, Any],
              key: str | None = None) -> TableApp:
        options = with_memory(game, self.state_dir, options)
        return self.table_app(GameSession.start(self.journal, GAMES[game], players, options,
                                                key=key, outbox=self.outbox))

    def start(self, chosen: str, names: tuple[str, ...], *on_map: Any) -> TableApp:
        """A game chosen in the lobby, with its settings (and the map chosen, if any)."""
        options = dict(self.game_options(chosen))
        if on_map:
            options["map_name"] = on_map[0]
        return self.begin(chosen, names, options)

    def table_app(self, session: GameSession[Any, Any]) -> TableApp:
        reader = self.drivers.reader
        # A reader that can keep card identities on the tags offers them to the app.
        memory = reader if hasattr(reader, "read_text") else None
        app = make_app(session, self.registry, self.speaking(), self.clock,
                       self.notice_seconds, self.lobby, tag_memory=cast(TagMemory | None, memory),
                       scoreboard=self.scoreboard, state_dir=self.state_dir,
                       table_settings=self.table_settings(session.rules.id))
        # The loop makes a move durable, and writes the draft and a due snapshot, once the
        # frame is shown. The play's start, before it, was synced as it was committed.
        app.defer_drafts = session.defer_snapshots = True
        session.journal.defer_syncs()
        if self.announce_game_menu and not session.finished:
            from companion.table.game_menu import HOW_TO_OPEN

            app.show(app._(HOW_TO_OPEN), Style.NOTICE)
        return app

    def publish(self) -> Publisher | None:
        """With `[mqtt]`, the publisher of the journal's outbox, started."""
        if self.mqtt is None or self.outbox is None:
            return None
        from companion.publish.publisher import Publisher

        publisher = Publisher(self.journal.path, self.mqtt)
        self.outbox.listen(publisher.wake)
        publisher.start()
        return publisher


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
