"""Why the table cannot go on: words for the screen and the log, and the status to exit with.

A temporary problem (the disk is full, the folder is read-only, locked or not ours) exits with
75, EX_TEMPFAIL: the service starts the companion again a little later, a bounded number of
times. A permanent one (the configuration, a damaged file) exits with 2: starting again would
not help. Either way the panel keeps the message after the process ends.
"""

from __future__ import annotations

import errno
import sqlite3
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from PIL import Image

from companion.games.names import reason
from companion.i18n.translate import fill
from companion.screens.model import Screen, Style
from companion.screens.primitives import SIZES
from companion.screens.render import render
from companion.table import service
from drivers.protocols import Display
from engine.errors import N_

#: EX_TEMPFAIL: try again later.
TEMPORARY = 75
#: A refusal: starting again would not help.
PERMANENT = 2

class Trouble(NamedTuple):
    """A kind of storage failure: English templates in which {place} is the file or folder."""

    title: str
    reason: str
    todo: str
    #: Most troubles pass (space freed, the folder given back): the service tries again.
    status: int = TEMPORARY

    def at(self, place: Path | str | None) -> Failure:
        """This trouble, about `place`."""
        return Failure(*self, params={"place": str(place or "")})


FULL = Trouble(N_("Disk full"), N_("no space left to write in {place}"),
               N_("Free some space on the SD card"))
WRITE = Trouble(N_("Cannot save"), N_("writing in {place} failed: the disk may be full or failing"),
                N_("Free some space; check the SD card"))
READ_ONLY = Trouble(N_("Read-only folder"), N_("{place} is read-only"),
                    N_("Check the SD card: it may be failing"))
DENIED = Trouble(N_("No permission"), N_("no permission to write in {place}"),
                 N_("Give the folder to the companion's user"))
BUSY = Trouble(N_("State in use"), N_("{place} is in use by another program"),
               N_("Stop the other companion"))
DAMAGED = Trouble(N_("Damaged file"), N_("{place} is damaged or is not the companion's"),
                  N_("Move it away; restore a backup"), PERMANENT)
NOT_A_FILE = Trouble(N_("Not a file"), N_("{place} is a folder, not a file"),
                     N_("Move the folder away"), PERMANENT)

_BY_ERRNO = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EFBIG: FULL,
             errno.EROFS: READ_ONLY, errno.EACCES: DENIED, errno.EPERM: DENIED,
             errno.EISDIR: NOT_A_FILE}
# SQLite's primary result codes (the low byte of an extended code).
_BY_SQLITE_CODE = {13: FULL, 10: WRITE, 8: READ_ONLY, 3: DENIED, 5: BUSY, 6: BUSY,
                   26: DAMAGED, 11: DAMAGED}


class FileUnusable(Exception):
    """A file the table needs could not be opened (`place`); the cause says why."""

    def __init__(self, place: Path) -> None:
        self.place = place
        super().__init__(str(place))


@dataclass(frozen=True)
class Failure:
    """What stopped the table: English templates (for gettext), their params, the status."""

    title: str
    reason: str
    todo: str
    status: int
    params: Mapping[str, Any] = field(default_factory=dict)
    #: Already in the player's language (an error that translates itself); else `reason`.
    said: str | None = None

    def line(self, language: str) -> str:
        """One line for the terminal and the system log."""
        what = self.said if self.said is not None else fill(self.reason, language,
                                                            **self.params)
        return f"{what}. {fill(self.todo, language)}"

    def screen(self, language: str) -> Screen:
        """The panel until the process ends, and after."""
        hint = N_("will try again") if self.status == TEMPORARY else N_("fix, then restart")
        return Screen(top=fill(N_("Companion stopped"), language),
                      title=fill(self.title, language), body=(fill(self.todo, language),),
                      hints=fill(hint, language), style=Style.REFUSAL)


def classify(error: BaseException, place: Path | None = None,
             language: str = "en") -> Failure | None:
    """The failure `error` means, or None when it is no reason to stop the table (a bug in
    one input is logged and the table goes on). `place` names the state folder when the
    error does not say which file it is about."""
    from companion.config import ConfigError
    from companion.state.journal import JournalError
    from drivers.errors import DriverConfigError

    if isinstance(error, (ConfigError, DriverConfigError)):
        return Failure(N_("Configuration refused"), "", N_("Correct it, then restart"),
                       PERMANENT, said=reason(error, language))
    known = _storage(error, place)
    if known is not None:
        return known
    if isinstance(error, JournalError):
        # The journal says how lasting its refusal is when it knows; a refusal of the file's
        # content (a newer version, a damaged entry) will not go away by starting again.
        status = getattr(error, "exit_status", PERMANENT if error.__cause__ is None
                         else TEMPORARY)
        return Failure(N_("Journal refused"), "", N_("See the system log"), status,
                       said=reason(error, language))
    if isinstance(error, FileUnusable):
        return DAMAGED.at(error.place)
    return None


def report(failure: Failure, language: str, display: Display | None,
           on_frame: Callable[[Image.Image], object] | None = None) -> int:
    """Say it in one line (the terminal; the system log under the service), show it on the
    panel and leave it there; the status to exit with."""
    line = failure.line(language)
    print(f"companion: {line}", file=sys.stderr, flush=True)
    service.status(line)
    panel = tuple(getattr(display, "size", SIZES[0]))
    size = (panel[0], panel[1]) if panel in SIZES else SIZES[0]
    # A panel keeps the first page: the whole message is in the line above.
    image = render(failure.screen(language), size)
    if display is not None:
        display.show(image)
        display.keep_frame_on_close()
    if on_frame is not None:
        on_frame(image)
    return failure.status


def _storage(error: BaseException, place: Path | None) -> Failure | None:
    """A storage failure found along the chain of causes, naming the file or folder."""
    named = place
    for cause in _chain(error):
        file = getattr(cause, "params", {}).get("file")  # the journal names its file
        if isinstance(cause, FileUnusable):
            named = cause.place
        elif isinstance(cause, OSError) and cause.filename:
            named = Path(cause.filename)
        elif isinstance(file, str):
            named = Path(file)
    for cause in _chain(error):
        kind: Trouble | None = None
        if isinstance(cause, OSError):
            kind = _BY_ERRNO.get(cause.errno or 0)
        elif isinstance(cause, sqlite3.Error):
            kind = _BY_SQLITE_CODE.get(getattr(cause, "sqlite_errorcode", 0) & 0xFF)
            if kind is None and "unable to open" in str(cause):
                kind = _opening(named)
        if kind is not None:
            return kind.at(named)
    return None


def _opening(named: Path | None) -> Trouble:
    """SQLite could not open a file: say whether it is a folder, not ours, or neither."""
    if named is not None and named.is_dir():
        return NOT_A_FILE
    return DENIED


def _chain(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__
