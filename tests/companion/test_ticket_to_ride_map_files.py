"""Ticket to Ride on a map file: its ticket tags, the maps folder, and a game that keeps its map."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli.main import main
from companion.config import parse_config
from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck, run_demo
from companion.flows.inputs import Press
from companion.games.cards import Card, CardError, check_card
from companion.games.map_choices import MapFileError, map_option, offered_maps, read_map_file
from companion.games.ticket_to_ride.ticket_tags import (  # fmt: skip
    map_tag,
    map_ticket_codes,
    shipped_ticket_tags,
    ticket_codes,
)
from companion.games.ticket_to_ride.words import OTHER_MAP_TICKET
from companion.i18n.translate import translator
from companion.publish.export import bgstats_play
from companion.screens.model import Style
from companion.state.journal import Journal
from companion.table.build import open_table
from companion.table.lobby import Lobby
from engine.games.ticket_to_ride import SHIPPED, parse_map, shipped_map
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.library import INDEX
from engine.games.ticket_to_ride.state import Phase

from .fakes import MemoryRegistry
from .hands import Hands

GAME = "ticket-to-ride"
NAMES = ("Ana", "Ben")
EXAMPLE = Path(__file__).parents[2] / "examples" / "maps" / "example.toml"
en = translator("en").gettext


def example_copy(folder: Path, name: str = "lake-shore", title: str = "Lake Shore",
                 file: str = "lake.toml") -> Path:
    """The example network under another name and title, as a user's own file."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('name = "example"', f'name = "{name}"')
    text = text.replace('title = "Example network"', f'title = "{title}"')
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(text, encoding="utf-8")
    return path


def board_of(path: Path) -> Map:
    return parse_map(map_option(GAME, str(path)))


# --- Ticket tags ---------------------------------------------------------------------------------


def test_a_map_s_ticket_tags_follow_its_name_and_the_shipped_ones_are_as_before() -> None:
    usa = shipped_map("usa")
    assert map_tag(usa) == "usa" and map_tag(shipped_map("europe")) == "europe"
    assert ticket_codes()["usa-01"] == ("usa", sorted(t.id for t in usa.tickets)[0])
    assert len(ticket_codes()) == sum(len(shipped_map(name).tickets) for name in SHIPPED)
    assert shipped_ticket_tags() == tuple(ticket_codes())  # from the index, reading no map
    board = parse_map({"name": "Côte d'Azur: the long one, 2nd edition", "cities": ["A", "B"],
                       "routes": [{"from": "A", "to": "B", "length": 2}],
                       "tickets": [{"from": "A", "to": "B", "points": 3}]})
    assert map_tag(board) == "cote-d-azur-the-lon"[:18]
    (code,) = map_ticket_codes(board)
    assert code == "cote-d-azur-the-lo-01"
    assert Card(GAME, "ticket", code).to_text()  # fits a tag


def test_any_map_s_ticket_tag_is_a_card_and_other_values_are_refused(tmp_path: Path) -> None:
    codes = map_ticket_codes(board_of(example_copy(tmp_path)))
    assert "lake-shore-03" in codes
    assert check_card(Card(GAME, "ticket", "Lake-Shore-03")) == Card(GAME, "ticket",
                                                                      "lake-shore-03")
    with pytest.raises(CardError) as refused:
        check_card(Card(GAME, "ticket", "lake shore 3"))
    assert "of the form MAP-NN" in str(refused.value)
    status = main(["--lang", "en", "tags", "enroll", "04A31F2B", GAME, "ticket",
                   "lake-shore-03", "--state-dir", str(tmp_path / "state")])
    assert status == 0


