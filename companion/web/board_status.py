"""Which tables are online, from their retained `companion/<table>/status` (`online` or
`offline`, the latter also the broker's last will for a table it lost).

Since when a table is offline is the moment the board learned it: exact when the message came
as it was published, and only a bound ("since before") when it was a retained one found at
the board's connection.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.publish.mqtt_client import OFFLINE, ONLINE, STATUS_TOPIC, TOPIC_ROOT
from companion.publish.mqtt_settings import TABLE_NAME

log = logging.getLogger(__name__)

#: Tables whose availability is kept, the least recently heard dropped first.
MOST_TABLES = 1000
STATUS_FILTER = f"{TOPIC_ROOT}/+/{STATUS_TOPIC}"


@dataclass(frozen=True)
class Availability:
    online: bool
    #: When the board received it (its own clock).
    since: datetime
    #: False for a retained message: the table went offline at some time before `since`.
    exact: bool

    def as_json(self) -> dict[str, Any]:
        return {"online": self.online, "since": self.since.isoformat(timespec="seconds"),
                "since_exact": self.exact}


class Availabilities:
    """The tables' availability, bounded, thread-safe."""

    def __init__(self, clock: Callable[[], datetime] | None = None,
                 most: int = MOST_TABLES) -> None:
        self._clock = clock or (lambda: datetime.now().astimezone())
        self._most = most
        self._lock = threading.Lock()
        self._tables: OrderedDict[str, Availability] = OrderedDict()
        #: Messages on a status topic that were not `online`, `offline` or empty.
        self.refused = 0

    def receive(self, topic: str, payload: bytes, retained: bool) -> bool:
        """Keep one status message; False (one log line) when it is not one."""
        parts = topic.split("/")
        if (len(parts) != 3 or parts[0] != TOPIC_ROOT or parts[2] != STATUS_TOPIC
                or not TABLE_NAME.fullmatch(parts[1])):
            return self._refuse(topic)
        table = parts[1]
        with self._lock:
            if payload == b"":  # a retained status cleared: forget it
                self._tables.pop(table, None)
                return True
            if payload not in (ONLINE, OFFLINE):
                return self._refuse(topic)
            before = self._tables.pop(table, None)
            online = payload == ONLINE
            if before is not None and before.online == online:
                self._tables[table] = before  # the same news again: keep its time
            else:
                self._tables[table] = Availability(online, self._clock(), not retained)
            while len(self._tables) > self._most:
                self._tables.popitem(last=False)
        return True

    def _refuse(self, topic: str) -> bool:
        self.refused += 1
        log.warning("board: %.80r is not a table's status (online or offline); ignored", topic)
        return False

    def of(self, table: str) -> Availability | None:
        with self._lock:
            return self._tables.get(table)
