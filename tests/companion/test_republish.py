"""What a table sends again at a connection: the evening's plays by its own clock (a clock
never set compares only with a clock never set), oldest first, never a topic the outbox still
holds a newer form of, and the last live view sent."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

from companion.publish.republish import evening_items, of_the_evening
from companion.state.reads import PlayRecord

TZ = timezone(timedelta(hours=1))
NOW = datetime(2026, 12, 4, 23, 0, tzinfo=TZ)
UNSET_NOW = datetime(1970, 1, 1, 3, 0, tzinfo=UTC)


def play(number: int, started: datetime, result: dict[str, object] | None = None) -> PlayRecord:
    return PlayRecord(id=number, uuid=f"uuid-{number}", game="whistle-stop",
                      setup={"players": ["Ana", "Ben"], "options": {}}, key=None,
                      started=started.isoformat(timespec="seconds"),
                      finished=None if result is None else NOW.isoformat(), result=result)


def test_a_play_is_of_the_evening_when_it_started_in_the_last_twelve_hours() -> None:
    assert of_the_evening((NOW - timedelta(hours=11)).isoformat(), NOW)
    assert not of_the_evening((NOW - timedelta(hours=13)).isoformat(), NOW)
    assert not of_the_evening((NOW + timedelta(minutes=5)).isoformat(), NOW)  # the future
    assert not of_the_evening("not a date", NOW)
    # An unset clock: only with an unset clock, by the same rule.
    early_boot = "1970-01-01T01:00:00+00:00"
    assert not of_the_evening(early_boot, NOW)
    assert of_the_evening(early_boot, UNSET_NOW)
    assert not of_the_evening(NOW.isoformat(), UNSET_NOW)
    assert not of_the_evening("2026-12-04T20:00:00", NOW)  # no offset: not comparable


def test_the_evenings_plays_go_oldest_first_but_those_the_outbox_holds() -> None:
    won = {"winners": ["Ana"]}
    plays = [play(4, NOW - timedelta(hours=1)), play(3, NOW - timedelta(hours=2), won),
             play(2, NOW - timedelta(hours=3), won), play(1, NOW - timedelta(days=2), won)]
    items = evening_items(plays, {"plays/uuid-3"}, NOW, last_live='{"event_count":7}')
    assert [topic for topic, _ in items] == ["plays/uuid-2", "plays/uuid-4", "live"]
    sent = json.loads(items[0][1])
    assert (sent["uuid"], sent["result"], sent["players"]) == ("uuid-2", won, ["Ana", "Ben"])
    # A live view waiting in the outbox is newer than the last one sent.
    assert [topic for topic, _ in evening_items(plays, {"live"}, NOW, "{}")] == [
        "plays/uuid-2", "plays/uuid-3", "plays/uuid-4"]
    assert evening_items([], set(), NOW, None) == []
