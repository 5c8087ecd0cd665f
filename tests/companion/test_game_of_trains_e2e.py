"""The Game of Trains on the whole appliance: the real loop, journal, drivers and screens."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import ConfigError, parse_config
from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck, run_demo
from companion.flows.automaton import physical_moves
from companion.screens.model import Style
from companion.state.journal import Journal
from companion.table.build import open_table
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.events import OpeningDraw, OpeningKeep
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
        assert app.session.state.phase is Phase.OPENING_DRAW
        tap(10)                                    # Ana draws 1 card, Ben 2
        tap(11)
        tap(12)
        assert app.session.state.phase is Phase.OPENING_KEEP
        tap(10)                                    # Ana keeps hers in place of her 84
        tap(84)
        assert app.screen().title == "Ana: 10 in, 84 face up"
        assert app.session.state.face_up == (84,)
        hands.hold_back()
        assert app.screen().style is Style.CONFIRM
        press("ok")
        assert app.session.state.face_up == ()
        assert app.session.event_count == 3
    finally:
        table.close()


# --- The opening's setting, from the configuration and the command line -----------------------


def companion(*args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=text,
                          capture_output=True, text=True, check=False)


def test_a_demo_without_the_opening_when_the_setting_says_so(tmp_path: Path) -> None:
    options = {"settings": {"opening": False}}
    moves = physical_moves(RULES, NAMES, 2, options)
    assert not any(isinstance(move, (OpeningDraw, OpeningKeep)) for move in moves)
    assert any(isinstance(move, OpeningDraw) for move in physical_moves(RULES, NAMES, 2))
    done = companion("--lang", "en", "demo", GAME, "--seed", "2", "--players", "2",
                     "--state-dir", str(tmp_path), "--setting", "opening=false")
    assert done.returncode == 0, done.stderr
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
        assert journal.event_count(play.id) == len(moves)
    log = json.loads(companion("log", "--json", "--state-dir", str(tmp_path)).stdout)
    assert log["plays"][0]["options"] == options


@pytest.mark.parametrize(("setting", "message"), [
    ("opening=maybe", "--setting: opening=maybe: the value is not a TOML value"),
    ("opening=1", "--setting: game-of-trains.opening: wrong value"),
    ("openings=false", "--setting: game-of-trains.openings: unknown key"),
    ("opening", "--setting: opening: expected KEY=VALUE"),
])
def test_a_wrong_setting_is_refused_in_one_line(tmp_path: Path, setting: str,
                                                message: str) -> None:
    for command in (["demo", GAME, "--players", "2"], ["run", "--game", GAME]):
        done = companion("--lang", "en", *command, "--state-dir", str(tmp_path),
                         "--setting", setting)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(f"companion: {message}")
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert not (tmp_path / "journal.sqlite3").exists()  # refused before anything is opened


def test_the_table_starts_without_the_opening_from_the_command_line(tmp_path: Path) -> None:
    done = companion("--lang", "en", "run", "--state-dir", str(tmp_path), "--game", GAME,
                     "--players", "Ana,Ben", "--setting", "opening=false")
    assert done.returncode == 0, done.stderr
    log = json.loads(companion("log", "--json", "--state-dir", str(tmp_path)).stdout)
    assert log["plays"][0]["options"]["settings"] == {"opening": False}


def test_the_configuration_section_takes_the_setting() -> None:
    config = parse_config("[game-of-trains]\nopening = false\n")
    assert config.game_settings(GAME) == {"opening": False}
    assert RULES.new_game(NAMES, settings=config.game_settings(GAME)).settings.opening is False
    with pytest.raises(ConfigError, match="game-of-trains.opening: wrong value"):
        parse_config("[game-of-trains]\nopening = 'no'\n")


@pytest.mark.parametrize(("language", "followed", "off"), [
    ("en", "the companion follows the publisher's", "`opening = false`"),
    ("fr", "le compagnon suit celui de l'éditeur", "`opening = false`"),
])
def test_the_rules_notes_say_the_opening_is_followed_and_how_to_skip_it(
        language: str, followed: str, off: str) -> None:
    done = companion("--lang", language, "games", "--rules", GAME)
    assert done.returncode == 0
    assert followed in done.stdout and off in done.stdout
    assert "--setting opening=false" in done.stdout
