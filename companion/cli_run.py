"""`companion run` (the table) and `companion demo` (a whole game played by automatons)."""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import logging
import re
import sys
import threading
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from drivers.errors import ConfigError as DriverConfigError
from drivers.errors import DriverError
from engine.errors import N_
from engine.registry import GAMES

from . import service
from .automaton import Stuck
from .config import Config, ConfigError, load_config, parse_config
from .i18n import reason, translator
from .journal import JournalError
from .paths import default_state_dir
from .table import FLOWS

log = logging.getLogger("companion")

#: The maps a game of Ticket to Ride can be played on, turn by turn.
MAPS = ("usa", "europe")
#: A setting's name as a TOML bare key: `--setting` builds one line of the game's section.
_SETTING_KEY = re.compile(r"[A-Za-z0-9_-]+")
SETTING_HELP = ("a setting of the game, as in its configuration section, e.g. "
                "opening=false (repeat for several)")


def register(commands: Any) -> None:
    run = commands.add_parser("run", help="follow a game at the table (simulated on a desktop)")
    run.add_argument("--config", type=Path, help="configuration file (TOML)")
    run.add_argument("--game", choices=sorted(FLOWS), help="the game to start")
    run.add_argument("--players", help="comma-separated player names for a new game")
    run.add_argument("--state-dir", type=Path, help="where the journal and tags are kept")
    run.add_argument("--map", choices=MAPS, help="Ticket to Ride: the map of a new game")
    run.add_argument("--setting", action="append", default=[], metavar="KEY=VALUE",
                     help=SETTING_HELP)
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
    demo.add_argument("--setting", action="append", default=[], metavar="KEY=VALUE",
                      help=SETTING_HELP)
    demo.set_defaults(run=run_demo_command)


def run_demo_command(args: argparse.Namespace, language: str) -> int:
    from .demo import final_line, run_demo

    _ = translator(language).gettext
    rules = GAMES[args.game]
    if args.players not in rules.players:
        return _fail(_("--players: {game} is for {low} to {high} players").format(
            game=args.game, low=rules.players.start, high=rules.players.stop - 1))
    options: dict[str, Any] = {}
    if args.map:
        if not _takes(args.game, "map_name"):
            return _fail(_("--map: {game} has no map").format(game=args.game))
        options["map_name"] = args.map
    try:
        if args.setting:
            options["settings"] = command_line_settings(args.game, args.setting)
    except ConfigError as error:
        return _fail(reason(error, language))
    frames = None
    if args.frames is not None:
        from .screens.frames import FrameWriter

        frames = FrameWriter(args.frames).write
    try:
        result = run_demo(args.game, args.seed, args.state_dir, args.players, language,
                          frames=frames, progress=lambda text: print(text, flush=True),
                          progress_every=max(1, args.progress_every), options=options or None)
    except (JournalError, DriverError, DriverConfigError, OSError) as error:
        return _fail(reason(error, language))
    except Stuck as error:
        return _fail(_("the automated players got stuck: {problem}").format(problem=error), 1)
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
    try:  # the settings given here are the chosen game's, over its configuration section
        settings = command_line_settings(game, args.setting) if args.setting else {}
    except ConfigError as error:
        return _fail(reason(error, language))
    if settings:
        config = dataclasses.replace(config, games={
            **config.games, game: {**config.game_settings(game), **settings}})
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
            on_frame=_preview(language) if config.simulated else None,
        )
    except DriverConfigError as error:
        restore()
        return _fail(reason(config.driver_error(error), language))
    except (JournalError, DriverError, OSError, ValueError) as error:
        restore()
        return _fail(reason(error, language))
    try:
        if table.drivers.sim.reader is not None:
            from .keyboard import Keyboard, enroll_desktop_tags

            enroll_desktop_tags(table.registry)  # card and player names stand for taps
            Keyboard(table, stop).start()
        table.loop.refresh()
        service.ready(_("following {game}").format(game=game))
        table.loop.run(table.events, stop)
    finally:
        service.stopping()
        table.close()
        restore()
    return 0


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


def command_line_settings(game: str, given: list[str]) -> dict[str, Any]:
    """`--setting KEY=VALUE` items (TOML values), checked like the game's configuration section.

    Raises ConfigError naming the item that does not fit.
    """
    lines = []
    for item in given:
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not _SETTING_KEY.fullmatch(key) or not value or "\n" in value:
            raise ConfigError("--setting", item, N_("expected KEY=VALUE, e.g. opening=false"))
        try:
            tomllib.loads(f"value = {value}")
        except tomllib.TOMLDecodeError as error:
            raise ConfigError("--setting", item,
                              N_("the value is not a TOML value (text goes in quotes)")) from error
        lines.append(f"{key} = {value}")
    return parse_config("\n".join([f"[{game}]", *lines]), "--setting").game_settings(game)


def _takes(game: str, option: str) -> bool:
    """Whether the game's `new_game` takes this option (a map, settings)."""
    return option in inspect.signature(GAMES[game].new_game).parameters


def _preview(language: str) -> Callable[[Image.Image], None]:
    """On a desktop: the OLED drawn in the terminal as large as it holds (a line says how),
    or as plain lines when piped."""
    from .screens.terminal import Preview, to_text

    if sys.stdout.isatty():
        preview = Preview(_preview_status(language))

        def draw(image: Image.Image) -> None:
            sys.stdout.write(preview.frame(image))
            sys.stdout.flush()
    else:
        def draw(image: Image.Image) -> None:
            print(to_text(image), flush=True)
    return draw


def _preview_status(language: str) -> Callable[[str, int, int], str]:
    """The line under the terminal preview: which form of the screen it shows, and why."""
    _ = translator(language).gettext

    def status(mode: str, columns: int, lines: int) -> str:
        if mode == "half":
            return _("Screen at full size (terminal {columns}x{lines})").format(
                columns=columns, lines=lines)
        if mode == "quarter":
            return _("Screen in quarter blocks (terminal {columns}x{lines}; "
                     "130x35 shows it full size)").format(columns=columns, lines=lines)
        return _("Screen text only (terminal {columns}x{lines}; 66x35 draws it)").format(
            columns=columns, lines=lines)
    return status


def _fail(message: str, status: int = 2) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return status
