"""The Game of Trains at the table: the abilities are learned from the cards as they appear.

The text lists none of its "8 capacités différentes": the table asks which one a card carries
the first time it lies face up, acts on nothing it does not know, and remembers the answer.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.flows.inputs import Hold, Press, Tap
from companion.games.game_of_trains.flow import GameOfTrainsFlow
from companion.screens.model import Style
from companion.state.abilities import (
    AbilityMemory,
    forget_ability,
    remember_ability,
    remembered_abilities,
)
from companion.table.app import TableApp
from engine.errors import IllegalEvent
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.cards import Ability
from engine.games.game_of_trains.events import LearnAbility
from engine.games.game_of_trains.state import Settings

from .fakes import MemoryRegistry, MemorySession
from .test_game_of_trains_flow import NAMES, Clock, deal, deck_and_cards, state, uid

LINES = ((84, 70, 60, 50, 40, 30, 20), (1, 2, 3, 4, 5, 6, 83))
ABILITIES = list(Ability)


def table(folder: Path, known: dict[int, Ability] | None = None) -> tuple[TableApp, Clock]:
    """Ana and Ben dealt, no opening; the flow keeps what it learns in `folder`."""
    _, cards = deck_and_cards()
    clock = Clock()
    settings = Settings(opening=False, known=known or {})
    app = TableApp(session=MemorySession(RULES, NAMES[:2], settings=settings),
                   flow=GameOfTrainsFlow("en", AbilityMemory(folder)),
                   registry=MemoryRegistry(cards), gettext=lambda text: text, explain=str,
                   enrollable=lambda: [], clock=clock)
    deal(app, LINES)
    clock.now += 3
    return app, clock


def answer(app: TableApp, ability: Ability) -> None:
    for _ in range(ABILITIES.index(ability)):
        app.handle(Press("down"))
    app.handle(Press("ok"))


def test_a_card_going_face_up_is_asked_once_and_nothing_is_done_before(tmp_path: Path) -> None:
    app, clock = table(tmp_path)
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(84)))                       # Ana's 84 goes face up: unknown
    clock.now += 3
    screen = app.screen()
    assert screen.title == "Wagon 84: ability?" and screen.hints == "up/down  ok:confirm"
    assert screen.menu is not None and len(screen.menu.items) == 8
    assert screen.menu.items[0] == "Swap neighbours" and screen.menu.items[-1] == "Lock"
    before = state(app)
    for tapped in (84, 11, 1):                     # use it, draw, another wagon: all wait
        app.handle(Tap(uid(tapped)))
        assert app.screen().style is Style.REFUSAL
        assert app.screen().title == "First say 84's ability"
        clock.now += 3
    app.handle(Press("back"))
    app.handle(Press("down"))
    app.handle(Press("up"))
    assert state(app) == before and app.session.event_count == 2
    answer(app, Ability.REMOVE_LAST)
    assert app.screen().title == "84: Remove last"
    assert app.session.history()[-1][0] == LearnAbility(84, Ability.REMOVE_LAST)
    assert remembered_abilities(tmp_path) == {84: Ability.REMOVE_LAST}
    clock.now += 3
    assert app.screen().title == "Tap the wagon drawn" and app.screen().top.startswith("BEN")
    app.handle(Tap(uid(84)))                       # now Ben may use it
    assert app.screen().title == "Remove last" and app.screen().style is Style.CONFIRM


def test_a_pair_waits_for_both_answers_then_goes(tmp_path: Path) -> None:
    app, clock = table(tmp_path)
    for drawn, replaced in ((10, 84), (11, 4)):
        app.handle(Tap(uid(drawn)))
        app.handle(Tap(uid(replaced)))
        clock.now += 3
        if replaced == 84:
            answer(app, Ability.LOCK)
            clock.now += 3
    assert state(app).face_up == (84, 4) and state(app).discard == ()   # 4 may be anything
    assert app.screen().title == "Wagon 4: ability?"
    answer(app, Ability.LOCK)
    assert app.screen().title == "4 and 84: same, discarded"
    assert state(app).face_up == () and state(app).discard == (84, 4)


def test_an_ability_remembered_is_not_asked_and_pairs_go_at_once(tmp_path: Path) -> None:
    remember_ability(tmp_path, 84, "lock")
    remember_ability(tmp_path, 4, Ability.LOCK)
    known = remembered_abilities(tmp_path)
    app, clock = table(tmp_path, known)
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(84)))
    clock.now += 3
    assert app.screen().title == "Tap the wagon drawn"   # no question
    app.handle(Tap(uid(11)))
    app.handle(Tap(uid(4)))
    assert app.screen().title == "Ben: 4 and 84 discarded"


def test_an_answer_undone_is_forgotten_and_asked_again(tmp_path: Path) -> None:
    app, clock = table(tmp_path)
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(84)))
    clock.now += 3
    answer(app, Ability.SWAP_OVER_ONE)
    assert remembered_abilities(tmp_path) == {84: Ability.SWAP_OVER_ONE}
    clock.now += 3
    app.handle(Hold("back"))
    app.handle(Press("ok"))
    assert remembered_abilities(tmp_path) == {}
    clock.now += 3
    assert app.screen().title == "Wagon 84: ability?"


def test_abilities_given_at_enrolment_and_forgotten(tmp_path: Path) -> None:
    assert remembered_abilities(tmp_path / "none") == {}
    remember_ability(tmp_path, 12, "move-left-two")
    remember_ability(tmp_path, 12, "lock")            # a second answer replaces the first
    assert remembered_abilities(tmp_path) == {12: Ability.LOCK}
    assert AbilityMemory(tmp_path).start_options({"settings": {"opening": False}}) == {
        "settings": {"opening": False, "known": {12: "lock"}}}
    # The configuration's whole deck needs nothing more.
    whole = {"settings": {"abilities": ["lock"] * 84}}
    assert AbilityMemory(tmp_path).start_options(whole) == whole
    with pytest.raises(IllegalEvent, match="No ability is called fly"):
        remember_ability(tmp_path, 12, "fly")
    with pytest.raises(IllegalEvent, match="not 85"):
        remember_ability(tmp_path, 85, "lock")
    assert forget_ability(tmp_path, 12) and not forget_ability(tmp_path, 12)
    assert remembered_abilities(tmp_path) == {}


def test_a_backup_carries_the_abilities_learned_and_a_restore_puts_them_back(
        tmp_path: Path) -> None:
    from companion.cli.main import main
    from companion.state.journal import Journal
    from companion.table.session import GameSession

    folder, elsewhere = tmp_path / "state", tmp_path / "new"
    with Journal(folder / "journal.sqlite3") as journal:
        GameSession.start(journal, RULES, NAMES[:2])
    remember_ability(folder, 12, "lock")
    remember_ability(folder, 40, "remove-middle")
    saved = tmp_path / "saved.sqlite3"
    assert main(["--lang", "en", "backup", str(saved), "--state-dir", str(folder)]) == 0
    forget_ability(folder, 12)
    for target in (folder, elsewhere):
        assert main(["--lang", "en", "restore", str(saved), "--state-dir", str(target)]) == 0
        assert remembered_abilities(target) == {12: Ability.LOCK, 40: Ability.REMOVE_MIDDLE}
    # The restored journal keeps none of the backup's own tables.
    tables = sqlite3.connect(elsewhere / "journal.sqlite3").execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    assert not [name for (name,) in tables if name.startswith("backup_")]


def test_the_deck_command_lists_gives_and_forgets_abilities(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli.main import main

    def deck(*words: str) -> tuple[int, str, str]:
        code = main(["--lang", "en", "deck", "abilities", *words, "--state-dir", str(tmp_path)])
        out, err = capsys.readouterr()
        return code, out, err

    assert deck()[1] == "No ability learned yet: the table asks each as the cards appear\n"
    assert deck("--set", "12", "lock")[1] == "1 wagon's ability known:\n12  Lock\n"
    remember_ability(tmp_path, 3, "swap-adjacent")
    assert deck()[1].splitlines() == ["2 wagons' abilities known:", " 3  Swap neighbours",
                                      "12  Lock"]
    for words, message in ((("--set", "85", "lock"), "Wagons are numbered 1 to 84, not 85"),
                           (("--set", "x", "lock"), "x is not a wagon number"),
                           (("--set", "3", "fly"), "No ability is called fly; one of: ")):
        code, out, err = deck(*words)
        assert code == 2 and out == "" and err.startswith(f"companion deck abilities: {message}")
    assert remembered_abilities(tmp_path) == {3: Ability.SWAP_ADJACENT, 12: Ability.LOCK}
    assert deck("--forget", "12")[1] == (
        "Wagon 12's ability forgotten: the table asks it again\n")
    assert deck("--forget", "12")[1] == "No ability kept for wagon 12\n"
    assert remembered_abilities(tmp_path) == {3: Ability.SWAP_ADJACENT}
