"""The printed boards at the table: what the lobby says of each, and the values a board lacks
(the Netherlands' tolls) entered once with the buttons, kept, resumed and played."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.flows.inputs import Hold, Press, Tap
from companion.games.map_choices import offered_maps
from companion.screens.model import Style
from companion.state.board_values import read_values, values_path
from companion.table.lobby import Lobby
from companion.table.system_menu import Entry
from companion.table.value_entry import ValueEntry, with_entered_values
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.library import INDEX, SHIPPED, shipped_map
from engine.games.ticket_to_ride.map_values import wanted
from engine.games.ticket_to_ride.mapfile import parse_map

from .fakes import MemoryRegistry
from .hands import Hands
from .test_system_menu import menu_of, open_lobby, to_entry

GAME = "ticket-to-ride"


def lobby_with(state_dir: Path, started: list[tuple[Any, ...]]) -> Lobby:
    def start(game: str, names: tuple[str, ...], *on_map: Any) -> str:
        started.append((game, names, *on_map))
        return "the table"

    return Lobby([GAME], MemoryRegistry({}), lambda text: text, start, clock=lambda: 0.0,
                 maps=lambda game: with_entered_values(offered_maps(game, None), state_dir))


def choose_map(lobby: Lobby, name: str) -> None:
    lobby.handle(Press("ok"))                            # Ticket to Ride
    while lobby.offered[lobby.map_choice].title != INDEX[name].title:
        lobby.handle(Press("down"))


def test_the_lobby_says_each_board_s_players_and_standing_before_it_is_chosen() -> None:
    lobby = lobby_with(Path("/nonexistent"), [])
    lobby.handle(Press("ok"))
    titles = [choice.title for choice in lobby.offered]
    assert titles == [INDEX[name].title for name in SHIPPED]
    tops = {}
    for _ in titles:
        tops[lobby.offered[lobby.map_choice].option] = lobby.screen().top
        lobby.handle(Press("down"))
    assert tops["usa"] == "2-5 players · verified"
    assert tops["nordic"] == "2-3 players · verified"
    assert tops["poland"] == "2-4 players · 1 source"
    assert tops["heart-of-africa"] == "2-5 players · draft"
    assert tops["old-west"] == "2-6 players · verified"


def test_a_board_to_check_or_lacking_values_says_so_and_counts_its_own_players() -> None:
    started: list[tuple[Any, ...]] = []
    lobby = lobby_with(Path("/nonexistent"), started)
    choose_map(lobby, "netherlands")
    lobby.handle(Press("ok"))
    screen = lobby.screen()
    assert screen.style is Style.NOTICE and screen.title == "Before you play"
    assert screen.body == ("Check it against your", "box: one source", "Tolls off: 62 missing")
    lobby = lobby_with(Path("/nonexistent"), started)
    choose_map(lobby, "nordic")
    lobby.handle(Press("ok"))
    assert lobby.screen().title == "2 players"
    lobby.handle(Press("up"))
    lobby.handle(Press("up"))                            # Nordic Countries seat 3 at most
    assert lobby.screen().title == "3 players"
    lobby = lobby_with(Path("/nonexistent"), started)
    choose_map(lobby, "old-west")
    lobby.handle(Press("ok"))
    for _ in range(4):
        lobby.handle(Press("up"))
    assert lobby.screen().title == "6 players"


def enter(entry: ValueEntry, count: int) -> list[int]:
    """Enter `count` values, each one up from where it starts (a toll of 2, say)."""
    kept = []
    for _ in range(count):
        entry.handle(Press("up"))
        kept.append(entry.value)
        entry.handle(Press("ok"))
    return kept


def test_the_tolls_are_entered_one_by_one_kept_and_resumed(tmp_path: Path) -> None:
    board = shipped_map("netherlands")
    values = wanted(board)
    assert len(values) == 62 and values[0].ends is not None and values[-1].players == 4

    def leave() -> str:
        return "the menu"

    entry = ValueEntry("netherlands", tmp_path, lambda text: text, leave, lambda: 0.0)
    screen = entry.screen()
    assert screen.top == "Netherlands 1/62" and screen.title == " – ".join(values[0].ends)
    assert screen.body == ("Toll: 1",)
    entry.handle(Press("down"))                           # not below 1
    entry.handle(Hold("up"))                              # not above 4
    assert entry.screen().body == ("Toll: 4",)
    entry.handle(Press("ok"))
    entry.handle(Press("back"))                           # the first again, as entered
    assert entry.screen().body == ("Toll: 4",)
    entry.handle(Press("down"))
    entry.handle(Press("ok"))
    enter(entry, 19)
    saved = read_values(tmp_path, "netherlands")
    assert len(saved) == 20 and saved[values[0].key] == 3
    entry = ValueEntry("netherlands", tmp_path, lambda text: text, leave, lambda: 0.0)
    assert entry.screen().top == "Netherlands 21/62"     # where it stopped
    enter(entry, 33)                                      # the last route's toll
    screen = entry.screen()
    assert screen.title == "Toll bonus, 2 players" and screen.body[0].startswith("Rank 1: ")
    entry.handle(Tap("AA01"))
    assert entry.screen().style is Style.REFUSAL
    enter(entry, 9)
    assert entry.next_app == "the menu"
    assert len(read_values(tmp_path, "netherlands")) == 62


def test_a_board_with_its_values_entered_is_played_with_its_rule(tmp_path: Path) -> None:
    entry = ValueEntry("netherlands", tmp_path, lambda text: text, lambda: None, lambda: 0.0)
    enter(entry, 62)
    started: list[tuple[Any, ...]] = []
    lobby = lobby_with(tmp_path, started)
    choose_map(lobby, "netherlands")
    assert lobby.screen().top == "2-5 players · 1 source"
    lobby.handle(Press("ok"))
    assert "Tolls off" not in " ".join(lobby.screen().body)
    for _ in range(4):                                   # 2 players, two names, start
        lobby.handle(Press("ok"))
    (game, names, option), = started
    board = parse_map(option)
    assert board.missing == () and board.rules.tolls is not None
    assert {track.toll for track in board.tracks} <= {2, 3, 4}
    assert board.rules.tolls.bonus_for(5) == (55, 35, 20, 10, 0)
    json.dumps(option)                                   # kept in the journal as it is
    state = RULES.new_game(names, board)
    assert all(player.toll_tokens == 30 for player in state.players)


def test_the_system_menu_opens_the_entry_and_comes_back(tmp_path: Path) -> None:
    table = open_lobby(tmp_path)
    try:
        hands = Hands(table)
        hands.hold_back()
        to_entry(hands, Entry.BOARD_VALUES)
        shown = menu_of(table).screen().menu
        assert shown.items[shown.selected] == "Board values"
        hands.press("ok")
        assert isinstance(table.loop.app, ValueEntry)
        hands.press("up")
        hands.press("ok")
        assert table.loop.app.screen().top == "Netherlands 2/62"
        hands.press("back")
        hands.press("back")                               # back on the first: the menu
        assert menu_of(table).entries[menu_of(table).choice] is Entry.BOARD_VALUES
    finally:
        table.close()
    assert values_path(tmp_path, "netherlands").exists()


def test_damaged_values_are_left_out_and_entered_again(tmp_path: Path) -> None:
    path = values_path(tmp_path, "netherlands")
    path.parent.mkdir()
    path.write_text('{"tolls.Amsterdam-Haarlem": "two"}', encoding="utf-8")
    assert read_values(tmp_path, "netherlands") == {}
    entry = ValueEntry("netherlands", tmp_path, lambda text: text, lambda: None, lambda: 0.0)
    assert entry.screen().top == "Netherlands 1/62"


def test_companion_games_maps_lists_every_board(tmp_path: Path) -> None:
    for language, words in (("en", ("2-3 players", "Verified", "Tolls off: 62 values missing",
                                     "A draft: check it against your box")),
                            ("fr", ("2-3 joueurs", "Vérifiée",
                                    "Péages retirés : 62 valeurs manquent"))):
        done = subprocess.run([sys.executable, "-m", "companion", "--lang", language,
                               "games", "--maps"], capture_output=True, text=True, check=True)
        lines = done.stdout.splitlines()
        for name in SHIPPED:
            assert any(line.startswith(f"- {name}: {INDEX[name].title} · ") for line in lines)
        for word in words:
            assert word in done.stdout, (language, word)
