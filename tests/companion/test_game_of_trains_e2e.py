"""The Game of Trains on the whole appliance: the real loop, journal, drivers and screens."""

from __future__ import annotations

from pathlib import Path

from companion.automaton import physical_moves
from companion.demo import DEMO_DRIVERS, demo_deck, enroll_deck, run_demo
from companion.journal import Journal
from companion.screens.model import Style
from companion.table import open_table
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.state import Phase

from .hands import Hands

GAME = "game-of-trains"
NAMES = ("Ana", "Ben")


def test_a_whole_demo_game_through_the_simulated_hardware(tmp_path: Path) -> None:
    real = RULES.replay(RULES.new_game(NAMES), physical_moves(RULES, NAMES, 2))
    result = run_demo(GAME, 2, tmp_path, 2, "en")
    assert result == RULES.result(real).to_json()
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
        assert play.result == result
        assert journal.event_count(play.id) == len(physical_moves(RULES, NAMES, 2))


def test_taps_and_undo_through_the_simulated_reader_and_buttons(tmp_path: Path) -> None:
    table = open_table(state_dir=tmp_path, game=GAME, players=NAMES, language="en",
                       driver_config=DEMO_DRIVERS)
    deck = demo_deck(GAME)
    enroll_deck(table.registry, GAME, deck)
    sim = table.drivers.sim
    assert sim.reader is not None and sim.buttons is not None

    hands = Hands(table)
    pump, press = hands.pump, hands.press

    def tap(card: int) -> None:
        assert sim.reader is not None
        tag = deck.uids[("wagon", str(card))][0]
        sim.reader.place(tag)
        pump(1)
        sim.reader.remove(tag)

    try:
        app = table.app
        press("ok")
        press("ok")
        for card in (84, 70, 60, 50, 40, 30, 20, 1, 2, 3, 4, 5, 6, 83):
            tap(card)
        assert app.session.state.phase is Phase.PLAY
        tap(10)
        tap(84)
        assert app.screen().title == "10 in, 84 face up"
        assert app.session.state.face_up == (84,)
        hands.hold_back()
        assert app.screen().style is Style.CONFIRM
        press("ok")
        assert app.session.state.face_up == ()
        assert app.session.event_count == 1
    finally:
        table.close()
