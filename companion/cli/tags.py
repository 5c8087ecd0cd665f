"""`companion tags`: enrol, list, import, export and forget RFID tags in the tag registry;
`scan` and `checklist` are in modules of their own."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from companion.cli import tags_checklist, tags_scan
from companion.games.card_names import AmbiguousCard, card_from_words, with_printed_name
from companion.games.cards import CardError
from companion.games.names import reason
from companion.i18n.translate import translator
from companion.lib import spreadsheet
from companion.lib.files import MAX_TAGS_CSV_BYTES, InputFileError, read_text
from companion.lib.text import shown
from companion.state.folder import exit_status_of
from companion.state.journal import JournalError
from companion.state.paths import default_state_dir
from companion.state.tags import AlreadyEnrolled, TagError, TagRegistry, describe, normalise_uid

PROG = "companion tags"


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "tags", help="enrol, list, import, export, forget, scan or check off RFID tags")
    actions = parser.add_subparsers(dest="tags_command", required=True, metavar="ACTION")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--state-dir", metavar="DIR",
                        help="the companion's state directory (default: the companion's own)")

    enroll = actions.add_parser("enroll", parents=[common], help="enrol a tag as a card")
    enroll.add_argument("uid", help="the tag's UID in hex, e.g. 04A31F2B or 04:a3:1f:2b")
    enroll.add_argument("game", help="a game id, or * for a card of every game")
    enroll.add_argument("kind", help="the card kind, e.g. wagon, departure, ticket, player")
    enroll.add_argument("value", nargs="?", default="",
                        help="as printed, e.g. coal, charbon, Paris-Wien, or a player's name")
    enroll.add_argument("--board", metavar="MAP", help="the map of a ticket, e.g. europe")
    enroll.add_argument("--replace", action="store_true",
                        help="re-enrol a tag that is already another card")
    enroll.set_defaults(run=run_enroll)

    listing = actions.add_parser("list", parents=[common], help="list the enrolled tags")
    listing.add_argument("--game", help="only this game's cards")
    listing.set_defaults(run=run_list)

    load = actions.add_parser("import", parents=[common],
                              help="enrol every tag of a CSV file (uid,game,kind,value)")
    load.add_argument("file", help="the CSV file, or - for standard input")
    load.add_argument("--replace", action="store_true",
                      help="re-enrol tags that are already other cards")
    load.set_defaults(run=run_import)

    save = actions.add_parser("export", parents=[common], help="write every tag as CSV")
    save.add_argument("file", nargs="?", default="-",
                      help="the CSV file (default: standard output)")
    spreadsheet.add_options(save)
    save.set_defaults(run=run_export)

    forget = actions.add_parser("forget", parents=[common], help="remove a tag")
    forget.add_argument("uid", help="the tag's UID in hex")
    forget.set_defaults(run=run_forget)

    tags_scan.register(actions, common)
    tags_checklist.register(actions, common)
    from companion.cli import tags_setup

    tags_setup.register(actions, common)


def run_enroll(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    try:
        uid = normalise_uid(args.uid)
        card = card_from_words(args.game, args.kind, args.value, language, args.board)
        with _registry(args) as registry:
            before = registry.lookup(uid)
            registry.enroll(uid, card, replace=args.replace)
            enrolled = registry.lookup(uid)
    except (TagError, CardError) as error:
        return _fail(_explain(error, language))
    except (OSError, sqlite3.Error) as error:
        return _fail(_storage_error(error, language))
    except JournalError as error:
        return _fail(reason(error, language), exit_status_of(error))
    assert enrolled is not None
    message = _("{uid} was already {card}") if before == enrolled else _("{uid} enrolled as {card}")
    print(message.format(uid=uid, card=with_printed_name(enrolled, describe(enrolled), language)))
    return 0


def run_list(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    try:
        with _reader(args) as registry:
            rows = registry.all(args.game)
    except (OSError, sqlite3.Error) as error:
        return _fail(_storage_error(error, language))
    except JournalError as error:
        return _fail(reason(error, language), exit_status_of(error))
    if not rows:
        print(_("No tags enrolled."), file=sys.stderr)
    for uid, card in rows:
        # A registry written by another program may hold anything: nothing reaches the terminal raw.
        print("\t".join(shown(field) for field in (uid, card.game, card.kind, card.value)))
    return 0


def run_import(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    try:
        text = read_text(args.file, MAX_TAGS_CSV_BYTES)
    except InputFileError as error:
        return _fail(reason(error, language))
    try:
        with _registry(args) as registry:
            count = registry.import_csv(text, replace=args.replace)
    except TagError as error:
        text = _explain(error, language)
        if error.line is not None:
            text = _("line {line}: {reason}").format(line=error.line, reason=text)
        return _fail(_("{file}: {reason}; nothing imported").format(file=args.file, reason=text))
    except (OSError, sqlite3.Error) as error:
        return _fail(_storage_error(error, language))
    except JournalError as error:
        return _fail(reason(error, language), exit_status_of(error))
    print(_("{count} tags enrolled or changed from {file}").format(count=count, file=args.file))
    return 0


def run_export(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    try:
        with _reader(args) as registry:
            text = registry.export_csv()
    except (OSError, sqlite3.Error) as error:
        return _fail(_storage_error(error, language))
    except JournalError as error:
        return _fail(reason(error, language), exit_status_of(error))
    text = spreadsheet.shaped(text, args, language)
    try:
        if args.file == "-":
            sys.stdout.write(text)
        else:
            _write_atomically(Path(args.file), text)
    except BrokenPipeError:
        raise  # the reader of standard output went away: `companion.cli.main.main` ends quietly
    except OSError as error:
        return _fail(_("cannot write {file}: {reason}").format(
            file=args.file, reason=error.strerror or error))
    return 0


def run_forget(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    try:
        uid = normalise_uid(args.uid)
        with _registry(args) as registry:
            forgotten = registry.forget(uid)
    except TagError as error:
        return _fail(reason(error, language))
    except (OSError, sqlite3.Error) as error:
        return _fail(_storage_error(error, language))
    except JournalError as error:
        return _fail(reason(error, language), exit_status_of(error))
    if not forgotten:
        return _fail(_("{uid} is not enrolled").format(uid=uid))
    print(_("{uid} forgotten").format(uid=uid))
    return 0


def _explain(error: TagError | CardError, language: str) -> str:
    """The refusal in words, with the way out when the tag is another card already."""
    if isinstance(error, AlreadyEnrolled):  # the card it is, by its printed name too
        error.params["card"] = with_printed_name(error.card, describe(error.card), language)
    text = reason(error, language)
    if isinstance(error, AlreadyEnrolled):
        text = translator(language).gettext("{refusal} (--replace re-enrols it)").format(
            refusal=text)
    if isinstance(error, AmbiguousCard) and error.by_board:
        text = translator(language).gettext("{refusal} (--board MAP)").format(refusal=text)
    return text


def _registry(args: argparse.Namespace) -> TagRegistry:
    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    return TagRegistry.in_state_dir(state_dir)


def _reader(args: argparse.Namespace) -> TagRegistry:
    """The registry read-only: listing or exporting changes nothing in the state folder."""
    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    return TagRegistry.read_only(state_dir)


def _storage_error(error: OSError | sqlite3.Error, language: str) -> str:
    """OSError comes from creating the directory, sqlite3.Error from the file itself."""
    _ = translator(language).gettext
    detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return _("cannot use the tag registry: {reason}").format(reason=detail)


def _write_atomically(path: Path, text: str) -> None:
    """Write beside the target and rename, so a crash never leaves half a file."""
    descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    mask = os.umask(0)
    os.umask(mask)
    os.fchmod(descriptor, 0o666 & ~mask)  # mkstemp makes it 0600; an export is an ordinary file
    try:
        with open(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def _fail(message: str, status: int = 2) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return status
