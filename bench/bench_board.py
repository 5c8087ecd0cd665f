"""The club board (`companion web --mqtt`) holding many tables, with a real Mosquitto:

- 1,000 tables, each with its live view and a finished play, all kept (`--max-tables 1000
  --max-plays 1000`): the board's RSS and the time to answer `/tables`;
- 5,000 made-up tables at the default bounds (50 tables, 300 plays kept): the same figures.

Each table's messages are published once, retained; the board is measured once it has
counted every one (`/api/tables`, `intake`).

    python bench/bench_board.py
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_web import peak_rss_mb, serving, web_command  # noqa: E402
from bench.mosquitto import Broker  # noqa: E402

#: The longest wait for the board to count what was published.
DEADLINE_SECONDS = 300.0


def uid(number: int) -> str:
    return f"00000000-0000-4000-8000-{number:012d}"


def messages(tables: int) -> list[tuple[str, bytes]]:
    """Each table's live view and its finished play, as a table sends them."""
    started = (datetime.now().astimezone() - timedelta(minutes=30)).isoformat()
    players = ["Ana", "Ben", "Cléo"]
    result = {"game": "freight-train", "winners": ["Ana"],
              "players": [{"name": name, "total": 30 - seat, "breakdown": {"loads": 20 - seat,
                                                                          "bonus": 10}}
                          for seat, name in enumerate(players)]}
    found = []
    for number in range(tables):
        table = f"table-{number}"
        live = {"status": "finished", "play_id": 1, "uuid": uid(number), "game": "freight-train",
                "players": players, "started": started, "event_count": 60, "stage": {"day": 3},
                "turn": None, "last_moves": [{"seq": 60, "recorded": started,
                                              "event": {"type": "load", "player": 0}}] * 8,
                "result": result, "announced": []}
        play = {"id": 1, "uuid": uid(number), "game": "freight-train", "players": players,
                "options": {}, "key": None, "started": started, "finished": started,
                "ending": None, "result": result}
        found.append((f"companion/{table}/live", json.dumps(live).encode()))
        found.append((f"companion/{table}/plays/{uid(number)}", json.dumps(play).encode()))
    return found


def publish(port: int, sent: list[tuple[str, bytes]]) -> None:
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    client.max_queued_messages_set(0)
    client.connect("127.0.0.1", port)
    client.loop_start()
    try:
        infos = [client.publish(topic, payload, qos=1, retain=True) for topic, payload in sent]
        for info in infos:
            info.wait_for_publish(DEADLINE_SECONDS)
    finally:
        client.disconnect()
        client.loop_stop()


def get(port: int, path: str) -> bytes:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as answer:
        body: bytes = answer.read()
        return body


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc")


def board_figures(tables: int, bounds: tuple[int, int] | None, repeats: int) -> dict[str, Any]:
    """`tables` tables published before the board starts (so it takes them as retained
    messages at once); `bounds` (tables, plays) given to the board, None: its defaults."""
    sent = messages(tables)
    with tempfile.TemporaryDirectory(prefix="bench-board-") as folder:
        base = Path(folder)
        broker = Broker(base / "broker")
        with broker.config.open("a", encoding="utf-8") as config:
            config.write("max_queued_messages 0\n")  # a board starting takes every message
        broker.start()
        try:
            publish(broker.port, sent)
            options = [] if bounds is None else ["--max-tables", str(bounds[0]),
                                                 "--max-plays", str(bounds[1])]
            command = [*web_command(base / "state"), "--mqtt", broker.url, *options]
            with serving(command, r"http://127\.0\.0\.1:(\d+)/") as (process, port):
                deadline = time.monotonic() + DEADLINE_SECONDS
                while True:
                    counts = json.loads(get(port, "/api/tables"))["intake"]
                    if counts["received"] >= len(sent):
                        break
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"the board counted {counts} of {len(sent)}")
                    time.sleep(0.2)
                times = []
                for _ in range(repeats):
                    began = time.perf_counter()
                    page = get(port, "/tables")
                    times.append((time.perf_counter() - began) * 1000)
                return {"tables_published": tables, "kept": counts, "page_bytes": len(page),
                        "tables_ms": statistics.median(times), "rss_mb": rss_mb(process.pid),
                        "peak_rss_mb": peak_rss_mb(process.pid)}
        finally:
            broker.stop()


def measure(quick: bool = False) -> dict[str, Any]:
    repeats = 5 if quick else 20
    return {"all_kept": board_figures(1000, (1000, 1000), repeats),
            "rogues": board_figures(5000, None, repeats)}


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
