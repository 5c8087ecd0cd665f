"""What a table sends again at each connection: the evening's plays, as the journal has them.

A broker keeps retained messages in memory and writes them to disk only now and then (Mosquitto:
every 30 minutes by default): when it crashes, the plays it had acknowledged may be gone, and
the outbox, which forgot them at their PUBACK, has nothing to send. So at each (re)connection the
publisher sends again, retained, the current form of each play of the evening (the same topic
and payload the outbox would send: republishing a retained message is harmless), and the last
live view it sent. A topic with an item still in the outbox is left to the outbox, whose item is
as new as the journal or newer, so nothing older ever overwrites it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from companion.publish.export import clock_set, json_play
from companion.publish.outbox import LIVE_TOPIC, play_topic

#: Plays that started in these last hours are of the evening (as on the board).
EVENING_HOURS = 12
#: At most so many plays are sent again, newest first: a long evening at one table.
MOST_PLAYS = 50


def _dumps(value: Any) -> str:
    # As the journal writes the outbox's payloads: the same bytes for the same play.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def of_the_evening(started: str, now: datetime, hours: float = EVENING_HOURS) -> bool:
    """Whether a play that started at `started` is of the evening at `now` (the table's clock).

    A stamp written before the clock was set (a Pi without a network clock) is compared only
    with a `now` that is not set either: the same boot's plays, most likely.
    """
    try:
        moment = datetime.fromisoformat(started)
        age = now - moment
    except (ValueError, TypeError):
        return False
    if clock_set(moment) != clock_set(now):
        return False
    return timedelta(0) <= age <= timedelta(hours=hours)


def evening_items(plays: Iterable[Any], pending: set[str], now: datetime,
                  last_live: str | None) -> list[tuple[str, str]]:
    """(topic, payload) to send again: the evening's plays (`plays` newest first) whose
    topic has nothing pending, oldest first, then `last_live` unless the outbox has a newer
    one."""
    found = [(play_topic(play.uuid), _dumps(json_play(play))) for play in plays
             if of_the_evening(play.started, now) and play_topic(play.uuid) not in pending]
    found.reverse()
    if last_live is not None and LIVE_TOPIC not in pending:
        found.append((LIVE_TOPIC, last_live))
    return found
