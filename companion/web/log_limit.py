"""One log line per kind of trouble per minute: a flood of refused connections, or a
thousand phones meeting the same fault, must not fill the disk with the same line.

A kind is a logger with its message template's first line (the text before its values are
put in), so "connection refused: too many from %s" is one kind whatever the address. Some
libraries (asyncio) log messages already filled in: numbers and `<...>` object descriptions
are left out of the kind.

>>> import io, logging
>>> stream = io.StringIO()
>>> logger = logging.getLogger("example.flood")
>>> logger.addHandler(logging.StreamHandler(stream))
>>> logger.propagate = False
>>> clock = [0.0]
>>> logger.addFilter(OncePerInterval(60.0, clock=lambda: clock[0]))
>>> for address in ("10.0.0.2", "10.0.0.3", "10.0.0.4"):
...     logger.warning("refused %s", address)
>>> clock[0] = 61.0
>>> logger.warning("refused %s", "10.0.0.5")
>>> print(stream.getvalue(), end="")
refused 10.0.0.2
refused 10.0.0.5 (2 more like it in the last 61 s)
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterable

#: Seconds between two lines of one kind.
INTERVAL_SECONDS = 60.0
#: Kinds remembered at most: templates are few, this only bounds a mistake.
MAX_KINDS = 256
#: What a message filled in before logging may hold that does not change its kind.
_FILLED_IN = re.compile(r"<[^<>]*>|0x[0-9a-fA-F]+|\d+")
#: The loggers the scoreboard's server writes through (a logger's filter sees only its own
#: lines, not its children's: each is named).
SERVER_LOGGERS = ("asyncio", "uvicorn.error", "companion.web.guard", "companion.web.listener",
                  "companion.web.sse")


class OncePerInterval(logging.Filter):
    """Lets a kind's line through once per `interval` seconds; the next one that passes
    says how many were held back."""

    def __init__(self, interval: float = INTERVAL_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.interval = interval
        self.clock = clock
        self._last: dict[tuple[str, str], float] = {}
        self._held: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, _FILLED_IN.sub("", str(record.msg).split("\n", 1)[0]))
        now = self.clock()
        with self._lock:
            last = self._last.get(kind)
            if last is not None and now - last < self.interval:
                self._held[kind] = self._held.get(kind, 0) + 1
                return False
            if len(self._last) >= MAX_KINDS and kind not in self._last:
                self._last.clear()
                self._held.clear()
            self._last[kind] = now
            held = self._held.pop(kind, 0)
        if held and last is not None:
            record.msg = f"{record.msg} ({held} more like it in the last {now - last:.0f} s)"
        return True


def limit(loggers: Iterable[str] = SERVER_LOGGERS,
          interval: float = INTERVAL_SECONDS) -> OncePerInterval:
    """One filter on each of `loggers`, shared: the server's lines, rate-limited."""
    shared = OncePerInterval(interval)
    for name in loggers:
        logging.getLogger(name).addFilter(shared)
    return shared
