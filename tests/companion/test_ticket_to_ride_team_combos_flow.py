"""Team play together with shares, meeples, Old West, depots and Märklin at the Ticket to Ride
table: whole games entered input by input, the team's hand and holder paying for what a claim
takes, and the warehouses named after the teams."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest

from companion.cli.main import main
from companion.desktop.demo import PLAYER_NAMES
from companion.flows.automaton import physical_moves
from companion.games.ticket_to_ride.map_files import read_map
from companion.games.ticket_to_ride.ticket_tags import ticket_codes
from companion.games.ticket_to_ride.view import Mode
from companion.screens.render import cuts
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.events import TicketToRideEvent
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.state import Phase
from engine.games.ticket_to_ride.tally import tally

from ..engine.ticket_to_ride_live import TEAM_MAPS, team_map, team_map_text
from .test_ticket_to_ride_teams_flow import TEAM_NAMES, TeamTable, real_game


@pytest.fixture(autouse=True)
def example_tickets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Ticket tags for the team maps' tickets, as for a shipped map's."""
    codes = ticket_codes()
    for name in TEAM_MAPS:
        board = team_map(name)
        for number, ticket in enumerate(sorted(t.id for t in board.tickets), start=1):
            monkeypatch.setitem(codes, f"{board.name}-{number:02d}", (board.name, ticket))
    yield


@pytest.mark.parametrize("name", sorted(TEAM_MAPS))
def test_whole_team_games_through_the_table_score_like_the_real_ones(name: str) -> None:
    board = team_map(name)
    table = TeamTable(board)
    seed = 2
    seen = []
    for goal in physical_moves(RULES, table.names, seed, table.options):
        table.enter(goal)
        seen.append(table.app.screen())
        table.wait()
        seen.append(table.app.screen())
    assert table.state.phase is Phase.OVER
    real = real_game(table.names, seed, table.options)
    result = RULES.result(table.state)
    assert result == RULES.result(real)
    assert [p.name for p in result.players] == list(TEAM_NAMES)
    assert tally(final_table(table.state)).to_json() == result.to_json()
    problems = [(screen.title, cut) for screen in seen for cut in cuts(screen)]
    assert not problems, problems[:5]
    # The final count's pages are the teams'.
    assert {seat for seat, _ in table.flow.pages.final_pages(table.state)} == {0, 1, None}
    if name == "depots-example":  # a warehouse is a team's
        menu = table.flow.screens[Mode.STORE](table.state).menu
        assert menu is not None and len(menu.items) == 2
        assert [item.split(":")[0] for item in menu.items] == list(TEAM_NAMES)


@pytest.mark.parametrize("name", ["marklin-example", "old-west-example", "depots-example"])
def test_a_team_game_s_screens_fit_in_french(name: str) -> None:
    table = TeamTable(team_map(name), language="fr")
    seen = []
    for goal in physical_moves(RULES, table.names, 3, table.options):
        table.enter(goal)
        seen.append(table.app.screen())
        table.wait()
        seen.append(table.app.screen())
    assert table.state.phase is Phase.OVER
    problems = [(screen.title, cut) for screen in seen for cut in cuts(screen)]
    assert not problems, problems[:5]


@pytest.mark.parametrize("name", sorted(TEAM_MAPS))
def test_the_demo_plays_a_team_map_with_another_rule_to_its_result_line(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"teams-{name}.toml"
    path.write_text(team_map_text(name), encoding="utf-8")
    status = main(["--lang", "en", "demo", "ticket-to-ride", "--map", str(path), "--state-dir",
                   str(tmp_path / "state"), "--players", "4", "--progress-every", "1000"])
    out, err = capsys.readouterr()
    assert status == 0, err
    _, option = read_map(path.read_text(encoding="utf-8"))
    names = PLAYER_NAMES[:4]
    real = RULES.new_game(names, option)
    for move in physical_moves(RULES, names, 1, {"map_name": option}):
        real = RULES.apply(real, cast(TicketToRideEvent, move))
    assert RULES.is_over(real)
    line = json.loads(out.splitlines()[-1])
    assert line == RULES.result(real).to_json()
    assert [entry["name"] for entry in line["players"]] == [t.name for t in real.teams]


def test_the_setup_gives_each_team_a_warehouse_and_the_map_s_depots() -> None:
    table = TeamTable(team_map("depots-example"))
    pages = dict(table.flow.pages.setup_pages(table.state))
    assert " ".join(pages["Depots"]) == "Give each team a warehouse and 5 depots."
