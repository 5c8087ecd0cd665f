"""`companion tags setup GAME [--board NAME]`: the guided enrolment of a box, typed on the
desktop: the next card of the box is printed, a UID typed (or a tag laid on the configured
reader, with `--reader`) enrols it as that card. The same walk as the table's "Set up a box"
(`companion.table.box_walk`), on the same registry and progress: either resumes the other.
"""

from __future__ import annotations

import argparse
import queue
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.games.box import BoxError
from companion.games.names import reason
from companion.i18n.translate import translator
from companion.state.folder import exit_status_of
from companion.state.journal import JournalError
from companion.state.paths import default_state_dir
from companion.state.tags import TagError, TagRegistry, normalise_uid
from companion.table.box_walk import BoxWalk, Outcome
from engine.errors import N_

PROG = "companion tags setup"
#: The words typed instead of a UID.
SKIP, PREVIOUS, BACK, QUIT = ("skip", ""), ("prev",), ("back",), ("quit", "exit")
USAGE = N_("Type a tag's UID (hex) and Enter: it is enrolled as the card shown. Enter alone "
           "or 'skip': the next card; 'prev': the card before; 'back': take back the last "
           "tag; 'quit' or Ctrl-D: stop (the setup resumes where it stopped).")


def register(actions: Any, common: argparse.ArgumentParser) -> None:
    """Add `setup` to `companion tags`' actions."""
    setup = actions.add_parser(
        "setup", parents=[common], help="enrol a whole box, card after card",
        description="Enrol every card of a box in turn: the next card is printed, a tag's "
                    "UID typed (or the tag laid on the reader, with --reader) enrols it. "
                    + USAGE)
    setup.add_argument("game", help="the game id, e.g. freight-train or ticket-to-ride")
    setup.add_argument("--board", metavar="NAME",
                       help="Ticket to Ride's map, e.g. europe (default: the first, usa)")
    setup.add_argument("--reader", action="store_true",
                       help="also take tags laid on the reader of the configuration (the "
                            "table's service must be stopped: it holds the reader)")
    setup.add_argument("--config", type=Path, metavar="FILE",
                       help="with --reader: the configuration file naming the reader")
    setup.set_defaults(run=run_setup)


def run_setup(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    try:
        with TagRegistry.in_state_dir(state_dir) as registry:
            walk = BoxWalk.open(state_dir, registry, args.game, language, args.board)
            with _inputs(args, language) as lines:
                return _walk(walk, lines, language)
    except BoxError as error:
        return _fail(reason(error, language))
    except (OSError, sqlite3.Error) as error:
        detail = error.strerror if isinstance(error, OSError) and error.strerror else error
        return _fail(_("cannot use the tag registry: {reason}").format(reason=detail))
    except JournalError as error:
        return _fail(reason(error, language), exit_status_of(error))
    except _ReaderRefused as refused:
        return _fail(refused.message)


def _walk(walk: BoxWalk, lines: Iterator[str], language: str) -> int:
    """Print each card and act on each line until the box is done or the user stops."""
    _ = translator(language).gettext
    print(_("{total} cards in the box, {left} without a tag.").format(total=walk.total,
                                                                     left=walk.left))
    print(_(USAGE))
    while not walk.done:
        entry = walk.entry
        if entry.copies > 1:
            print(_("Next: {card}, {copy} of {copies} ({left} left)").format(
                card=entry.label, copy=walk.copy, copies=entry.copies, left=walk.left),
                flush=True)
        else:
            print(_("Next: {card} ({left} left)").format(card=entry.label, left=walk.left),
                  flush=True)
        line = next(lines, None)
        word = "quit" if line is None else line.strip()
        if word.lower() in QUIT:
            print(_("Stopped with {left} cards left; the same command resumes.").format(
                left=walk.left))
            return 0
        if word.lower() in SKIP:
            walk.skip(1)
        elif word.lower() in PREVIOUS:
            walk.skip(-1)
        elif word.lower() in BACK:
            taken = walk.back()
            print(_("Nothing to take back") if taken is None
                  else _("Taken back: {card}").format(card=taken.label))
        else:
            _tap(walk, word, language)
    print(_("Box complete: {count} tags").format(count=walk.total))
    return 0


def _tap(walk: BoxWalk, text: str, language: str) -> None:
    _ = translator(language).gettext
    try:
        result = walk.tap(text)
    except TagError as error:
        print(f"{PROG}: {reason(error, language)}", file=sys.stderr)
        return
    uid = normalise_uid(text)
    if result.outcome is Outcome.KNOWN:
        print(_("{uid} is already {card}: not enrolled again").format(uid=uid,
                                                                     card=result.label))
    elif result.outcome is Outcome.REPEAT:
        print(_("{uid} already counted").format(uid=uid))
    elif result.copies > 1:
        print(_("{uid} enrolled as {card} {copy}/{copies}").format(
            uid=uid, card=result.label, copy=result.copy, copies=result.copies))
    else:
        print(_("{uid} enrolled as {card}").format(uid=uid, card=result.label))


class _ReaderRefused(Exception):
    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


@contextmanager
def _inputs(args: argparse.Namespace, language: str) -> Iterator[Iterator[str]]:
    """The lines typed; with `--reader`, the UIDs of the tags laid on the reader too."""
    if not args.reader:
        yield (line.rstrip("\n") for line in sys.stdin)
        return
    close = None
    merged: queue.Queue[str | None] = queue.Queue()
    try:
        close = _open_reader(args, language, merged.put)
        threading.Thread(target=_typed, args=(merged.put,), daemon=True).start()
        yield iter(merged.get, None)
    finally:
        if close is not None:
            close()


def _typed(put: Callable[[str | None], None]) -> None:
    for line in sys.stdin:
        put(line.rstrip("\n"))
    put(None)


def _open_reader(args: argparse.Namespace, language: str,
                 put: Callable[[str | None], None]) -> Callable[[], None]:
    """Start the configured reader, each tag laid on it put as its UID."""
    from companion.config import ConfigError, load_config
    from drivers.errors import DriverConfigError, DriverError
    from drivers.events import TagPlaced
    from drivers.factory import build_reader

    _ = translator(language).gettext

    class Taps:
        def put(self, event: object) -> None:
            if isinstance(event, TagPlaced):
                put(event.uid)

    try:
        config = load_config(args.config)
        return build_reader(config.driver_sections(), Taps())[1]
    except ConfigError as error:
        raise _ReaderRefused(reason(error, language)) from error
    except DriverConfigError as error:
        raise _ReaderRefused(reason(config.driver_error(error), language)) from error
    except DriverError as error:
        raise _ReaderRefused(_("the reader cannot be used ({reason}); if companion run is "
                               "running it holds the reader: stop it, or use the system "
                               "menu's Set up a box").format(reason=reason(error, language))
                             ) from error


def _fail(message: str, status: int = 2) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return status
