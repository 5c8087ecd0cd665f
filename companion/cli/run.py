"""`companion run` (the table) and `companion demo` (a whole game played by automatons)."""

from __future__ import annotations

import argparse
import dataclasses
import gc
import inspect
import logging
import queue
import re
import sys
import threading
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from companion.cli.players import player_names
from companion.config import Config, ConfigError, load_config, parse_config
from companion.games import TABLE_GAMES
from companion.games.cards import Card
from companion.games.names import reason
from companion.i18n.translate import translator
from companion.lib import logs
from companion.lib.text import plain
from companion.state.folder import take_folder
from companion.state.journal import EXIT_BUSY, JournalError, StateFolderBusy
from companion.state.paths import default_state_dir, demo_state_dir
from companion.table import service
from companion.table.device_settings import load_settings
from drivers.errors import DriverConfigError, DriverError
from drivers.factory import build_display
from engine.errors import N_, IllegalEvent
from engine.registry import GAMES
from engine.tomlkeys import MAX_NUMBER_DIGITS, long_number_line

if TYPE_CHECKING:
    from companion.games.map_choices import MapChoice

log = logging.getLogger("companion")

#: The demo's players when `--players` is not given, or of the counts its map seats the
#: nearest to this (`demo_players`).
DEMO_PLAYERS = 3
MAP_HELP = "Ticket to Ride: the map of a new game, a shipped map's name or a map file's path"
#: A setting's name as a TOML bare key: `--setting` builds one line of the game's section.
_SETTING_KEY = re.compile(r"[A-Za-z0-9_-]+")
SETTING_HELP = ("a setting of the game, as in its configuration section, e.g. "
                "opening=false (repeat for several)")


def register(commands: Any) -> None:
    run = commands.add_parser("run", help="follow a game at the table (simulated on a desktop)")
    run.add_argument("--config", type=Path, help="configuration file (TOML)")
    run.add_argument("--game", choices=sorted(TABLE_GAMES), help="the game to start")
    run.add_argument("--players", help="comma-separated player names for a new game")
    run.add_argument("--state-dir", type=Path, help="where the journal and tags are kept")
    _add_game_options(run, map_help=MAP_HELP)
    run.set_defaults(run=run_table)

    demo = commands.add_parser("demo", help="play a whole automated game through the table")
    demo.add_argument("game", choices=sorted(TABLE_GAMES))
    demo.add_argument("--seed", type=int, default=1, help="the same seed gives the same game")
    demo.add_argument("--state-dir", type=Path,
                      help="journal folder; an unfinished demo there is resumed (default: "
                           "demo-GAME in the user's state folder)")
    demo.add_argument("--players", type=int,
                      help="how many players (default: of those the map seats, the nearest "
                           f"to {DEMO_PLAYERS})")
    demo.add_argument("--frames", type=Path, help="save every new OLED frame as a PNG here")
    demo.add_argument("--progress-every", type=int, default=25, metavar="MOVES",
                      help="print how far the game got every MOVES moves (default 25)")
    _add_game_options(demo, map_help=MAP_HELP + " (default: the first shipped map)")
    demo.add_argument("--config", type=Path,
                      help="configuration file (TOML): with an [mqtt] section the demo "
                           "publishes its game as the table does")
    demo.set_defaults(run=run_demo_command)


def _add_game_options(parser: argparse.ArgumentParser, map_help: str) -> None:
    """The options `run` and `demo` share: the map and settings of a new game, and waiting for
    the state folder."""
    parser.add_argument("--map", metavar="NAME|FILE", help=map_help)
    parser.add_argument("--setting", action="append", default=[], metavar="KEY=VALUE",
                        help=SETTING_HELP)
    parser.add_argument("--wait", action="store_true",
                        help="wait for the process that uses the state folder to stop")


