"""A real Mosquitto for the tests, and a subscriber that keeps what it receives.

The broker runs on a free port of 127.0.0.1 with its own configuration and persistence file in
the test's folder; it is ready when its log says "running", and stopped when the test ends.
Waiting is always for an observed event: a log line, a message received.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"

needs_mosquitto = pytest.mark.skipif(
    not Path(MOSQUITTO).exists(),
    reason="Mosquitto is not installed (Debian: apt-get install mosquitto; .ci/run does)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Broker:
    """Mosquitto on a port of 127.0.0.1; `start` and `stop` it as often as a test likes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            "allow_anonymous true\n"
            "persistence true\n"
            f"persistence_location {folder}/\n"
            "log_dest stderr\n"
            "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
            # Run as whoever runs the tests (as root it would switch to the user mosquitto).
            "user root\n", encoding="utf-8")
        self.log: list[str] = []
        self._process: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert process.stdout is not None
        for line in process.stdout:  # until it says it serves, or it ended
            self.log.append(line)
            if " running" in line:
                break
        else:
            process.wait()
            raise AssertionError(f"mosquitto did not start: {''.join(self.log)}")
        self._process = process
        self._reader = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._reader.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.log.append(line)

    def stop(self) -> None:
        """Stop it as a service manager would (SIGTERM: it saves its database first)."""
        if self._process is None:
            return
        self._process.terminate()
        self._process.wait()
        if self._reader is not None:
            self._reader.join()
        self._process = None


@contextmanager
def mosquitto(folder: Path) -> Iterator[Broker]:
    folder.mkdir(parents=True, exist_ok=True)
    broker = Broker(folder)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


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
                 persistent: bool = False, client_id: str = "") -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.messages: list[Received] = []
        self.connections = 0
        self._changed = threading.Condition()
        self._topics = topics
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                             clean_session=not persistent)
        client.reconnect_delay_set(1, 2)
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
        """Block until `done(messages)` holds; returns a copy of the messages."""
        with self._changed:
            while not done(self.messages):
                self._changed.wait()
            return list(self.messages)

    def wait_subscribed(self, count: int = 1) -> None:
        with self._changed:
            while self.connections < count:
                self._changed.wait()

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
