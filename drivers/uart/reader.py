"""A tag reader on a serial port: one thread doing blocking reads with a timeout (no busy
loop), a frame parser, presence by silence, and reconnection with back-off when the port goes
away. pyserial is imported when a port is opened.

The reader streams: a tag's frame ends a blocking read at once, so the read timeout only
paces the presence check (a removal is the silence after the last frame). `rest(factor)`
lengthens that timeout, so a reader left alone wakes `factor` times less often; a tag laid on
it is still heard at once, and its removal is only reported later.

serial.threaded.ReaderThread is not used: it stops for good on the first error and only calls
back when bytes arrive, while presence needs a tick during silence and a lost USB adapter
needs reopening.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from drivers.errors import DeviceIOError, DriverError, translate_os_error
from drivers.events import EventSink
from drivers.presence import PresenceTracker
from drivers.supervision import Backoff, FaultReporter

logger = logging.getLogger(__name__)

MISSING_HINT = (
    "the cable and the port name (ls -l /dev/serial0 /dev/ttyUSB* /dev/ttyACM*); for the Pi's "
    "own UART, enable_uart=1 in /boot/firmware/config.txt and no serial console on it"
)
PERMISSION_HINT = "that the service user is in the group dialout"
FAILURE_HINT = "the cable, the reader's 5 V supply and that no other program uses the port"


class FrameParser(Protocol):
    partial_gap: float
    counts: dict[str, int]

    @property
    def pending(self) -> bool: ...

    def feed(self, data: bytes) -> list[str]: ...

    def drop_partial(self) -> None: ...


class SerialPort(Protocol):
    #: The read timeout in seconds (pyserial's setter applies it to the open port).
    timeout: float | None

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def close(self) -> None: ...


PortOpener = Callable[[], SerialPort]


def port_label(path: str) -> str:
    return f"tag reader on {path}"


def open_serial_port(path: str, baudrate: int, *, timeout: float = 0.1) -> SerialPort:
    """Open `path` 8N1 with a read timeout; errors name the port and what to check."""
    import serial

    label = port_label(path)
    try:
        port: SerialPort = serial.serial_for_url(
            path, baudrate=baudrate, bytesize=8, parity="N", stopbits=1, timeout=timeout
        )
    except OSError as exc:  # serial.SerialException carries the errno of the failed open
        raise translate_os_error(
            exc, label, missing=MISSING_HINT, permission=PERMISSION_HINT, failure=FAILURE_HINT
        ) from exc
    return port


class SerialCardReader:
    """Reads tags from a serial reader in a background thread and puts events on `events`."""

    def __init__(
        self,
        events: EventSink,
        open_port: PortOpener,
        parser: FrameParser,
        *,
        name: str = "reader",
        label: str = "tag reader",
        removal_after: float = 0.2,
        backoff: Backoff | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self.label = label
        self._events = events
        self._open_port = open_port
        self._parser = parser
        self._presence = PresenceTracker(name, removal_after)
        self._backoff = backoff or Backoff()
        self._clock = clock
        self._reporter = FaultReporter(events, name, logger)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._port: SerialPort | None = None
        self._last_byte_at = 0.0
        self._slowdown = 1.0
        self._read_timeout: float | None = None  # the port's own, as opened

    def rest(self, factor: float) -> None:
        """Wait `factor` times longer for bytes before checking presence (1: as opened),
        from the next read on. Thread-safe."""
        if not factor >= 1:
            raise ValueError(f"a reader rests by a factor of 1 or more, not {factor!r}")
        self._slowdown = float(factor)

    def start(self, *, require_device: bool = True) -> None:
        """Open the port and start reading. With `require_device`, failure raises a DriverError
        now; without, it is reported as a fault and retried."""
        if self._thread is not None:
            return
        try:
            self._connect()
        except DriverError as exc:
            if require_device:
                raise
            self._reporter.fault(str(exc))
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-serial", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            port = self._port
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            cancel()  # wake the blocking read now rather than at its timeout
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._disconnect()

    @property
    def faulted(self) -> bool:
        return self._reporter.faulted

    def counters(self) -> dict[str, int]:
        with self._lock:
            return {**self._parser.counts, "faults": self._reporter.episodes}

    def _connect(self) -> None:
        port = self._open_port()
        path = getattr(port, "port", None)  # pyserial keeps the path it opened
        with self._lock:
            self._port = port
            self._read_timeout = port.timeout
            if isinstance(path, str):
                self.label = port_label(path)

    def _disconnect(self) -> None:
        with self._lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except OSError:
                logger.debug("closing %s failed", self.label, exc_info=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self._port is None:
                    self._connect()
                data = self._read()
            except DriverError as exc:
                self._fail(str(exc))
                continue
            except OSError as exc:  # serial.SerialException: the port went away
                self._fail(str(DeviceIOError(self.label, f"read failed ({exc})", FAILURE_HINT)))
                continue
            except Exception as exc:  # whatever breaks, the thread must live on and retry
                logger.exception("%s: unexpected error", self.label)
                self._fail(str(DeviceIOError(self.label, f"unexpected error ({exc!r})",
                                             FAILURE_HINT)))
                continue
            self._reporter.recovered()
            self._backoff.reset()
            self._handle(data, self._clock())

    def _read(self) -> bytes:
        port = self._port
        assert port is not None
        if self._read_timeout is not None:
            wanted = self._read_timeout * self._slowdown
            if port.timeout != wanted:
                port.timeout = wanted
        return port.read(max(1, port.in_waiting))

    def _handle(self, data: bytes, now: float) -> None:
        with self._lock:
            if data:
                self._last_byte_at = now
                uids = self._parser.feed(data)
            else:
                uids = []
                if self._parser.pending and now - self._last_byte_at > self._parser.partial_gap:
                    self._parser.drop_partial()
        for uid in uids:
            for event in self._presence.seen(uid, now):
                self._events.put(event)
        for event in self._presence.expire(now):
            self._events.put(event)

    def _fail(self, message: str) -> None:
        self._reporter.fault(message)
        self._disconnect()
        with self._lock:
            self._parser.drop_partial()
        for event in self._presence.expire(self._clock()):
            self._events.put(event)
        self._stop.wait(self._backoff.next_delay())