def run_demo_command(args: argparse.Namespace, language: str) -> int:
    from companion.desktop.demo import PLAYER_NAMES, final_line, run_demo
    from companion.desktop.demo_words import DemoWords
    from companion.flows.automaton import Stuck
    from companion.games.map_choices import MapFileError, map_option, refusal
    from companion.table.failures import classify, report

    _ = translator(language).gettext
    rules = GAMES[args.game]
    given = args.players
    # A map may seat other counts than the game (whole teams): its own counts say so below.
    if given is not None and ((given not in rules.players and not args.map)
                              or not 0 < given <= len(PLAYER_NAMES)):
        return _fail(_counts_refused(_, args.game, rules.players))
    options: dict[str, Any] = {}
    if args.map:
        if not _takes(args.game, "map_name"):
            return _fail(_("--map: {game} has no map").format(game=args.game))
        try:
            options["map_name"] = map_option(args.game, args.map)
        except MapFileError as error:
            return _fail("--map: " + refusal(error, language))
    name, counts = _seats(args.game, options, len(PLAYER_NAMES))
    args.players = demo_players(counts) if given is None else given
    if args.players not in counts:
        return _fail(_counts_refused(_, name, counts))
    try:  # the rules' own refusals, in the engine's words
        rules.new_game(PLAYER_NAMES[:args.players], **options)
    except IllegalEvent as error:
        return _fail("--players: " + reason(error, language))
    try:
        if args.setting:
            options["settings"] = TABLE_GAMES[args.game].rules_settings(
                command_line_settings(args.game, args.setting))
            rules.new_game(PLAYER_NAMES[:args.players], **options)
    except ConfigError as error:
        return _fail(reason(error, language))
    except IllegalEvent as error:  # settings the game cannot be set up with
        return _fail("--setting: " + reason(error, language))
    frames = None
    if args.frames is not None:
        from companion.screens.frames import FrameWriter

        if args.frames.exists() and not args.frames.is_dir():
            return _fail(_("--frames: {folder} is a file; name a folder for the frames").format(
                folder=args.frames))
        try:
            frames = FrameWriter(args.frames).write
        except OSError as error:
            return _fail(_("--frames: cannot save frames in {folder}: {problem}").format(
                folder=args.frames, problem=error.strerror or error))
    mqtt = None
    if args.config is not None:
        try:
            mqtt = load_config(args.config).mqtt
        except ConfigError as error:
            return _fail(reason(error, language))
    state_dir = args.state_dir or demo_state_dir(args.game)
    print(DemoWords(language).folder(args.game, state_dir), flush=True)
    try:
        result = run_demo(args.game, args.seed, state_dir, args.players, language,
                          frames=frames, progress=lambda text: print(text, flush=True),
                          progress_every=max(1, args.progress_every), options=options or None,
                          wait=args.wait, on_wait=_waiting(language), mqtt=mqtt)
    except Stuck as error:
        return _fail(_("the automated players got stuck: {problem}").format(problem=error), 1)
    except Exception as error:
        failure = classify(error, state_dir, language)
        if failure is not None:
            return report(failure, language, None, frames)
        if isinstance(error, (JournalError, DriverError, DriverConfigError, OSError)):
            return _fail(reason(error, language), _status_of(error))
        raise
    print(final_line(result), flush=True)
    return 0


def demo_players(counts: range) -> int:
    """The demo's players when `--players` is not given: of the counts the game (its map)
    seats, the nearest to DEMO_PLAYERS, the fewer on a tie."""
    return min(counts, key=lambda count: (abs(count - DEMO_PLAYERS), count))


def _seats(game: str, options: dict[str, Any], most: int) -> tuple[str, range]:
    """Who a demo seats: the map's title and the counts it seats (whole teams on a map played
    in teams), those the demo has names for; the game's id and counts without a map."""
    record = TABLE_GAMES[game]
    option = options.get("map_name")
    if option is None or record.map_facts is None:
        return game, GAMES[game].players
    counts = record.map_facts(option).people
    named = range(counts.start, min(counts.stop, most + 1), counts.step)
    title = record.map_title(option) if record.map_title is not None else game
    return title, named or counts


def _counts_refused(_: Callable[[str], str], name: str, counts: range) -> str:
    """One line: `--players` is not a count the game or map `name` seats, which are `counts`."""
    if counts.step == 1:
        return _("--players: {game} is for {low} to {high} players").format(
            game=name, low=counts[0], high=counts[-1])
    return _("--players: {map} is for whole teams of {size}: {low} to {high} players").format(
        map=name, size=counts.step, low=counts[0], high=counts[-1])


