"""Helpers for the scoreboard's limit tests: `companion web` as a process under an open-file
limit with its log in a file, raw connections, and a reader of a live stream's events."""

from __future__ import annotations

import http.client
import re
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

#: Seconds any single step may take on a busy machine before the test fails.
DEADLINE = 120.0


@dataclass
class Server:
    port: int
    log: Path
    process: subprocess.Popen[str]

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@contextmanager
def limited_server(state_dir: Path, log: Path, *extra: str,
                   descriptors: int | None = None) -> Iterator[Server]:
    """`companion web` on 127.0.0.1 with at most `descriptors` open files; its standard
    error written to `log`."""

    def limit() -> None:
        if descriptors is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    with open(log, "w", encoding="utf-8") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "web", "--state-dir", str(state_dir),
             "--host", "127.0.0.1", "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=errors, text=True, encoding="utf-8",
            preexec_fn=limit)
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found is None:
                process.kill()
                process.communicate()
                raise AssertionError(f"companion web did not start: {line!r} "
                                     f"{log.read_text(encoding='utf-8')!r}")
            yield Server(int(found.group(1)), log, process)
        finally:
            process.terminate()
            process.communicate(timeout=DEADLINE)


@contextmanager
def more_descriptors(wanted: int) -> Iterator[None]:
    """This process may open `wanted` files (up to its hard limit) for the test's length."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if raised < wanted:
        raise AssertionError(f"the test needs {wanted} open files; the hard limit is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, raised), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A connection from `source` (any 127.x.y.z is this machine on Linux)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=DEADLINE,
                                          source_address=(source, 0))
    return connection


def request(port: int, path: str = "/api/live", source: str = "127.0.0.1",
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one GET from `source`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE,
                                            source_address=(source, 0))
    try:
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def answer_or_close(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection ("" if it only closes)."""
    received = b""
    try:
        while chunk := connection.recv(65536):
            received += chunk
    except ConnectionResetError:
        pass
    return received


def until(check: Callable[[], bool], what: str, deadline: float = DEADLINE) -> None:
    """Waits for `check()` to hold, looking again and again; fails after `deadline`."""
    end = time.monotonic() + deadline
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"not seen within {deadline:.0f} s: {what}")
        time.sleep(0.05)


class EventReader:
    """A client of `/events`: its answer's status, then one event at a time."""

    def __init__(self, port: int, language: str = "en") -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        self.connection.request("GET", "/events", headers={"Accept-Language": language})
        self.answer = self.connection.getresponse()

    def next_event(self) -> tuple[str, str] | None:
        """(name, data) of the next event, skipping comments; None when the stream ends."""
        name, data = "message", ""
        while True:
            line = self.answer.readline().decode("utf-8")
            if line == "":
                return None
            line = line.rstrip("\n")
            if line == "":
                if data:
                    return name, data
                continue
            field, _, value = line.partition(": ")
            if field == "event":
                name = value
            elif field == "data":
                data += value

    def close(self) -> None:
        self.connection.close()
