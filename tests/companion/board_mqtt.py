"""For the board's tests: a broker that queues enough for a flood, a client that publishes
anything (as any phone on a club's network can), a table's well-formed live view, and a wait
on `/api/tables` until it shows what a test expects."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from .mosquitto import Broker
from .web_server import get_json

#: The longest wait for the board to show what was published (a busy machine included).
DEADLINE_SECONDS = 120.0
#: Between two looks at `/api/tables`: the board's process needs the CPU too.
POLL_SECONDS = 0.05


@contextmanager
def roomy_broker(folder: Path) -> Iterator[Broker]:
    """Mosquitto keeping up to 20,000 messages for a slow subscriber (its default, 1,000,
    would drop part of a flood before the board could count it)."""
    broker = Broker(folder)
    with broker.config.open("a", encoding="utf-8") as config:
        config.write("max_queued_messages 20000\n")
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


class Sender:
    """A plain MQTT client: publishes with QoS 1 and waits for the broker's PUBACK."""

    def __init__(self, broker: Broker) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        client = mqtt.Client(CallbackAPIVersion.VERSION2)
        client.max_queued_messages_set(0)
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        self._client = client

    def send(self, topic: str, payload: bytes, retain: bool = True) -> None:
        self.send_all([(topic, payload)], retain)

    def send_all(self, messages: list[tuple[str, bytes]], retain: bool = True) -> None:
        infos = [self._client.publish(topic, payload, qos=1, retain=retain)
                 for topic, payload in messages]
        for info in infos:
            info.wait_for_publish(DEADLINE_SECONDS)
            assert info.is_published(), "the broker did not acknowledge a message"

    def stop(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()


@contextmanager
def sender(broker: Broker) -> Iterator[Sender]:
    client = Sender(broker)
    try:
        yield client
    finally:
        client.stop()


def live_view(uuid: str, started: datetime, players: list[str] | None = None) -> bytes:
    """A table's live view as `companion.publish.live_view` sends it."""
    return json.dumps({
        "status": "playing", "play_id": 1, "uuid": uuid, "game": "freight-train",
        "players": players or ["Ana", "Ben"], "started": started.isoformat(), "event_count": 4,
        "stage": {"day": 1}, "turn": "Ana",
        "last_moves": [{"seq": 4, "recorded": started.isoformat(),
                        "event": {"type": "load", "player": 0}}],
        "result": None, "announced": []}).encode()


def wait_for_board(address: str, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """`/api/tables` once `done` holds of it (each answer a 200); fails past the deadline."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while True:
        board: dict[str, Any] = get_json(address + "api/tables")
        if done(board):
            return board
        assert time.monotonic() < deadline, f"the board never showed it: {board['intake']}"
        time.sleep(POLL_SECONDS)


def names(board: dict[str, Any]) -> set[str]:
    return {table["table"] for table in board["tables"]}
