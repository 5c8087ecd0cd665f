"""A game ended before its rules end it: abandoned, or finished early, from the table's game
menu (hold `up`) or from the shell (`companion abandon`, `companion finish`)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck
from companion.flows.automaton import physical_moves
from companion.publish.export import export
from companion.screens.model import Style
from companion.state.endings import ABANDONED, FINISHED_EARLY
from companion.state.journal import Journal
from companion.table.app import TableApp
from companion.table.build import open_table
from companion.table.lobby import Lobby
from companion.table.session import GameSession
from engine.games.freight_train import RULES
from engine.games.freight_train.events import FreightTrainEvent

from .hands import Hands

NAMES = ("Ana", "Ben")
SEED = 3


def companion(*args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "--lang", "en", *args],
                          input=text, capture_output=True, text=True, check=False)


def played_into_day_2(state_dir: Path) -> dict[str, Any]:
    """A Freight Train game journalled up to a few moves into its second day; the tally then
    (day 1 scored, day 2 not yet)."""
    with Journal(state_dir / "journal.sqlite3") as journal:
        session = GameSession.start(journal, RULES, NAMES)
        for move in physical_moves(RULES, NAMES, SEED):
            session.submit(cast(FreightTrainEvent, move))
            if session.state.day == 2 and session.state.round >= 2:
                break
        assert session.state.day == 2 and not session.finished
        return cast(dict[str, Any], RULES.result(session.state).to_json())


def end_at_the_table(state_dir: Path, downs: int) -> Lobby:
    """Open the table (the game resumes), hold up, choose the entry `downs` below the first,
    confirm: the lobby it leaves for."""
    table = open_table(state_dir=state_dir, language="en", driver_config=DEMO_DRIVERS)
    enroll_deck(table.registry, "freight-train", demo_deck("freight-train"))
    try:
        hands = Hands(table)
        app = table.app
        before = app.flow.draft()
        hands.hold("up")
        question = app.question
        assert question is not None and question.screen().title == "Game menu"
        assert app.flow.draft() == before  # the press that began the hold changed nothing
        for _ in range(downs):
            hands.press("down")
        hands.press("ok")
        asked = app.question
        assert asked is not None and asked.screen().hints == "ok:yes  back:no"
        hands.press("ok")
        lobby = table.loop.app
        assert isinstance(lobby, Lobby)
        return lobby
    finally:
        table.close()


def test_an_abandoned_game_frees_the_lobby_and_keeps_its_partial_tally(tmp_path: Path) -> None:
    tally = played_into_day_2(tmp_path)
    lobby = end_at_the_table(tmp_path, downs=1)
    assert lobby.screen().title == "Game abandoned"
    with Journal(tmp_path / "journal.sqlite3") as journal:
        assert journal.unfinished() is None          # the lobby is free for a new game
        (play,) = journal.plays(finished=True)
        assert play.ending == ABANDONED
        assert play.result is not None
        assert play.result["players"] == tally["players"]  # the partial tally, kept
        assert play.result["winners"] == []
    # A table opened again shows the lobby, not the game.
    table = open_table(state_dir=tmp_path, language="en", driver_config=DEMO_DRIVERS)
    try:
        assert isinstance(table.loop.app, Lobby)
    finally:
        table.close()
    # Read back: the log says abandoned, the exports say so and name no winner.
    log = companion("log", "--state-dir", str(tmp_path))
    assert log.returncode == 0 and log.stdout.rstrip().endswith("abandoned"), log.stdout
    rows = list(csv.DictReader(io.StringIO(companion(
        "export", "--format", "csv", "--state-dir", str(tmp_path)).stdout)))
    assert [row["player"] for row in rows] == list(NAMES)
    assert {row["ending"] for row in rows} == {"abandoned"}
    assert {row["winner"] for row in rows} == {"no"}
    assert [int(row["score"]) for row in rows] == [p["total"] for p in tally["players"]]
    assert json.loads(companion("export", "--format", "bgstats", "--state-dir",
                                str(tmp_path)).stdout) == []
    plays = json.loads(companion("export", "--format", "json", "--state-dir",
                                 str(tmp_path)).stdout)["plays"]
    assert [entry["ending"] for entry in plays] == ["abandoned"]


def test_freight_train_finished_early_on_day_2_scores_the_days_played(tmp_path: Path) -> None:
    tally = played_into_day_2(tmp_path)
    lobby = end_at_the_table(tmp_path, downs=0)
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
    assert play.ending == FINISHED_EARLY
    assert play.result is not None
    assert play.result["players"] == tally["players"] and tally["winners"]
    assert play.result["winners"] == tally["winners"]
    # Day 1's trains are scored; day 2's are not (its tally comes at its end).
    assert all(set(player["breakdown"]) - {"start", "rearranging"}
               for player in tally["players"])
    winners = ", ".join(tally["winners"])
    assert lobby.screen().title == f"{winners} wins"
    log = companion("log", "--state-dir", str(tmp_path))
    assert log.stdout.rstrip().endswith(f"finished early, won by {winners}"), log.stdout
    (bgstats,) = json.loads(export([play], "bgstats"))
    assert [player["winner"] for player in bgstats["players"]] == [
        name in tally["winners"] for name in NAMES]


def test_back_closes_the_menu_and_the_question_changing_nothing(tmp_path: Path) -> None:
    played_into_day_2(tmp_path)
    table = open_table(state_dir=tmp_path, language="en", driver_config=DEMO_DRIVERS)
    try:
        hands = Hands(table)
        app = table.app
        hands.hold("up")
        hands.press("back")
        assert app.question is None
        hands.hold("up")
        hands.press("down")
        hands.press("ok")                      # "Abandon the game?"
        hands.press("back")                    # no
        assert app.question is None and isinstance(table.loop.app, TableApp)
    finally:
        table.close()
    with Journal(tmp_path / "journal.sqlite3") as journal:
        assert journal.unfinished() is not None


# --- From the shell ------------------------------------------------------------------------------


def test_the_commands_end_the_game_and_refuse_when_there_is_none(tmp_path: Path) -> None:
    tally = played_into_day_2(tmp_path)
    folder = str(tmp_path)
    asked = companion("finish", "--state-dir", folder)          # not a terminal: --yes wanted
    assert asked.returncode == 2 and "add --yes to confirm" in asked.stderr
    assert "the tally now: Ana " in asked.stdout
    done = companion("finish", "--state-dir", folder, "--yes")
    assert done.returncode == 0, done.stderr
    assert f"won by {', '.join(tally['winners'])}" in done.stdout
    again = companion("abandon", "--state-dir", folder, "--yes")
    assert again.returncode == 2
    assert again.stderr.strip() == "companion abandon: no game in progress; nothing to abandon"
    empty = companion("abandon", "--state-dir", str(tmp_path / "none"), "--yes")
    assert empty.returncode == 2 and "no game in progress" in empty.stderr
    assert not (tmp_path / "none").exists()  # nothing created where there was nothing


def test_the_commands_refuse_while_the_table_holds_the_journal(tmp_path: Path) -> None:
    played_into_day_2(tmp_path)
    table = open_table(state_dir=tmp_path, language="en", driver_config=DEMO_DRIVERS)
    try:
        refused = companion("abandon", "--state-dir", str(tmp_path), "--yes")
    finally:
        table.close()
    assert refused.returncode == 75, refused.stderr
    assert "is in use by process" in refused.stderr and "--wait" in refused.stderr
    with Journal(tmp_path / "journal.sqlite3") as journal:
        assert journal.unfinished() is not None


#: A child that abandons the game and is killed in the middle of it: inside the write's
#: transaction before its commit ("before"), or once it is committed ("after").
POWER_CUT = """
import os, signal, sys
from pathlib import Path
from companion.state import journal as module
from companion.state.journal import Journal
from companion.table.session import GameSession

