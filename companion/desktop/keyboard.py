"""The desktop stand-in for the table: typed lines become taps and button presses.

    u / d      up / down           (also + and -)
    Enter, o   ok
    b          back                 bb or undo: hold back (undo)
    oo, new    hold ok              (a new game, once a game is over)
    uu, game   hold up              (the game menu: finish now, abandon)
    menu       hold back            (the system menu, from the lobby's first screen)
    coal       tap a card by name   (any enrolled card of the game, by its name in English or
                                     French or by its kind: coal, wagon charbon, departure,
                                     red boat, rouge; a ticket by its cities: paris wien)
    DEADBEEF   tap a tag by UID
    q, quit    leave (as Ctrl-C does); the game in progress is kept in the journal

Presses go through the simulated buttons and taps through the simulated reader, so the
desktop runs the same code paths as the Pi.
"""

from __future__ import annotations

import shlex
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from companion.games import TABLE_GAMES
from companion.games.card_names import card_from_words, spellings
from companion.games.cards import ANY_GAME, Card, CardError
from companion.i18n.translate import LANGUAGES
from companion.state.tags import TagError, TagRegistry, normalise_uid
from companion.table.app import TableApp
from companion.table.build import Table
from drivers.protocols import CardSimulator
from engine.games.ticket_to_ride.names import fold

KEYS = {"u": "up", "+": "up", "up": "up", "d": "down", "-": "down", "down": "down",
        "": "ok", "o": "ok", "ok": "ok", "b": "back", "back": "back"}
#: Typed lines for a long press, and the button held.
HOLDS = {"bb": "back", "undo": "back", "hold": "back", "menu": "back", "oo": "ok", "new": "ok",
         "uu": "up", "game": "up"}
#: Typed lines that leave the table, as Ctrl-C does.
QUIT = {"q", "quit", "exit"}
#: How often the keyboard looks whether the panel has seen a button go up.
SETTLE_SECONDS = 0.3


class Keyboard(threading.Thread):
    def __init__(self, table: Table, stop: threading.Event, stream: TextIO | None = None,
                 gettext: Callable[[str], str] = lambda text: text,
                 errors: TextIO | None = None, language: str = "en") -> None:
        super().__init__(name="keyboard", daemon=True)
        self.table = table
        self.stop = stop
        self.stream = stream or sys.stdin
        self._ = gettext
        self.errors = errors or sys.stderr
        self.language = language
        #: Tags taken off the reader, with the removals the table had seen of each by then.
        self.lifted: dict[str, int] = {}
        # Read the registry now, in the thread that owns it.
        self.by_name: dict[str, list[tuple[str, str]]] = {}
        self.by_card: dict[Card, list[str]] = {}
        for uid, card in table.registry.all():
            self.by_card.setdefault(card, []).append(uid)
        for card, uids in self.by_card.items():
            for name in typed_names(card):
                self.by_name.setdefault(name, []).extend((card.game, uid) for uid in uids)

    def run(self) -> None:
        for line in self.stream:
            if self.stop.is_set():
                return
            if line.strip().lower() in QUIT:
                break
            self.act(line.strip())
        # End of input: every line has had its answer; close the table.
        self.stop.set()

    def act(self, word: str) -> None:
        """One typed line, through the simulated devices; returns once the table answered
        it, so that typed ahead (or piped) lines come no faster than the table takes them."""
        sim = self.table.drivers.sim
        if word.lower() in KEYS and sim.buttons is not None:
            button = KEYS[word.lower()]
            self._answered(lambda: sim.buttons.click(button))  # type: ignore[union-attr]
            self._released(button)
        elif word.lower() in HOLDS and sim.buttons is not None:
            held = HOLDS[word.lower()]
            self._answered(lambda: sim.buttons.hold(held))  # type: ignore[union-attr]
            self._released(held)
        elif sim.reader is not None and word:
            uid = self.uid_of(word)
            if uid is None:
                print("companion: " + self._(
                    "{word!r} names no card: type a card or player name, or a tag UID"
                ).format(word=word), file=self.errors, flush=True)
                return
            self._tap(sim.reader, uid)

    def _answered(self, act: Callable[[], object]) -> None:
        """Do `act` and wait until the table has handled the input it makes."""
        loop = self.table.loop
        handled = loop.inputs_handled
        act()
        loop.wait(lambda: loop.inputs_handled > handled or self.stop.is_set())

    def _released(self, button: str) -> None:
        """Wait until the panel has seen the button go up, then past its debounce window: a
        press sooner would be taken for contact bounce, as on the Pi."""
        panel = self.table.drivers.buttons
        while panel.is_pressed(button) and not self.stop.is_set():
            time.sleep(SETTLE_SECONDS / 100)
        time.sleep(self.table.drivers.settings.buttons.debounce * 1.5)

    def _tap(self, reader: CardSimulator, uid: str) -> None:
        """Lay the tag on the reader until the table answered, then take it off. The same
        tag again waits until the reader has seen it go, or it would not count as a tap."""
        loop = self.table.loop
        if uid in self.lifted:
            seen = self.lifted.pop(uid)
            loop.wait(lambda: loop.removals.get(uid, 0) > seen or self.stop.is_set())
        self._answered(lambda: reader.place(uid))
        with_removals = loop.removals.get(uid, 0)
        reader.remove(uid)
        self.lifted[uid] = with_removals

    def uid_of(self, word: str) -> str | None:
        """An enrolled tag for a card or player name, else the word as a UID; None when the
        word is neither. A card with every copy in play gives one of them, for the table to
        answer as it answers a second tap of a real card ("already counted")."""
        app = self.table.loop.app
        game = app.session.rules.id if isinstance(app, TableApp) else ANY_GAME
        busy = app.flow.in_play() if isinstance(app, TableApp) else set()
        named = [uid for wanted in (game, ANY_GAME)
                 for owner, uid in self.by_name.get(_typed(word), []) if owner == wanted]
        named = named or self._printed(game, word, app)
        if named:
            return min(named, key=lambda uid: uid in busy)  # the first free one, if any
        try:
            return normalise_uid(word)
        except TagError:
            return None

    def _printed(self, game: str, word: str, app: object) -> list[str]:
        """The tags of the card `word` names as printed on the cards of a kind without a
        name per value (a ticket by its cities, on the map being played)."""
        record = TABLE_GAMES.get(game)
        if record is None:
            return []
        # Ticket to Ride's state has its map; a map file's tickets are typed by their tags.
        board = getattr(getattr(getattr(app, "session", None), "state", None), "board", None)
        board_name = getattr(board, "name", None)
        for kind in record.printed:
            try:
                card = card_from_words(game, kind, word, self.language, board_name)
            except CardError:
                continue
            return self.by_card.get(card, [])
        return []


