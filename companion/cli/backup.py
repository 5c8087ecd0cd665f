"""`companion backup`, `companion restore`, `companion journal recover`.

A backup reads the journal through a read-only connection (it works while the companion runs);
a restore and a recovery replace the journal, so they own the state folder meanwhile (exit
status 75 when another process does). The journal they replace is kept aside, never deleted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.games.names import reason
from companion.i18n.translate import translator
from companion.state.folder import exit_status_of, take_folder
from companion.state.journal import JournalError
from companion.state.paths import default_state_dir
from companion.state.recovery import backup, recover, restore


def register(commands: Any) -> None:
    saving = commands.add_parser("backup", help="copy the journal and the tag registry to a "
                                 "file, even while the companion runs")
    saving.add_argument("destination", type=Path, metavar="DEST", help="the copy to write")
    _state_dir_option(saving)
    saving.set_defaults(run=run_backup)

    putting = commands.add_parser("restore", help="put a backup of the journal (and the tag "
                                  "registry it carries) back, checked")
    putting.add_argument("source", type=Path, metavar="SRC", help="a file made by backup")
    _state_dir_option(putting)
    putting.add_argument("--wait", action="store_true",
                         help="wait for the process that uses the state folder to stop")
    putting.set_defaults(run=run_restore)

    journal = commands.add_parser("journal", help="repair the journal")
    actions = journal.add_subparsers(dest="journal_command", required=True, metavar="ACTION")
    salvage = actions.add_parser("recover",
                                 help="salvage every readable move into a new journal")
    salvage.add_argument("--from", dest="source", type=Path, metavar="FILE",
                         help="a damaged journal set aside (default: the folder's journal)")
    _state_dir_option(salvage)
    salvage.add_argument("--wait", action="store_true",
                         help="wait for the process that uses the state folder to stop")
    salvage.set_defaults(run=run_recover)


def _state_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--state-dir", type=Path, metavar="DIR",
                        help="the companion's state folder (default: the companion's own)")


def _folder(args: argparse.Namespace) -> Path:
    return Path(args.state_dir).expanduser() if args.state_dir else default_state_dir()


def run_backup(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    try:
        copied = backup(_folder(args), args.destination)
    except JournalError as error:
        return _fail("backup", reason(error, language), exit_status_of(error))
    words = translator(language)
    print(words.ngettext(
        "{count} play copied to {file}", "{count} plays copied to {file}", copied.plays).format(
            count=copied.plays, file=args.destination))
    print(words.ngettext("{count} tag copied with it", "{count} tags copied with it",
                         copied.tags or 0).format(count=copied.tags or 0))
    return 0


def run_restore(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    folder = _folder(args)
    try:
        owner = take_folder(folder, "companion restore", wait=args.wait)
        try:
            copied, aside = restore(folder, args.source)
        finally:
            owner.release()
    except JournalError as error:
        return _fail("restore", reason(error, language), exit_status_of(error))
    words = translator(language)
    print(words.ngettext(
        "{count} play restored from {file}", "{count} plays restored from {file}",
        copied.plays).format(count=copied.plays, file=args.source))
    if copied.tags is None:
        print(_("The backup holds no tag registry: the tags stay as they were"))
    else:
        print(words.ngettext("{count} tag restored", "{count} tags restored",
                             copied.tags).format(count=copied.tags))
        if copied.tags_aside is not None:
            print(_("The tag registry it replaces is kept as {file}").format(
                file=copied.tags_aside))
    if aside is not None:
        print(_("The journal it replaces is kept as {file}").format(file=aside))
    return 0


def run_recover(args: argparse.Namespace, language: str) -> int:
    words = translator(language)
    _ = words.gettext
    folder = _folder(args)
    try:
        owner = take_folder(folder, "companion journal recover", wait=args.wait)
        try:
            found = recover(folder, args.source)
        finally:
            owner.release()
    except JournalError as error:
        return _fail("journal recover", reason(error, language), exit_status_of(error))
    moves = words.ngettext("{count} move", "{count} moves", found.moves).format(
        count=found.moves)
    plays = words.ngettext("{count} play", "{count} plays", found.plays).format(
        count=found.plays)
    print(_("Salvaged {moves} of {plays} into a new journal").format(moves=moves, plays=plays))
    if found.set_aside is not None:
        print(_("The journal it replaces is kept as {file}").format(file=found.set_aside))
    return 0


def _fail(command: str, message: str, status: int) -> int:
    print(f"companion {command}: {message}", file=sys.stderr)
    return status
