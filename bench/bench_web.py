"""The scoreboard (`companion web`) from a client's side, each figure beside an alternative
measured in the same run:

- time to first byte of the live page, beside Python's bare `http.server` serving a file;
- move-to-event delay: a move committed by the table until the live stream's next event
  reaches a client, beside a client that asks `/api/live` again and again;
- peak RSS of the web process after serving, beside a bare Python importing the server
  library (Starlette and uvicorn).

    python bench/bench_web.py
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.state.journal import Journal  # noqa: E402
from companion.state.paths import journal_path  # noqa: E402
from companion.table.session import GameSession  # noqa: E402
from engine.registry import GAMES  # noqa: E402
from engine.simulate import play_random  # noqa: E402

GAME = "ticket-to-ride"


@contextmanager
def serving(command: list[str], pattern: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """A server process and its port, read from the first line it prints."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, cwd=ROOT)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(pattern, line)
        if found is None:
            raise RuntimeError(f"{command[2:4]} did not start: {line!r}")
        yield process, int(found.group(1))
    finally:
        process.terminate()
        process.communicate()


def first_byte_ms(port: int, path: str) -> float:
    """Milliseconds from sending a request on an open connection to its first byte back."""
    with socket.create_connection(("127.0.0.1", port)) as connection:
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        began = time.perf_counter()
        connection.sendall(request.encode())
        connection.recv(1)
        elapsed = time.perf_counter() - began
        while connection.recv(65536):
            pass
    return elapsed * 1000


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc")


def bare_import_rss_mb() -> float:
    probe = ("import starlette.applications, uvicorn, pathlib\n"
             "print([l for l in pathlib.Path('/proc/self/status').read_text().splitlines()"
             " if l.startswith('VmHWM:')][0].split()[1])")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    return int(done.stdout.strip()) / 1024


def web_command(state_dir: Path) -> list[str]:
    return [sys.executable, "-m", "companion", "web", "--state-dir", str(state_dir),
            "--host", "127.0.0.1", "--port", "0"]


class EventStream:
    """A client of `/events` reading one event at a time."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port)
        self.connection.request("GET", "/events", headers={"Accept-Language": "en"})
        self.answer = self.connection.getresponse()

    def next_event(self) -> str:
        lines = []
        while True:
            line = self.answer.fp.readline().decode()
            if line in ("\n", ""):
                if lines and not lines[0].startswith(":"):
                    return "".join(lines)
                lines = []
                if line == "":
                    raise RuntimeError("the event stream ended")
                continue
            lines.append(line)

    def close(self) -> None:
        self.connection.close()


def measure(repeats: int = 20, moves: int = 10) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        state = Path(folder) / "state"
        rules = GAMES[GAME]
        page = Path(folder) / "index.html"
        results: dict[str, Any] = {}
        with Journal(journal_path(state)) as journal, \
                serving(web_command(state), r"http://127\.0\.0\.1:(\d+)/") as (web, port):
            session = GameSession.start(journal, rules, ["Ana", "Ben", "Cléo"])
            events = list(play_random(rules, session.state, seed=1).events)
            for event in events[:20]:
                session.submit(event)
            events = events[20:]
            first_byte_ms(port, "/")  # the first request loads the pages' modules
            live = [first_byte_ms(port, "/") for _ in range(repeats)]
            page.write_bytes(first_page(port))
            stream = EventStream(port)
            stream.next_event()
            delays = []
            for event in events[:moves]:
                began = time.perf_counter()
                session.submit(event)
                text = stream.next_event()
                delays.append((time.perf_counter() - began) * 1000)
                assert f'data-seq=\\"{session.event_count}\\"' in text, text[:200]
            stream.close()
            polled = []
            for event in events[moves:2 * moves]:
                began = time.perf_counter()
                session.submit(event)
                while fetch_count(port) < session.event_count:
                    pass
                polled.append((time.perf_counter() - began) * 1000)
            results["web_rss_mb"] = peak_rss_mb(web.pid)
        with serving([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "0",
                      "--directory", folder], r"port (\d+)") as (_bare, bare_port):
            first_byte_ms(bare_port, "/index.html")
            bare = [first_byte_ms(bare_port, "/index.html") for _ in range(repeats)]
        results.update({
            "live_ttfb_ms": statistics.median(live),
            "bare_ttfb_ms": statistics.median(bare),
            "move_to_event_ms": statistics.median(delays),
            "move_to_event_worst_ms": max(delays),
            "move_to_poll_ms": statistics.median(polled),
            "bare_import_rss_mb": bare_import_rss_mb(),
            "repeats": repeats,
            "moves": moves,
        })
        return results


def first_page(port: int) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", "/")
    body = connection.getresponse().read()
    connection.close()
    return body


def fetch_count(port: int) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", "/api/live")
    count = int(json.loads(connection.getresponse().read()).get("event_count", -1))
    connection.close()
    return count


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
