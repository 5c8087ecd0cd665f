"""The stop signal the reader sleeps on between polls, and the fault reporter's quiet path."""

from __future__ import annotations

import logging
import queue
import threading

from drivers.events import DriverFault, DriverRecovered
from drivers.supervision import FaultReporter, StopSignal


def test_stop_signal_times_out_unset_and_answers_at_once_once_set() -> None:
    stop = StopSignal()
    assert not stop.is_set()
    assert stop.wait(0) is False
    assert stop.wait(0.001) is False
    stop.set()
    stop.set()  # twice is harmless
    assert stop.is_set()
    assert stop.wait(0) is True
    assert stop.wait(3600) is True  # returns at once: already set


def test_setting_the_stop_signal_wakes_every_waiter() -> None:
    stop = StopSignal()
    woke: queue.Queue[bool] = queue.Queue()
    started = threading.Barrier(4)

    def waiter() -> None:
        started.wait()
        woke.put(stop.wait(3600))

    threads = [threading.Thread(target=waiter) for _ in range(3)]
    for thread in threads:
        thread.start()
    started.wait()
    stop.set()
    for thread in threads:
        thread.join()
    assert [woke.get_nowait() for _ in threads] == [True, True, True]


def test_recovered_without_a_fault_reports_nothing_and_after_one_reports_once() -> None:
    events: queue.Queue[object] = queue.Queue()
    reporter = FaultReporter(events, "reader", logging.getLogger("test"))
    reporter.recovered()
    assert events.empty()
    reporter.fault("gone")
    reporter.recovered()
    reporter.recovered()
    assert [type(events.get_nowait()) for _ in range(events.qsize())] == [DriverFault,
                                                                          DriverRecovered]
