"""The `companion` command: one subcommand per job, each in a small module of its own.

Only the module of the subcommand being run is imported (a tally does not load the table's
drivers, screens or every game); `--help` without a subcommand lists them all.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable, Sequence

from .i18n import default_language

EXIT_BAD_INPUT = 2

#: Each subcommand and the module that registers and runs it (`register(commands)`).
COMMANDS: dict[str, str] = {
    "run": "companion.cli_run",
    "demo": "companion.cli_run",
    "tally": "companion.cli_tally",
    "games": "companion.cli_games",
    "tags": "companion.cli_tags",
    "log": "companion.cli_log",
}


def command_modules(argv: Sequence[str] | None) -> list[str]:
    """The modules to load for `argv`: the named subcommand's, or every one (for help and
    for a command line without a known subcommand). Before the subcommand only options and
    their values can come, and no option value is a subcommand's name."""
    named = next((word for word in argv or () if word in COMMANDS), None)
    modules = [COMMANDS[named]] if named is not None else list(COMMANDS.values())
    return list(dict.fromkeys(modules))


def build_parser(modules: Iterable[str] | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A table companion for train board games.",
    )
    parser.add_argument(
        "--lang", choices=("en", "fr"), default=None,
        help="language of messages (default: COMPANION_LANG or the locale)",
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in dict.fromkeys(COMMANDS.values()) if modules is None else modules:
        importlib.import_module(name).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(command_modules(words))
    args = parser.parse_args(words)
    language = args.lang or default_language()
    try:
        status: int = args.run(args, language)
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
