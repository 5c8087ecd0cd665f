"""The evening's board: every table publishing to an MQTT broker, and the standings.

`companion web --mqtt URL` subscribes to `companion/+/live` and `companion/+/plays/+` (the messages
`companion.publish.publisher` sends, retained) and keeps the latest of each in memory; and to
`companion/+/status`, each table's availability (`board_status`). A play
belongs to the evening when it started in the last EVENING_HOURS by the board's clock; a play whose
table's clock was not set yet (a Pi without a network clock) counts when it arrived after the board
started. The standings add up the wins of the evening's finished plays, per player name, across
tables.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from companion.publish.export import clock_set
from companion.publish.mqtt_client import credentials_refused, new_client, refusal
from companion.publish.mqtt_settings import MqttSettings
from companion.web.board_status import STATUS_FILTER, Availabilities

log = logging.getLogger(__name__)

EVENING_HOURS = 12
TOPICS = ("companion/+/live", "companion/+/plays/+")


@dataclass
class TableSeen:
    """What a table has published: its live view and its plays by uuid."""

    name: str
    live: dict[str, Any] | None = None
    live_arrived: bool = False
    plays: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The uuids of plays received as they were published (not as retained messages).
    arrived: set[str] = field(default_factory=set)


def _started(stamp: object) -> datetime | None:
    try:
        return datetime.fromisoformat(str(stamp))
    except ValueError:
        return None


class Evening:
    """The tables and plays seen, and what the board shows of them (thread-safe)."""

    def __init__(self, clock: Callable[[], datetime] | None = None,
                 hours: float = EVENING_HOURS) -> None:
        self._clock = clock or (lambda: datetime.now().astimezone())
        self._since = timedelta(hours=hours)
        self._lock = threading.Lock()
        self._tables: dict[str, TableSeen] = {}

    def receive(self, topic: str, payload: bytes, retained: bool) -> bool:
        """Keep one message; False (and nothing kept) when it is not one of a table's."""
        parts = topic.split("/")
        if len(parts) not in (3, 4) or parts[0] != "companion":
            return False
        try:
            value = json.loads(payload)
        except (ValueError, UnicodeDecodeError):
            log.warning("board: %s is not JSON; ignored", topic)
            return False
        if not isinstance(value, dict):
            return False
        with self._lock:
            table = self._tables.setdefault(parts[1], TableSeen(parts[1]))
            if len(parts) == 3 and parts[2] == "live":
                table.live, table.live_arrived = value, not retained
            elif len(parts) == 4 and parts[2] == "plays":
                table.plays[parts[3]] = value
                if not retained:
                    table.arrived.add(parts[3])
            else:
                return False
        return True

    def _tonight(self, stamp: object, arrived: bool) -> bool:
        started = _started(stamp)
        if started is None or not clock_set(started):
            return arrived
        try:
            return self._clock() - started <= self._since
        except TypeError:  # a stamp without its offset
            return arrived

    def tables(self) -> list[dict[str, Any]]:
        """Every table with something of the evening, by name: its live view (None when it
        is of another day) and its plays of the evening, newest first."""
        with self._lock:
            seen = list(self._tables.values())
        shown = []
        for table in sorted(seen, key=lambda table: table.name.casefold()):
            plays = [self._play_summary(uuid, play) for uuid, play in table.plays.items()
                     if self._tonight(play.get("started"), uuid in table.arrived)]
            plays.sort(key=lambda play: str(play["started"]), reverse=True)
            live = table.live
            if live is not None and not self._tonight(live.get("started"), table.live_arrived):
                live = None
            if live is None and not plays:
                continue
            shown.append({"table": table.name, "live": live, "plays": plays})
        return shown

    @staticmethod
    def _play_summary(uuid: str, play: dict[str, Any]) -> dict[str, Any]:
        result = play.get("result") or None
        return {"uuid": uuid, "game": play.get("game"), "players": play.get("players", []),
                "started": play.get("started"), "finished": play.get("finished"),
                "winners": list(result.get("winners", ())) if result else None,
                "result": result}

    def standings(self, tables: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """Wins and finished plays per player across the evening's tables, most wins first."""
        rows: dict[str, dict[str, Any]] = {}
        for table in self.tables() if tables is None else tables:
            for play in table["plays"]:
                if play["winners"] is None:
                    continue
                for name in play["players"]:
                    row = rows.setdefault(name, {"name": name, "wins": 0, "plays": 0,
                                                 "tables": []})
                    row["plays"] += 1
                    row["wins"] += name in play["winners"]
                    if table["table"] not in row["tables"]:
                        row["tables"].append(table["table"])
        return sorted(rows.values(),
                      key=lambda row: (-row["wins"], row["plays"], row["name"].casefold()))


class Board:
    """The subscription to the broker, feeding an Evening from paho-mqtt's thread."""

    def __init__(self, settings: MqttSettings, evening: Evening | None = None,
                 availabilities: Availabilities | None = None) -> None:
        self.settings = settings
        self.broker = settings.address
        self.evening = evening or Evening()
        self.availabilities = availabilities or Availabilities()
        self.connected = False
        #: Why the broker refused the board, in the log's words (None once connected).
        self.refused: str | None = None
        self.refused_credentials = False
        self.messages = 0
        client = new_client(settings)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        # The tables' status goes to its own callback, never through on_message.
        client.message_callback_add(STATUS_FILTER, self._on_status)
        self._client = client

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if reason.is_failure:
            refused = refusal(reason, self.settings)
            if refused != self.refused:  # once per reason: paho-mqtt tries again and again
                log.warning("board: %s", refused)
            self.refused, self.refused_credentials = refused, credentials_refused(reason)
            return
        self.connected, self.refused, self.refused_credentials = True, None, False
        client.subscribe([(topic, 1) for topic in (*TOPICS, STATUS_FILTER)])

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        self.connected = False

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        if self.evening.receive(message.topic, message.payload, bool(message.retain)):
            self.messages += 1

    def _on_status(self, client: Any, userdata: Any, message: Any) -> None:
        try:
            self.availabilities.receive(message.topic, message.payload, bool(message.retain))
        except Exception:  # the client's thread must outlive any message
            log.exception("board: cannot take the status on %.80r", message.topic)

    def start(self) -> Board:
        self._client.connect_async(self.settings.host, self.settings.port,
                                   keepalive=self.settings.keepalive)
        self._client.loop_start()
        return self

    def stop(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()

    def snapshot(self) -> dict[str, Any]:
        """What /api/tables answers; each table with its `status` (None: never said)."""
        tables = self.evening.tables()
        for table in tables:
            seen = self.availabilities.of(table["table"])
            table["status"] = None if seen is None else seen.as_json()
        return {"broker": self.broker, "connected": self.connected, "refused": self.refused,
                "refused_credentials": self.refused_credentials,
                "tables": tables, "standings": self.evening.standings(tables)}
