"""Off the Rails on the whole appliance: the real loop, journal, drivers and screens."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.automaton import physical_moves
from companion.demo import DEMO_DRIVERS, demo_deck, enroll_deck, run_demo
from companion.i18n import translator
from companion.journal import Journal
from companion.screens.model import Style
from companion.table import Table, open_table
from engine.games.off_the_rails import RULES
from engine.games.off_the_rails.state import Step

GAME = "off-the-rails"
NAMES = ("Ana", "Ben")
fr = translator("fr").gettext


def test_a_whole_demo_game_through_the_simulated_hardware(tmp_path: Path) -> None:
    options = {"settings": {"dice_chasm": True}}
    moves = physical_moves(RULES, NAMES, 2, options)
    real = RULES.replay(RULES.new_game(NAMES, **options), moves)
    result = run_demo(GAME, 2, tmp_path, 2, "en", options=options)
    assert result == RULES.result(real).to_json()
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
        assert play.result == result
        assert journal.event_count(play.id) == len(moves)


class Hands:
    """A player's hands on the simulated devices, waiting for each answer."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.deck = demo_deck(GAME)
        self.last_tap: str | None = None

    def pump(self, inputs: int) -> None:
        loop = self.table.loop
        goal = loop.inputs_handled + inputs
        deadline = time.monotonic() + 10
        while loop.inputs_handled < goal and time.monotonic() < deadline:
            try:
                loop.step(self.table.events.get(timeout=0.05))
            except Exception:
                continue
        assert loop.inputs_handled >= goal, "the table did not answer"

    def press(self, button: str) -> None:
        sim = self.table.drivers.sim.buttons
        assert sim is not None
        sim.click(button)
        self.pump(1)
        time.sleep(0.02)
        while not self.table.events.empty():
            self.table.loop.step(self.table.events.get())

    def hold_back(self) -> None:
        sim = self.table.drivers.sim.buttons
        assert sim is not None
        sim.hold("back")
        self.pump(1)

    def tap(self, kind: str, value: str = "") -> None:
        reader = self.table.drivers.sim.reader
        assert reader is not None
        tag = self.deck.uids[(kind, value)][0]
        if tag == self.last_tap:  # the reader reports a removal only after a short silence
            time.sleep(self.table.drivers.settings.reader.removal_after + 0.1)
        self.last_tap = tag
        reader.place(tag)
        self.pump(1)
        reader.remove(tag)

    def screen(self) -> tuple[str, Style]:
        screen = self.table.app.screen()
        return screen.title, screen.style


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    opened = open_table(state_dir=tmp_path, game=GAME, players=NAMES, language="fr",
                        driver_config=DEMO_DRIVERS)
    enroll_deck(opened.registry, GAME, demo_deck(GAME))
    try:
        yield opened
    finally:
        opened.close()


def test_taps_presses_refusals_and_undo_in_french(table: Table) -> None:
    hands = Hands(table)
    session = table.app.session
    hands.tap("deposit", "red-1")                        # during the setup pages
    assert hands.screen() == (fr("Not now: finish this first"), Style.REFUSAL)
    assert hands.screen()[0].startswith("Pas maintenant")
    while session.state.step is Step.SETUP:
        hands.press("ok")
    for card in ("red-1", "blue-2", "green-3", "yellow-4"):
        hands.tap("deposit", card)
        hands.press("up")                                # two stones
        hands.press("ok")
        hands.press("ok")                                # they are on the board
    assert session.state.step is Step.ACTIONS
    assert session.state.drawn == ("red-1", "blue-2", "green-3", "yellow-4")
    hands.press("up")                                    # the cursor wraps to "Done"
    hands.press("ok")
    assert session.state.step is Step.SUPPLY
    hands.tap("cave-in")                                 # never the first card of the deck
    assert hands.screen() == ("La carte éboulement ne peut pas être cette carte", Style.REFUSAL)
    hands.tap("deposit", "red-5")
    hands.press("ok")
    assert session.state.step is Step.REFILL
    moves = session.event_count
    hands.hold_back()
    assert hands.screen()[1] is Style.CONFIRM
    hands.press("ok")
    assert session.event_count == moves - 1
    assert "red-5" not in session.state.drawn
    hands.tap("deposit", "red-5")                        # counted no more
    assert hands.screen()[1] is Style.PROMPT
