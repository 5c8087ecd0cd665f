"""Living under systemd: readiness and watchdog notifications, and a clean stop on SIGTERM.

`notify` speaks the sd_notify protocol without any package: one datagram on the AF_UNIX socket
named by $NOTIFY_SOCKET (a leading "@" means the abstract namespace). Outside systemd the
variable is unset and every call does nothing, so the same loop runs on a desktop.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Mapping
from types import FrameType

log = logging.getLogger(__name__)


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send `message` ("READY=1", "WATCHDOG=1", ...) to systemd; False when not under systemd
    or when the datagram could not be sent (the error is logged, never raised)."""
    env = os.environ if environ is None else environ
    address = env.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        log.warning("NOTIFY_SOCKET=%s is not an AF_UNIX socket path; not notifying", address)
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto(message.encode("utf-8"), address)
    except OSError as error:
        # A lost WATCHDOG=1 ends in a restart by systemd; crashing the game here would not help.
        log.warning("sd_notify %r to %s failed: %s", message, env["NOTIFY_SOCKET"], error)
        return False
    return True


def ready(status: str | None = None) -> None:
    """Tell systemd the companion is up (Type=notify waits for this)."""
    notify("READY=1" if status is None else f"READY=1\nSTATUS={status}")


def watchdog_ping() -> None:
    """Tell systemd the loop is alive; send it every `watchdog_interval()` seconds."""
    notify("WATCHDOG=1")


def stopping() -> None:
    """Tell systemd the companion is shutting down on purpose."""
    notify("STOPPING=1")


def reloading() -> None:
    """Tell systemd the configuration is being reloaded; send `ready()` when done."""
    # MONOTONIC_USEC lets systemd 253+ (Type=notify-reload) match this message to the reload.
    notify(f"RELOADING=1\nMONOTONIC_USEC={time.monotonic_ns() // 1000}")


def status(text: str) -> None:
    """A one-line status shown by `systemctl status`."""
    notify(f"STATUS={text}")


def watchdog_interval(environ: Mapping[str, str] | None = None,
                      pid: int | None = None) -> float | None:
    """Seconds between two WATCHDOG=1 pings: half of systemd's WatchdogSec, as sd_notify
    advises. None when there is no watchdog, or when it is meant for another process
    (WATCHDOG_PID names a different pid)."""
    env = os.environ if environ is None else environ
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    owner = env.get("WATCHDOG_PID")
    if owner:
        try:
            if int(owner) != (os.getpid() if pid is None else pid):
                return None
        except ValueError:
            return None
    return usec / 2_000_000


class Heartbeat:
    """Pings the watchdog when due; call `beat()` on every turn of the loop.

    The ping must come from the loop itself, not from a thread of its own: a stuck loop then
    stops pinging and systemd restarts the companion.
    """

    def __init__(self, interval: float | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 ping: Callable[[], object] = watchdog_ping) -> None:
        self.interval = watchdog_interval() if interval is None else interval
        self._clock = clock
        self._ping = ping
        self._last: float | None = None

    def beat(self) -> float | None:
        """Ping if the interval has passed since the last ping; when the next ping is due
        (None: there is no watchdog)."""
        if not self.interval:
            return None
        now = self._clock()
        if self._last is None or now - self._last >= self.interval:
            self._last = now
            self._ping()
        return self._last + self.interval

    def timeout(self, default: float) -> float:
        """How long the loop may block waiting for input and still ping in time."""
        return min(default, self.interval) if self.interval else default


def install_signal_handlers(stop: threading.Event,
                            reload: threading.Event | None = None) -> Callable[[], None]:
    """Make SIGTERM and SIGINT set `stop`, so the loop ends normally: the display is cleared,
    the journal closed and atexit handlers run (a default SIGTERM would skip all of that).

    A second SIGINT while stopping raises KeyboardInterrupt, to break out of a stuck cleanup
    at a terminal. SIGHUP sets `reload` when given. Call from the main thread; returns a
    function that puts the previous handlers back.

    A handler runs in the main thread between two bytecodes, maybe inside `stop.wait()` with
    the event's lock held: setting the event there would wait for ever on that lock. So the
    handler only writes the signal's number to a pipe, which takes no lock, and a thread of
    its own sets the events.
    """
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    stopping = False

    def on_signal(number: int, frame: FrameType | None) -> None:
        nonlocal stopping
        if number == signal.SIGINT and (stopping or stop.is_set()):  # is_set takes no lock
            raise KeyboardInterrupt
        stopping = stopping or number != signal.SIGHUP
        with contextlib.suppress(BlockingIOError):  # full: the thread has signals to read
            os.write(write_end, bytes((number,)))

    def set_events() -> None:
        while data := os.read(read_end, 64):  # empty once `restore` closes the pipe
            for number in data:
                if number == signal.SIGHUP:
                    assert reload is not None
                    reload.set()
                else:
                    stop.set()

    numbers = [signal.SIGTERM, signal.SIGINT] + ([signal.SIGHUP] if reload is not None else [])
    reader = threading.Thread(target=set_events, name="signals", daemon=True)
    reader.start()
    previous = {number: signal.signal(number, on_signal) for number in numbers}

    def restore() -> None:
        for number, handler in previous.items():
            signal.signal(number, handler)
        os.close(write_end)  # what was written is still read, then the thread ends
        reader.join()
        os.close(read_end)

    return restore