def run_table(args: argparse.Namespace, language: str) -> int:
    # The start makes little garbage: collections would only hold the first frame back. The
    # table collects once that frame is shown (Table.settle).
    gc.disable()
    try:
        return _run_table(args, language)
    finally:
        gc.enable()


def _run_table(args: argparse.Namespace, language: str) -> int:
    from companion.table.build import open_table

    _ = translator(language).gettext
    try:
        config = load_config(args.config)
    except ConfigError as error:
        return _fail(reason(error, language))
    state_dir = args.state_dir or config.state_dir or default_state_dir()
    # The language chosen at the table wins over the file's; the command line over both.
    language = args.lang or load_settings(Path(state_dir)).language or config.language or language
    logs.configure(args.log_level or config.log_level)
    _ = translator(language).gettext
    game = args.game or config.game
    # Names on the command line start that game at once; else the lobby asks the table,
    # offering the configured names.
    try:
        players = player_names(args.players) if args.players is not None else ()
    except ConfigError as error:
        return _fail(reason(error, language))
    try:  # the settings given here are the chosen game's, over its configuration section
        settings = command_line_settings(game, args.setting) if args.setting else {}
    except ConfigError as error:
        return _fail(reason(error, language))
    if settings:
        config = dataclasses.replace(config, games={
            **config.games, game: {**config.game_settings(game), **settings}})
    given_maps: dict[str, Any] = {}  # --map, for each game played on maps
    if args.map:
        from companion.games.map_choices import MapFileError, map_option, refusal, takes_maps

        try:
            given_maps = {chosen: map_option(chosen, args.map)
                          for chosen in TABLE_GAMES if takes_maps(chosen)}
        except MapFileError as error:
            return _fail("--map: " + refusal(error, language))

    def maps(chosen: str) -> list[MapChoice]:
        """The maps the lobby offers (read when it asks: a resumed game never does)."""
        from companion.games.map_choices import offered_maps
        from companion.table.value_entry import with_entered_values

        offered = offered_maps(chosen, config.maps_folder(chosen, Path(state_dir)))
        return with_entered_values(offered, Path(state_dir))

    stop = threading.Event()
    restore = service.install_signal_handlers(stop)
    heartbeat = service.Heartbeat()
    try:
        owner = take_folder(Path(state_dir), "companion run", wait=args.wait,
                            on_wait=_waiting(language))
        table = open_table(
            owner=owner,
            state_dir=state_dir, game=game, players=players or config.players,
            language=language, options=_options(config, game, players, given_maps.get(game)),
            start_now=bool(players),
            game_options=lambda chosen: _options(config, chosen, (), given_maps.get(chosen)),
            table_settings=config.game_settings, announce_game_menu=True, maps=maps,
            driver_config=config.driver_sections(), watchdog=heartbeat.beat,
            notice_seconds=config.notice_seconds, scoreboard=config.web,
            rest_minutes=(config.dim_minutes, config.blank_minutes),
            on_frame=_preview(language) if config.simulated else None,
            mqtt=config.mqtt, settle=False,
        )
    except DriverConfigError as error:
        restore()
        return _fail(reason(config.driver_error(error), language))
    except Exception as error:
        restore()
        return _cannot_start(error, config, language, state_dir)
    status = 0
    typed = table.drivers.sim.reader is not None
    try:
        table.loop.refresh()  # the first frame before the desktop's tags are enrolled
        table.settle(collect=True)
        gc.enable()
        if typed:
            from companion.desktop.keyboard import Keyboard, enroll_desktop_tags, how_to_leave

            enroll_desktop_tags(table.registry)  # card and player names stand for taps
            table.registry.enroll_missing(_map_file_tags(config, Path(state_dir), given_maps))
            print(how_to_leave(_), file=sys.stderr, flush=True)
            Keyboard(table, stop, gettext=_, language=language).start()
        table.loop.refresh()
        following = table.game
        service.ready(_("following {game}").format(game=following) if following
                      else _("choosing a game"))
        table.loop.run(table.events, stop)
    except Exception as error:
        from companion.table.failures import classify, report

        failure = classify(error, state_dir, language)
        if failure is None:
            raise
        status = report(failure, language, table.drivers.display, table.loop.on_frame)
    finally:
        service.stopping()
        # Read before the journal closes: whether a game is left to pick up again.
        kept = typed and not status and _game_in_progress(table)
        table.close()
        restore()
    if typed and not status:
        from companion.desktop.keyboard import goodbye

        # Leaving by Ctrl-C or `q` is the desktop's way out, not a failure: status 0.
        print(goodbye(_, kept, args.state_dir), file=sys.stderr, flush=True)
    return status


