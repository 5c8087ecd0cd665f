"""The configuration file: TOML, checked once at start so a mistake is refused in one line.

The companion's own section `[companion]`, the scoreboard's `[web]` and each game's section
(`[freight-train]`, ...) are checked here. The driver sections `[reader]`, `[buttons]`,
`[display]` and the optional `[feedback]` are passed through as dicts: the drivers' factory
checks them itself. Without any file every device is simulated, and there is no buzzer or
status LED.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import re
import tomllib
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.i18n.translate import LANGUAGES
from companion.lib.files import MAX_CONFIG_BYTES, InputFileError, read_text
from companion.lib.logs import LEVELS
from companion.lib.text import plain
from engine.codec import from_jsonable
from engine.errors import N_, Reasoned
from engine.tomlkeys import MAX_KEY_PARTS, MAX_NUMBER_DIGITS, long_key_line, long_number_line

if TYPE_CHECKING:  # each read only when its section is in the file
    from companion.publish.mqtt_settings import MqttSettings
    from companion.publish.scoreboard import Scoreboard

DEFAULT_PATH = Path("/etc/companion/config.toml")
#: The key of a game's section that names its folder of map files (games played on maps).
MAPS_KEY = "maps"
DRIVER_SECTIONS = ("reader", "buttons", "display")
#: The buzzer and status LED: off (no section) unless configured.
FEEDBACK_SECTION = "feedback"
WEB_KEYS = ("port", "address")
SIMULATED: Mapping[str, Any] = {"kind": "sim"}
#: A notice longer than this would hide the table from the players, not inform them.
MAX_NOTICE_SECONDS = 30.0
#: The longest idle time before the panel dims or goes dark: a day.
MAX_REST_MINUTES = 24 * 60.0

_TOML_POSITION = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")


#: A player's name with a line break or an escape in it, given on the command line or in a file.
CONTROL_IN_NAME = N_("a name holds a control character ({name}); type names as plain text")


class ConfigError(Reasoned, ValueError):
    """A configuration the companion refuses to start with.

    `file` is where it came from, `key` the dotted path of the setting ("companion.language"),
    `line` and `column` the place of a TOML syntax error. Like the engine's errors it carries
    an English `reason` template and its `params`, so `games.names.reason()` translates it.
    """

    def __init__(self, file: str, key: str, reason: str, /, *, line: int | None = None,
                 column: int | None = None, **params: Any) -> None:
        self.file = file
        self.key = key
        self.line = line
        self.column = column
        self.field = f"{file}: {key}" if key else file
        if line is not None:
            params.update(line=line, column=column)
        super().__init__(reason, **params)


@dataclass(frozen=True)
class Config:
    """Everything the companion reads from its configuration file."""

    #: The file it came from; empty for the built-in defaults.
    source: str = ""
    #: None: the language of the environment (`companion.i18n.translate.default_language()`).
    language: str | None = None
    #: The least important log line `companion run` writes (`companion.lib.logs.LEVELS`).
    log_level: str = "info"
    #: None: `companion.state.paths.default_state_dir()`.
    state_dir: Path | None = None
    #: The game a new table starts with.
    game: str = "freight-train"
    #: The names offered for a new table (empty: entered at the table).
    players: tuple[str, ...] = ()
    #: Who holds the first-player token (one of `players`; None: the first listed).
    first_player: str | None = None
    #: How long a notice or a refusal stays on the screen.
    notice_seconds: float = 2.0
    #: Idle minutes before the panel dims (0: never).
    dim_minutes: float = 2.0
    #: Minutes after dimming (after going idle when it never dims) before the panel goes
    #: dark (0: never).
    blank_minutes: float = 10.0
    #: Each game's settings, by game id, in the JSON form its engine reads.
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The folder of map files of a game played on maps (its section's `maps`), by game id.
    map_folders: dict[str, Path] = field(default_factory=dict)
    reader: dict[str, Any] = field(default_factory=lambda: dict(SIMULATED))
    buttons: dict[str, Any] = field(default_factory=lambda: dict(SIMULATED))
    display: dict[str, Any] = field(default_factory=lambda: dict(SIMULATED))
    #: The `[feedback]` section (buzzer and status LED); None: there are none.
    feedback: dict[str, Any] | None = None
    #: The `[web]` section: where phones find the scoreboard; None without one (no QR code).
    web: Scoreboard | None = None
    #: The broker the table publishes to (`[mqtt]`); None: it publishes nothing.
    mqtt: MqttSettings | None = None

    def game_settings(self, game: str) -> dict[str, Any]:
        """The settings of `game` (empty when the file has no section for it)."""
        return dict(self.games.get(game, {}))

    def maps_folder(self, game: str, state_dir: Path) -> Path:
        """Where the map files of `game` are looked for: as configured, else `maps` in the
        state folder."""
        from companion.games.map_choices import MAPS_FOLDER

        return self.map_folders.get(game, Path(state_dir) / MAPS_FOLDER)

    @property
    def first_seat(self) -> int:
        """The seat of `first_player` among `players` (0 when not set)."""
        return self.players.index(self.first_player) if self.first_player else 0

    def driver_sections(self) -> dict[str, dict[str, Any]]:
        """The `[reader]`, `[buttons]`, `[display]` and (when present) `[feedback]` sections,
        as the drivers' factory takes them."""
        sections = {"reader": dict(self.reader), "buttons": dict(self.buttons),
                    "display": dict(self.display)}
        if self.feedback is not None:
            sections[FEEDBACK_SECTION] = dict(self.feedback)
        return sections

    def driver_error(self, error: Exception) -> ConfigError:
        """A driver's ConfigError(key, message) with this file named, for the same one-line
        refusal as the companion's own sections."""
        key = str(getattr(error, "key", ""))
        message = str(getattr(error, "message", error))
        return ConfigError(self.source or "(built-in defaults)", key, N_("{detail}"),
                           detail=message)

    @property
    def simulated(self) -> bool:
        """True when every device is simulated."""
        return all(section.get("kind") == "sim"
                   for section in (self.reader, self.buttons, self.display,
                                   self.feedback or SIMULATED))