when = sys.argv[2]
write = module.Journal._write

def cut(self):
    inner = write(self)
    db = inner.__enter__()
    if when == "before":
        os.kill(os.getpid(), signal.SIGKILL)
    class Held:
        def __enter__(self):
            return db
        def __exit__(self, *info):
            inner.__exit__(*info)
            os.kill(os.getpid(), signal.SIGKILL)
    return Held()

with Journal(Path(sys.argv[1]) / "journal.sqlite3") as opened:
    session = GameSession.resume(opened, opened.unfinished())
    module.Journal._write = cut
    session.end_early("abandoned")
"""


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_power_cut_between_the_abandon_and_its_write(tmp_path: Path, when: str) -> None:
    played_into_day_2(tmp_path)
    with Journal(tmp_path / "journal.sqlite3") as journal:
        (play,) = journal.plays()
        moves = journal.event_count(play.id)
    child = subprocess.run([sys.executable, "-c", POWER_CUT, str(tmp_path), when],
                           capture_output=True, text=True, check=False)
    assert child.returncode == -9, child.stderr
    with Journal(tmp_path / "journal.sqlite3") as journal:
        assert journal.check() is None                # nothing lost, nothing damaged
        (after,) = journal.plays()
        assert journal.event_count(play.id) == moves
    if when == "before":                              # the game goes on, every move kept
        assert after.finished is None
        done = companion("abandon", "--state-dir", str(tmp_path), "--yes")
        assert done.returncode == 0, done.stderr
    else:                                             # abandoned, whole
        assert after.ending == ABANDONED and after.result is not None
        assert companion("status", "--state-dir", str(tmp_path)).stdout.strip() == (
            "No game in progress.")


def test_the_press_that_begins_the_hold_is_taken_back() -> None:
    from companion.flows.inputs import Hold, Press
    from companion.games.ticket_to_ride.flow import Mode

    from .test_ticket_to_ride_flow import Table as TicketTable

    table = TicketTable(2, "europe")
    table.app.new_game = lambda: None
    table.deal_and_keep()
    table.send(Press("up"))                   # up alone: "3 locos face up?"
    assert table.flow.ui.mode is Mode.FACE_UP
    table.press("back")
    table.send(Press("up"), Hold("up"))       # held: the game menu, and no question under it
    question = table.app.question
    assert question is not None and question.screen().title == "Game menu"
    assert table.flow.ui.mode is Mode.MAIN
    table.press("back")
    assert table.app.question is None and table.title() == "Tap the cards taken"


def test_a_game_that_begins_or_resumes_says_how_to_open_the_menu(tmp_path: Path) -> None:
    played_into_day_2(tmp_path)
    for announce in (True, False):
        table = open_table(state_dir=tmp_path, language="fr", driver_config=DEMO_DRIVERS,
                           announce_game_menu=announce)
        try:
            said = table.app.screen()
            assert (said.title == "Maintenir haut : menu") is announce
            assert (said.style is Style.NOTICE) is announce
        finally:
            table.close()


def test_the_scoreboard_says_abandoned_and_counts_no_win_or_score_of_it(tmp_path: Path) -> None:
    from companion.web.data import JournalView
    from companion.web.pages import plays_page

    played_into_day_2(tmp_path)
    assert companion("abandon", "--state-dir", str(tmp_path), "--yes").returncode == 0
    view = JournalView(tmp_path)
    try:
        plays = view.plays()
        assert "<td>abandoned</td>" in plays_page(plays, "en")
        assert "<td>abandonnée</td>" in plays_page(plays, "fr")
        assert view.profiles(set()) == []   # nobody played it out: no play, win or score
    finally:
        view.close()
