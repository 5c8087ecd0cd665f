"""The scoreboard under a phone that misbehaves, from its own process: thousands of idle
connections under 1,024 open files, headers sent a byte at a time, too many live streams,
a damaged journal; every refusal quick, the server reachable and its log small."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

from .web_limits_server import (
    DEADLINE,
    EventReader,
    answer_or_close,
    connect,
    limited_server,
    more_descriptors,
    request,
    until,
)
from .web_server import players_for

ROOT = Path(__file__).resolve().parents[2]
FLOOD = 2000
DESCRIPTORS = 1024
#: The most log a flood may write, whatever its size: a few lines.
MAX_LOG_BYTES = 2000
#: The connections 1,024 open files hold (see `ServerLimits.fitted`).
FITTED = 896


def test_two_thousand_idle_connections_leave_the_scoreboard_reachable(tmp_path: Path) -> None:
    """One device opens 2,000 connections and says nothing: it holds its own 32, the rest
    are refused at once with a 503, another phone is served meanwhile, and the log says
    so in a line."""
    with more_descriptors(FLOOD + 200), \
            limited_server(tmp_path, tmp_path / "web.log", "--idle-timeout", "600",
                           "--header-timeout", "600", descriptors=DESCRIPTORS) as server:
        flood = [connect(server.port) for _ in range(FLOOD)]
        try:
            # Every connection over the device's 32 is answered and closed, none hangs.
            refused = flood[32:]
            for connection in refused:
                answer = answer_or_close(connection)
                assert answer == b"" or answer.startswith(b"HTTP/1.1 503 "), answer[:80]
            status, _, body = request(server.port, source="127.0.0.2")
            assert (status, json.loads(body)) == (200, {"status": "idle"})
            status, headers, _ = request(server.port)
            assert status == 503 and headers["retry-after"] == "5"
        finally:
            for connection in flood:
                connection.close()
        # The device's own connections closed, it is served again.
        until(lambda: request(server.port)[0] == 200, "the flooding address served again")
        log = server.log.read_bytes()
        assert len(log) < MAX_LOG_BYTES, log[:MAX_LOG_BYTES]
        assert b"--max-per-address" in log


def test_a_limit_above_the_open_files_is_lowered_and_the_flood_refused(tmp_path: Path) -> None:
    """Limits set above what 1,024 open files allow: lowered at start (one line), and the
    2,000 connections from many addresses never leave the server without a descriptor."""
    with more_descriptors(FLOOD + 200), \
            limited_server(tmp_path, tmp_path / "web.log", "--max-connections", "5000",
                           "--max-per-address", "5000", "--idle-timeout", "600",
                           descriptors=DESCRIPTORS) as server:
        flood = [connect(server.port, f"127.0.{1 + index // 250}.{1 + index % 250}")
                 for index in range(FLOOD)]
        try:
            for connection in flood:
                connection.setblocking(False)
            refused: set[socket.socket] = set()

            def refusals() -> int:
                for connection in set(flood) - refused:
                    try:
                        first = connection.recv(64)
                    except BlockingIOError:
                        continue  # held open (so far)
                    except ConnectionResetError:
                        first = b""
                    assert first == b"" or first.startswith(b"HTTP/1.1 503 "), first
                    refused.add(connection)
                return len(refused)

            # 1,024 files hold 896 connections beside the server's own reserve.
            until(lambda: refusals() >= FLOOD - FITTED, "every connection over 896 refused")
            status, headers, _ = request(server.port, source="127.9.9.9")
            assert status == 503 and "retry-after" in headers
        finally:
            for connection in flood:
                connection.close()
        until(lambda: request(server.port, source="127.9.9.9")[0] == 200,
              "a request served once the flood closed")
        log = server.log_text()
        assert len(log.encode()) < MAX_LOG_BYTES, log
        assert "--max-connections 5000 lowered to" in log
        assert "Traceback" not in log


def test_headers_sent_a_byte_at_a_time_are_cut_off(tmp_path: Path) -> None:
    with limited_server(tmp_path, tmp_path / "web.log", "--header-timeout", "1",
                        "--idle-timeout", "60") as server:
        slow = connect(server.port)
        stop = threading.Event()

        def trickle() -> None:
            for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"a" * 10_000:
                if stop.wait(0.1):
                    return
                try:
                    slow.send(bytes([byte]))
                except OSError:
                    return

        sender = threading.Thread(target=trickle)
        sender.start()
        try:
            # The server closes it though bytes keep coming (no idle time): observed as EOF.
            assert answer_or_close(slow) == b""
        finally:
            stop.set()
            sender.join(DEADLINE)
            slow.close()
        until(lambda: "--header-timeout" in server.log_text(), "the slow client logged")
        # A client that sends its request at once is served as before.
        assert request(server.port)[0] == 200


def test_a_connection_that_says_nothing_is_closed(tmp_path: Path) -> None:
    with limited_server(tmp_path, tmp_path / "web.log", "--idle-timeout", "1") as server:
        silent = connect(server.port)
        assert answer_or_close(silent) == b""
        silent.close()


def test_streams_over_the_limit_get_a_503_with_retry_after(tmp_path: Path) -> None:
    with limited_server(tmp_path, tmp_path / "web.log", "--max-streams", "2") as server:
        streams = [EventReader(server.port) for _ in range(2)]
        try:
            for stream in streams:
                assert stream.answer.status == 200
                assert stream.next_event() is not None
            over = EventReader(server.port, language="fr")
            assert over.answer.status == 503
            assert over.answer.getheader("Retry-After") == "5"
            assert "direct" in json.loads(over.answer.read())["error"]
            over.close()
        finally:
            for stream in streams:
                stream.close()
        # Closed streams free their places.
        until(lambda: _stream_status(server.port) == 200, "a stream accepted again")


def _stream_status(port: int) -> int:
    reader = EventReader(port)
    try:
        return reader.answer.status
    finally:
        reader.close()


def test_a_damaged_journal_ends_each_stream_with_one_event_and_one_log_line(
        tmp_path: Path) -> None:
    rules = GAMES["freight-train"]
    with Journal(journal_path(tmp_path)) as journal:
        session = GameSession.start(journal, rules, players_for("freight-train"))
        for event in play_random(rules, session.state, seed=3).events[:5]:
            session.submit(event)
    path = journal_path(tmp_path)
    damaged = bytearray(path.read_bytes())
    damaged[:100] = b"\x13" * 100  # the SQLite header: no longer a database
    path.write_bytes(bytes(damaged))
    with limited_server(tmp_path, tmp_path / "web.log") as server:
        for language, word in (("en", "damaged"), ("fr", "endommagé"), ("en", "damaged")):
            reader = EventReader(server.port, language)
            assert reader.answer.status == 200
            name, data = reader.next_event() or ("", "")
            assert name == "unreadable" and word in json.loads(data)["error"]
            assert reader.next_event() is None  # the stream ended after its one event
            reader.close()
        log = server.log_text()
        assert log.count("\n") == 1 and "journal cannot be read" in log, log
        assert "Traceback" not in log


def test_limits_out_of_bounds_are_refused_in_one_line(tmp_path: Path) -> None:
    for option, value in (("--max-streams", "0"), ("--max-connections", "1000001"),
                          ("--idle-timeout", "0"), ("--header-timeout", "0.1"),
                          ("--header-timeout", "nan")):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "web", "--state-dir", str(tmp_path),
             "--port", "0", option, value],
            capture_output=True, text=True, timeout=DEADLINE)
        assert done.returncode == 2, (option, done.stderr)
        assert done.stderr.count("\n") == 1 and option in done.stderr, done.stderr


def test_shedding_keeps_a_listener_reachable_without_descriptors(tmp_path: Path) -> None:
    """The listening socket alone, in a process left with no descriptor to spare: waiting
    connections are closed at once, the log gets one line, and once descriptors are back
    a connection is served."""
    probe = tmp_path / "probe.py"
    probe.write_text(SHEDDING_PROBE, encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(probe)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline())
        held = [connect(port) for _ in range(HELD)]
        for connection in held:
            assert connection.recv(16) == b"hello\n"
        # The probe took every descriptor left after the 8th: these find none.
        for _ in range(SHED):
            connection = connect(port)
            assert answer_or_close(connection) == b""
            connection.close()
        for connection in held:
            connection.close()
        assert process.stdout.readline().strip() == "released"
        served = connect(port)
        assert served.recv(16) == b"hello\n"
        served.close()
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=DEADLINE)
    assert errors.count("out of file descriptors") == 1, errors
    assert "Traceback" not in errors


HELD, SHED = 8, 30
SHEDDING_PROBE = f"""
import asyncio, logging, os, socket
from companion.web import log_limit
from companion.web.listener import SheddingListener

logging.basicConfig(level=logging.WARNING)
log_limit.limit()
held, hog = [], []

class Hello(asyncio.Protocol):
    def connection_made(self, transport):
        transport.write(b"hello\\n")
        held.append(transport)
        if len(held) == {HELD}:
            fill()

    def eof_received(self):
        return False  # the transport closes

def fill():
    # Every descriptor left is taken: the next connections find none.
    while True:
        try:
            hog.append(os.open(os.devnull, os.O_RDONLY))
        except OSError:
            break
    watch()

def watch():
    # Descriptors come back once the test has seen {SHED} connections shed and closed ours.
    if listener.shed >= {SHED} and all(t.is_closing() for t in held[:{HELD}]):
        for fd in hog:
            os.close(fd)
        print("released", flush=True)
        return
    asyncio.get_running_loop().call_later(0.02, watch)

async def main():
    global listener
    listener = SheddingListener(socket.create_server(("127.0.0.1", 0)))
    print(listener.getsockname()[1], flush=True)
    await asyncio.get_running_loop().create_server(Hello, sock=listener, backlog=16)
    await asyncio.Event().wait()

asyncio.run(main())
"""
