"""The desktop stand-in for the table: typed lines become taps and button presses.

    u / d      up / down           (also + and -)
    Enter, o   ok
    b          back                 bb or undo: hold back (undo)
    coal       tap a card by name   (any enrolled card of the game: wagon name, departure)
    DEADBEEF   tap a tag by UID

Presses go through the simulated buttons and taps through the simulated reader, so the
desktop runs the same code paths as the Pi.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

from .table import Table

KEYS = {"u": "up", "+": "up", "up": "up", "d": "down", "-": "down", "down": "down",
        "": "ok", "o": "ok", "ok": "ok", "b": "back", "back": "back"}
HOLDS = {"bb", "undo", "hold"}
TAP_SECONDS = 0.3
#: How long the table is given to answer the last typed line before the end of input closes it.
SETTLE_SECONDS = 0.3


class Keyboard(threading.Thread):
    def __init__(self, table: Table, stop: threading.Event, stream: TextIO | None = None) -> None:
        super().__init__(name="keyboard", daemon=True)
        self.table = table
        self.stop = stop
        self.stream = stream or sys.stdin
        # Read the registry now, in the thread that owns it.
        game = table.app.session.rules.id
        self.by_name: dict[str, list[str]] = {}
        for uid, card in table.registry.all(game):
            for name in {card.value.lower(), card.kind.lower()} - {""}:
                self.by_name.setdefault(name, []).append(uid)

    def run(self) -> None:
        for line in self.stream:
            if self.stop.is_set():
                return
            self.act(line.strip())
        # End of input: let the table answer what was typed, then close it.
        deadline = time.monotonic() + SETTLE_SECONDS * 20
        while not self.table.events.empty() and time.monotonic() < deadline:
            time.sleep(SETTLE_SECONDS / 10)
        time.sleep(SETTLE_SECONDS)
        self.stop.set()

    def act(self, word: str) -> None:
        sim = self.table.drivers.sim
        if word.lower() in KEYS and sim.buttons is not None:
            sim.buttons.click(KEYS[word.lower()])
            # Typed ahead (or piped), presses would come faster than any finger: space them
            # beyond the debounce window, or the panel would take them for contact bounce.
            time.sleep(self.table.drivers.settings.buttons.debounce * 2 + SETTLE_SECONDS / 10)
        elif word.lower() in HOLDS and sim.buttons is not None:
            sim.buttons.hold("back")
        elif sim.reader is not None and word:
            uid = self.uid_of(word)
            sim.reader.place(uid)
            time.sleep(TAP_SECONDS)
            sim.reader.remove(uid)

    def uid_of(self, word: str) -> str:
        """An enrolled tag for a card name (wagon type, kind), else the word as a UID."""
        busy = self.table.app.flow.in_play()
        for uid in self.by_name.get(word.lower(), []):
            if uid not in busy:
                return uid
        return word.upper()
