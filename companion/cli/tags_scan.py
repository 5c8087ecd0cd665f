"""`companion tags scan`: print the UID of the next tag laid on the reader.

With no table running, the command opens the configured reader itself (owning the state
folder meanwhile, so that a table starting then waits); while a table owns the folder, and so
the reader, the command asks it, and the table answers with its next tap (`table.tag_scan`).
"""

from __future__ import annotations

import argparse
import queue
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.config import ConfigError, load_config
from companion.games.names import reason
from companion.i18n.translate import translator
from companion.state.errors import JournalError, StateFolderBusy
from companion.state.folder import exit_status_of, folder_holder, take_folder
from companion.state.paths import default_state_dir
from companion.table.tag_scan import ask, wait_reply
from drivers.errors import DriverConfigError, DriverError
from drivers.events import DriverFault, TagPlaced
from drivers.factory import SimHandles, build_reader

PROG = "companion tags"
#: Seconds the command waits for a tag unless told otherwise, and the most it may be told.
DEFAULT_TIMEOUT = 30.0
LONGEST_TIMEOUT = 3600.0
#: Exit status when no tag came in time (2 is bad input).
EXIT_NO_TAG = 1


def register(actions: Any, common: argparse.ArgumentParser) -> None:
    scan = actions.add_parser("scan", parents=[common],
                              help="print the UID of the next tag laid on the reader")
    scan.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                      help=f"how long to wait for a tag (default: {DEFAULT_TIMEOUT:g})")
    scan.add_argument("--config", metavar="FILE",
                      help="the configuration file whose [reader] is opened when no table runs")
    scan.set_defaults(run=run_scan)


def run_scan(args: argparse.Namespace, language: str,
             opened: Callable[[SimHandles], object] = lambda sim: None) -> int:
    """`opened(handles)` is called once the command's own reader is open (a test lays a tag
    on the simulated one)."""
    _ = translator(language).gettext
    timeout: float = args.timeout
    if not 0 < timeout <= LONGEST_TIMEOUT:
        return _fail(_("--timeout: give seconds between 0 and {most:g}").format(
            most=LONGEST_TIMEOUT))
    try:
        config = load_config(args.config)
    except ConfigError as error:
        return _fail(reason(error, language))
    state_dir = Path(args.state_dir or config.state_dir or default_state_dir())
    try:
        lock = take_folder(state_dir, "companion tags scan")
    except StateFolderBusy:
        return _through_table(state_dir, timeout, language)
    except JournalError as error:
        return _fail(reason(error, language), exit_status_of(error))
    try:
        print(_("Lay a tag on the reader…"), file=sys.stderr, flush=True)
        uid = read_next_tag(config.driver_sections(), timeout, opened)
    except DriverConfigError as error:
        return _fail(reason(config.driver_error(error), language))
    except DriverError as error:
        return _fail(reason(error, language))
    finally:
        lock.release()
    return _said(uid, timeout, language)


def read_next_tag(driver_config: Mapping[str, Any], timeout: float,
                  opened: Callable[[SimHandles], object] = lambda sim: None) -> str | None:
    """The UID of the next tag the configured reader sees within `timeout` seconds, else
    None. Raises `DriverError` when the reader cannot be used."""
    events: queue.Queue[Any] = queue.Queue()
    sim = SimHandles()
    _reader, close = build_reader(driver_config, events, sim)
    try:
        opened(sim)
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = events.get(timeout=left)
            except queue.Empty:
                return None
            if isinstance(event, TagPlaced):
                return event.uid
            if isinstance(event, DriverFault):
                raise DriverError(event.device, event.message)
        return None
    finally:
        close()


def _through_table(state_dir: Path, timeout: float, language: str) -> int:
    """Ask the table that owns the folder for its next tap."""
    _ = translator(language).gettext
    holder = folder_holder(state_dir) or "?"
    try:
        token = ask(state_dir, timeout)
    except OSError as error:
        return _fail(_("cannot ask the running table: {reason}").format(
            reason=error.strerror or error))
    print(_("Lay a tag on the table's reader ({holder})…").format(holder=holder),
          file=sys.stderr, flush=True)
    return _said(wait_reply(state_dir, token, timeout), timeout, language)


def _said(uid: str | None, timeout: float, language: str) -> int:
    _ = translator(language).gettext
    if uid is None:
        return _fail(_("no tag was laid on the reader within {seconds:g} s; try again, or "
                       "give more time with --timeout").format(seconds=timeout), EXIT_NO_TAG)
    print(uid, flush=True)
    return 0


def _fail(message: str, status: int = 2) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return status
