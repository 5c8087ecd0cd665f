"""Fault episodes and retry back-off shared by the readers and the display.

A device that fails at run time is reported once per episode (a DriverFault event and one
warning in the log), retried with a doubling delay, and announced with DriverRecovered when it
works again. Nothing here raises: a broken device must never take the process down.
"""

from __future__ import annotations

import logging
import threading

from drivers.events import DriverFault, DriverRecovered, EventSink


class Backoff:
    """Delays of `initial` seconds doubling up to `maximum`."""

    def __init__(self, initial: float = 0.1, maximum: float = 1.5) -> None:
        if not 0 < initial <= maximum:
            raise ValueError("need 0 < initial <= maximum")
        self.initial = initial
        self.maximum = maximum
        self._next = initial

    def next_delay(self) -> float:
        delay = self._next
        self._next = min(self._next * 2, self.maximum)
        return delay

    def reset(self) -> None:
        self._next = self.initial


class FaultReporter:
    """Reports the start and end of a fault episode, once each. Thread-safe."""

    def __init__(self, events: EventSink, device: str, logger: logging.Logger) -> None:
        self._events = events
        self.device = device
        self._logger = logger
        self._lock = threading.Lock()
        self._faulted = False
        self.episodes = 0

    @property
    def faulted(self) -> bool:
        return self._faulted

    def fault(self, message: str) -> None:
        """Record a failure; only the first of an episode produces an event and a warning."""
        with self._lock:
            if self._faulted:
                self._logger.debug("%s still failing: %s", self.device, message)
                return
            self._faulted = True
            self.episodes += 1
        self._logger.warning("%s failed: %s", self.device, message)
        self._events.put(DriverFault(self.device, message))

    def recovered(self) -> None:
        """Record success; ends the episode if one was open."""
        if not self._faulted:
            return  # the usual case, after every poll: no lock taken
        with self._lock:
            if not self._faulted:
                return
            self._faulted = False
        self._logger.info("%s works again", self.device)
        self._events.put(DriverRecovered(self.device))


class StopSignal:
    """A stop flag a thread waits on through a back-off, like `threading.Event` but cheaper
    to wait on: `wait` is one lock acquisition with a timeout, where an Event's builds a
    condition and a waiter lock on every call. (Between two polls the reader sleeps instead:
    a plain sleep is cheaper still, and a stop then waits one poll.) Thread-safe; `set`
    wakes every waiter at once."""

    def __init__(self) -> None:
        self._gate = threading.Lock()
        self._gate.acquire()  # held until `set`: waiters block on it
        self._set = False
        self._setting = threading.Lock()

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        with self._setting:
            if self._set:
                return
            self._set = True
            self._gate.release()

    def wait(self, timeout: float) -> bool:
        """Sleep up to `timeout` seconds or until `set`; True when set."""
        if self._set:
            return True
        if self._gate.acquire(timeout=max(0.0, timeout)):
            self._gate.release()  # open for every other waiter too
            return True
        return self._set