def load_config(path: str | Path | None = None) -> Config:
    """The configuration in `path`; with None, `DEFAULT_PATH` if it exists, else defaults.

    A file named explicitly must exist. Raises `ConfigError`.
    """
    if path is None:
        if not DEFAULT_PATH.exists():
            return Config()
        path = DEFAULT_PATH
    path = Path(path)
    try:
        text = read_text(path, MAX_CONFIG_BYTES)
    except InputFileError as error:
        raise ConfigError(error.field, "", error.reason, **error.params) from error
    return parse_config(text, str(path), base=path.parent)


def parse_config(text: str, source: str = "<config>", base: Path | None = None) -> Config:
    """Check a TOML text; a relative `state_dir` is taken from `base` (the file's folder)."""
    long_key = long_key_line(text)
    if long_key is not None:
        raise ConfigError(source, "", N_("line {line}: a key of more than {parts} parts"),
                          line=long_key, parts=MAX_KEY_PARTS)
    long_number = long_number_line(text)
    if long_number is not None:
        raise ConfigError(source, "", N_("line {line}: a number of more than {digits} digits"),
                          line=long_number, digits=MAX_NUMBER_DIGITS)
    try:
        document = tomllib.loads(text)
    except RecursionError as error:
        raise ConfigError(source, "", N_("not valid TOML: nested too deeply")) from error
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_POSITION.search(message)
        if found is None:
            raise ConfigError(source, "", N_("not valid TOML: {detail}"),
                              detail=message) from error
        if found[1] is not None:
            line, column = int(found[1]), int(found[2])
        else:  # "at end of document": point just past the last character
            lines = text.split("\n")
            line, column = len(lines), len(lines[-1]) + 1
        raise ConfigError(source, "", N_("line {line}, column {column}: {detail}"),
                          line=line, column=column, detail=message[:found.start()]) from error
    return _Checker(source, base).config(document)


