"""Maps from files, for a game played on maps: one file named on the command line, or the
files of the maps folder offered beside the shipped maps when a new game is chosen.

A map file is read and checked once, when it is chosen; the new game keeps the map's data with
its options, so nothing later reads the file again. A file the game refuses is offered as
refused (saying why when it is chosen) and never hides the other maps.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.map_facts import MapFacts
from companion.games.names import reason
from companion.lib.files import MAX_MAP_BYTES, InputFileError, read_text
from engine.errors import N_, IllegalEvent, InvalidInput, Reasoned

log = logging.getLogger(__name__)

#: The folder of map files inside the state folder, when the configuration names none.
MAPS_FOLDER = "maps"
#: The files of a maps folder that are read as maps.
MAP_SUFFIX = ".toml"
#: More files than a table could choose from on its screen are left out (and said).
MAX_FOLDER_MAPS = 200


@dataclass(frozen=True)
class MapChoice:
    """A map a new game can be played on: shipped (by name) or from a file (its data)."""

    title: str
    #: The new game's `map_name` option: a shipped map's name or a map file's data.
    option: Any
    #: The file it was read from; None for a shipped map.
    file: Path | None = None
    #: Why the file cannot be played (the map is then not offered, only its refusal).
    problem: Reasoned | None = None
    #: Its players, standing and rules left off (None: the game says nothing of its maps).
    facts: MapFacts | None = None


class MapFileError(Exception):
    """A map file the game refuses: `file`, and the engine's (or the file's) `error`."""

    def __init__(self, file: Path, error: Reasoned) -> None:
        self.file = file
        self.error = error
        super().__init__(f"{file}: {error}")


def takes_maps(game: str) -> bool:
    """Whether `game` is played on maps that files can add to."""
    record = TABLE_GAMES.get(game)
    return record is not None and record.read_map is not None


def shipped_choices(game: str) -> list[MapChoice]:
    """The maps that come with `game`, by name, titled."""
    record = TABLE_GAMES[game]
    names = record.maps() if record.maps is not None else ()
    title = record.map_title or str
    facts = record.map_facts
    return [MapChoice(title(name), name, facts=facts(name) if facts else None)
            for name in names]


def read_map_file(game: str, path: Path) -> MapChoice:
    """The map of one file, checked by the game's engine; MapFileError when refused."""
    read_map = TABLE_GAMES[game].read_map
    if read_map is None:
        raise MapFileError(path, InvalidInput("", N_("this game has no maps")))
    try:
        title, option = read_map(read_text(path, MAX_MAP_BYTES))
    except (InputFileError, InvalidInput, IllegalEvent) as error:
        raise MapFileError(path, error) from None
    except (ValueError, RecursionError) as error:
        # Whatever else the text does to the readers, it leaves this map out, not the others.
        raise MapFileError(path, InvalidInput("", N_("not a valid map file: {detail}"),
                                              detail=str(error)[:80])) from None
    facts = TABLE_GAMES[game].map_facts
    return MapChoice(title, option, path, facts=facts(option) if facts else None)


def map_option(game: str, given: str) -> Any:
    """`--map`: a shipped map's name as it is, else the data of the map file at that path."""
    record = TABLE_GAMES[game]
    # By name alone: titling the shipped maps would parse every map's file.
    shipped = list(record.maps()) if record.maps is not None else []
    if given in shipped:
        return given
    path = Path(given)
    if not path.exists() and path.suffix != MAP_SUFFIX and "/" not in given:
        raise MapFileError(path, InvalidInput("", N_(
            "unknown map {map!r}: one of {maps}, or a map file's path"),
            map=given, maps=", ".join(shipped)))
    return read_map_file(game, path).option


def refusal(error: MapFileError, language: str) -> str:
    """One line: the file and why the game refuses it, in `language`."""
    text = reason(error.error, language)
    named = f"{error.file}: "  # a file that cannot be read is named by its own error
    return text if text.startswith(named) else named + text


def may_hold_map_files(folder: Path) -> bool:
    """Whether `folder` may hold map files: false only when it surely holds none (missing, or
    no file with the suffix), so a caller can skip reading the shipped maps for nothing."""
    try:
        return any(path.suffix == MAP_SUFFIX and not path.name.startswith(".")
                   for path in folder.iterdir())
    except FileNotFoundError:
        return False
    except OSError:
        return True  # folder_choices says why it cannot be read


def folder_choices(game: str, folder: Path) -> list[MapChoice]:
    """The map files of `folder` (in name order), refused ones with their problem; none when
    the folder does not exist. A map whose title or tags another map has already is refused."""
    try:
        files = sorted(path for path in folder.iterdir()
                       if path.suffix == MAP_SUFFIX and not path.name.startswith("."))
    except FileNotFoundError:
        return []
    except OSError as error:
        log.warning("maps folder %s cannot be read: %s", folder, error.strerror or error)
        return []
    if len(files) > MAX_FOLDER_MAPS:
        log.warning("maps folder %s: only the first %d of %d files are offered", folder,
                    MAX_FOLDER_MAPS, len(files))
    choices: list[MapChoice] = []
    for path in files[:MAX_FOLDER_MAPS]:
        try:
            choice = read_map_file(game, path)
        except MapFileError as refused:
            log.warning("map file refused: %s: %s", path, refused.error)
            choice = MapChoice(path.stem, None, path, refused.error)
        choices.append(choice)
    return choices


def offered_maps(game: str, folder: Path | None) -> list[MapChoice]:
    """The shipped maps, then the files of the maps folder. A file map whose title, or one
    of whose cards (a ticket's tag), another map offered before it has is refused: the table
    could not tell them apart."""
    if not takes_maps(game):
        return []
    record = TABLE_GAMES[game]
    titles: set[str] = set()
    cards: set[tuple[str, str]] = set()
    offered = []
    for choice in shipped_choices(game) + (folder_choices(game, folder) if folder else []):
        if choice.file is None:  # a shipped map: its tags are its own (the engine's tests)
            titles.add(choice.title.casefold())
        elif choice.problem is None:
            own = {(kind, value) for kind, values in
                   (record.map_cards(choice.option) if record.map_cards else {}).items()
                   for value in values}
            if choice.title.casefold() in titles:
                choice = _refused(choice, InvalidInput("title", N_(
                    "{title!r} is the title of another map: title it otherwise"),
                    title=choice.title))
            elif own & cards:
                choice = _refused(choice, InvalidInput("name", N_(
                    "its tickets would have the tags of another map's: name it otherwise")))
            else:
                titles.add(choice.title.casefold())
                cards |= own
        offered.append(choice)
    return offered


def _refused(choice: MapChoice, problem: Reasoned) -> MapChoice:
    log.warning("map file refused: %s: %s", choice.file, problem)
    return MapChoice(choice.file.stem if choice.file else choice.title, None, choice.file,
                     problem)
