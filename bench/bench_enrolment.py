"""Enrolling a whole box, the old way and the new, each driven through a real table: the
actions it takes (taps, presses) and the time they take at 2 s a tap and 0.5 s a press.

    python bench/bench_enrolment.py [--quick] [--json]

The old way: a game is under way and each unknown tag laid on the reader opens the question
"Enrol it as:" with its cursor on the first card of the list; the owner presses up or down to
the card (the shorter way round: a lower bound) and ok; the game then wants the card tapped
again to count it (counted apart: it is not part of the enrolment). The new way: "Set up a
box" in the system menu, from the lobby's first screen: hold back, the menu's entry, the game
(and the map), then one tap a card until the box is done. Both are driven through the loop
of a table on the simulated devices (`TableLoop.step`, the app, the registry, the renders),
with driver events made here, so nothing waits on the clock; the actions are counted as they
are sent, never worked out.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from bench.figures_cli import figures_main  # noqa: E402
from companion.desktop.demo import DEMO_DRIVERS, PLAYER_NAMES  # noqa: E402
from companion.games import TABLE_GAMES  # noqa: E402
from companion.games.box import box_contents, box_size  # noqa: E402
from companion.table.box_setup import BoxSetup  # noqa: E402
from companion.table.build import Table, open_table  # noqa: E402
from companion.table.questions import EnrolQuestion  # noqa: E402
from companion.table.system_menu import Entry, SystemMenu  # noqa: E402
from drivers.events import ButtonHeld, ButtonPressed, ButtonReleased, TagPlaced, TagRemoved  # noqa: E402,E501

#: Seconds an owner takes for one tap of a card on the reader, and for one button press.
TAP_SECONDS = 2.0
PRESS_SECONDS = 0.5
#: A simulated reader of UIDs alone: the actions are the same with a reader that writes each
#: card's identity on its tag, and the simulated MFRC522 would add its real timings (the
#: write, the read back, an unknown tag's memory read) to a run that measures no time.
DRIVERS = {**DEMO_DRIVERS, "reader": {"kind": "sim", "simulate": "serial-lines"}}
#: The boxes measured: (game, map), as the issue names them.
BOXES = (("freight-train", None), ("ticket-to-ride", "europe"))


class Hands:
    """Driver events for a table's loop, counted: taps, and presses (a hold is a press)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.taps = 0
        self.presses = 0
        self._uids = 0

    def fresh_tag(self) -> str:
        self._uids += 1
        return f"04{self._uids:06X}"

    def tap(self, uid: str) -> None:
        self.taps += 1
        self.table.loop.step(TagPlaced("reader", uid))
        self.table.loop.step(TagRemoved("reader", uid))

    def press(self, button: str) -> None:
        self.presses += 1
        self.table.loop.step(ButtonPressed(button))
        self.table.loop.step(ButtonReleased(button, held=False))

    def hold(self, button: str) -> None:
        self.presses += 1
        self.table.loop.step(ButtonPressed(button))
        self.table.loop.step(ButtonHeld(button))
        self.table.loop.step(ButtonReleased(button, held=True))

    def move_to(self, index: int, selected: int, count: int) -> None:
        """Press up or down from `selected` to `index` in a list of `count` that goes round,
        the shorter way."""
        forward = (index - selected) % count
        button, steps = ("down", forward) if forward <= count - forward else (
            "up", count - forward)
        for _ in range(steps):
            self.press(button)

    def figures(self, cards: int) -> dict[str, Any]:
        seconds = self.taps * TAP_SECONDS + self.presses * PRESS_SECONDS
        return {"cards": cards, "taps": self.taps, "presses": self.presses,
                "actions": self.taps + self.presses, "seconds": seconds,
                "minutes": round(seconds / 60, 1)}


def _open(state_dir: Path, game: str | None = None, board: str | None = None) -> Table:
    if game is None:
        return open_table(state_dir=state_dir, language="en", driver_config=DRIVERS)
    return open_table(state_dir=state_dir, game=game, players=PLAYER_NAMES[:2], language="en",
                      driver_config=DRIVERS,
                      options={"map_name": board} if board is not None else None)


def old_way(game: str, board: str | None, folder: Path) -> dict[str, Any]:
    """Every card of the box enrolled through the question asked over a game."""
    box = box_contents(game, "en", board)
    table = _open(folder, game, board)
    began = time.perf_counter()
    try:
        hands = Hands(table)
        for entry in box:
            for _copy in range(entry.copies):
                uid = hands.fresh_tag()
                hands.tap(uid)
                question = table.app.question
                assert isinstance(question, EnrolQuestion), question
                cards = [card for _label, card in table.app.enrollable()]
                hands.move_to(cards.index(entry.card), question.choice, len(cards))
                hands.press("ok")
                assert table.registry.lookup(uid) == entry.card
        figures = hands.figures(box_size(box))
        figures["taps_again"] = box_size(box)  # to count each card in the game after
        figures["loop_seconds"] = round(time.perf_counter() - began, 2)
        return figures
    finally:
        table.close()


def new_way(game: str, board: str | None, folder: Path) -> dict[str, Any]:
    """The box set up from the system menu, one tap a card."""
    box = box_contents(game, "en", board)
    table = _open(folder)
    began = time.perf_counter()
    try:
        hands = Hands(table)
        hands.hold("back")
        menu = table.loop.app
        assert isinstance(menu, SystemMenu)
        hands.move_to(menu.entries.index(Entry.SET_UP_BOX), menu.choice, len(menu.entries))
        hands.press("ok")
        setup = table.loop.app
        assert isinstance(setup, BoxSetup)
        hands.move_to(setup.games.index(game), setup.choice, len(setup.games))
        hands.press("ok")
        if board is not None:
            hands.move_to(setup.boards.index(board), setup.choice, len(setup.boards))
            hands.press("ok")
        while table.loop.app is setup:
            hands.tap(hands.fresh_tag())
        assert len(table.registry.all(game)) == box_size(box)
        figures = hands.figures(box_size(box))
        figures["loop_seconds"] = round(time.perf_counter() - began, 2)
        return figures
    finally:
        table.close()


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Each box both ways (the same in a quick run: a box is what is measured)."""
    results = []
    for game, board in BOXES:
        with tempfile.TemporaryDirectory() as old, tempfile.TemporaryDirectory() as new:
            results.append({"game": game, "board": board,
                            "title": TABLE_GAMES[game].title + (f" {board.title()}"
                                                                if board else ""),
                            "old": old_way(game, board, Path(old)),
                            "new": new_way(game, board, Path(new))})
    return results


def describe(way: dict[str, Any]) -> str:
    return (f"{way['actions']} actions ({way['taps']} taps, {way['presses']} presses), "
            f"{way['minutes']} min")


def show(results: list[dict[str, Any]]) -> None:
    for box in results:
        old, new = box["old"], box["new"]
        print(f"{box['title']}, {new['cards']} cards:")
        print(f"  before (question over a game): {describe(old)}, then {old['taps_again']} "
              "taps again to count the cards")
        print(f"  after  (Set up a box):          {describe(new)}; "
              f"a press per {new['cards'] / max(new['presses'], 1):.0f} cards")


if __name__ == "__main__":
    sys.exit(figures_main(__doc__, run, show))
