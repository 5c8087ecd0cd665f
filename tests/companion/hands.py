"""A player's hands on a table's simulated devices, for the end-to-end tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck
from companion.flows.automaton import Deck
from companion.screens.model import Style
from companion.table.build import Table, open_table
from drivers.events import ButtonHeld, ButtonReleased, TagRemoved
from engine.games.freight_train.state import Phase


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
    Every wait is for an event the devices report (a tap, a release, a removal), however long
    a busy machine takes to deliver it: nothing here guesses a delay.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.last_tap: str | None = None
        self.lifted: set[str] = set()

    def step(self) -> object:
        """Wait for the next driver event and let the loop handle it."""
        event = self.table.events.get()
        self.table.loop.step(event)
        if isinstance(event, TagRemoved):
            self.lifted.add(event.uid)
        return event

    def pump(self, inputs: int) -> None:
        """Run the loop until it has handled `inputs` more player inputs."""
        loop = self.table.loop
        goal = loop.inputs_handled + inputs
        while loop.inputs_handled < goal:
            self.step()

    def until(self, wanted: Callable[[object], bool]) -> None:
        """Run the loop until it has handled an event that is `wanted`."""
        while not wanted(self.step()):
            pass

    def released(self, button: str) -> None:
        """Wait for the panel to report the release, then out of its debounce window: a
        press sooner would be taken for contact bounce, as on the Pi."""
        released: list[ButtonReleased] = []

        def release(event: object) -> bool:
            if isinstance(event, ButtonReleased) and event.name == button:
                released.append(event)
            return bool(released)

        self.until(release)
        # Measured from the observed release: a later press is only further from it.
        window = released[0].at + self.table.drivers.settings.buttons.debounce
        while time.monotonic() <= window:
            time.sleep(window - time.monotonic() + 0.001)

    def press(self, button: str) -> None:
        sim = self.table.drivers.sim.buttons
        assert sim is not None
        sim.click(button)
        if button != "back":  # back answers on its release (a hold would be an undo)
            self.pump(1)
        self.released(button)

    def hold_back(self) -> None:
        """Hold back until the panel reports the long press, then let go."""
        self.hold("back")

    def hold(self, button: str) -> None:
        """Hold `button` until the panel reports the long press, then let go."""
        sim = self.table.drivers.sim.buttons
        assert sim is not None
        sim.press(button)
        self.until(lambda event: isinstance(event, ButtonHeld))
        sim.release(button)
        self.released(button)

    def start_day(self) -> None:
        """Press ok through the deal of a Freight Train day until the day is in play."""
        while self.table.app.session.state.phase is Phase.DEAL:
            self.press("ok")

    def tap(self, uid: str) -> None:
        reader = self.table.drivers.sim.reader
        assert reader is not None
        if uid == self.last_tap:  # the same tag again: only once the reader saw it go
            self.gone(uid)
        self.lifted.discard(uid)
        self.last_tap = uid
        reader.place(uid)
        self.pump(1)
        reader.remove(uid)

    def gone(self, uid: str) -> None:
        """Wait until the reader has reported the tag taken off."""
        while uid not in self.lifted:
            self.step()

    @property
    def deck(self) -> Deck:
        """The demo's box of the game being played (a table still in its lobby has none)."""
        return demo_deck(self.table.app.session.rules.id)

    def tap_card(self, kind: str, value: str = "") -> None:
        """Tap the first tag of the demo's box for that card."""
        self.tap(self.deck.uids[(kind, value)][0])

    def screen(self) -> tuple[str, Style]:
        screen = self.table.app.screen()
        return screen.title, screen.style
