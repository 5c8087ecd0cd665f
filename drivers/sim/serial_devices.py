"""Simulated serial tag readers on a pseudo-terminal: the driver opens the pty's slave path
through pyserial exactly as it would open /dev/serial0, and the simulator writes what the
reader would send on the master side.

While a tag is present the simulated RDM6300 repeats its frame every 50 ms; with no tag its
thread sleeps on an Event. Writes to the master are non-blocking, so a driver that stops
reading can never wedge the simulator.
"""

from __future__ import annotations

import os
import threading
import tty
from collections.abc import Callable

from drivers.rfid import iso14443 as picc
from drivers.uart import rdm6300


class PtyPair:
    """A raw pseudo-terminal; `path` is the end a driver opens."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.closed = False

    def write(self, data: bytes) -> int:
        if self.closed:
            return 0  # the descriptor numbers may already belong to another file
        try:
            return os.write(self.master, data)
        except OSError:
            return 0  # nobody reading and the buffer is full

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for fd in (self.master, self.slave):
            os.close(fd)


class SimulatedSerialReader:
    """A tag reader behind a pty. `encode(uid)` gives the bytes sent for a tag; they are sent
    when it is placed and then every `repeat_interval` seconds (None: once per placement)."""

    def __init__(self, encode: Callable[[str], bytes], repeat_interval: float | None) -> None:
        self._encode = encode
        self._repeat_interval = repeat_interval
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closed = False
        self._uid: str | None = None
        self._sent_once = False
        self._pty = PtyPair()
        self._timers: list[threading.Timer] = []
        self.frames_sent = 0
        self._thread = threading.Thread(target=self._run, name="sim-serial-reader", daemon=True)
        self._thread.start()

    @property
    def port(self) -> str:
        """The device path a driver opens; it changes after `unplug()` / `plug()`."""
        with self._lock:
            return self._pty.path

    def place(self, uid: str) -> None:
        self._encode(uid)  # reject a malformed UID in the caller's thread
        with self._lock:
            self._uid = uid
            self._sent_once = False
        self._wake.set()

    def remove(self, uid: str | None = None) -> None:
        with self._lock:
            if uid is None or uid == self._uid:
                self._uid = None
        self._wake.set()

    def tap(self, uid: str, seconds: float = 0.3) -> None:
        """Place a tag now and take it away after `seconds`, without blocking the caller."""
        self.place(uid)
        timer = threading.Timer(seconds, self.remove, args=(uid,))
        timer.daemon = True
        with self._lock:
            self._timers = [t for t in self._timers if t.is_alive()] + [timer]
        timer.start()

    def present(self) -> tuple[str, ...]:
        with self._lock:
            return () if self._uid is None else (self._uid,)

    def write_raw(self, data: bytes) -> None:
        """Send arbitrary bytes (noise, broken frames) to the driver."""
        with self._lock:
            self._pty.write(data)

    def unplug(self) -> None:
        """The adapter disappears: the driver's next read fails."""
        with self._lock:
            self._pty.close()

    def plug(self) -> None:
        """A new adapter appears, at a new path (read `port` again)."""
        with self._lock:
            self._pty.close()
            self._pty = PtyPair()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            timers, self._timers = self._timers, []
        for timer in timers:
            timer.cancel()
        self._wake.set()
        self._thread.join(timeout=5)
        with self._lock:
            self._pty.close()

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                uid = self._uid
                due = uid is not None and (self._repeat_interval is not None or not self._sent_once)
                if due and uid is not None:
                    self._pty.write(self._encode(uid))
                    self._sent_once = True
                    self.frames_sent += 1
                repeating = uid is not None and self._repeat_interval is not None
            # Sleep until the next repeat, or until something changes when there is nothing to do.
            self._wake.wait(self._repeat_interval if repeating else None)
            self._wake.clear()


class SimulatedRdm6300(SimulatedSerialReader):
    """An RDM6300 module: a 14-byte frame every 50 ms while a tag (10 hex digits) is present."""

    def __init__(self, repeat_interval: float = 0.05) -> None:
        super().__init__(rdm6300.encode_frame, repeat_interval)


def _line(uid: str) -> bytes:
    return (picc.uid_hex(picc.parse_uid(uid)) + "\r\n").encode("ascii")


class SimulatedLineReader(SimulatedSerialReader):
    """A USB or Arduino reader printing "DEADBEEF\\r\\n", repeated while the tag is present."""

    def __init__(self, repeat_interval: float | None = 0.2,
                 encode: Callable[[str], bytes] = _line) -> None:
        super().__init__(encode, repeat_interval)
