"""Presence: one TagPlaced per arrival, one TagRemoved after a silence."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drivers.events import TagPlaced, TagRemoved
from drivers.presence import PresenceTracker


def test_first_sighting_places_and_silence_removes() -> None:
    tracker = PresenceTracker("table", removal_after=0.5)
    assert tracker.seen("AA", 0.0) == [TagPlaced("table", "AA")]
    assert tracker.seen("AA", 0.2) == []
    assert tracker.expire(0.6) == []  # 0.4 s since the last sighting
    assert tracker.expire(0.71) == [TagRemoved("table", "AA")]
    assert tracker.current is None


def test_sightings_on_alternate_polls_keep_the_tag_present() -> None:
    tracker = PresenceTracker("table", removal_after=0.5)
    events = []
    for poll in range(20):  # a card that answers every other 80 ms poll
        now = poll * 0.08
        if poll % 2 == 0:
            events += tracker.seen("AA", now)
        events += tracker.expire(now)
    assert events == [TagPlaced("table", "AA")]


def test_another_tag_replaces_the_current_one_at_once() -> None:
    tracker = PresenceTracker("table", removal_after=0.5)
    tracker.seen("AA", 0.0)
    assert tracker.seen("BB", 0.1) == [TagRemoved("table", "AA"), TagPlaced("table", "BB")]


def test_seconds_until_expiry() -> None:
    tracker = PresenceTracker("table", removal_after=0.5)
    assert tracker.seconds_until_expiry(0.0) is None
    tracker.seen("AA", 1.0)
    assert tracker.seconds_until_expiry(1.2) == pytest.approx(0.3)


@given(st.lists(st.tuples(st.sampled_from(["AA", "BB", None]), st.floats(0.0, 1.0)), max_size=60))
def test_placed_and_removed_always_alternate(steps: list[tuple[str | None, float]]) -> None:
    tracker = PresenceTracker("table", removal_after=0.3)
    now = 0.0
    events: list[TagPlaced | TagRemoved] = []
    for uid, gap in steps:
        now += gap
        if uid is not None:
            events += tracker.seen(uid, now)
        events += tracker.expire(now)
    events += tracker.expire(now + 1.0)
    present: str | None = None
    for event in events:
        if isinstance(event, TagPlaced):
            assert present is None
            present = event.uid
        else:
            assert event.uid == present
            present = None
    assert present is None
