"""`companion tally FILE`: score a table described in JSON, print the result as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.errors import InvalidInput
from engine.registry import GAMES

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
        table = json.loads(text)
    except json.JSONDecodeError as error:
        return _fail(_("{file} is not valid JSON (line {line}, column {column}: {reason})").format(
            file=args.file, line=error.lineno, column=error.colno, reason=error.msg))
    except (RecursionError, ValueError):
        # Nested too deeply, or a number too long to read: no table looks like that.
        return _fail(_("{file} is not a table: nested too deeply or a number too long").format(
            file=args.file))
    game = table.get("game") if isinstance(table, dict) else None
    if not isinstance(game, str):
        return _fail(_("game: missing; one of {games}").format(games=", ".join(GAMES)))
    if game not in GAMES:
        return _fail(_("game: unknown game {game!r}; one of {games}").format(
            game=game, games=", ".join(GAMES)))
    try:
        result = GAMES[game].tally(table)
    except InvalidInput as error:
        return _fail(reason(error, language))
    print(json.dumps(result.to_json(), ensure_ascii=False))
    return 0


def _fail(message: str) -> int:
    print(f"companion tally: {message}", file=sys.stderr)
    return 2
