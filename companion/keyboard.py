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
from collections.abc import Callable
from typing import TextIO

from .app import TableApp
from .cards import ANY_GAME, Card
from .table import Table
from .tags import TagError, TagRegistry, normalise_uid

KEYS = {"u": "up", "+": "up", "up": "up", "d": "down", "-": "down", "down": "down",
        "": "ok", "o": "ok", "ok": "ok", "b": "back", "back": "back"}
HOLDS = {"bb", "undo", "hold"}
TAP_SECONDS = 0.3
#: How long the table is given to answer the last typed line before the end of input closes it.
SETTLE_SECONDS = 0.3


class Keyboard(threading.Thread):
    def __init__(self, table: Table, stop: threading.Event, stream: TextIO | None = None,
                 gettext: Callable[[str], str] = lambda text: text,
                 errors: TextIO | None = None) -> None:
        super().__init__(name="keyboard", daemon=True)
        self.table = table
        self.stop = stop
        self.stream = stream or sys.stdin
        self._ = gettext
        self.errors = errors or sys.stderr
        # Read the registry now, in the thread that owns it.
        self.by_name: dict[str, list[tuple[str, str]]] = {}
        for uid, card in table.registry.all():
            for name in {card.value.lower(), card.kind.lower()} - {""}:
                self.by_name.setdefault(name, []).append((card.game, uid))

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
            if uid is None:
                print("companion: " + self._(
                    "{word!r} names no card: type a card or player name, or a tag UID"
                ).format(word=word), file=self.errors, flush=True)
                return
            sim.reader.place(uid)
            time.sleep(TAP_SECONDS)
            sim.reader.remove(uid)

    def uid_of(self, word: str) -> str | None:
        """An enrolled tag for a card or player name, else the word as a UID; None when the
        word is neither."""
        app = self.table.loop.app
        game = app.session.rules.id if isinstance(app, TableApp) else ANY_GAME
        busy = app.flow.in_play() if isinstance(app, TableApp) else set()
        for wanted in (game, ANY_GAME):
            for owner, uid in self.by_name.get(word.lower(), []):
                if owner == wanted and uid not in busy:
                    return uid
        try:
            return normalise_uid(word)
        except TagError:
            return None


#: Personal tags enrolled for the desktop, so `ana` stands for Ana's tag in the lobby.
DESKTOP_PLAYERS = ("Ana", "Ben", "Cléo", "Dan", "Eve")


def enroll_desktop_tags(registry: TagRegistry) -> None:
    """A full box of tags for every game followed at the table, and five personal tags."""
    from .demo import demo_deck, enroll_deck
    from .table import FLOWS

    for game in FLOWS:
        enroll_deck(registry, game, demo_deck(game))
    for seat, name in enumerate(DESKTOP_PLAYERS):
        uid = f"F1A7{seat:04X}"
        if registry.lookup(uid) is None:
            registry.enroll(uid, Card(ANY_GAME, "player", name))
