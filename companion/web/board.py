"""The evening's board: every table publishing to an MQTT broker, and the standings.

`companion web --mqtt URL` subscribes to `companion/+/live` and `companion/+/plays/+` (the messages
`companion.publish.publisher` sends, retained) and keeps the latest of each in memory; and to
`companion/+/status`, each table's availability (`board_status`). A play
belongs to the evening when it started in the last EVENING_HOURS by the board's clock; a play whose
table's clock was not set yet (a Pi without a network clock) counts when it arrived after the board
started. The standings add up the wins of the evening's finished plays, per player name, across
tables.

Each message is checked before anything of it is kept (`board_intake`: topic, size, depth, JSON,
then the shape a table publishes); an empty one forgets its topic. At most `BoardLimits` tables
and plays are kept, the least recently heard going first.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from companion.publish.export import clock_set
from companion.publish.mqtt_client import credentials_refused, new_client, refusal
from companion.publish.mqtt_settings import MqttSettings
from companion.web.board_intake import Intake, Message
from companion.web.board_limits import BoardLimits
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
                 hours: float = EVENING_HOURS, limits: BoardLimits | None = None) -> None:
        self._clock = clock or (lambda: datetime.now().astimezone())
        self._since = timedelta(hours=hours)
        self.limits = limits or BoardLimits()
        self._lock = threading.Lock()
        #: By name, the table heard from least recently first.
        self._tables: dict[str, TableSeen] = {}
        #: Every play kept, as (table, uuid), the one received least recently first.
        self._plays: dict[tuple[str, str], None] = {}
        #: Tables and plays let go to stay within `limits`.
        self.evicted = 0
        self.intake = Intake(self.keep)

    def receive(self, topic: str, payload: bytes, retained: bool) -> bool:
        """Keep one message; False (and nothing kept) when it is not one of a table's, or
        not of the evening (`board_intake` checks it)."""
        return self.intake.take(topic, payload, retained)

    def keep(self, message: Message, retained: bool) -> bool:
        """Keep (or, without a value, forget) a checked message; False when it is not of the
        evening, which also forgets what its topic held."""
        with self._lock:
            table = self._tables.pop(message.table, None) or TableSeen(message.table)
            self._tables[message.table] = table
            if message.uuid is None:
                kept = self._keep_live(table, message.value, retained)
            else:
                kept = self._keep_play(table, message.uuid, message.value, retained)
            if table.live is None and not table.plays:
                del self._tables[table.name]
            self._bound()
        return kept

    def _keep_live(self, table: TableSeen, live: dict[str, Any] | None,
                   retained: bool) -> bool:
        if live is not None and self._tonight(live["started"], not retained):
            table.live, table.live_arrived = live, not retained
            return True
        table.live = None
        return live is None

    def _keep_play(self, table: TableSeen, uuid: str, play: dict[str, Any] | None,
                   retained: bool) -> bool:
        self._plays.pop((table.name, uuid), None)
        arrived = not retained or uuid in table.arrived
        if play is not None and self._tonight(play["started"], arrived):
            table.plays[uuid] = play
            if arrived:
                table.arrived.add(uuid)
            self._plays[(table.name, uuid)] = None
            return True
        table.plays.pop(uuid, None)
        table.arrived.discard(uuid)
        return play is None

    def _bound(self) -> None:
        while len(self._plays) > self.limits.plays:
            name, uuid = next(iter(self._plays))
            del self._plays[(name, uuid)]
            table = self._tables[name]
            del table.plays[uuid]
            table.arrived.discard(uuid)
            if table.live is None and not table.plays:
                del self._tables[name]
            self.evicted += 1
        while len(self._tables) > self.limits.tables:
            table = self._tables.pop(next(iter(self._tables)))
            for uuid in table.plays:
                del self._plays[(table.name, uuid)]
            self.evicted += 1

    def counts(self) -> dict[str, int]:
        """What the intake counted, with the tables and plays kept and let go."""
        with self._lock:
            kept = {"tables": len(self._tables), "plays": len(self._plays),
                    "evicted": self.evicted}
        return {**self.intake.figures(), **kept}

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
        with self._lock:  # copies: paho-mqtt's thread changes them meanwhile
            seen = [TableSeen(table.name, table.live, table.live_arrived, dict(table.plays),
                              set(table.arrived)) for table in self._tables.values()]
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
        # An error in a callback is logged by paho-mqtt instead of ending its network thread
        # (the board would say "connected" and never hear from a table again).
        client.suppress_exceptions = True
        client.enable_logger(logging.getLogger(f"{__name__}.mqtt"))
        client.on_connect = self._on_connect
        client.on_subscribe = self._on_subscribe
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        # The tables' status goes to its own callback, never through on_message.
        client.message_callback_add(STATUS_FILTER, self._on_status)
        self._client = client
        self._loop = threading.Thread(target=self._run_loop, name="mqtt-board", daemon=True)

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if reason.is_failure:
            refused = refusal(reason, self.settings)
            if refused != self.refused:  # once per reason: paho-mqtt tries again and again
                log.warning("board: %s", refused)
            self.refused, self.refused_credentials = refused, credentials_refused(reason)
            return
        self.refused, self.refused_credentials = None, False
        client.subscribe([(topic, 1) for topic in (*TOPICS, STATUS_FILTER)])

    def _on_subscribe(self, client: Any, userdata: Any, mid: int, reasons: Any,
                      properties: Any) -> None:
        # Connected means receiving: once the broker has granted every subscription.
        refused = [str(reason) for reason in reasons if reason.is_failure]
        if refused:
            log.warning("board: %s refused the subscription: %s", self.broker,
                        ", ".join(refused))
        self.connected = not refused

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        self.connected = False

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        if self.evening.intake.take_message(message):  # never raises
            self.messages += 1

    def _on_status(self, client: Any, userdata: Any, message: Any) -> None:
        try:
            self.availabilities.receive(message.topic, message.payload, bool(message.retain))
        except Exception:  # the client's thread must outlive any message
            log.exception("board: cannot take the status on %.80r", message.topic)

    def start(self) -> Board:
        self._client.connect_async(self.settings.host, self.settings.port,
                                   keepalive=self.settings.keepalive)
        self._loop.start()
        return self

    def _run_loop(self) -> None:
        """paho-mqtt's network loop (what `loop_start` runs), in a thread the board can
        watch: "connected" is said only while it runs."""
        try:
            self._client.loop_forever(retry_first_connection=True)
        except Exception:
            log.exception("board: the MQTT client stopped; restart companion web")
        finally:
            self.connected = False

    def stop(self) -> None:
        self._client.disconnect()
        if self._loop.is_alive():
            self._loop.join()

    @property
    def receiving(self) -> bool:
        """Subscribed, and the network thread still running."""
        return self.connected and self._loop.is_alive()

    def snapshot(self) -> dict[str, Any]:
        """What /api/tables answers; each table with its `status` (None: never said)."""
        tables = self.evening.tables()
        for table in tables:
            seen = self.availabilities.of(table["table"])
            table["status"] = None if seen is None else seen.as_json()
        return {"broker": self.broker, "connected": self.receiving, "refused": self.refused,
                "refused_credentials": self.refused_credentials,
                "tables": tables, "standings": self.evening.standings(tables),
                "intake": self.evening.counts()}
