"""Off the Rails on the whole appliance: the real loop, journal, drivers and screens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.desktop.demo import run_demo
from companion.flows.automaton import physical_moves
from companion.i18n.translate import translator
from companion.screens.model import Style
from companion.state.journal import Journal
from companion.table.build import Table
from engine.games.off_the_rails import RULES
from engine.games.off_the_rails.state import Step

from .hands import Hands, simulated_table

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


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with simulated_table(tmp_path, GAME, NAMES, "fr") as opened:
        yield opened


def test_taps_presses_refusals_and_undo_in_french(table: Table) -> None:
    hands = Hands(table)
    session = table.app.session
    hands.tap_card("deposit", "red-1")                        # during the setup pages
    assert hands.screen() == (fr("Not now: finish this first"), Style.REFUSAL)
    assert hands.screen()[0].startswith("Pas maintenant")
    while session.state.step is Step.SETUP:
        hands.press("ok")
    for card in ("red-1", "blue-2", "green-3", "yellow-4"):
        hands.tap_card("deposit", card)
        hands.press("up")                                # two stones
        hands.press("ok")
        hands.press("ok")                                # they are on the board
    assert session.state.step is Step.ACTIONS
    assert session.state.drawn == ("red-1", "blue-2", "green-3", "yellow-4")
    hands.press("up")                                    # the cursor wraps to "Done"
    hands.press("ok")
    assert session.state.step is Step.SUPPLY
    hands.tap_card("cave-in")                                 # never the first card of the deck
    assert hands.screen() == ("La carte éboulement ne peut pas être cette carte", Style.REFUSAL)
    hands.tap_card("deposit", "red-5")
    hands.press("ok")
    assert session.state.step is Step.REFILL
    moves = session.event_count
    hands.hold_back()
    assert hands.screen()[1] is Style.CONFIRM
    hands.press("ok")
    assert session.event_count == moves - 1
    assert "red-5" not in session.state.drawn
    hands.tap_card("deposit", "red-5")                        # counted no more
    assert hands.screen()[1] is Style.PROMPT
