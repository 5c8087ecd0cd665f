"""Where the companion's log lines go: standard error, one line per event, with its logger.

Under systemd standard error is the journal: each line then starts with a `<N>` syslog
priority (journald reads it and drops it), so `journalctl -p info` and `-p warning` sort the
lines. Elsewhere a line starts with the time and the level.

>>> import io
>>> stream = io.StringIO()
>>> handler = configure("info", stream=stream, journal=True)
>>> logging.getLogger("companion.table.loop").info("reader back")
>>> logging.getLogger("companion.maps").warning("map file refused: %s", "a\\x1b[2J.toml")
>>> print(stream.getvalue(), end="")
<6>companion.table.loop: reader back
<4>companion.maps: map file refused: a\\x1b[2J.toml
>>> remove(handler)
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import TextIO

from companion.lib.text import shown

LEVELS = ("debug", "info", "warning", "error")
#: `run` at the table: what the appliance does reaches the system log.
DEFAULT_TABLE_LEVEL = "info"
#: The one-shot commands: only what went wrong, so their output stays theirs.
DEFAULT_COMMAND_LEVEL = "warning"

#: syslog priorities (sd-daemon.h): the `<N>` journald reads at the start of a line.
_PRIORITIES = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3,
               logging.CRITICAL: 2}


class _OneLine(logging.Formatter):
    """A message's control characters (a line break or an escape inside a name or a file
    name it quotes) are written as escapes: one event, one line, nothing that drives the
    terminal. A traceback, added after the message, keeps its lines."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return shown(super().formatMessage(record))


class JournalFormatter(_OneLine):
    """`<N>logger: message`; a traceback's every line keeps the priority."""

    def __init__(self) -> None:
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        priority = _priority(record.levelno)
        return "\n".join(f"<{priority}>{line}" for line in super().format(record).split("\n"))


def _priority(level: int) -> int:
    for threshold in sorted(_PRIORITIES, reverse=True):
        if level >= threshold:
            return _PRIORITIES[threshold]
    return 7


def stderr_is_journal(environ: Mapping[str, str] | None = None,
                      stream: TextIO | None = None) -> bool:
    """Whether `stream` (standard error) is connected to the journal, as systemd tells it
    through `JOURNAL_STREAM=device:inode`."""
    value = (os.environ if environ is None else environ).get("JOURNAL_STREAM", "")
    device, _, inode = value.partition(":")
    if not (device.isdigit() and inode.isdigit()):
        return False
    try:
        status = os.fstat((stream or sys.stderr).fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return (status.st_dev, status.st_ino) == (int(device), int(inode))


class _StderrHandler(logging.Handler):
    """Writes to `stream`, or to whatever `sys.stderr` is at the time of each line."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def emit(self, record: logging.LogRecord) -> None:
        try:
            stream = self._stream or sys.stderr
            stream.write(self.format(record) + "\n")
            stream.flush()
        except Exception:
            self.handleError(record)


_installed: logging.Handler | None = None
#: The root logger's level before `configure`, put back by `remove`.
_level_before = logging.WARNING


def configure(level: str, *, stream: TextIO | None = None,
              journal: bool | None = None) -> logging.Handler:
    """Send log lines at `level` and above to `stream` (standard error); calling it again
    replaces the earlier set-up. `journal` None: decided from JOURNAL_STREAM."""
    global _installed, _level_before
    if level not in LEVELS:
        raise ValueError(f"unknown log level {level!r}: one of {', '.join(LEVELS)}")
    if journal is None:
        journal = stderr_is_journal(stream=stream)
    handler = _StderrHandler(stream)
    if journal:
        handler.setFormatter(JournalFormatter())
    else:
        handler.setFormatter(_OneLine(
            "%(asctime)s %(levelname)s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"))
    root = logging.getLogger()
    if _installed is not None:
        root.removeHandler(_installed)
    else:
        _level_before = root.level
    root.addHandler(handler)
    root.setLevel(level.upper())
    _installed = handler
    return handler


def remove(handler: logging.Handler | None = None) -> None:
    """Undo `configure` (the handler given, or the one installed last)."""
    global _installed
    handler = handler or _installed
    if handler is None:
        return
    logging.getLogger().removeHandler(handler)
    if _installed is handler:
        _installed = None
        logging.getLogger().setLevel(_level_before)
