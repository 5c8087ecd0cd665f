"""sd_notify over a real AF_UNIX datagram socket, the watchdog period, and a clean SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table import service
from tests.children import CHILD_DEADLINE_SECONDS, ChildLines

ROOT = Path(__file__).parents[2]


@pytest.fixture
def notify_socket(monkeypatch: pytest.MonkeyPatch) -> Iterator[socket.socket]:
    """A datagram socket bound to a file, named in $NOTIFY_SOCKET as systemd does."""
    # A short folder: an AF_UNIX path is limited to 107 bytes.
    with tempfile.TemporaryDirectory(prefix="sdn") as folder:
        path = os.path.join(folder, "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
            server.bind(path)
            monkeypatch.setenv("NOTIFY_SOCKET", path)
            yield server


@pytest.fixture
def abstract_socket(monkeypatch: pytest.MonkeyPatch) -> Iterator[socket.socket]:
    """The same in the abstract namespace: "@name" in the variable, "\\0name" to bind."""
    name = f"companion-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind("\0" + name)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        yield server


def received(server: socket.socket) -> str:
    return server.recv(4096).decode("utf-8")


def test_ready_and_watchdog_reach_a_socket_file(notify_socket: socket.socket) -> None:
    service.ready()
    assert received(notify_socket) == "READY=1"
    service.watchdog_ping()
    assert received(notify_socket) == "WATCHDOG=1"
    assert service.notify("STATUS=dealing")
    assert received(notify_socket) == "STATUS=dealing"


def test_every_message_reaches_an_abstract_socket(abstract_socket: socket.socket) -> None:
    service.ready("table ready")
    assert received(abstract_socket) == "READY=1\nSTATUS=table ready"
    service.watchdog_ping()
    assert received(abstract_socket) == "WATCHDOG=1"
    service.status("Freight Train, day 2")
    assert received(abstract_socket) == "STATUS=Freight Train, day 2"
    service.stopping()
    assert received(abstract_socket) == "STOPPING=1"
    service.reloading()
    lines = received(abstract_socket).split("\n")
    assert lines[0] == "RELOADING=1" and lines[1].startswith("MONOTONIC_USEC=")


def test_nothing_happens_outside_systemd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert not service.notify("READY=1")
    service.ready()
    service.watchdog_ping()
    assert not service.notify("READY=1", environ={"NOTIFY_SOCKET": ""})


def test_a_missing_socket_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    with tempfile.TemporaryDirectory(prefix="sdn") as folder:
        environ = {"NOTIFY_SOCKET": os.path.join(folder, "gone")}
        assert not service.notify("WATCHDOG=1", environ=environ)
    assert "failed" in caplog.text


def test_an_address_that_is_not_a_unix_socket_is_ignored() -> None:
    assert not service.notify("READY=1", environ={"NOTIFY_SOCKET": "vsock:2:1234"})


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, None),
    ({"WATCHDOG_USEC": "10000000"}, 5.0),
    ({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "4242"}, 5.0),
    ({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "4243"}, None),
    ({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "who"}, None),
    ({"WATCHDOG_USEC": "0"}, None),
    ({"WATCHDOG_USEC": "-5"}, None),
    ({"WATCHDOG_USEC": "ten"}, None),
])  # fmt: skip
def test_the_watchdog_is_pinged_at_half_its_period(environ: dict[str, str],
                                                    expected: float | None) -> None:
    assert service.watchdog_interval(environ, pid=4242) == expected


def test_the_watchdog_pid_defaults_to_this_process() -> None:
    environ = {"WATCHDOG_USEC": "3000000", "WATCHDOG_PID": str(os.getpid())}
    assert service.watchdog_interval(environ) == 1.5


def test_the_heartbeat_pings_once_per_interval() -> None:
    now = [100.0]
    pings: list[float] = []

    def ping() -> None:
        pings.append(now[0])

    heartbeat = service.Heartbeat(5.0, clock=lambda: now[0], ping=ping)
    due = []
    for moment in (100.0, 102.0, 104.9, 105.0, 106.0, 111.0):
        now[0] = moment
        due.append(heartbeat.beat())
    assert pings == [100.0, 105.0, 111.0]
    # When the loop is to call again, so that it need not wake before.
    assert due == [105.0, 105.0, 105.0, 110.0, 110.0, 116.0]
    assert heartbeat.timeout(30.0) == 5.0


def test_without_a_watchdog_the_heartbeat_is_silent() -> None:
    pings: list[int] = []
    heartbeat = service.Heartbeat(0, ping=lambda: pings.append(1))
    assert heartbeat.beat() is None
    assert pings == [] and heartbeat.timeout(30.0) == 30.0


# --- Signals -----------------------------------------------------------------------------------

CHILD = textwrap.dedent("""
    import atexit, os, signal, sys, threading
    from companion.table.service import install_signal_handlers

    stop, reload = threading.Event(), threading.Event()
    install_signal_handlers(stop, reload)
    # luma clears the panel from an atexit handler: it must run on SIGTERM too.
    atexit.register(lambda: print("atexit: panel cleared", flush=True))
    print("ready", flush=True)
    # Like the companion's loop: wait for input a little, then look at the events again.
    while not stop.wait(0.05):
        if reload.is_set():
            reload.clear()
            print("reloaded", flush=True)
    print("loop ended: journal closed", flush=True)
