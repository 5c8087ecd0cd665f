"""`companion run` (the table) and `companion demo` (a whole game played by automatons)."""

from __future__ import annotations

import argparse
import inspect
import logging
import queue
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from drivers.errors import ConfigError as DriverConfigError
from drivers.errors import DriverError
from drivers.factory import build_display
from engine.registry import GAMES

from . import service
from .automaton import Stuck
from .config import Config, ConfigError, load_config
from .failures import classify, report
from .i18n import reason, translator
from .paths import default_state_dir
from .table import FLOWS

log = logging.getLogger("companion")

#: The maps a game of Ticket to Ride can be played on, turn by turn.
MAPS = ("usa", "europe")


def register(commands: Any) -> None:
    run = commands.add_parser("run", help="follow a game at the table (simulated on a desktop)")
    run.add_argument("--config", type=Path, help="configuration file (TOML)")
    run.add_argument("--game", choices=sorted(FLOWS), help="the game to start")
    run.add_argument("--players", help="comma-separated player names for a new game")
    run.add_argument("--state-dir", type=Path, help="where the journal and tags are kept")
    run.add_argument("--map", choices=MAPS, help="Ticket to Ride: the map of a new game")
    run.set_defaults(run=run_table)

    demo = commands.add_parser("demo", help="play a whole automated game through the table")
    demo.add_argument("game", choices=sorted(FLOWS))
    demo.add_argument("--seed", type=int, default=1, help="the same seed gives the same game")
    demo.add_argument("--state-dir", type=Path, required=True,
                      help="journal folder; an unfinished demo there is resumed")
    demo.add_argument("--players", type=int, default=3, help="how many players (default 3)")
    demo.add_argument("--frames", type=Path, help="save every new OLED frame as a PNG here")
    demo.add_argument("--progress-every", type=int, default=25, metavar="MOVES",
                      help="print how far the game got every MOVES moves (default 25)")
    demo.add_argument("--map", choices=MAPS, help="Ticket to Ride: the map (default usa)")
    demo.set_defaults(run=run_demo_command)


def run_demo_command(args: argparse.Namespace, language: str) -> int:
    from .demo import final_line, run_demo

    _ = translator(language).gettext
    rules = GAMES[args.game]
    if args.players not in rules.players:
        return _fail(_("--players: {game} is for {low} to {high} players").format(
            game=args.game, low=rules.players.start, high=rules.players.stop - 1))
    options = None
    if args.map:
        if not _takes(args.game, "map_name"):
            return _fail(_("--map: {game} has no map").format(game=args.game))
        options = {"map_name": args.map}
    frames = None
    if args.frames is not None:
        from .screens.frames import FrameWriter

        frames = FrameWriter(args.frames).write
    try:
        result = run_demo(args.game, args.seed, args.state_dir, args.players, language,
                          frames=frames, progress=lambda text: print(text, flush=True),
                          progress_every=max(1, args.progress_every), options=options)
    except Stuck as error:
        return _fail(_("the automated players got stuck: {problem}").format(problem=error), 1)
    except Exception as error:
        failure = classify(error, args.state_dir, language)
        if failure is not None:
            return report(failure, language, None, frames)
        if isinstance(error, (DriverError, DriverConfigError)):
            return _fail(reason(error, language))
        raise
    print(final_line(result), flush=True)
    return 0


def run_table(args: argparse.Namespace, language: str) -> int:
    from .table import open_table

    _ = translator(language).gettext
    try:
        config = load_config(args.config)
    except ConfigError as error:
        return _fail(reason(error, language))
    language = args.lang or config.language
    _ = translator(language).gettext
    game = args.game or config.game
    # Names on the command line start that game at once; else the lobby asks the table,
    # offering the configured names.
    players = tuple(name.strip() for name in args.players.split(",")) if args.players else ()
    state_dir = args.state_dir or config.state_dir or default_state_dir()
    stop = threading.Event()
    restore = service.install_signal_handlers(stop)
    heartbeat = service.Heartbeat()
    try:
        table = open_table(
            state_dir=state_dir, game=game, players=players or config.players,
            language=language, options=_options(config, game, players, args.map),
            start_now=bool(players),
            game_options=lambda chosen: _options(config, chosen, (), args.map),
            driver_config=config.driver_sections(), watchdog=heartbeat.beat,
            notice_seconds=config.notice_seconds,
            on_frame=_preview() if config.simulated else None,
        )
    except DriverConfigError as error:
        restore()
        return _fail(reason(config.driver_error(error), language))
    except Exception as error:
        restore()
        return _cannot_start(error, config, language, state_dir)
    status = 0
    try:
        if table.drivers.sim.reader is not None:
            from .keyboard import Keyboard, enroll_desktop_tags

            enroll_desktop_tags(table.registry)  # card and player names stand for taps
            Keyboard(table, stop, gettext=_).start()
        table.loop.refresh()
        following = table.game
        service.ready(_("following {game}").format(game=following) if following
                      else _("choosing a game"))
        table.loop.run(table.events, stop)
    except Exception as error:
        failure = classify(error, state_dir, language)
        if failure is None:
            raise
        status = report(failure, language, table.drivers.display, table.loop.on_frame)
    finally:
        service.stopping()
        table.close()
        restore()
    return status


def _cannot_start(error: Exception, config: Config, language: str, state_dir: Path) -> int:
    """Why the table could not open, on the terminal and the panel; the exit status."""
    failure = classify(error, state_dir, language)
    if failure is None:
        if isinstance(error, (DriverError, ValueError)):
            return _fail(reason(error, language))
        raise error
    display, close = build_display(config.driver_sections(), queue.Queue())
    try:
        return report(failure, language, display, _preview() if config.simulated else None)
    finally:
        close()


def _options(config: Config, game: str, players: tuple[str, ...],
             map_name: str | None = None) -> dict[str, Any]:
    """The new game's settings (and map); the first player only when it sits at this table."""
    options: dict[str, Any] = {}
    if _takes(game, "settings"):
        options["settings"] = config.game_settings(game)
    if map_name and _takes(game, "map_name"):
        options["map_name"] = map_name
    if config.first_player in players:
        options["first"] = players.index(config.first_player)
    return options


def _takes(game: str, option: str) -> bool:
    """Whether the game's `new_game` takes this option (a map, settings)."""
    return option in inspect.signature(GAMES[game].new_game).parameters


def _preview() -> Callable[[Image.Image], None]:
    """On a desktop: the OLED drawn in the terminal, or as plain lines when piped."""
    from .screens.terminal import show, to_text

    if sys.stdout.isatty():
        sys.stdout.write("\x1b[2J")

        def draw(image: Image.Image) -> None:
            sys.stdout.write(show(image))
            sys.stdout.flush()
    else:
        def draw(image: Image.Image) -> None:
            print(to_text(image), flush=True)
    return draw


def _fail(message: str, status: int = 2) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return status
