"""Log lines that anyone on the network can cause, kept from flooding the log: the first of
each kind is written at once, the next ones at most once per `every` seconds, saying how many
were left out meanwhile.

>>> import io, logging
>>> stream = io.StringIO()
>>> logger = logging.getLogger("doctest.log_limit")
>>> logger.addHandler(logging.StreamHandler(stream)); logger.propagate = False
>>> now = [0.0]
>>> limited = LimitedLog(logger, every=60.0, clock=lambda: now[0])
>>> for _ in range(3): limited.warning("bad", "dropped %s", "x")
>>> now[0] = 61.0
>>> limited.warning("bad", "dropped %s", "y")
>>> print(stream.getvalue(), end="")
dropped x
dropped y (and 2 more like it in the last 61 s)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

#: Seconds between two lines of the same kind.
EVERY_SECONDS = 60.0
#: Kinds remembered at most: past it the oldest is forgotten (its next line is written).
MAX_KINDS = 64


@dataclass
class _Kind:
    written: float
    left_out: int = 0


class LimitedLog:
    """One logger's lines, at most one per kind per `every` seconds (thread-safe enough:
    a race costs one line more or less, never an error)."""

    def __init__(self, logger: logging.Logger, every: float = EVERY_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.every = every
        self._clock = clock
        self._kinds: dict[str, _Kind] = {}

    def warning(self, kind: str, message: str, *args: object) -> None:
        self.log(logging.WARNING, kind, message, *args)

    def log(self, level: int, kind: str, message: str, *args: object,
            exc_info: bool = False) -> bool:
        """Write the line unless one of `kind` was written less than `every` seconds ago;
        whether it was written."""
        now = self._clock()
        seen = self._kinds.get(kind)
        if seen is not None and now - seen.written < self.every:
            seen.left_out += 1
            return False
        if seen is not None and seen.left_out:
            message += " (and %d more like it in the last %d s)"
            args = (*args, seen.left_out, round(now - seen.written))
        self._kinds.pop(kind, None)
        while len(self._kinds) >= MAX_KINDS:
            self._kinds.pop(next(iter(self._kinds)))
        self._kinds[kind] = _Kind(now)
        self.logger.log(level, message, *args, exc_info=exc_info)
        return True
