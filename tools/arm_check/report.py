"""Phases with their time, and the failure that stops an architecture's run."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

_print_lock = threading.Lock()


def say(text: str) -> None:
    """Print one line at once, so that two architectures run side by side stay readable."""
    with _print_lock:
        print(text, flush=True)


class CheckFailed(Exception):
    """A phase failed: the message says what, and where its log is."""


@dataclass
class PhaseResult:
    name: str
    seconds: float
    ok: bool
    detail: str


@dataclass
class Run:
    """One architecture's run: its phases in order, each timed, and its facts for the report."""

    arch: str
    out: Callable[[str], None] = say
    phases: list[PhaseResult] = field(default_factory=list)
    facts: list[tuple[str, str]] = field(default_factory=list)

    @contextmanager
    def phase(self, name: str) -> Iterator[list[str]]:
        """Time the block; a CheckFailed (or any error) inside marks the phase failed.

        The block may append one line of detail to the list it is given.
        """
        detail: list[str] = []
        self.out(f"[{self.arch}] {name} ...")
        start = time.monotonic()
        try:
            yield detail
        except BaseException as error:
            took = time.monotonic() - start
            message = str(error) if isinstance(error, CheckFailed) else repr(error)
            self.phases.append(PhaseResult(name, took, False, message))
            self.out(f"[{self.arch}] {name}: FAILED after {took:.0f} s: {message}")
            raise
        took = time.monotonic() - start
        self.phases.append(PhaseResult(name, took, True, "; ".join(detail)))
        suffix = f": {'; '.join(detail)}" if detail else ""
        self.out(f"[{self.arch}] {name}: ok in {took:.0f} s{suffix}")

    def fact(self, label: str, value: str) -> None:
        self.facts.append((label, value))

    @property
    def failed(self) -> PhaseResult | None:
        return next((phase for phase in self.phases if not phase.ok), None)

    @property
    def seconds(self) -> float:
        return sum(phase.seconds for phase in self.phases)


def table(runs: list[Run]) -> str:
    """The phases of every run with their times, as aligned text."""
    rows = [("arch", "phase", "time", "result")]
    for run in runs:
        for phase in run.phases:
            rows.append((run.arch, phase.name, _duration(phase.seconds),
                         "ok" if phase.ok else "FAILED"))
        rows.append((run.arch, "total", _duration(run.seconds), ""))
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
                     for row in rows)


def _duration(seconds: float) -> str:
    """`75` -> `1 min 15 s`."""
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s" if whole >= 60 else f"{whole} s"
