"""Contact debounce with an injectable clock.

gpiozero's MockFactory ignores `bounce_time`, and a debounce that cannot be tested is a guess,
so the button panel debounces itself: an edge within `window` seconds of the previously
accepted edge is ignored. The panel re-reads the pin once the window has passed, so a bounce
burst that ends in the opposite state is still reported.
"""

from __future__ import annotations


class Debouncer:
    """Accepts an edge unless it follows the last accepted one by less than `window` seconds."""

    def __init__(self, window: float) -> None:
        if window < 0:
            raise ValueError("window must be >= 0")
        self.window = window
        self._last_accepted: float | None = None
        self.ignored = 0

    def accept(self, now: float) -> bool:
        if self._last_accepted is not None and now - self._last_accepted < self.window:
            self.ignored += 1
            return False
        self._last_accepted = now
        return True

    def force(self, now: float) -> None:
        """Record an edge accepted by the settle check after the window."""
        self._last_accepted = now
