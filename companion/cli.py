"""The `companion` command: one subcommand per job, each in a small module of its own."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import cli_backup, cli_games, cli_log, cli_run, cli_tags, cli_tally
from .i18n import default_language

EXIT_BAD_INPUT = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A table companion for train board games.",
    )
    parser.add_argument(
        "--lang", choices=("en", "fr"), default=None,
        help="language of messages (default: COMPANION_LANG or the locale)",
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (cli_run, cli_tally, cli_games, cli_tags, cli_log, cli_backup):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    language = args.lang or default_language()
    try:
        status: int = args.run(args, language)
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
