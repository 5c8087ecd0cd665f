"""The `companion` command: one subcommand per job, each in a small module of its own."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import cli_doctor, cli_games, cli_log, cli_run, cli_tags, cli_tally, logs
from .i18n import default_language
from .version import version_line

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
    parser.add_argument("--log-level", choices=logs.LEVELS, default=None,
                        help="least important log line shown (default: info for run, "
                             "else warning)")
    parser.add_argument("--version", action="version", version=version_line())
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (cli_run, cli_tally, cli_games, cli_tags, cli_log, cli_doctor):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    language = args.lang or default_language()
    logs.configure(args.log_level or logs.DEFAULT_COMMAND_LEVEL)
    try:
        status: int = args.run(args, language)
    except KeyboardInterrupt:
        return 130
    finally:
        logs.remove()
    return status


if __name__ == "__main__":
    sys.exit(main())
