"""Presence of a tag on a single-slot reader, from a stream of sightings.

Readers report a resting tag over and over (or, without HLTA, on every other poll); the
companion wants one TagPlaced when it arrives and one TagRemoved when it leaves. A tag is
placed on its first sighting and removed after `removal_after` seconds without one. A
different tag seen meanwhile replaces it at once: these readers see one tag at a time.
"""

from __future__ import annotations

from drivers.events import TagPlaced, TagRemoved


class PresenceTracker:
    """Turns sightings into TagPlaced / TagRemoved. Not thread-safe: one reader thread owns it."""

    def __init__(self, reader: str, removal_after: float) -> None:
        if removal_after <= 0:
            raise ValueError("removal_after must be positive")
        self.reader = reader
        self.removal_after = removal_after
        self._uid: str | None = None
        self._last_seen = 0.0

    @property
    def current(self) -> str | None:
        return self._uid

    def seen(self, uid: str, now: float) -> list[TagPlaced | TagRemoved]:
        """Record a sighting of `uid` at `now`."""
        events: list[TagPlaced | TagRemoved] = []
        if uid != self._uid:
            if self._uid is not None:
                events.append(TagRemoved(self.reader, self._uid, at=now))
            events.append(TagPlaced(self.reader, uid, at=now))
            self._uid = uid
        self._last_seen = now
        return events

    def expire(self, now: float) -> list[TagPlaced | TagRemoved]:
        """Report the current tag removed if it has been silent long enough."""
        if self._uid is not None and now - self._last_seen >= self.removal_after:
            uid, self._uid = self._uid, None
            return [TagRemoved(self.reader, uid, at=now)]
        return []

    def seconds_until_expiry(self, now: float) -> float | None:
        """How long until `expire` could report a removal; None when no tag is present."""
        if self._uid is None:
            return None
        return max(0.0, self._last_seen + self.removal_after - now)