def how_to_leave(gettext: Callable[[str], str]) -> str:
    """The line `companion run` says first on a desktop."""
    return gettext("Ctrl-C or q to leave; your game is kept")


def goodbye(gettext: Callable[[str], str], kept: bool, state_dir: Path | None) -> str:
    """The last line of `companion run` on a desktop: whether a game is kept, and the command
    that picks it up again."""
    if not kept:
        return gettext("Goodbye.")
    command = "companion run" + (f" --state-dir {shlex.quote(str(state_dir))}"
                                 if state_dir else "")
    return gettext("Goodbye: the game is saved; {command} resumes it.").format(command=command)


def typed_names(card: Card) -> set[str]:
    """The words that tap `card`, as typed: its name in each language, alone or with its
    kind's ("red" and "rouge" for a red train card, "bateau rouge" for a red boat card,
    "wagon charbon"; a player's name, a ticket's code), and its kind ("transport-boat": any
    boat card)."""
    names = {_typed(card.kind)}
    for language in LANGUAGES:
        names |= spellings(card.game, card.kind, card.value, language)
    return names - {""}


def _typed(word: str) -> str:
    """A word as the keyboard compares it: any case, accents optional, any punctuation or
    spaces between words counting as one space."""
    return fold(word)


#: Personal tags enrolled for the desktop, so `ana` stands for Ana's tag in the lobby.
DESKTOP_PLAYERS = ("Ana", "Ben", "Cléo", "Dan", "Eve")


def enroll_desktop_tags(registry: TagRegistry) -> None:
    """A full box of tags for every game followed at the table, and five personal tags.

    All in one transaction, so when the last personal tag is there the whole box is, and a
    restart does not work out every game's deck again.
    """
    from companion.desktop.demo import deck_tags, demo_deck

    personal = [(f"F1A7{seat:04X}", Card(ANY_GAME, "player", name))
                for seat, name in enumerate(DESKTOP_PLAYERS)]
    if registry.lookup(personal[-1][0]) is not None:
        return
    box = [tag for game in TABLE_GAMES for tag in deck_tags(game, demo_deck(game))]
    registry.enroll_missing([*box, *personal])
