"""The lobby on a map played in teams: whole teams only, then the team step and its swaps."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.desktop.demo import DEMO_DRIVERS
from companion.flows.inputs import Hold, Press
from companion.games.map_choices import offered_maps, read_map_file
from companion.screens.model import Screen, Style
from companion.state.journal import Journal
from companion.table.build import Table, open_table
from companion.table.lobby import Lobby
from engine.games.ticket_to_ride import RULES, parse_map
from engine.games.ticket_to_ride.live_teams import table_sizes

from .fakes import MemoryRegistry
from .hands import Hands

GAME = "ticket-to-ride"
TEAM_MAP = Path(__file__).parents[2] / "examples" / "maps" / "teams-example.toml"
SIX = ("Ana", "Ben", "Cléo", "Dan", "Eve", "Finn")


def maps_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copy(TEAM_MAP, folder)
    return folder


def team_lobby(tmp_path: Path, started: list[tuple[Any, ...]],
               names: tuple[str, ...] = SIX) -> Lobby:
    folder = maps_folder(tmp_path)

    def start(game: str, players: tuple[str, ...], *on_map: Any) -> str:
        started.append((game, players, *on_map))
        return "the table"

    return Lobby([GAME], MemoryRegistry({}), lambda text: text, start, clock=lambda: 0.0,
                 default_names=names, maps=lambda game: offered_maps(game, folder))


def press(lobby: Lobby, *buttons: str) -> Screen:
    for button in buttons:
        lobby.handle(Press(button))
    return lobby.screen()


def on_team_map(lobby: Lobby) -> Screen:
    """Ticket to Ride, then the team example (the last map offered)."""
    screen = press(lobby, "ok")
    assert screen.menu is not None and screen.menu.items[-1] == "Team example"
    return press(lobby, "up", "ok")


def test_the_count_goes_from_the_fewest_to_the_most_people_the_map_seats(
        tmp_path: Path) -> None:
    started: list[tuple[Any, ...]] = []
    lobby = team_lobby(tmp_path, started)
    people = table_sizes(parse_map(read_map_file(GAME, TEAM_MAP).option).rules)
    screen = on_team_map(lobby)
    assert (screen.title, screen.body) == (f"{people[-1]} players", ("3 teams of 2",))
    screen = press(lobby, "up")                           # not above three teams
    assert screen.title == f"{people[-1]} players"
    screen = press(lobby, *["down"] * 5)                  # nor below two
    assert (screen.title, screen.body) == (f"{people[0]} players", ("2 teams of 2",))
    assert not started


def test_a_count_that_is_not_whole_teams_says_why_and_keeps_the_choices(
        tmp_path: Path) -> None:
    started: list[tuple[Any, ...]] = []
    lobby = team_lobby(tmp_path, started)
    on_team_map(lobby)
    screen = press(lobby, "down")
    assert (screen.title, screen.body) == ("5 players", ("Each team has 2 players",))
    screen = press(lobby, "ok")
    assert (screen.title, screen.style) == ("Each team has 2 players", Style.REFUSAL)
    assert not screen.body                                # one line
    lobby.flash = None                                    # the notice is over
    screen = lobby.screen()
    assert screen.title == "5 players" and lobby.choices.map is not None
    assert lobby.choices.map.title == "Team example"
    screen = press(lobby, "up", "ok")
    assert screen.title == "Player 1" and screen.progress == (0, 6)


def test_configured_names_that_are_not_whole_teams_offer_the_teams_below(
        tmp_path: Path) -> None:
    lobby = team_lobby(tmp_path, [], names=SIX[:5])
    assert on_team_map(lobby).title == "4 players"


def test_six_players_in_three_teams_swap_with_the_buttons_and_start(tmp_path: Path) -> None:
    started: list[tuple[Any, ...]] = []
    lobby = team_lobby(tmp_path, started)
    on_team_map(lobby)
    screen = press(lobby, *["ok"] * 7)                    # six players, the names offered
    assert (screen.title, screen.style) == ("Teams", Style.CONFIRM)
    assert screen.body == ("Ana & Ben", "Cléo & Dan", "Eve & Finn")
    assert screen.hints == "ok:start  down:swap"
    screen = press(lobby, "down")
    assert screen.title == "Swap who?" and screen.menu is not None
    assert screen.menu.items == ("Team 1: Ana", "Team 1: Ben", "Team 2: Cléo", "Team 2: Dan",
                                 "Team 3: Eve", "Team 3: Finn")
    screen = press(lobby, "down", "ok")                   # Ben ...
    assert screen.title == "Ben with?" and screen.menu is not None
    assert screen.menu.items == ("Team 2: Cléo", "Team 2: Dan", "Team 3: Eve", "Team 3: Finn")
    screen = press(lobby, "up", "ok")                     # ... with Finn (the list wraps)
    assert screen.title == "Teams"
    assert screen.body == ("Ana & Finn", "Cléo & Dan", "Eve & Ben")
    press(lobby, "ok")
    ((game, players, option),) = started
    assert (game, players) == (GAME, ("Ana", "Finn", "Cléo", "Dan", "Eve", "Ben"))
    state = RULES.new_game(players, option)
    assert [team.name for team in state.teams] == ["Ana & Finn", "Cléo & Dan", "Eve & Ben"]
    assert lobby.next_app == "the table"


def test_back_cancels_a_swap_then_leaves_the_team_step_losing_nothing(tmp_path: Path) -> None:
    started: list[tuple[Any, ...]] = []
    lobby = team_lobby(tmp_path, started)
    on_team_map(lobby)
    press(lobby, *["ok"] * 7, "down", "ok")               # Ana picked
    assert lobby.screen().title == "Ana with?"
    screen = press(lobby, "back")                         # not Ana after all
    assert screen.title == "Swap who?"
    screen = press(lobby, "back")                         # no swap: the teams as they were
    assert screen.title == "Teams" and screen.body == ("Ana & Ben", "Cléo & Dan", "Eve & Finn")
    screen = press(lobby, "back")                         # the last name is asked again
    assert screen.title == "Player 6" and lobby.choices.names == list(SIX[:5])
    screen = press(lobby, "ok")
    assert screen.body == ("Ana & Ben", "Cléo & Dan", "Eve & Finn")
    lobby.handle(Hold("back"))                            # starting over forgets the teams
    assert lobby.screen().title == "Which game?" and not started


def test_a_map_played_alone_has_no_team_step(tmp_path: Path) -> None:
    started: list[tuple[Any, ...]] = []
    lobby = team_lobby(tmp_path, started, names=SIX[:3])
    press(lobby, "ok", "ok")                              # USA
    screen = press(lobby, "ok", "ok", "ok", "ok")
    assert screen.title == "Start?" and screen.body == ("Ana, Ben, Cléo",)
    press(lobby, "ok")
    assert started[0][1] == SIX[:3]


def lobby_of(table: Table) -> Lobby:
    lobby = table.loop.app
    assert isinstance(lobby, Lobby)
    return lobby


def test_the_teams_chosen_with_the_buttons_are_journalled_and_resumed(tmp_path: Path) -> None:
    folder = maps_folder(tmp_path)
    state_dir = tmp_path / "state"

    def table() -> Table:
        return open_table(state_dir=state_dir, game=GAME, players=SIX, language="en",
                          start_now=False, driver_config=DEMO_DRIVERS,
                          maps=lambda game: offered_maps(game, folder))

    opened = table()
    try:
        hands = Hands(opened)
        # Ticket to Ride, the team example, six players by their names, then swap Ben with
        # Cléo: the table's own simulated buttons, each press answered before the next.
        for button in ("ok", "up", "ok", *["ok"] * 7, "down", "down", "ok", "ok"):
            hands.press(button)
        assert lobby_of(opened).screen().body == ("Ana & Cléo", "Ben & Dan", "Eve & Finn")
        hands.press("ok")
        state = opened.app.session.state
        assert [team.name for team in state.teams] == ["Ana & Cléo", "Ben & Dan", "Eve & Finn"]
    finally:
        opened.close()
    with Journal(state_dir / "journal.sqlite3") as journal:
        play = journal.unfinished()
        assert play is not None
        assert tuple(play.players) == ("Ana", "Cléo", "Ben", "Dan", "Eve", "Finn")
    resumed = table()
    try:
        state = resumed.app.session.state
        assert [team.name for team in state.teams] == ["Ana & Cléo", "Ben & Dan", "Eve & Finn"]
        assert [team.seats for team in state.teams] == [(0, 1), (2, 3), (4, 5)]
    finally:
        resumed.close()


@pytest.mark.parametrize("players", ["Ana,Ben,Cléo", "Ana,Ben,Cléo,Dan,Eve,Finn,Gus,Hal"])
def test_the_command_line_refuses_what_is_not_whole_teams_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], players: str) -> None:
    from companion.cli.main import main

    assert main(["--lang", "en", "run", "--game", GAME, "--map", str(TEAM_MAP), "--players",
                 players, "--state-dir", str(tmp_path / "state")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] in ("companion: Each team has 2 players",
                       "companion: Team example is for 2 to 3 teams")
    assert "Traceback" not in "".join(err)
    journal_file = tmp_path / "state" / "journal.sqlite3"
    if journal_file.exists():
        with Journal(journal_file) as journal:
            assert journal.unfinished() is None
