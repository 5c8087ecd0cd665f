"""Whistle Stop on the whole appliance: the real loop, journal, drivers and screens."""

from __future__ import annotations

from pathlib import Path

from companion.desktop.demo import run_demo
from companion.flows.automaton import physical_moves
from companion.state.journal import Journal
from engine.games.whistle_stop import RULES

NAMES = ("Ana", "Ben")


def test_a_whole_demo_game_through_the_simulated_hardware(tmp_path: Path) -> None:
    moves = physical_moves(RULES, NAMES, 3)
    real = RULES.replay(RULES.new_game(NAMES), moves)
    result = run_demo("whistle-stop", 3, tmp_path, 2, "en")
    assert result == RULES.result(real).to_json()
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
        assert play.result == result
        assert journal.event_count(play.id) == len(moves)
        shares = [uids for _, uids in ((r.event, r.uids) for r in journal.records(play.id))
                  if uids]
        assert len(shares) == sum(len(p.shares) for p in real.players)
