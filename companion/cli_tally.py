"""`companion tally FILE`: score a table described in JSON, print the result as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.errors import InvalidInput
from engine.registry import GAMES
from engine.table_input import checked, strict

from .files import MAX_TALLY_BYTES, InputFileError, read_text
from .i18n import reason, translator


def register(commands: Any) -> None:
    parser = commands.add_parser("tally", help="score a table described in a JSON file")
    parser.add_argument("file", help="the JSON table description, or - for standard input")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    try:
        text = read_text(args.file, MAX_TALLY_BYTES)
    except InputFileError as error:
        return _fail(reason(error, language))
    try:
        table = json.loads(text, object_pairs_hook=_refuse_repeated_keys)
    except _RepeatedKey as repeated:
        return _fail(_("{file}: the key {key!r} is given twice in one object; keep one").format(
            file=args.file, key=repeated.key))
    except json.JSONDecodeError as error:
        return _fail(_("{file} is not valid JSON (line {line}, column {column}: {reason})").format(
            file=args.file, line=error.lineno, column=error.colno, reason=error.msg))
    except (RecursionError, ValueError):
        # Nested too deeply, or a number too long to read: no table looks like that.
        return _fail(_("{file} is not a table: nested too deeply or a number too long").format(
            file=args.file))
    try:
        # Every game's reader is strict: text no keyboard gives and keys no reader looked at
        # (typos, fields of another game) are refused rather than ignored.
        table = strict(table)
        game = table.get("game") if isinstance(table, dict) else None
        if not isinstance(game, str):
            return _fail(_("game: missing; one of {games}").format(games=", ".join(GAMES)))
        if game not in GAMES:
            return _fail(_("game: unknown game {game!r}; one of {games}").format(
                game=game, games=", ".join(GAMES)))
        result = checked(GAMES[game].tally, table)
    except InvalidInput as error:
        return _fail(reason(error, language))
    print(json.dumps(result.to_json(), ensure_ascii=False))
    return 0


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
    print(f"companion tally: {message}", file=sys.stderr)
    return 2
