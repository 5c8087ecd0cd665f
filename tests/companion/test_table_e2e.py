"""The whole appliance on simulated hardware: the real loop, journal, drivers and screens."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.desktop.demo import demo_deck, run_demo
from companion.flows.automaton import physical_moves
from companion.games.cards import Card
from companion.i18n.translate import translator
from companion.screens.model import Style
from companion.state.journal import Journal
from companion.table.build import Table
from engine.games.freight_train import RULES
from engine.games.freight_train.state import Phase
from tests.children import CHILD_DEADLINE_SECONDS, ChildLines

from .hands import Hands, simulated_table

NAMES = ("Ana", "Ben")
fr = translator("fr").gettext


def expected_result(seed: int, names: tuple[str, ...] = NAMES) -> dict[str, object]:
    real = RULES.replay(RULES.new_game(names), physical_moves(RULES, names, seed))
    return RULES.result(real).to_json()


def test_a_whole_demo_game_through_the_simulated_hardware(tmp_path: Path) -> None:
    result = run_demo("freight-train", 5, tmp_path, 2, "en")
    assert result == expected_result(5)
    assert run_demo("freight-train", 5, tmp_path, 2, "en") == result  # read back, not replayed
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)  # the second run started no new play
        assert play.result == result
        assert journal.event_count(play.id) == len(physical_moves(RULES, NAMES, 5))


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with simulated_table(tmp_path, "freight-train", NAMES, "fr") as opened:
        yield opened


def test_taps_presses_refusals_and_undo_in_french(table: Table) -> None:
    hands = Hands(table)
    deck = demo_deck("freight-train")
    coal = deck.uids[("wagon", "coal")]
    hands.tap(coal[0])                                   # during setup: out of phase
    assert hands.screen() == (fr("Not now: finish this first"), Style.REFUSAL)
    assert fr("Not now: finish this first").startswith("Pas maintenant")
    hands.start_day()
    assert table.app.session.state.phase is Phase.PLAY
    hands.tap("0BADCAFE")                                # an unknown tag
    assert hands.screen()[1] is Style.CONFIRM
    hands.press("back")                                  # not now
    hands.tap(coal[0])
    hands.press("ok")                                    # into its train
    hands.tap(coal[0])                                   # the same card again
    assert hands.screen() == ("Charbon déjà compté", Style.REFUSAL)  # the UX's own example
    moves = table.app.session.event_count
    hands.tap(coal[1])
    hands.press("ok")
    hands.tap(coal[2])
    hands.press("ok")
    assert table.app.session.event_count == moves + 1
    assert table.app.session.state.players[0].trains == {"coal": 3}
    hands.hold_back()
    assert hands.screen()[1] is Style.CONFIRM
    hands.press("ok")
    assert table.app.session.event_count == moves
    assert table.app.session.state.players[0].trains == {}


def test_a_power_cut_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    """SIGKILL the demo just after it announced a move; the journal keeps every move it
    announced. The kills follow the game's progress, not the clock: on a busy machine they
    come later in time, never before the move."""
    command = [sys.executable, "-m", "companion", "--lang", "en", "demo", "freight-train",
               "--seed", "9", "--players", "2", "--state-dir", str(tmp_path),
               "--progress-every", "1"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    total = len(physical_moves(RULES, NAMES, 9))
    rng = random.Random(4)
    targets = sorted(rng.sample(range(1, total), 3))
    for target in targets:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        announced = 0
        for line in ChildLines(child):
            if line.startswith("Move "):
                announced = int(line.split()[1])
                if announced >= target:
                    child.send_signal(signal.SIGKILL)
                    break
        child.wait()
        assert announced >= target, "the demo ended before the move it was to be killed at"
        with Journal(tmp_path / "journal.sqlite3") as journal:
            (play,) = journal.plays()
            assert play.finished is None
            assert journal.event_count(play.id) >= announced
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True,
                          timeout=CHILD_DEADLINE_SECONDS)
    assert json.loads(done.stdout.splitlines()[-1]) == expected_result(9)


def test_an_enrolled_tag_keeps_its_identity_for_another_companion(table: Table) -> None:
    hands = Hands(table)
    hands.start_day()
    reader = table.drivers.sim.reader
    assert reader is not None
    reader.place("0BADCAFE")                   # a new sticker, left on the reader
    hands.pump(1)
    assert hands.screen()[1] is Style.CONFIRM
    hands.press("ok")                          # enrolled as the first choice: a coal wagon
    reader.remove("0BADCAFE")
    assert table.registry.lookup("0BADCAFE") is not None
    table.registry.forget("0BADCAFE")          # a companion that never saw this tag
    hands.gone("0BADCAFE")
    hands.tap("0BADCAFE")
    assert table.registry.lookup("0BADCAFE") == Card("freight-train", "wagon", "coal")
    assert hands.screen()[1] is not Style.CONFIRM  # counted straight away, no enrolment asked