def test_the_table_takes_its_map_s_tickets_and_refuses_another_map_s(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example_copy(tmp_path / "maps")
    options = {"map_name": map_option(GAME, str(path))}
    table = open_table(state_dir=tmp_path / "state", game=GAME, players=NAMES, language="en",
                       options=options, driver_config=DEMO_DRIVERS)
    try:
        deck, usa_deck = demo_deck(GAME, options), demo_deck(GAME)  # a box of each map
        enroll_deck(table.registry, GAME, deck)
        enroll_deck(table.registry, GAME, usa_deck)
        hands = Hands(table)
        app = table.app
        while app.session.state.phase is Phase.DEAL:
            hands.press("ok")
        hands.tap(usa_deck.uids[("ticket", "usa-01")][0])
        assert app.screen().title == en(OTHER_MAP_TICKET)
        assert app.screen().style is Style.REFUSAL
        own = sorted(map_ticket_codes(app.session.state.board))[:2]
        for code in own:
            hands.tap(deck.uids[("ticket", code)][0])
        hands.press("ok")
        assert len(app.session.state.players[0].tickets) == 2
        labels = [label for label, _ in app.enrollable() if _.kind == "ticket"]
        assert len(labels) == 10  # the tickets of the map on the table, to enrol a tag
        count = app.session.event_count
        state = app.session.state
    finally:
        table.close()
    # The file changes, then goes: the game resumes on the map it began with.
    path.write_text(path.read_text(encoding="utf-8").replace("trains = 24", "trains = 30"),
                    encoding="utf-8")
    path.unlink()
    table = open_table(state_dir=tmp_path / "state", language="en", driver_config=DEMO_DRIVERS)
    try:
        assert table.app.session.event_count == count
        assert table.app.session.state == state
        assert table.app.session.state.board.title == "Lake Shore"
    finally:
        table.close()
    capsys.readouterr()
    assert main(["status", "--json", "--state-dir", str(tmp_path / "state")]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["event_count"] == count and len(status["result"]["players"]) == 2


# --- A finished game on a file that is gone ----------------------------------------------------


def test_a_finished_game_on_a_map_file_exports_and_tallies_without_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example_copy(tmp_path / "maps")
    options = {"map_name": map_option(GAME, str(path))}
    result = run_demo(GAME, 3, tmp_path / "state", 2, "en", options=options)
    path.unlink()
    with Journal(tmp_path / "state" / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
    assert play.result == result
    assert bgstats_play(play)["board"] == "Lake Shore"
    state = str(tmp_path / "state")
    assert main(["export", "--format", "json", "--state-dir", state]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["plays"][0]["options"] == options
    assert main(["log", "--play", str(play.id), "--json", "--state-dir", state]) == 0
    assert capsys.readouterr().out
    backup = tmp_path / "backup.sqlite3"
    assert main(["backup", str(backup), "--state-dir", state]) == 0


# --- Refusals ----------------------------------------------------------------------------------


def test_a_map_file_is_refused_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\ncities = ["A", "B"]\n'
                    'routes = [{ from = "A", to = "Z", length = 2 }]\n', encoding="utf-8")
    with pytest.raises(MapFileError) as refused:
        read_map_file(GAME, path)
    assert str(refused.value) == f"{path}: routes[0].to: unknown place 'Z'"
    shipped_name = example_copy(tmp_path, name="Europe", file="europe.toml")
    with pytest.raises(MapFileError, match="tags of the shipped map europe"):
        read_map_file(GAME, shipped_name)


def test_a_bad_map_file_on_the_command_line_is_one_line_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("name = [", encoding="utf-8")
    for command in ("run", "demo"):
        words = ["--lang", "en", command, *([GAME] if command == "demo" else []),
                 "--map", str(path), "--state-dir", str(tmp_path / "state")]
        assert main(words) == 2
        out, err = capsys.readouterr()
        assert err.startswith(f"companion: --map: {path}: not a valid map file")
        assert err.count("\n") == 1 and out == ""
    assert not (tmp_path / "state").exists()


# --- The maps folder ---------------------------------------------------------------------------


def test_the_maps_folder_is_offered_after_the_shipped_maps_and_bad_files_stay_alone(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "maps"
    example_copy(folder)
    example_copy(folder, name="twin", file="twin.toml")                 # the same title
    example_copy(folder, name="lake shore", title="Other", file="z.toml")  # the same tags
    (folder / "broken.toml").write_text("name = [", encoding="utf-8")
    (folder / "notes.txt").write_text("not a map", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        offered = offered_maps(GAME, folder)
    shipped = len(SHIPPED)
    assert [choice.title for choice in offered] == [
        *(INDEX[name].title for name in SHIPPED), "broken", "Lake Shore", "twin", "z"]
    assert [choice.problem is None for choice in offered] == [True] * shipped + [
        False, True, False, False]
    assert offered[0].option == "usa" and offered[shipped + 1].option["name"] == "lake-shore"
    assert "broken.toml" in caplog.text
    assert offered_maps(GAME, tmp_path / "nowhere") == offered[:shipped]
    assert offered_maps("freight-train", folder) == []


def test_the_maps_folder_is_configured_or_in_the_state_folder(tmp_path: Path) -> None:
    config = parse_config('[ticket-to-ride]\nmaps = "my maps"\n', "c.toml", base=tmp_path)
    assert config.maps_folder(GAME, tmp_path / "state") == tmp_path / "my maps"
    assert parse_config("").maps_folder(GAME, tmp_path) == tmp_path / "maps"
    with pytest.raises(Exception, match=r"ticket-to-ride\.mapz: unknown key; the keys are maps"):
        parse_config('[ticket-to-ride]\nmapz = "x"\n', "c.toml")
    with pytest.raises(Exception, match="freight-train.maps: unknown key"):
        parse_config('[freight-train]\nmaps = "x"\n', "c.toml")


def lobby_on(folder: Path, started: list[tuple[Any, ...]]) -> Lobby:
    def start(game: str, names: tuple[str, ...], *on_map: Any) -> str:
        started.append((game, names, *on_map))
        return "the table"

    return Lobby([GAME], MemoryRegistry({}), lambda text: text, start, clock=lambda: 0.0,
                 maps=lambda game: offered_maps(game, folder))


def test_the_lobby_asks_which_map_and_says_why_a_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    example_copy(folder)
    (folder / "broken.toml").write_text('name = "x"\ncities = ["A"]\n', encoding="utf-8")
    started: list[tuple[Any, ...]] = []
    lobby = lobby_on(folder, started)
    lobby.handle(Press("ok"))                            # Ticket to Ride
    screen = lobby.screen()
    assert screen.title == "Which map?" and screen.menu is not None
    shipped = tuple(INDEX[name].title for name in SHIPPED)
    assert screen.menu.items == (*shipped, "broken (refused)", "Lake Shore")
    for _ in shipped:
        lobby.handle(Press("down"))
    lobby.handle(Press("ok"))                            # the refused file
    screen = lobby.screen()
    assert screen.style is Style.REFUSAL and screen.title == "Map refused"
    assert screen.body == ("broken", "routes: is missing")
    lobby.flash = None
    lobby.handle(Press("down"))
    lobby.handle(Press("ok"))                            # Lake Shore
    assert lobby.screen().title == "2 players"
    for _ in range(4):                                  # 2 players, default names, start
        lobby.handle(Press("ok"))
    ((game, names, option),) = started
    assert (game, names) == (GAME, ("Player 1", "Player 2"))
    assert option["title"] == "Lake Shore"


def test_a_game_begun_in_the_lobby_on_a_map_file_keeps_the_map_in_the_journal(
        tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    example_copy(folder)
    table = open_table(state_dir=tmp_path / "state", game=GAME, players=NAMES, language="en",
                       start_now=False, driver_config=DEMO_DRIVERS,
                       maps=lambda game: offered_maps(game, folder))
    try:
        lobby = table.loop.app
        assert isinstance(lobby, Lobby)
        for button in ("ok", "up", "ok", "ok", "ok", "ok", "ok"):  # the last map, 2 players
            lobby.handle(Press(button))
        app = lobby.next_app
        assert app.session.state.board.title == "Lake Shore"
    finally:
        table.close()
    with Journal(tmp_path / "state" / "journal.sqlite3") as journal:
        play = journal.unfinished()
        assert play is not None and play.options["map_name"]["name"] == "lake-shore"


def test_the_map_given_on_the_command_line_is_the_lobby_s_first_choice(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    example_copy(folder)
    given = map_option(GAME, str(example_copy(tmp_path, name="bay", title="Bay", file="b.toml")))
    offered = offered_maps(GAME, folder)
    table = open_table(state_dir=tmp_path / "state", game=GAME, players=NAMES, language="en",
                       start_now=False, driver_config=DEMO_DRIVERS,
                       game_options=lambda game: {"map_name": offered[len(SHIPPED)].option},
                       maps=lambda game: offered)
    try:
        lobby = table.loop.app
        assert isinstance(lobby, Lobby)
        lobby.handle(Press("ok"))
        menu = lobby.screen().menu
        assert menu is not None and menu.items[menu.selected] == "Lake Shore"
    finally:
        table.close()
    assert given["title"] == "Bay"


def test_on_a_desktop_a_map_file_s_ticket_tags_are_typed_by_name(tmp_path: Path) -> None:
    path = example_copy(tmp_path / "maps")
    codes = sorted(map_ticket_codes(board_of(path)))
    lines = ["o"] * 5 + codes[:2] + ["usa-01", "o"]
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--lang", "en", "run", "--game", GAME,
         "--map", str(path), "--players", "Ana,Ben", "--state-dir", str(tmp_path / "state")],
        input="\n".join(lines) + "\n", capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    status = subprocess.run(
        [sys.executable, "-m", "companion", "status", "--json", "--state-dir",
         str(tmp_path / "state")], capture_output=True, text=True, check=False)
    summary = json.loads(status.stdout)
    assert summary["event_count"] == 2  # the deal, then the tickets kept
    with Journal(tmp_path / "state" / "journal.sqlite3") as journal:
        kept = journal.events(summary["play_id"])[-1]
    board = board_of(path)
    # usa-01, a tag of the shipped box, was refused: only the map's own two were kept.
    assert kept["tickets"] == [map_ticket_codes(board)[code] for code in codes[:2]]


def test_a_map_for_fewer_players_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example_copy(tmp_path / "maps")  # for 2 to 3 players
    assert main(["--lang", "en", "demo", GAME, "--map", str(path), "--players", "5",
                 "--state-dir", str(tmp_path / "demo")]) == 2
    assert capsys.readouterr().err == ("companion: --players: Lake Shore is for 2 to 3 "
                                       "players\n")
    assert main(["--lang", "en", "run", "--game", GAME, "--map", str(path), "--players",
                 "Ana,Ben,Cléo,Dan", "--state-dir", str(tmp_path / "table")]) == 2
    err = capsys.readouterr().err
    assert err.endswith("companion: Lake Shore is for 2 to 3 players\n")
    assert "Traceback" not in err


def test_the_lobby_counts_only_the_players_a_map_seats(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    example_copy(folder)
    table = open_table(state_dir=tmp_path / "state", game=GAME, players=NAMES, language="en",
                       start_now=False, driver_config=DEMO_DRIVERS,
                       maps=lambda game: offered_maps(game, folder))
    try:
        lobby = table.loop.app
        assert isinstance(lobby, Lobby)
        for button in ("ok", "up", "ok", "up", "up", "up"):
            lobby.handle(Press(button))                  # Lake Shore, up to 4 players
        assert lobby.screen().title == "3 players"      # its most
        assert lobby.screen().top == "Lake Shore" or lobby.screen().title == "3 players"
        for _ in range(4):                               # 3 players, default names
            lobby.handle(Press("ok"))
        lobby.handle(Press("ok"))                        # start
        assert lobby.next_app is not None
        assert lobby.next_app.session.state.board.title == "Lake Shore"
    finally:
        table.close()
