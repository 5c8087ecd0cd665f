"""Sends a table's outbox to an MQTT broker, from a thread of its own.

The table's loop only commits items to the journal (`outbox`) and wakes this thread; it
never waits for the network. Here items are read in order and published with QoS 1,
retained, on `companion/<table>/<topic>`; an item leaves the outbox only once the broker has
acknowledged it (PUBACK). A few are in flight at once. When the connection drops, paho-mqtt
sends the ones in flight again after it reconnects, and nothing newer is handed to it before
they are acknowledged, so the broker receives the items in the outbox's order.

The table's availability is `companion/<table>/status`, retained: `online` once connected,
`offline` at a clean stop, and `offline` from the broker itself (the last will) when the table
goes silent for 1.5 keep-alives or its connection drops without a goodbye. At each connection
the evening's plays are sent again from the journal (`republish`): a broker that crashed before
saving them to disk has them back.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import sqlite3
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.publish.mqtt_client import (
    OFFLINE,
    ONLINE,
    STATUS_TOPIC,
    new_client,
    refusal,
    topic,
)
from companion.publish.mqtt_settings import MqttSettings
from companion.publish.outbox import LIVE_TOPIC
from companion.publish.republish import MOST_PLAYS, evening_items
from companion.state.errors import JournalError
from companion.state.outbox_store import Pending

log = logging.getLogger(__name__)

__all__ = ["Publisher", "topic"]

#: Items handed to the client before their acknowledgements (paho-mqtt's own bound is 20).
WINDOW = 16
#: How often the outbox is read again though nothing woke the publisher (after an error).
RETRY_SECONDS = 5.0
#: How long a clean stop waits for the broker to take `offline` (else the will says it).
GOODBYE_SECONDS = 3.0


class Publisher:
    """One table's publisher: `start`, `wake` after each commit, `stop` at the end."""

    def __init__(self, journal_path: Path, settings: MqttSettings,
                 window: int = WINDOW) -> None:
        self.journal_path = journal_path
        self.settings = settings
        self.window = window
        self._signals: queue.Queue[tuple[str, int]] = queue.Queue()
        self._state = threading.Condition()
        #: Items acknowledged by the broker since the start.
        self.acknowledged = 0
        #: Whether the outbox was empty with nothing in flight, at the last look.
        self._empty = False
        self._looks = 0
        self.connected = False
        self._refused: str | None = None
        #: When the last connection was made (time.monotonic()), for the benchmark.
        self.connected_at: float | None = None
        #: The last live view handed to the broker: sent again at a reconnection.
        self._last_live: str | None = None
        self._thread = threading.Thread(target=self._run, name="mqtt-publisher", daemon=True)
        client = new_client(settings, with_status=True)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        self._client = client

    # --- paho-mqtt's thread: only signals, never the journal ------------------------------------

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if reason.is_failure:
            # Said once per reason: paho-mqtt tries again every few seconds.
            if str(reason) != self._refused:
                log.warning("mqtt: %s", refusal(reason, self.settings))
            self._refused = str(reason)
            return
        self._refused = None
        # First of all on every connection, so that the will's `offline` is replaced.
        client.publish(topic(self.settings.table, STATUS_TOPIC), ONLINE, qos=1, retain=True)
        self._signals.put(("connected", 0))

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        self._signals.put(("disconnected", 0))

    def _on_publish(self, client: Any, userdata: Any, mid: int, reason: Any,
                    properties: Any) -> None:
        self._signals.put(("acknowledged", mid))

    # --- The table's side -----------------------------------------------------------------------

    def start(self) -> Publisher:
        self._client.connect_async(self.settings.host, self.settings.port,
                                   keepalive=self.settings.keepalive)
        self._client.loop_start()
        self._thread.start()
        return self

    def wake(self) -> None:
        """New items are committed."""
        self._signals.put(("wake", 0))

    def wait_until_sent(self, timeout: float | None) -> bool:
        """Block until the outbox is empty and acknowledged (True), or `timeout` passes
        (None: however long it takes)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._state:
            looks = self._looks
        self.wake()  # a look that starts after this call
        with self._state:
            while not (self._empty and self._looks > looks):
                left = None if deadline is None else deadline - time.monotonic()
                if (left is not None and left <= 0) or not self._thread.is_alive():
                    return False
                self._state.wait(left)
        return True

    def stop(self) -> None:
        """Stop sending; what is not acknowledged stays in the outbox for the next start.
        The board is told the table is offline (if the broker cannot be told now, the will
        tells it once the broker notices the connection gone)."""
        self._signals.put(("stop", 0))
        if self._thread.is_alive():
            self._thread.join()
        if self._client.is_connected():  # said by paho-mqtt's thread, even if ours died
            goodbye = self._client.publish(topic(self.settings.table, STATUS_TOPIC), OFFLINE,
                                           qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):
                goodbye.wait_for_publish(GOODBYE_SECONDS)
        self._client.disconnect()
        self._client.loop_stop()

    # --- The publisher's thread -----------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._open_and_serve()
        finally:
            with self._state:  # whoever waits for the outbox learns that it will not empty
                self._state.notify_all()

    def _open_and_serve(self) -> None:
        from companion.state.outbox_store import OutboxStore

        try:
            store = OutboxStore(self.journal_path)
        except sqlite3.Error as error:
            log.error("mqtt: cannot open the outbox in %s: %s; nothing is published",
                      self.journal_path, error)
            return
        try:
            self._serve(store)
        except Exception:
            # The table goes on without publishing; its outbox keeps everything for a restart.
            log.exception("mqtt: the publisher stopped")
        finally:
            store.close()

    def _serve(self, store: Any) -> None:
        in_flight: dict[int, int | None] = {}  # message id -> outbox id (None: sent again)
        last_handed = 0
        # After a reconnection, the client first sends again what was in flight: newer items
        # wait for those acknowledgements, so that the order holds.
        resending = False
        # The evening's plays to send again after a connection, before newer outbox items.
        again: list[tuple[str, str]] | None = None
        done: list[int] = []  # acknowledged, to remove from the outbox
        while True:
            signals = self._next_signals()
            for kind, value in signals:
                if kind == "stop":
                    return
                if kind == "connected":
                    if not self.connected:
                        log.info("mqtt: connected to %s", self.settings.address)
                        self.connected_at = time.monotonic()
                    self.connected = True
                    again = None  # read once what is in flight is acknowledged
                    resending = bool(in_flight)
                elif kind == "disconnected":
                    if self.connected:
                        log.warning("mqtt: lost %s; the outbox keeps what is not sent",
                                    self.settings.address)
                    self.connected = False
                    resending = bool(in_flight)
                elif kind == "acknowledged" and value in in_flight:
                    outbox_id = in_flight.pop(value)
                    if outbox_id is not None:
                        done.append(outbox_id)
            try:
                store.sent(done)
                self.acknowledged += len(done)
                done = []
                if not in_flight:
                    resending = False
                ready = self.connected and not resending
                if ready and again is None:
                    again = self._evening(store)
                while ready and again and len(in_flight) < self.window:
                    item_topic, payload = again.pop(0)
                    in_flight[self._send(item_topic, payload)] = None
                handed: list[Pending] = []
                if ready and not again and len(in_flight) < self.window:
                    handed = store.after(last_handed, self.window - len(in_flight))
                for item in handed:
                    in_flight[self._send(item.topic, item.payload)] = item.id
                    last_handed = item.id
                empty = not in_flight and not again and not store.after(last_handed, 1)
            except (sqlite3.Error, JournalError) as error:
                # The table's journal is busy or failing: the table says so; try again later.
                log.warning("mqtt: cannot read the outbox: %s", error)
                empty = False
            with self._state:
                self._empty = empty
                self._looks += 1
                self._state.notify_all()

    def _send(self, item_topic: str, payload: str) -> int:
        """Hand one retained QoS 1 message to the client; its message id."""
        if item_topic == LIVE_TOPIC:
            self._last_live = payload
        info = self._client.publish(topic(self.settings.table, item_topic),
                                    payload.encode("utf-8"), qos=1, retain=True)
        return int(info.mid)

    def _evening(self, store: Any) -> list[tuple[str, str]]:
        """What to send again after a connection (`republish`); nothing when the journal
        cannot give it, which must not hold up the outbox."""
        now = datetime.now().astimezone()
        try:
            return evening_items(store.recent_plays(MOST_PLAYS), store.pending_topics(), now,
                                 self._last_live)
        except (sqlite3.Error, JournalError) as error:
            log.warning("mqtt: cannot read the evening's plays to send them again: %s", error)
            return []

    def _next_signals(self) -> list[tuple[str, int]]:
        """The signals waiting, at least one (a plain look after RETRY_SECONDS)."""
        try:
            signals = [self._signals.get(timeout=RETRY_SECONDS)]
        except queue.Empty:
            signals = [("wake", 0)]
        while True:
            try:
                signals.append(self._signals.get_nowait())
            except queue.Empty:
                return signals
