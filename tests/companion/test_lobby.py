"""The lobby: which game, how many players, who — with the buttons and personal tags."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.flows.inputs import Hold, Press, Tap
from companion.screens.model import Style
from companion.table.lobby import Lobby

from .fakes import Card, MemoryRegistry


def make_lobby(started: list[tuple[str, tuple[str, ...]]],
               names: tuple[str, ...] = ()) -> Lobby:
    registry = MemoryRegistry({"AA01": Card("*", "player", "Ana"),
                               "AA02": Card("*", "player", "Ben"),
                               "CC01": Card("freight-train", "wagon", "coal")})

    def start(game: str, players: tuple[str, ...]) -> Any:
        started.append((game, players))
        return "the table"

    return Lobby(["freight-train", "whistle-stop"], registry, lambda text: text, start,
                 clock=lambda: 0.0, default_names=names)


def test_choose_a_game_a_count_and_names_by_tags_and_defaults() -> None:
    started: list[tuple[str, tuple[str, ...]]] = []
    lobby = make_lobby(started)
    assert lobby.screen().menu is not None and lobby.screen().title == "Which game?"
    lobby.handle(Press("ok"))                           # Freight Train
    assert lobby.screen().title == "2 players"
    lobby.handle(Press("down"))                         # not below 2
    lobby.handle(Press("up"))
    assert lobby.screen().title == "3 players"
    lobby.handle(Press("ok"))
    lobby.handle(Tap("AA02"))                           # Ben's personal tag
    lobby.handle(Tap("AA02"))                           # Ben again: refused
    assert lobby.screen().style is Style.REFUSAL and "Ben" in lobby.screen().title
    lobby.handle(Tap("CC01"))                           # a wagon is no player
    assert lobby.screen().title == "Not a player's tag"
    lobby.handle(Press("ok"))                           # seat 2 takes the default name
    lobby.handle(Tap("AA01"))
    assert lobby.screen().title == "Start?" and lobby.screen().body == ("Ben, Player 2, Ana",)
    lobby.handle(Press("back"))                         # Ana again
    lobby.handle(Tap("AA01"))
    lobby.handle(Press("ok"))
    assert started == [("freight-train", ("Ben", "Player 2", "Ana"))]
    assert lobby.next_app == "the table"


def test_configured_names_are_offered_and_hold_back_starts_over() -> None:
    started: list[tuple[str, tuple[str, ...]]] = []
    lobby = make_lobby(started, names=("Zoé", "Yann"))
    lobby.handle(Press("down"))                          # Whistle Stop
    lobby.handle(Press("ok"))
    lobby.handle(Press("ok"))
    assert lobby.screen().body[-1] == "Zoé"
    lobby.handle(Hold("back"))
    assert lobby.screen().title == "Which game?"
    for _ in range(5):                                   # game, count, Zoé, Yann, start
        lobby.handle(Press("ok"))
    assert started == [("whistle-stop", ("Zoé", "Yann"))]


def test_the_desktop_table_starts_from_the_lobby_with_personal_tags(tmp_path: Path) -> None:
    lines = ["o", "o", "ana", "ben", "o"]       # Freight Train, 2 players, Ana and Ben, start
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--lang", "en", "run", "--state-dir",
         str(tmp_path)], input="\n".join(lines) + "\n", capture_output=True, text=True,
        check=False)
    assert done.returncode == 0, done.stderr
    status = subprocess.run(
        [sys.executable, "-m", "companion", "status", "--json", "--state-dir",
         str(tmp_path)], capture_output=True, text=True, check=True)
    assert '"players": ["Ana", "Ben"]' in status.stdout


def test_the_hints_say_what_each_click_does() -> None:
    """Every button a hint names does something on that screen: ok and back on each step."""
    started: list[tuple[str, tuple[str, ...]]] = []
    lobby = make_lobby(started, names=("Ana", "Ben"))
    lobby.handle(Press("ok"))
    assert lobby.screen().hints == "up/down  ok:next"
    lobby.handle(Press("ok"))
    assert lobby.screen().hints == "ok:name  back:cancel"
    lobby.handle(Press("ok"))                           # Ana, by default
    assert lobby.screen().title == "Player 2"
    lobby.handle(Press("back"))                         # back: Ana is taken back
    assert lobby.screen().title == "Player 1"
    lobby.handle(Press("ok"))
    lobby.handle(Press("ok"))
    assert lobby.screen().hints == "ok:start back:cancel" and lobby.screen().title == "Start?"
    lobby.handle(Press("back"))
    assert lobby.screen().title == "Player 2" and not started
