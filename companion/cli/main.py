"""The `companion` command: one subcommand per job, each in a small module of its own.

Only the module of the subcommand being run is imported (a tally does not load the table's
drivers, screens or every game); `--help` without a subcommand lists them all.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from companion.i18n.translate import LANGUAGES, default_language, translator
from companion.lib import logs

EXIT_BAD_INPUT = 2
#: Options that mean the same before the subcommand and after it.
LANG_OPTION = "--lang"
STATE_DIR_OPTION = "--state-dir"
#: Options naming a file or a folder: an empty name would quietly mean the current folder.
PATH_OPTIONS = (STATE_DIR_OPTION, "--config", "--frames", "--output", "--map")


class _Parser(argparse.ArgumentParser):
    """A misuse is refused in one line, like every other bad input (not the whole usage)."""

    language = "en"

    def error(self, message: str) -> NoReturn:
        _ = translator(self.language).gettext
        self.exit(EXIT_BAD_INPUT, _("{prog}: {problem} (see {prog} --help)").format(
            prog=self.prog, problem=message) + "\n")


#: Each subcommand and the module that registers and runs it (`register(commands)`).
COMMANDS: dict[str, str] = {
    "run": "companion.cli.run",
    "demo": "companion.cli.run",
    "tally": "companion.cli.tally",
    "games": "companion.cli.games",
    "tags": "companion.cli.tags",
    "log": "companion.cli.log",
    "status": "companion.cli.log",
    "export": "companion.cli.log",
    "doctor": "companion.cli.doctor",
    "backup": "companion.cli.backup",
    "restore": "companion.cli.backup",
    "journal": "companion.cli.backup",
    "web": "companion.cli.web",
    "deck": "companion.cli.deck",
    "abandon": "companion.cli.ending",
    "finish": "companion.cli.ending",
}


def command_modules(argv: Sequence[str] | None) -> list[str]:
    """The modules to load for `argv`: the named subcommand's, or every one (for help and
    for a command line without a known subcommand). Before the subcommand only options and
    their values can come, and no option value is a subcommand's name."""
    named = next((word for word in argv or () if word in COMMANDS), None)
    modules = [COMMANDS[named]] if named is not None else list(COMMANDS.values())
    return list(dict.fromkeys(modules))


def build_parser(modules: Iterable[str] | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="companion",
        description="A table companion for train board games.",
    )
    parser.add_argument(
        LANG_OPTION, choices=LANGUAGES, default=None,
        help="language of messages (default: COMPANION_LANG or the locale); "
             "before or after COMMAND",
    )  # fmt: skip
    parser.add_argument(
        STATE_DIR_OPTION, metavar="DIR",
        help="the state folder, for the commands that keep one; before or after COMMAND",
    )  # fmt: skip
    parser.add_argument("--log-level", choices=logs.LEVELS, default=None,
                        help="least important log line shown (default: info for run, "
                             "else warning)")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in dict.fromkeys(COMMANDS.values()) if modules is None else modules:
        importlib.import_module(name).register(commands)
    _each_subcommand(parser, lambda sub: sub.add_argument(
        LANG_OPTION, choices=LANGUAGES, default=argparse.SUPPRESS,
        help="language of messages"))  # SUPPRESS: not given here keeps the one given before
    return parser


class _Version(argparse.Action):
    """`--version`, reading the installed distribution's metadata only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from companion.version import version_line

        sys.stdout.write(version_line() + "\n")
        parser.exit()


def _each_subcommand(parser: argparse.ArgumentParser,
                     change: Callable[[argparse.ArgumentParser], object]) -> None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                change(sub)
                _each_subcommand(sub, change)


def state_dir_after_command(argv: Sequence[str]) -> list[str]:
    """Every `--state-dir DIR` moved to the end of the line (before a `--`).

    Each subcommand that keeps state reads its own `--state-dir` (some require it), so the
    option typed before the subcommand, or between `tags` and its action, is handed to it; a
    subcommand without one refuses it in one line.
    """
    words = list(argv)
    end = words.index("--") if "--" in words else len(words)
    kept: list[str] = []
    moved: list[str] = []
    index = 0
    while index < end:
        word = words[index]
        if word == STATE_DIR_OPTION:
            moved.extend(words[index:min(index + 2, end)])
            index += 2
        elif word.startswith(STATE_DIR_OPTION + "="):
            moved.append(word)
            index += 1
        else:
            kept.append(word)
            index += 1
    return [*kept, *moved, *words[end:]]


def _language_given(argv: Sequence[str]) -> str:
    """The language asked for anywhere on the line, for messages written while parsing."""
    for index, word in enumerate(argv):
        value = argv[index + 1] if word == LANG_OPTION and index + 1 < len(argv) else (
            word.removeprefix(LANG_OPTION + "=") if word.startswith(LANG_OPTION + "=") else "")
        if value in LANGUAGES:
            return value
    return default_language()


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    _Parser.language = _language_given(words)
    # Importing the command's modules makes next to no garbage; collecting it while they load
    # would only slow every command's start.
    gc.disable()
    try:
        parser = build_parser(command_modules(words))
        for index, word in enumerate(words):
            option, equals, value = word.partition("=")
            if option in PATH_OPTIONS and (
                    value == "" if equals else index + 1 < len(words) and words[index + 1] == ""):
                parser.error(translator(_Parser.language).gettext(
                    "argument {option}: the name is empty").format(option=option))
        args = parser.parse_args(state_dir_after_command(words))
    finally:
        gc.enable()
    language = args.lang or default_language()
    logs.configure(args.log_level or logs.DEFAULT_COMMAND_LEVEL)
    try:
        status: int = args.run(args, language)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`companion log | head`). As Python's documentation on SIGPIPE
        # recommends: stdout now goes nowhere, so the flush at exit cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    finally:
        logs.remove()
    return status


if __name__ == "__main__":
    sys.exit(main())