class _Checker:
    """Turns a parsed TOML document into a `Config`, naming the first wrong key."""

    def __init__(self, source: str, base: Path | None) -> None:
        self.source = source
        self.base = base

    def fail(self, key: str, reason: str, **params: Any) -> ConfigError:
        return ConfigError(self.source, key, reason, **params)

    def config(self, document: dict[str, Any]) -> Config:
        from engine.registry import CATALOGUE, GAMES

        known = ("companion", "web", *DRIVER_SECTIONS, FEEDBACK_SECTION, "mqtt", *GAMES)
        for name, value in document.items():
            if name not in known:
                raise self.fail(name, N_("unknown section; the sections are {sections}"),
                                sections=", ".join(known))
            if not isinstance(value, dict):
                raise self.fail(name, N_("expected a table [{name}]"), name=name)
        # The catalogue's rows: reading the default game's player counts loads no game.
        own = self.companion(document.get("companion", {}), {row.id: row for row in CATALOGUE})
        games: dict[str, dict[str, Any]] = {}
        map_folders: dict[str, Path] = {}
        for name in GAMES:
            if name not in document:
                continue
            section = dict(document[name])
            from companion.games import TABLE_GAMES
            from companion.games.map_choices import takes_maps

            table_keys = (MAPS_KEY,) if takes_maps(name) else ()
            if MAPS_KEY in section and table_keys:
                map_folders[name] = self.folder(section.pop(MAPS_KEY), f"{name}.{MAPS_KEY}")
            declared: Mapping[str, bool] = (TABLE_GAMES[name].table_settings
                                            if name in TABLE_GAMES else {})
            shown = self.table_settings(name, section, declared)
            games[name] = {**self.game(name, section, GAMES[name].state_type,
                                       (*table_keys, *declared)), **shown}
        drivers: dict[str, Any] = {name: dict(document.get(name, SIMULATED))
                                   for name in DRIVER_SECTIONS}
        if FEEDBACK_SECTION in document:
            drivers[FEEDBACK_SECTION] = dict(document[FEEDBACK_SECTION])
        web = self.web(document["web"]) if "web" in document else None
        mqtt = None
        if "mqtt" in document:
            from companion.publish.mqtt_settings import check

            mqtt = check(document["mqtt"], self.fail, self.base)
        return Config(source=self.source, games=games, map_folders=map_folders, web=web,
                      mqtt=mqtt, **own, **drivers)

    def web(self, section: dict[str, Any]) -> Scoreboard:
        from companion.publish.scoreboard import Scoreboard, valid_address

        for name in section:
            if name not in WEB_KEYS:
                raise self.fail(f"web.{name}", N_("unknown key; the keys are {keys}"),
                                keys=", ".join(WEB_KEYS))
        port = section.get("port", Scoreboard.port)
        if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
            raise self.fail("web.port", N_("expected a port from 1 to 65535, got {value!r}"),
                            value=port)
        address = section.get("address")
        if address is not None and (not isinstance(address, str) or not valid_address(address)):
            raise self.fail("web.address",
                            N_("expected a host name or an IP address such as 192.168.1.20, "
                               "got {value!r}"), value=address)
        return Scoreboard(port=port, address=address)

    def companion(self, section: dict[str, Any], games: Mapping[str, Any]) -> dict[str, Any]:
        defaults = Config()
        fields = ("language", "state_dir", "game", "players", "first_player",
                  "notice_seconds", "log_level", "dim_minutes", "blank_minutes")
        for name in section:
            if name not in fields:
                raise self.fail(f"companion.{name}", N_("unknown key; the keys are {keys}"),
                                keys=", ".join(fields))
        language = self.text(section, "language", "") if "language" in section else None
        if language is not None and language not in LANGUAGES:
            raise self.fail("companion.language",
                            N_("unknown language {value!r}; one of {choices}"),
                            value=language, choices=", ".join(LANGUAGES))
        log_level = self.text(section, "log_level", defaults.log_level)
        if log_level not in LEVELS:
            raise self.fail("companion.log_level",
                            N_("unknown log level {value!r}; one of {choices}"),
                            value=log_level, choices=", ".join(LEVELS))
        game = self.text(section, "game", defaults.game)
        if game not in games:
            raise self.fail("companion.game", N_("unknown game {value!r}; one of {choices}"),
                            value=game, choices=", ".join(games))
        players = self.players(section, games[game].players)
        first = section.get("first_player")
        if first is not None:
            first = self.text(section, "first_player", "")
            if first not in players:
                raise self.fail("companion.first_player",
                                N_("{value!r} is not one of companion.players"), value=first)
        return {
            "language": language,
            "log_level": log_level,
            "state_dir": self.state_dir(section),
            "game": game,
            "players": players,
            "first_player": first,
            "notice_seconds": self.seconds(section, "notice_seconds", defaults.notice_seconds,
                                           MAX_NOTICE_SECONDS),
            "dim_minutes": self.minutes(section, "dim_minutes", defaults.dim_minutes),
            "blank_minutes": self.minutes(section, "blank_minutes", defaults.blank_minutes),
        }

    def minutes(self, section: dict[str, Any], name: str, default: float) -> float:
        value = section.get(name, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(f"companion.{name}", N_("expected a number of minutes, got {value!r}"),
                            value=value)
        if not (math.isfinite(value) and 0 <= value <= MAX_REST_MINUTES):
            raise self.fail(f"companion.{name}",
                            N_("must be from 0 (never) to {high} minutes, not {value!r}"),
                            value=value, high=int(MAX_REST_MINUTES))
        return float(value)

    def text(self, section: dict[str, Any], name: str, default: str) -> str:
        value = section.get(name, default)
        if not isinstance(value, str):
            raise self.fail(f"companion.{name}", N_("expected text, got {value!r}"), value=value)
        return value

    def seconds(self, section: dict[str, Any], name: str, default: float,
                high: float) -> float:
        value = section.get(name, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(f"companion.{name}", N_("expected a number of seconds, got {value!r}"),
                            value=value)
        if not (math.isfinite(value) and 0 < value <= high):
            raise self.fail(f"companion.{name}",
                            N_("must be more than 0 and at most {high}, not {value!r}"),
                            value=value, high=high)
        return float(value)

    def state_dir(self, section: dict[str, Any]) -> Path | None:
        if "state_dir" not in section:
            return None
        return self.folder(section["state_dir"], "companion.state_dir")

    def folder(self, value: Any, key: str) -> Path:
        """A folder's path; a relative one is taken from the file's folder."""
        if not isinstance(value, str):
            raise self.fail(key, N_("expected text, got {value!r}"), value=value)
        if not value:
            raise self.fail(key, N_("must not be empty"))
        path = Path(value).expanduser()
        return path if path.is_absolute() or self.base is None else self.base / path

    def players(self, section: dict[str, Any], allowed: range) -> tuple[str, ...]:
        value = section.get("players", [])
        if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
            raise self.fail("companion.players", N_("expected a list of names, got {value!r}"),
                            value=value)
        names = tuple(name.strip() for name in value)
        if not all(names):
            raise self.fail("companion.players", N_("a name is empty"))
        for name in names:
            if not plain(name):
                raise self.fail("companion.players", CONTROL_IN_NAME, name=name)
        if len(set(names)) != len(names):
            raise self.fail("companion.players", N_("a name is listed twice"))
        if names and len(names) not in allowed:
            raise self.fail("companion.players",
                            N_("{count} players; the game is for {low} to {high}"),
                            count=len(names), low=allowed.start, high=allowed.stop - 1)
        return names

    def table_settings(self, name: str, section: dict[str, Any],
                       own: Mapping[str, bool]) -> dict[str, bool]:
        """The settings of game `name` that the table reads itself (`own`: see
        `TableGame.table_settings`), taken out of `section` once checked: each true or false."""
        found: dict[str, bool] = {}
        for key in own:
            if key in section:
                value = section.pop(key)
                if not isinstance(value, bool):
                    raise self.fail(f"{name}.{key}", N_("expected true or false, got {value!r}"),
                                    value=value)
                found[key] = value
        return found

    def game(self, name: str, section: dict[str, Any], state_type: type,
             table_keys: tuple[str, ...] = ()) -> dict[str, Any]:
        """A game's section is checked against its engine's `Settings` (the type of the
        `settings` field of its state), then kept in its JSON form for `new_game`;
        `table_keys` are the keys the table reads itself, taken out of `section` already."""
        hints = typing.get_type_hints(state_type) if dataclasses.is_dataclass(state_type) else {}
        settings = hints.get("settings")
        if settings is None or not dataclasses.is_dataclass(settings):
            if section and table_keys:
                raise self.fail(f"{name}.{next(iter(section))}",
                                N_("unknown key; the keys are {keys}"),
                                keys=", ".join(table_keys))
            if section:
                raise self.fail(f"{name}.{next(iter(section))}",
                                N_("unknown key; {game} has no settings"), game=name)
            return {}
        setting_hints = typing.get_type_hints(settings)
        names = [f.name for f in dataclasses.fields(settings) if f.init]
        for key, value in section.items():
            if key not in names:
                raise self.fail(f"{name}.{key}", N_("unknown key; the keys are {keys}"),
                                keys=", ".join([*names, *table_keys]))
            kind = setting_hints[key]
            try:
                from_jsonable(kind, value)
            except (ValueError, TypeError) as error:
                where = f"{name}.{key}"
                if isinstance(kind, type) and issubclass(kind, enum.Enum):
                    raise self.fail(where, N_("unknown value {value!r}; one of {choices}"),
                                    value=value,
                                    choices=", ".join(str(m.value) for m in kind)) from error
                raise self.fail(where, N_("wrong value: {detail}"), detail=str(error)) from error
        return dict(section)