""")


def start_child() -> ChildLines:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                             cwd=ROOT, env=env)
    lines = ChildLines(child)
    assert lines.next("ready line") == "ready\n"
    return lines


def finish(lines: ChildLines) -> str:
    """What the child printed until it ended, with a return code of 0."""
    out = lines.finish()
    assert lines.child.returncode == 0, out
    return out


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_ends_the_loop_normally(number: signal.Signals) -> None:
    lines = start_child()
    lines.child.send_signal(number)
    out = finish(lines)
    assert out == "loop ended: journal closed\natexit: panel cleared\n"


def test_sighup_asks_for_a_reload_and_the_loop_goes_on() -> None:
    lines = start_child()
    lines.child.send_signal(signal.SIGHUP)
    assert lines.next("reload") == "reloaded\n"
    lines.child.send_signal(signal.SIGTERM)
    out = finish(lines)
    assert out.endswith("atexit: panel cleared\n")


def test_the_previous_handlers_come_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    restore = service.install_signal_handlers(threading.Event())
    assert signal.getsignal(signal.SIGTERM) is not before
    restore()
    assert signal.getsignal(signal.SIGTERM) is before


def test_the_handler_sets_the_event_in_this_process() -> None:
    stop = threading.Event()
    restore = service.install_signal_handlers(stop)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        # The handler's thread sets the event; a lost signal fails here instead of hanging.
        assert stop.wait(CHILD_DEADLINE_SECONDS)
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)  # a second ^C while stopping
            stop.wait()
    finally:
        restore()


#: A waiting loop whose own thread signals it at random moments, round after round, while two
#: threads keep the interpreter busy and it switches threads as often as it can: a handler that
#: took the stop event's lock would, once in a few hundred signals, find it held by the very
#: `wait()` it interrupted, and never return.
RACE_CHILD = textwrap.dedent("""
    import os, random, signal, sys, threading
    from companion.table.service import install_signal_handlers

    def burn() -> None:
        while True:
            sum(range(1000))

    for _ in range(2):
        threading.Thread(target=burn, daemon=True).start()
    sys.setswitchinterval(0.0001)
    rounds = int(sys.argv[1])
    for round in range(rounds):
        stop = threading.Event()
        restore = install_signal_handlers(stop)
        pause = random.Random(round).random() / 2000

        def signal_soon() -> None:
            threading.Event().wait(pause)
            os.kill(os.getpid(), signal.SIGTERM)

        threading.Thread(target=signal_soon).start()
        while not stop.wait(0):  # inside wait(), its lock held, as often as can be
            pass
        restore()
        print(round, flush=True)
    print("done", flush=True)
""")
RACE_ROUNDS = 500
#: Far beyond what one round takes on a loaded machine (milliseconds): only a hang reaches it.
ROUND_DEADLINE_SECONDS = 120


def test_a_stop_signal_never_hangs_a_waiting_loop() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", RACE_CHILD, str(RACE_ROUNDS)],
                             stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    # Each round is an observed event: a hang fails the round it happened in.
    lines = ChildLines(child, deadline=ROUND_DEADLINE_SECONDS)
    for expected in [*map(str, range(RACE_ROUNDS)), "done"]:
        assert lines.next(f"line {expected} of the signal rounds") == expected + "\n"
    assert lines.finish() == "" and child.returncode == 0
