"""Helpers of the MQTT link's tests: a bare client that publishes as a given user, every
retained message a board would be given, a table's publisher log line waited for, and a play
published by a simulated table."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from companion.publish.mqtt_settings import MqttSettings
from companion.publish.outbox import Outbox
from companion.publish.publisher import Publisher
from companion.state.journal import Journal
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

from .mosquitto import DEADLINE_SECONDS, Broker, Received, Subscriber
from .web_server import get_json


class BareClient:
    """A paho-mqtt client connected as `user` (its CONNACK's reason kept), that publishes."""

    def __init__(self, broker: Broker, client_id: str,
                 credentials: tuple[str, str] | None = None) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.answered = threading.Event()
        self.reason: Any = None
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id)
        if credentials is not None:
            client.username_pw_set(*credentials)
        if broker.tls is not None:
            client.tls_set(ca_certs=str(broker.tls.ca))
        client.on_connect = self._on_connect
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        self._client = client
        assert self.answered.wait(DEADLINE_SECONDS), "no CONNACK"

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        self.reason = reason
        self.answered.set()

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        """Publish with QoS 1 and wait for the PUBACK (which a refused message gets too)."""
        self._client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(
            DEADLINE_SECONDS)

    def stop(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()


@contextmanager
def subscribed(broker: Broker, credentials: tuple[str, str] | None = None,
               topics: str = "companion/#") -> Iterator[Subscriber]:
    client = Subscriber(broker, topics, credentials=credentials).start()
    client.wait_subscribed()
    try:
        yield client
    finally:
        client.stop()


def everything_retained(broker: Broker, board: tuple[str, str] | None = None,
                        marker: tuple[str, str] | None = None) -> list[Received]:
    """What a board that subscribes now is given: every retained message. A message that
    `marker` (a table's user, or anonymous) publishes after the subscription comes after them
    all, and ends the wait."""
    end = f"companion/{marker[0] if marker else 'zz-marker'}/end-marker"
    with ExitStack() as stack:
        late = stack.enter_context(subscribed(broker, board))
        writer = BareClient(broker, "end-marker", marker)
        stack.callback(writer.stop)
        writer.publish(end, b"{}")
        return [m for m in late.wait(lambda got: any(m.topic == end for m in got))
                if m.topic != end]


def finished_plays(messages: list[Received], table: str) -> set[str]:
    return {m.topic.rsplit("/", 1)[1] for m in messages
            if m.topic.startswith(f"companion/{table}/plays/") and isinstance(m.payload, dict)
            and m.payload.get("result")}


class LogLine(logging.Handler):
    """Waits for a log record of `logger` that holds `text`."""

    def __init__(self, logger: str, text: str) -> None:
        super().__init__()
        self.text = text
        self.seen = threading.Event()
        self.messages: list[str] = []
        self._logger = logging.getLogger(logger)

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if self.text in message:
            self.messages.append(message)
            self.seen.set()

    def __enter__(self) -> LogLine:
        self._logger.addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        self._logger.removeHandler(self)

    def wait(self) -> str:
        assert self.seen.wait(DEADLINE_SECONDS), f"never logged {self.text!r}"
        return self.messages[0]


def play_games(journal: Journal, publisher: Publisher, count: int,
               first_seed: int) -> list[str]:
    """`count` whole games of Whistle Stop at one table, one after the other; their uuids,
    once the broker has acknowledged everything."""
    rules = GAMES["whistle-stop"]
    outbox = Outbox()
    outbox.listen(publisher.wake)
    uuids = []
    for seed in range(first_seed, first_seed + count):
        session = GameSession.start(journal, rules, ("Ana", "Ben"), outbox=outbox)
        for event in play_random(rules, session.state, seed=seed).events:
            session.submit(event)
        assert session.finished
        uuids.append(session.play.uuid)
    assert publisher.wait_until_sent(DEADLINE_SECONDS)
    return uuids


def one_table_evening(path: Path, settings: MqttSettings, count: int = 1,
                      first_seed: int = 1) -> list[str]:
    """A table that plays `count` games, publishing with `settings`, then stops cleanly."""
    with Journal(path, durable=False) as journal:
        publisher = Publisher(path, settings).start()
        try:
            return play_games(journal, publisher, count, first_seed)
        finally:
            publisher.stop()


def board_until(address: str, holds: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """/api/tables once `holds` is true of it; AssertionError after the deadline."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while True:
        board = get_json(address + "api/tables")
        if holds(board):
            return board
        assert time.monotonic() < deadline, f"the board never showed it: {board}"
        time.sleep(0.05)  # the pace of the polling, not a guess at when it holds


def status(board: dict[str, Any], name: str) -> dict[str, Any] | None:
    table = next((table for table in board["tables"] if table["table"] == name), None)
    return None if table is None else table["status"]


def online(name: str, is_online: bool) -> Callable[[dict[str, Any]], bool]:
    def holds(board: dict[str, Any]) -> bool:
        seen = status(board, name)
        return seen is not None and seen["online"] is is_online
    return holds
