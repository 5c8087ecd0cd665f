"""The scoreboard under a club's load, each figure beside an alternative measured in the
same run:

- the web process's CPU while 200 phones follow a game on `/events`, beside the same moves
  followed by one phone (aim: at most 3 times one phone's);
- the board (`companion web --mqtt`) holding 1,000 tables: its RSS and the time `/tables`
  takes, beside the same board before the tables arrived.

Each with its estimate on a Pi Zero 2 W (CPU time times 8, as the other benchmarks count).

    python bench/bench_web_load.py
"""

from __future__ import annotations

import http.client
import json
import re
import selectors
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_web import serving, web_command  # noqa: E402
from bench.mosquitto import mosquitto  # noqa: E402
from companion.publish.outbox import items  # noqa: E402
from companion.state.journal import Journal  # noqa: E402
from companion.state.paths import journal_path  # noqa: E402
from companion.table.session import GameSession  # noqa: E402
from engine.registry import GAMES  # noqa: E402
from engine.simulate import play_random  # noqa: E402

GAME = "freight-train"
PLAYERS = ["Ana", "Ben", "Cléo"]
#: The table's Raspberry Pi Zero 2 W against this machine, for CPU time (see bench_gentle).
PI_FACTOR = 8
STREAMS = 200
TABLES = 1000
#: Seconds between two moves while the streams follow the game: a brisk table.
MOVE_PACE = 0.5
#: Tables published at once while the board fills.
BATCH = 200
WAIT = 120.0


def cpu_seconds(pid: int) -> float:
    """CPU time of process `pid`'s threads so far, to the nanosecond (`/proc/.../stat`
    counts in ticks of 10 ms, too coarse for one stream)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended meanwhile
    return total / 1e9


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc")


class Phones:
    """`count` open `/events` streams, read together; each knows the last move it showed."""

    def __init__(self, port: int, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.tails: dict[socket.socket, bytes] = {}
        self.seen: dict[socket.socket, int] = {}
        for _ in range(count):
            phone = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
            phone.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          b"Accept-Language: en\r\n\r\n")
            phone.setblocking(False)
            self.selector.register(phone, selectors.EVENT_READ)
            self.tails[phone] = b""
            self.seen[phone] = 0

    def wait_for(self, seq: int) -> None:
        """Read until every phone has shown move `seq`."""
        deadline = time.monotonic() + WAIT
        while min(self.seen.values()) < seq:
            if time.monotonic() > deadline:
                raise RuntimeError(f"move {seq} not shown on every phone in {WAIT:.0f} s")
            for key, _ in self.selector.select(timeout=1.0):
                phone = key.fileobj
                assert isinstance(phone, socket.socket)
                data = phone.recv(65536)
                if not data:
                    raise RuntimeError("a live stream ended")
                text = self.tails[phone] + data
                # The section's number is its last move's, its list's are older ones.
                shown = re.findall(rb'data-seq=\\"(\d+)\\"', text)
                self.seen[phone] = max([self.seen[phone], *(int(seq) for seq in shown)])
                self.tails[phone] = text[-64:]

    def close(self) -> None:
        for phone in self.tails:
            self.selector.unregister(phone)
            phone.close()
        self.selector.close()


def follow(port: int, pid: int, session: GameSession[Any, Any], moves: list[Any],
           phones: int) -> dict[str, float]:
    """The web process's CPU while `phones` streams follow `moves`, one per MOVE_PACE."""
    group = Phones(port, phones)
    try:
        group.wait_for(session.event_count)
        began, cpu = time.monotonic(), cpu_seconds(pid)
        for index, move in enumerate(moves):
            session.submit(move)
            group.wait_for(session.event_count)
            # The pace of a table: the idle time between moves counts too (the watcher's).
            time.sleep(max(0.0, began + (index + 1) * MOVE_PACE - time.monotonic()))
        spent, wall = cpu_seconds(pid) - cpu, time.monotonic() - began
    finally:
        group.close()
    return {"cpu_s": spent, "wall_s": wall, "core_percent": 100 * spent / wall}


