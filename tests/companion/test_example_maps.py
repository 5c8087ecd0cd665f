"""Every map of `examples/maps/`: the engine reads it and its demo plays to the end.

A map added to the folder is picked up as it is. A map whose rules the table does not play
yet is refused by the demo with the engine's own words, which a test map proves.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, cast

import pytest

from companion.cli.main import main
from companion.cli.run import demo_players
from companion.desktop.demo import PLAYER_NAMES
from companion.flows.automaton import physical_moves
from companion.games.names import reason
from companion.games.ticket_to_ride.map_files import read_map
from companion.state.journal import Journal
from companion.state.replay import rebuild
from engine.errors import IllegalEvent
from engine.games.ticket_to_ride import RULES, Map, map_from_toml, parse_map
from engine.games.ticket_to_ride.events import TicketToRideEvent
from engine.games.ticket_to_ride.live_teams import table_sizes

GAME = "ticket-to-ride"
EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "maps").glob("*.toml"))


def fewest_players(board: Map) -> int:
    """The fewest players the map takes: whole teams on a map played in teams."""
    return board.rules.players[0] * (board.rules.team_size or 1)


def engine_refusal(data: dict[str, Any]) -> IllegalEvent | None:
    """Why the engine will not play this map at the table; None when it plays it."""
    board = parse_map(data)
    try:
        RULES.new_game(tuple(PLAYER_NAMES[:fewest_players(board)]), board)
    except IllegalEvent as error:
        return error
    return None


def demo(path: Path, state_dir: Path, players: int | None,
         capsys: pytest.CaptureFixture[str], language: str = "en"
         ) -> tuple[int, list[str], str]:
    """The demo on the map file at `path`: its status, output lines and errors; without
    `players`, the demo chooses how many."""
    count = [] if players is None else ["--players", str(players)]
    status = main(["--lang", language, "demo", GAME, "--map", str(path), "--state-dir",
                   str(state_dir), *count, "--progress-every", "1000"])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


@pytest.mark.parametrize(("counts", "chosen"), [
    (range(2, 6), 3), (range(2, 4), 3), (range(4, 6), 4), (range(1, 3), 2),
    (range(4, 7, 2), 4), (range(2, 5, 2), 2),
])  # fmt: skip
def test_without_players_the_demo_seats_the_count_nearest_three(counts: range,
                                                                 chosen: int) -> None:
    assert demo_players(counts) == chosen


def test_the_folder_has_an_example() -> None:
    assert any(path.stem == "example" for path in EXAMPLES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_an_example_map_is_read_and_its_demo_plays_it_to_the_end(
        path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = path.read_text(encoding="utf-8")
    board = map_from_toml(text)  # the engine accepts the file
    data = json.loads(json.dumps(tomllib.loads(text)))
    # Every example map is one the table plays: the refusal of a map it does not play is the
    # test below.
    assert engine_refusal(data) is None
    # Without --players the demo seats the count the map takes nearest to three.
    status, out, err = demo(path, tmp_path, None, capsys)
    assert status == 0, err
    players = len(json.loads(out[-1])["players"]) * (board.rules.team_size or 1)
    seated = table_sizes(board.rules)
    assert players in seated
    assert all((abs(players - 3), players) <= (abs(other - 3), other) for other in seated)
    title, option = read_map(text)
    assert title == board.title
    # The demo's completion line is the result of the game the simulated players played.
    names = PLAYER_NAMES[:players]
    moves = physical_moves(RULES, names, 1, {"map_name": option})
    real = RULES.new_game(names, option)
    for move in moves:
        real = RULES.apply(real, cast(TicketToRideEvent, move))
    assert RULES.is_over(real)
    assert json.loads(out[-1]) == RULES.result(real).to_json()


def test_a_map_whose_rules_the_table_does_not_play_is_refused_with_the_engine_s_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Boat cards without the map's `rules.boats` (pieces, decks) are left to the tally.
    text = ('name = "boats"\nroutes = [{ from = "A", to = "B", length = 2 },'
            ' { from = "B", to = "C", length = 1 }]\ntickets = [{ from = "A", to = "C",'
            ' points = 4 }, { from = "A", to = "B", points = 2 }, { from = "B", to = "C",'
            ' points = 1 }]\n[rules]\nplayers = [2, 3]\ntickets = { start = 1 }\n'
            '[rules.cards]\nspecial = ["boat"]\n')
    path = tmp_path / "boats.toml"
    path.write_text(text, encoding="utf-8")
    refused = engine_refusal(json.loads(json.dumps(tomllib.loads(text))))
    assert refused is not None
    status, out, err = demo(path, tmp_path / "state", 2, capsys)
    assert status == 2 and out == []
    assert err == f"companion: --map: {path}: {reason(refused, 'en')}\n"
    assert not (tmp_path / "state" / "journal.sqlite3").exists()


def test_the_team_example_seats_three_teams_in_the_demo_each_player_dealt_tickets(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = next(path for path in EXAMPLES if path.stem == "teams-example")
    team_size = map_from_toml(path.read_text(encoding="utf-8")).rules.team_size
    status, out, err = demo(path, tmp_path / "three", 3 * team_size, capsys)
    assert status == 0, err
    teams = [player["name"] for player in json.loads(out[-1])["players"]]
    assert len(teams) == 3 and "Eve & Fay" in teams
    with Journal(tmp_path / "three" / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=True)
        state, _ = rebuild(journal, RULES, play)
    # Every player was dealt tickets and kept some: the first kept went to the team's holder.
    assert len(state.players) == 6 and all(player.tickets for player in state.players)
    assert len(state.teams) == 3 and all(team.tickets for team in state.teams)


@pytest.mark.parametrize(("name", "players", "language", "line"), [
    ("example", 5, "en", "--players: Example network is for 2 to 3 players"),
    ("example", 5, "fr", "--players : Example network se joue de 2 à 3 joueurs"),
    ("teams-example", 5, "en", "--players: Team example is for whole teams of 2: 4 to 6 players"),
    ("teams-example", 2, "fr",
     "--players : Team example se joue en équipes complètes de 2 : de 4 à 6 joueurs"),
])
def test_the_demo_refuses_a_count_the_map_does_not_seat_in_one_line(
        name: str, players: int, language: str, line: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = next(path for path in EXAMPLES if path.stem == name)
    status, out, err = demo(path, tmp_path / "state", players, capsys, language)
    assert status == 2 and out == []
    assert err == f"companion: {line}\n"
    assert not (tmp_path / "state" / "journal.sqlite3").exists()
