"""What `companion demo` prints while it plays: lines for a terminal, in the chosen language."""

from __future__ import annotations

from pathlib import Path

from companion.desktop.demo_words import DemoWords
from companion.screens.model import Screen
from engine.game import PlayerScore, TallyResult

SCREEN = Screen(top="D1 · R2 · 2 players", title="ANA to play")


def standing(*totals: int) -> TallyResult:
    players = tuple(PlayerScore(name, total) for name, total in zip(("Ana", "Ben"), totals))
    return TallyResult("freight-train", players, ())


def test_a_progress_line_says_the_move_the_context_and_the_points() -> None:
    line = DemoWords("en").move(25, 142, SCREEN, standing(12, 9))
    assert line == "Move 25 of 142 · D1 · R2 · 2 players · scores: Ana 12, Ben 9"
    assert "ANA to play" not in line  # the screen's prompt is for the table, not the terminal


def test_in_french_nothing_stays_english() -> None:
    french = DemoWords("fr")
    line = french.move(25, 142, Screen(top="J1 · T2 · 2 joueurs"), standing(12, 9))
    assert line == "Coup 25 sur 142 · J1 · T2 · 2 joueurs · points : Ana 12, Ben 9"
    assert french.resuming(40, 142) == "Reprise de la partie au coup 40 sur 142"
    assert french.folder("whistle-stop", Path("/tmp/d")).startswith("Démonstration de")
    assert "démonstration" in french.played_already().lower()


def test_no_points_are_shown_before_anyone_has_one() -> None:
    assert DemoWords("en").move(3, 31, Screen(top="Turn 2"), standing(0, 0)) == (
        "Move 3 of 31 · Turn 2")
    assert DemoWords("en").move(3, 31, Screen(), None) == "Move 3 of 31"
