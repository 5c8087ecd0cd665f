"""`companion tally FILE...`: score tables described in JSON, print each result as a JSON line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.i18n.translate import translator
from companion.lib.files import MAX_TALLY_BYTES, InputFileError, read_text
from companion.lib.text import json_line, shown
from engine.errors import InvalidInput
from engine.registry import GAMES
from engine.table_input import checked, strict


def register(commands: Any) -> None:
    parser = commands.add_parser("tally", help="score tables described in JSON files")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="a JSON table description, or - for standard input; several "
                             "files give one result line each, in order")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    if args.files.count("-") > 1:
        return _fail(_("- (standard input) can be read only once; give it once"))
    several = len(args.files) > 1
    status = 0
    for file in args.files:
        outcome = _score(file, language)
        if isinstance(outcome, _Refusal):
            # With several files, every refusal names its file; the other files still count.
            message = outcome.message
            status = _fail(f"{file}: {message}" if several and not outcome.named else message)
        else:
            print(json_line(outcome), flush=True)
    return status


class _Refusal:
    """Why one file was refused; `named` when the message names the file already."""

    def __init__(self, message: str, named: bool = True) -> None:
        self.message = message
        self.named = named


def _score(file: str, language: str) -> dict[str, Any] | _Refusal:
    """The table's result in its JSON form, or why it is refused."""
    _ = translator(language).gettext
    try:
        text = read_text(file, MAX_TALLY_BYTES)
    except InputFileError as error:
        return _Refusal(_reason(error, language))
    try:
        table = json.loads(text, object_pairs_hook=_refuse_repeated_keys)
    except _RepeatedKey as repeated:
        return _Refusal(_("{file}: the key {key!r} is given twice in one object; keep one").format(
            file=file, key=repeated.key))
    except json.JSONDecodeError as error:
        return _Refusal(_("{file} is not valid JSON (line {line}, column {column}: {reason})"
                          ).format(file=file, line=error.lineno, column=error.colno,
                                   reason=error.msg))
    except (RecursionError, ValueError):
        # Nested too deeply, or a number too long to read: no table looks like that.
        return _Refusal(_("{file} is not a table: nested too deeply or a number too long").format(
            file=file))
    try:
        # Every game's reader is strict: text no keyboard gives and keys no reader looked at
        # (typos, fields of another game) are refused rather than ignored.
        table = strict(table)
        game = table.get("game") if isinstance(table, dict) else None
        if not isinstance(game, str):
            return _Refusal(_("game: missing; one of {games}").format(games=", ".join(GAMES)),
                            named=False)
        if game not in GAMES:
            return _Refusal(_("game: unknown game {game!r}; one of {games}").format(
                game=game, games=", ".join(GAMES)), named=False)
        result = checked(GAMES[game].tally, table)
    except InvalidInput as error:
        return _Refusal(_reason(error, language), named=False)
    json_form: dict[str, Any] = result.to_json()
    return json_form


def _reason(error: Exception, language: str) -> str:
    # The games' display names are read only for a refusal: a table scored loads no record.
    from companion.games.names import reason

    return reason(error, language)


class _RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """JSON keeps the last of two equal keys; a table saying one thing twice is refused."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _RepeatedKey(key)
        found[key] = value
    return found


def _fail(message: str) -> int:
    # Names and keys come from the file: their control characters are written as escapes.
    print(f"companion tally: {shown(message)}", file=sys.stderr)
    return 2
