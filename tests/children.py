"""Waiting on a child process without ever hanging the suite: each wait is for something the
child does (a line printed, its exit), bounded by a deadline far beyond what a loaded machine
needs, after which the child is killed and the test fails instead of waiting for ever."""

from __future__ import annotations

import queue
import subprocess
import threading
from collections.abc import Iterator
from typing import IO

import pytest

#: Far beyond what a child takes on a loaded machine: only a hang reaches it.
CHILD_DEADLINE_SECONDS = 300.0


class ChildLines:
    """The lines of a child's stream, read by a thread of their own so that waiting for the
    next one can have a deadline (a plain readline() would wait for ever on a hung child)."""

    def __init__(self, child: subprocess.Popen[str], stream: IO[str] | None = None,
                 deadline: float = CHILD_DEADLINE_SECONDS) -> None:
        source = stream if stream is not None else child.stdout
        assert source is not None, "start the child with stdout=subprocess.PIPE"
        self.child = child
        self.deadline = deadline
        self._lines: queue.Queue[str] = queue.Queue()

        def read() -> None:
            for line in source:
                self._lines.put(line)
            self._lines.put("")  # the end of the stream

        threading.Thread(target=read, name="child-lines", daemon=True).start()

    def next(self, waiting_for: str = "a line") -> str:
        """The next line; "" once the child closed the stream. Kills the child and fails the
        test when none comes before the deadline."""
        try:
            return self._lines.get(timeout=self.deadline)
        except queue.Empty:
            self.child.kill()
            self.child.wait()
            pytest.fail(f"the child hung: no {waiting_for} within {self.deadline:.0f} s")

    def __iter__(self) -> Iterator[str]:
        while line := self.next():
            yield line

    def finish(self) -> str:
        """Every line left, once the child has exited (within the deadline)."""
        rest = "".join(self)
        try:
            self.child.wait(timeout=self.deadline)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()
            pytest.fail(f"the child hung: it had not exited after {self.deadline:.0f} s")
        return rest


def wait_for_exit(child: subprocess.Popen[str], deadline: float = CHILD_DEADLINE_SECONDS
                  ) -> tuple[str | None, str | None]:
    """What the child still printed (as `communicate`) once it exited; kills it and fails the
    test when it has not exited by the deadline."""
    try:
        return child.communicate(timeout=deadline)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail(f"the child hung: it had not exited after {deadline:.0f} s")