def measure_streams(moves: int = 8, phones: int = STREAMS) -> dict[str, Any]:
    rules = GAMES[GAME]
    with tempfile.TemporaryDirectory(prefix="bench-web-load-") as folder:
        state = Path(folder) / "state"
        limits = ["--max-streams", str(phones + 8), "--max-per-address", str(phones + 8),
                  "--max-connections", str(phones + 64)]
        with Journal(journal_path(state)) as journal, \
                serving(web_command(state) + limits, r"http://127\.0\.0\.1:(\d+)/") as (
                    web, port):
            session = GameSession.start(journal, rules, PLAYERS)
            events = list(play_random(rules, session.state, seed=4).events)
            session.submit(events[0])
            follow(port, web.pid, session, events[1:2], 1)  # loads the pages' modules
            one = follow(port, web.pid, session, events[2:2 + moves], 1)
            many = follow(port, web.pid, session, events[2 + moves:2 + 2 * moves], phones)
            many["rss_mb"] = rss_mb(web.pid)
    return {"phones": phones, "moves": moves, "one": one, "many": many,
            "ratio": many["cpu_s"] / max(one["cpu_s"], 1e-3)}


def table_messages(tables: int) -> list[tuple[str, bytes]]:
    """What `tables` tables publish (retained) after one finished play each: its live view
    and the play, taken from a real play of a journal."""
    rules = GAMES[GAME]
    with tempfile.TemporaryDirectory(prefix="bench-web-load-") as folder, \
            Journal(journal_path(Path(folder))) as journal:
        session = GameSession.start(journal, rules, PLAYERS)
        for event in play_random(rules, session.state, seed=6).events:
            session.submit(event)
        play = next(found for found in journal.plays() if found.id == session.play.id)
        found = items(journal, rules, play, None, None, with_play=True)
    payloads = {item.topic.split("/")[0]: item.payload for item in found}
    messages = []
    for index in range(tables):
        uuid = f"{index:08x}-0000-4000-8000-000000000000"
        play_payload = {**payloads["plays"], "uuid": uuid}
        live_payload = {**payloads["live"], "uuid": uuid}
        table = f"table-{index:04d}"
        messages.append((f"companion/{table}/plays/{uuid}", json.dumps(play_payload).encode()))
        messages.append((f"companion/{table}/live", json.dumps(live_payload).encode()))
    return messages


def publish(port: int, messages: list[tuple[str, bytes]]) -> None:
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    client.max_inflight_messages_set(100)
    client.connect("127.0.0.1", port)
    client.loop_start()
    try:
        sent = [client.publish(topic, payload, qos=1, retain=True) for topic, payload in messages]
        for info in sent:
            info.wait_for_publish(WAIT)
    finally:
        client.disconnect()
        client.loop_stop()


def tables_ms(port: int, repeats: int) -> float:
    """Median milliseconds of a whole `/tables` page."""
    times = []
    for _ in range(repeats):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        began = time.perf_counter()
        connection.request("GET", "/tables")
        answer = connection.getresponse()
        answer.read()
        times.append((time.perf_counter() - began) * 1000)
        connection.close()
        if answer.status != 200:
            raise RuntimeError(f"/tables answered {answer.status}")
    return statistics.median(times)


def tables_shown(port: int) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    connection.request("GET", "/api/tables")
    count = len(json.loads(connection.getresponse().read())["tables"])
    connection.close()
    return count


def measure_board(tables: int = TABLES, repeats: int = 5) -> dict[str, Any]:
    messages = table_messages(tables)
    with tempfile.TemporaryDirectory(prefix="bench-web-load-") as folder:
        base = Path(folder)
        with mosquitto(base / "broker") as broker, \
                serving(web_command(base / "state") + [
                    "--mqtt", broker.url, "--max-tables", str(tables),
                    "--max-plays", str(tables)],
                        r"http://127\.0\.0\.1:(\d+)/") as (web, port):
            tables_ms(port, 1)  # loads the pages' modules
            empty = {"tables_ms": tables_ms(port, repeats), "rss_mb": rss_mb(web.pid)}
            # In batches the board takes in whole: Mosquitto queues at most 1,000 messages
            # for a subscriber (max_queued_messages) and drops what comes beyond.
            for first in range(0, len(messages), 2 * BATCH):
                publish(broker.port, messages[first:first + 2 * BATCH])
                wanted = min(tables, (first + 2 * BATCH) // 2)
                deadline = time.monotonic() + WAIT
                while (shown := tables_shown(port)) < wanted:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"the board shows {shown} of {wanted} tables")
                    time.sleep(0.1)
            full = {"tables_ms": tables_ms(port, repeats), "rss_mb": rss_mb(web.pid),
                    "shown": shown}
    return {"tables": tables, "empty": empty, "full": full}


def measure(quick: bool = False) -> dict[str, Any]:
    return {"streams": measure_streams(moves=8 if quick else 16),
            "board": measure_board(repeats=3 if quick else 9)}


if __name__ == "__main__":
    print(json.dumps(measure("--quick" in sys.argv), indent=2))