def _game_in_progress(table: Any) -> bool:
    """Whether the table follows a game that is not over (the next `run` resumes it)."""
    game = table.game
    return game is not None and not table.app.over


def _map_file_tags(config: Config, state_dir: Path,
                   given: dict[str, Any]) -> list[tuple[str, Card]]:
    """The desktop's tags of the map files' cards (tickets), so their names stand for taps."""
    from companion.desktop.demo import deck_tags, demo_deck
    from companion.games.map_choices import may_hold_map_files, offered_maps

    tags = []
    for game in TABLE_GAMES:
        folder = config.maps_folder(game, state_dir)
        # Only the files' maps have tags to enrol: without files, the shipped maps (parsed to
        # be offered beside them) are not read, and a resumed game reads only its own map.
        options = ([choice.option for choice in offered_maps(game, folder)
                    if choice.file is not None and choice.problem is None]
                   if may_hold_map_files(folder) else [])
        if game in given and not isinstance(given[game], str):
            options.append(given[game])  # a file's map: a shipped map's tags are in the box
        for option in options:
            tags += deck_tags(game, demo_deck(game, {"map_name": option}))
    return tags


def _cannot_start(error: Exception, config: Config, language: str, state_dir: Path) -> int:
    """Why the table could not open, on the terminal and the panel; the exit status."""
    from companion.table.failures import classify, report

    failure = classify(error, state_dir, language)
    if failure is None:
        if isinstance(error, (JournalError, OSError)):
            return _fail(reason(error, language), _status_of(error))
        if isinstance(error, (DriverError, ValueError)):
            return _fail(reason(error, language))
        raise error
    display, close = build_display(config.driver_sections(), queue.Queue())
    try:
        return report(failure, language, display, _preview(language) if config.simulated else None)
    finally:
        close()


def _options(config: Config, game: str, players: tuple[str, ...],
             map_option: Any = None) -> dict[str, Any]:
    """The new game's settings (and map: a shipped map's name or a map file's data); the
    first player only when it sits at this table."""
    options: dict[str, Any] = {}
    if _takes(game, "settings"):
        options["settings"] = TABLE_GAMES[game].rules_settings(config.game_settings(game))
    if map_option and _takes(game, "map_name"):
        options["map_name"] = map_option
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
        if not plain(item):
            raise ConfigError("--setting", "", N_("a control character in {item}; type the "
                                                  "setting as plain text"), item=item)
        if long_number_line(value) is not None:
            raise ConfigError("--setting", key, N_("a number of more than {digits} digits"),
                              digits=MAX_NUMBER_DIGITS)
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
    from companion.screens.terminal import Preview, to_text

    if sys.stdout.isatty():
        preview = Preview(_preview_status(language))

        def draw(image: Image.Image) -> None:
            sys.stdout.write(preview.frame(image))
            sys.stdout.flush()
    else:
        def draw(image: Image.Image) -> None:
            print(to_text(image), flush=True)
    return draw


def _status_of(error: Exception) -> int:
    """75 when the state folder is busy (try again later), else 2."""
    return EXIT_BUSY if isinstance(error, StateFolderBusy) else 2


def _waiting(language: str) -> Callable[[StateFolderBusy], None]:
    _ = translator(language).gettext

    def say(busy: StateFolderBusy) -> None:
        if "pid" in busy.params:
            text = _("waiting for process {pid} ({command}) to release the state folder")
        else:
            text = _("waiting for another process to release the state folder")
        print(text.format(**busy.params), file=sys.stderr, flush=True)
    return say


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
