"""Publishing to MQTT (`[mqtt]`), each figure beside an alternative measured in the same run:

- messages and bytes per move: what the table publishes (the live view, the play at its start
  and end), beside publishing the whole play (setup and every event) at each move;
- the table's time per move with the outbox written in the move's transaction, beside the same
  table publishing nothing;
- the time to drain the outbox after a 5-minute outage: the moves of 5 minutes of play at a
  busy table's pace are journalled with the broker down (without waiting 5 minutes), then the
  broker starts; beside the same items published live, move by move.

    python bench/bench_mqtt.py
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.mosquitto import Broker  # noqa: E402
from companion.publish.export import json_play  # noqa: E402
from companion.publish.mqtt_settings import MqttSettings  # noqa: E402
from companion.publish.outbox import Outbox  # noqa: E402
from companion.publish.publisher import Publisher  # noqa: E402
from companion.state.journal import Journal  # noqa: E402
from companion.table.session import GameSession  # noqa: E402
from engine.registry import GAMES  # noqa: E402
from engine.simulate import play_random  # noqa: E402

GAME = "freight-train"
PLAYERS = ("Ana", "Ben", "Cléo")
#: A busy table: a move every 6 seconds, so 5 minutes of play is 50 moves.
SECONDS_PER_MOVE = 6
OUTAGE_MINUTES = 5


class Counter:
    """A subscriber to `companion/#` that counts messages and bytes (topic and payload)."""

    def __init__(self, port: int) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.messages = 0
        self.bytes = 0
        self.arrivals: list[tuple[float, int]] = []  # (when, event count of a live view)
        self._changed = threading.Condition()
        self._subscribed = False
        client = mqtt.Client(CallbackAPIVersion.VERSION2)
        client.on_connect = lambda c, u, f, r, p: c.subscribe("companion/#", qos=1)
        client.on_subscribe = self._on_subscribe
        client.on_message = self._on_message
        client.connect("127.0.0.1", port)
        client.loop_start()
        self._client = client
        with self._changed:
            while not self._subscribed:
                self._changed.wait()

    def _on_subscribe(self, *args: Any) -> None:
        with self._changed:
            self._subscribed = True
            self._changed.notify_all()

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        now = time.perf_counter()
        with self._changed:
            self.messages += 1
            self.bytes += len(message.topic.encode()) + len(message.payload)
            if message.topic.endswith("/live"):
                self.arrivals.append((now, int(json.loads(message.payload)["event_count"])))
            self._changed.notify_all()

    def wait_for_live(self, count: int) -> float:
        """Block until the live view of move `count` arrived; when it did."""
        with self._changed:
            while True:
                for when, seen in self.arrivals:
                    if seen >= count:
                        return when
                self._changed.wait()

    def close(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()


def table(path: Path, port: int | None, name: str) -> tuple[GameSession[Any, Any], Journal,
                                                                   Publisher | None]:
    journal = Journal(path)
    outbox = Outbox() if port is not None else None
    session = GameSession.start(journal, GAMES[GAME], PLAYERS, outbox=outbox)
    publisher = None
    if port is not None and outbox is not None:
        publisher = Publisher(path, MqttSettings("127.0.0.1", port, name))
        outbox.listen(publisher.wake)
        publisher.start()
    return session, journal, publisher


def measure(moves: int = 60) -> dict[str, Any]:
    """The figures of `moves` moves published live (at least the outage's 50 for the live
    alternative of the outage's figures), then of an outage."""
    rules = GAMES[GAME]
    events = list(play_random(rules, rules.new_game(PLAYERS), seed=7).events)
    moves = min(moves, len(events))
    outage_moves = OUTAGE_MINUTES * 60 // SECONDS_PER_MOVE
    with tempfile.TemporaryDirectory(prefix="bench-mqtt-") as folder:
        base = Path(folder)
        broker = Broker(base / "broker")
        broker.start()
        try:
            # 1. Live: messages, bytes and the table's time per move; the move-to-board delay.
            counter = Counter(broker.port)
            session, journal, publisher = table(base / "live.sqlite3", broker.port, "live")
            assert publisher is not None
            # The same moves at a table that publishes nothing, taken in turns with the other.
            plain, plain_journal, _ = table(base / "plain.sqlite3", None, "plain")
            counter.wait_for_live(0)
            before = (counter.messages, counter.bytes)
            submit_ms, plain_ms, delays_ms, whole_play = [], [], [], []
            live_bytes_outage = 0
            for event in events[:moves]:
                began = time.perf_counter()
                plain.submit(event)
                plain_ms.append((time.perf_counter() - began) * 1000)
                began = time.perf_counter()
                session.submit(event)
                submit_ms.append((time.perf_counter() - began) * 1000)
                delays_ms.append((counter.wait_for_live(session.event_count) - began) * 1000)
                if session.event_count == outage_moves:
                    live_bytes_outage = counter.bytes - before[1]
                # The alternative: the whole play, every event so far, at each move.
                play = json_play(session.play)
                play["events"] = journal.events(session.play.id)
                whole_play.append(len(json.dumps(play, ensure_ascii=False).encode()))
            live_messages = counter.messages - before[0]
            live_bytes = counter.bytes - before[1]
            publisher.stop()
            journal.close()
            plain_journal.close()
            counter.close()

            # 2. An outage: the moves of 5 minutes journalled with the broker down.
            broker.stop()
            session, journal, publisher = table(base / "outage.sqlite3", broker.port, "outage")
            assert publisher is not None
            for event in events[:outage_moves]:
                session.submit(event)
            waiting = journal.outbox()
            waiting_bytes = sum(len(json.dumps(payload, ensure_ascii=False).encode())
                                for _topic, payload in waiting)
            broker.start()
            started = time.perf_counter()
            publisher.wait_until_sent(None)
            sent = time.monotonic()
            drained = time.perf_counter()
            connected_at = publisher.connected_at or sent
            publisher.stop()
            journal.close()
        finally:
            broker.stop()
    return {
        "moves": moves,
        "messages_per_move": live_messages / moves,
        "bytes_per_move": live_bytes / moves,
        "whole_play_bytes_per_move": statistics.mean(whole_play),
        "submit_ms": statistics.median(submit_ms),
        "submit_plain_ms": statistics.median(plain_ms),
        "move_to_board_ms": statistics.median(delays_ms),
        "move_to_board_worst_ms": max(delays_ms),
        "live_send_ms": sum(delays_ms[:outage_moves]),
        "live_bytes_outage": live_bytes_outage or None,
        "outage_moves": outage_moves,
        "outage_items": len(waiting),
        "outage_bytes": waiting_bytes,
        "drain_after_connect_ms": (sent - connected_at) * 1000,
        "drain_after_start_ms": (drained - started) * 1000,
    }


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
