"""The idle loop: it sleeps until the next thing due (a notice's end, the panel's rest, the
watchdog), for ever when nothing is, and a stop wakes it at once."""

from __future__ import annotations

import queue
import threading
import time
from typing import Any

from companion.screens.model import Screen
from companion.table.loop import TableLoop
from companion.table.panel_rest import PanelRest, Rest


class Front:
    """An app with nothing to do: no notice to end, one screen."""

    next_app: Any = None
    faults: dict[str, str] = {}

    def __init__(self) -> None:
        self.settled = threading.Event()

    def settle(self) -> None:
        """Called by the loop just before it waits for an event, without looking at the stop
        again in between."""
        self.settled.set()

    def handle(self, item: Any) -> None:
        raise AssertionError("no input was sent")

    def screen(self) -> Screen:
        return Screen(title="Idle")

    def fault(self, device: str, message: str | None) -> None:
        pass

    def expires_at(self) -> float | None:
        return None


class Panel:
    def show(self, image: object) -> bool:
        return True


def test_a_stop_wakes_a_loop_asleep_with_nothing_due() -> None:
    # Nothing due: were the stop not to wake it, the test would wait for ever.
    front = Front()
    table_loop = TableLoop(front, Panel(), render=lambda screen: screen)  # type: ignore[arg-type]
    events: queue.Queue[Any] = queue.Queue()
    stop = threading.Event()
    runner = threading.Thread(target=table_loop.run, args=(events, stop))
    runner.start()
    front.settled.wait()  # from here the loop goes to sleep whatever the stop says
    stop.set()
    runner.join()
    assert table_loop.inputs_handled == 0  # the wake-up is not an input
    assert events.empty()


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


class Notice(Front):
    def __init__(self, until: float | None) -> None:
        super().__init__()
        self.until = until

    def expires_at(self) -> float | None:
        return self.until


class Contrast:
    def set_contrast(self, level: int) -> None:
        pass

    def set_panel_on(self, on: bool) -> None:
        pass


def test_the_loop_waits_until_the_first_thing_due() -> None:
    clock = Clock()
    front = Notice(None)
    rest = PanelRest(Contrast(), clock, dim_after=120, off_after=600)
    table_loop = TableLoop(front, Panel(), render=lambda screen: screen, clock=clock,
                           rest=rest, watchdog=lambda: clock.now + 5)
    assert table_loop._wait() == 120  # the watchdog has not been called yet
    table_loop._watchdog_due = table_loop.watchdog()  # type: ignore[misc]
    assert table_loop._wait() == 5
    front.until = clock.now + 2
    assert table_loop._wait() == 2
    front.until = clock.now - 1  # overdue: at once
    assert table_loop._wait() == 0


def test_with_nothing_due_the_loop_waits_for_an_event() -> None:
    clock = Clock()
    rest = PanelRest(Contrast(), clock, dim_after=0, off_after=0)
    table_loop = TableLoop(Front(), Panel(), render=lambda screen: screen, clock=clock,
                           rest=rest, watchdog=lambda: None)
    table_loop._watchdog_due = None
    assert table_loop._wait() is None
    assert TableLoop(Front(), Panel(), render=lambda screen: screen)._wait() is None


def test_an_idle_loop_wakes_by_itself_to_rest_the_panel_and_ping() -> None:
    """No event comes: the loop wakes at the panel's dimming time, then for each ping."""
    dimmed = threading.Event()
    pinged = threading.Event()
    pings: list[float] = []

    def ping() -> float:
        pings.append(time.monotonic())
        if len(pings) >= 3:
            pinged.set()
        return pings[-1] + 0.01

    rest = PanelRest(Contrast(), time.monotonic, dim_after=0.01, off_after=0,
                     on_change=lambda state: dimmed.set() if state is Rest.DIMMED else None)
    table_loop = TableLoop(Front(), Panel(), render=lambda screen: screen, rest=rest,
                           watchdog=ping)
    events: queue.Queue[Any] = queue.Queue()
    stop = threading.Event()
    runner = threading.Thread(target=table_loop.run, args=(events, stop))
    runner.start()
    dimmed.wait()
    pinged.wait()
    stop.set()
    runner.join()
    assert rest.state is Rest.DIMMED and table_loop.inputs_handled == 0


def test_an_end_the_last_frame_already_passed_does_not_make_the_loop_spin() -> None:
    # A question asked over a notice keeps the notice's end in the past until answered.
    clock = Clock()
    front = Notice(clock.now + 2)
    table_loop = TableLoop(front, Panel(), render=lambda screen: screen, clock=clock)
    table_loop.refresh()
    assert table_loop._wait() == 2
    clock.now += 3
    assert table_loop._wait() == 0  # due, and not built since: at once
    table_loop.refresh()
    assert table_loop._wait() is None
