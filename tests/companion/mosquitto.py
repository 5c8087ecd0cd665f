"""A real Mosquitto for the tests (`bench.mosquitto`), and a subscriber that keeps what it
receives. Waiting is always for an observed event: a log line, a message received."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bench.mosquitto import (
    DEADLINE_SECONDS,
    MOSQUITTO,
    MOSQUITTO_PASSWD,
    Broker,
    TlsFiles,
    mosquitto,
)

__all__ = ["DEADLINE_SECONDS", "MOSQUITTO_PASSWD", "Broker", "Received", "Subscriber",
           "TlsFiles", "mosquitto", "needs_mosquitto", "subscribed"]

needs_mosquitto = pytest.mark.skipif(
    not Path(MOSQUITTO).exists(),
    reason="Mosquitto is not installed (Debian: apt-get install mosquitto; .ci/run does)")


@dataclass(frozen=True)
class Received:
    topic: str
    payload: Any
    retained: bool


class Subscriber:
    """A paho-mqtt client subscribed with QoS 1 that keeps every message, in order.

    `persistent`: a session the broker keeps (clean_session off), so what is published while
    this client is away (the broker restarting) is delivered when it is back.
    """

    def __init__(self, broker: Broker, topics: str = "companion/#", *,
                 persistent: bool = False, client_id: str = "",
                 credentials: tuple[str, str] | None = None) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.messages: list[Received] = []
        self.connections = 0
        self._changed = threading.Condition()
        self._topics = topics
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                             clean_session=not persistent)
        client.reconnect_delay_set(1, 2)
        if credentials is not None:
            client.username_pw_set(*credentials)
        if broker.tls is not None:
            client.tls_set(ca_certs=str(broker.tls.ca))
        client.on_connect = self._on_connect
        client.on_message = self._on_message
        client.connect_async("127.0.0.1", broker.port)
        self._client = client

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        # A session the broker kept has its subscription: subscribing again would have the
        # retained messages delivered a second time.
        if flags.session_present:
            self._on_subscribe_done()
        else:
            client.subscribe(self._topics, qos=1)

    def _on_subscribe_done(self) -> None:
        with self._changed:
            self.connections += 1
            self._changed.notify_all()

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        try:
            payload = json.loads(message.payload)
        except ValueError:
            payload = message.payload.decode("utf-8", "replace")
        with self._changed:
            self.messages.append(Received(message.topic, payload, bool(message.retain)))
            self._changed.notify_all()

    def start(self) -> Subscriber:
        def subscribed(client: Any, userdata: Any, mid: int, reasons: Any,
                       properties: Any) -> None:
            self._on_subscribe_done()

        self._client.on_subscribe = subscribed
        self._client.loop_start()
        return self

    def wait(self, done: Callable[[list[Received]], bool]) -> list[Received]:
        """Block until `done(messages)` holds; returns a copy of the messages. AssertionError
        when it does not within DEADLINE_SECONDS."""
        deadline = time.monotonic() + DEADLINE_SECONDS
        with self._changed:
            while not done(self.messages):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"not received in time; got {self.messages!r}")
                self._changed.wait(left)
            return list(self.messages)

    def wait_subscribed(self, count: int = 1) -> None:
        deadline = time.monotonic() + DEADLINE_SECONDS
        with self._changed:
            while self.connections < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError("the subscriber never subscribed")
                self._changed.wait(left)

    def stop(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()


@contextmanager
def subscribed(broker: Broker, topics: str = "companion/#", **options: Any) -> Iterator[Subscriber]:
    subscriber = Subscriber(broker, topics, **options).start()
    subscriber.wait_subscribed()
    try:
        yield subscriber
    finally:
        subscriber.stop()
