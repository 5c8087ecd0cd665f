"""Team play (Asia) at the Ticket to Ride table, on the team example map."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.flows.automaton import physical_moves
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.ticket_tags import ticket_codes
from companion.screens.render import cuts
from engine.games.ticket_to_ride import RULES, Map
from engine.games.ticket_to_ride.events import TicketToRideEvent
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

from ..engine.ticket_to_ride_live import example_map
from .fakes import MemorySession
from .test_ticket_to_ride_live_rules_flow import MapTable

TEAMS = example_map("teams-example")
TEAM_NAMES = ("North", "South")


@pytest.fixture(autouse=True)
def example_tickets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Ticket tags for the example map's tickets, as for a shipped map's."""
    codes = ticket_codes()
    for number, ticket in enumerate(sorted(t.id for t in TEAMS.tickets), start=1):
        monkeypatch.setitem(codes, f"{TEAMS.name}-{number:02d}", (TEAMS.name, ticket))
    yield


class TeamTable(MapTable):
    """Four players in two named teams: Ana and Ben, then Cleo and Dan."""

    def __init__(self, board: Map = TEAMS, language: str = "en") -> None:
        super().__init__(board, 4)
        self.options = {"map_name": board, "teams": TEAM_NAMES}
        self.app.session = MemorySession(RULES, self.names, **self.options)
        self.app.flow = TicketToRideFlow(language)


def real_game(names: tuple[str, ...], seed: int, options: dict[str, object]
              ) -> TicketToRideState:
    state = RULES.new_game(names, **options)
    for move in physical_moves(RULES, names, seed, options):
        state = RULES.apply(state, move)  # type: ignore[arg-type]
    return state


def test_the_setup_names_the_teams_and_the_turn_screen_the_player_s_team() -> None:
    table = TeamTable()
    assert table.state.teams[0].name == "North"
    pages = table.flow.pages.setup_pages(table.state)
    titles = [title for title, _ in pages]
    assert "2 teams side by side" in titles
    body = pages[titles.index("2 teams side by side")][1]
    assert body == ("North: Ana, Ben", "South: Cleo, Dan")
    assert "12 trains each" in pages[0][1]
    table.deal_and_keep()
    screen = table.app.screen()
    assert screen.top.startswith("ANA · North")
    assert "Team's cards: 0" in screen.body
    assert not cuts(screen)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_whole_team_games_through_the_table_score_like_the_real_ones(seed: int) -> None:
    table = TeamTable()
    seen_tops = set()
    for goal in physical_moves(RULES, table.names, seed, table.options):
        table.enter(goal)
        seen_tops.add(table.app.screen().top)
        table.wait()
    assert table.state.phase is Phase.OVER
    real = real_game(table.names, seed, table.options)
    result = RULES.result(table.state)
    assert result == RULES.result(real)
    # Two gray tracks of one route are told apart by nobody: compare routes.
    assert ({TEAMS.track(t).route: seat for t, seat in table.state.owners.items()}
            == {TEAMS.track(t).route: seat for t, seat in real.owners.items()})
    for seen, held in zip(table.state.teams, real.teams):
        assert seen.tickets == held.tickets
        assert len(seen.hand) == len(held.hand), "the team's holder, seen or not"
    assert [p.name for p in result.players] == list(TEAM_NAMES)
    assert tally(final_table(table.state)).to_json() == result.to_json()
    assert any(top.startswith("BEN · North") for top in seen_tops)
    assert any(top.startswith("CLEO · South") for top in seen_tops)
    # The final count's pages are the teams'.
    assert {seat for seat, _ in table.flow.pages.final_pages(table.state)} == {0, 1, None}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_team_game_s_screens_fit_in_each_language(language: str) -> None:
    table = TeamTable(language=language)
    seen = []
    for _ in table.flow.pages.setup_pages(table.state):  # leaf through, back to the first page
        seen.append(table.app.screen())
        table.press("down")
    assert len({screen.title for screen in seen}) == len(seen)
    for goal in physical_moves(RULES, table.names, 3, table.options):
        table.enter(goal)
        seen.append(table.app.screen())
        table.wait()
        seen.append(table.app.screen())
    problems = [(screen.title, cut) for screen in seen for cut in cuts(screen)]
    assert not problems, problems[:5]


def test_events_are_plain_ticket_to_ride_moves() -> None:
    moves: list[TicketToRideEvent] = physical_moves(  # type: ignore[assignment]
        RULES, ("Ana", "Ben", "Cleo", "Dan"), 4, {"map_name": TEAMS})
    state = RULES.replay(RULES.new_game(("Ana", "Ben", "Cleo", "Dan"), TEAMS), moves)
    assert [t.name for t in state.teams] == ["Ana & Ben", "Cleo & Dan"]
    assert RULES.is_over(state)
