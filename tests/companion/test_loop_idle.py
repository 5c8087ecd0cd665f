"""The idle loop: it sleeps long when nothing is due, and a stop wakes it at once."""

from __future__ import annotations

import queue
import threading
from typing import Any

import pytest

from companion import loop as loop_module
from companion.loop import TableLoop
from companion.screens.model import Screen


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


def test_a_stop_wakes_a_loop_asleep_on_a_long_idle_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    # An hour between wakes: were the stop not to wake it, the test would wait that long.
    monkeypatch.setattr(loop_module, "IDLE_WAKE", 3600.0)
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
