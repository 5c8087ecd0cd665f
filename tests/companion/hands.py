"""A player's hands on a table's simulated devices, for the end-to-end tests."""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.demo import DEMO_DRIVERS, demo_deck, enroll_deck
from companion.screens.model import Style
from companion.table import Table, open_table


@contextmanager
def simulated_table(tmp_path: Path, game: str, names: tuple[str, ...],
                    language: str) -> Iterator[Table]:
    """A table on the demo's simulated devices with a full box of tags enrolled."""
    opened = open_table(state_dir=tmp_path, game=game, players=names, language=language,
                        driver_config=DEMO_DRIVERS)
    enroll_deck(opened.registry, game, demo_deck(game))
    try:
        yield opened
    finally:
        opened.close()


class Hands:
    """Taps and presses through the simulated reader and buttons, waiting for each answer.

    The test's own thread runs the loop, so it owns the journal as the service's loop does.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.deck = demo_deck(table.app.session.rules.id)
        self.last_tap: str | None = None

    def pump(self, inputs: int) -> None:
        """Run the loop until it has handled `inputs` more player inputs."""
        loop = self.table.loop
        goal = loop.inputs_handled + inputs
        deadline = time.monotonic() + 10
        while loop.inputs_handled < goal and time.monotonic() < deadline:
            try:
                event = self.table.events.get(timeout=0.05)
            except queue.Empty:
                continue
            loop.step(event)
        assert loop.inputs_handled >= goal, "the table did not answer"

    def press(self, button: str) -> None:
        sim = self.table.drivers.sim.buttons
        assert sim is not None
        sim.click(button)
        self.pump(1)
        time.sleep(0.02)  # the release, past the debounce window
        while not self.table.events.empty():
            self.table.loop.step(self.table.events.get())

    def hold_back(self) -> None:
        sim = self.table.drivers.sim.buttons
        assert sim is not None
        sim.hold("back")
        self.pump(1)

    def tap(self, uid: str) -> None:
        reader = self.table.drivers.sim.reader
        assert reader is not None
        if uid == self.last_tap:  # the reader reports a removal only after a short silence
            time.sleep(self.table.drivers.settings.reader.removal_after + 0.1)
        self.last_tap = uid
        reader.place(uid)
        self.pump(1)
        reader.remove(uid)

    def tap_card(self, kind: str, value: str = "") -> None:
        """Tap the first tag of the demo's box for that card."""
        self.tap(self.deck.uids[(kind, value)][0])

    def screen(self) -> tuple[str, Style]:
        screen = self.table.app.screen()
        return screen.title, screen.style
