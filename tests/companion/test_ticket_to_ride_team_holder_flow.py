"""Team play at the Ticket to Ride table: the screens say what goes to the team's holder, a
payment asks which cards came from it, and the turn screen shows the team's score."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.flows.automaton import enter_move
from companion.games import autopilot
from companion.games.ticket_to_ride.ticket_tags import ticket_codes
from companion.games.ticket_to_ride.view import Mode
from engine.games.ticket_to_ride.events import (
    BuildStation,
    ClaimRoute,
    PayTunnel,
    RevealTunnel,
    TicketToRideEvent,
)

from ..engine.test_ticket_to_ride_team_holder import TUNNELS
from .test_ticket_to_ride_teams_flow import TEAMS, TeamTable

RED_2 = "Granite-Ivory"


@pytest.fixture(autouse=True)
def example_tickets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Ticket tags for the example map's tickets, as for a shipped map's."""
    codes = ticket_codes()
    for board in (TEAMS, TUNNELS):
        for number, ticket in enumerate(sorted(t.id for t in board.tickets), start=1):
            monkeypatch.setitem(codes, f"{board.name}-{number:02d}", (board.name, ticket))
    yield


def until(table: TeamTable, goal: TicketToRideEvent, mode: Mode) -> None:
    """The inputs the demo would send toward `goal`, up to the screen of `mode`."""
    for _ in range(60):
        if table.flow.current_mode(table.state) is mode:
            return
        table.send(autopilot.next_input(table.flow, table.state, goal, lambda kind, value: (
            table.deck.pick(kind, value, table.flow.in_play()))))
    raise AssertionError(f"{mode} never came")


def red_for_the_team() -> TeamTable:
    """Ana draws two reds: one to her hand, one to North's holder; Ben's turn."""
    table = TeamTable()
    table.deal_and_keep()
    table.tap(table.card("red", 0))
    table.tap(table.card("red", 1))
    table.wait()
    assert table.state.teams[0].hand == ("red",)
    assert table.state.current == 1
    return table


def draw_two_each(table: TeamTable, *colors: str) -> None:
    """The next players each draw two cards of a colour."""
    for color in colors:
        table.tap(table.card(color, 0))
        table.wait()
        table.tap(table.card(color, 1))
        table.wait()
    assert table.state.current == 0


def test_a_claim_asks_which_cards_came_from_the_team_s_holder() -> None:
    table = red_for_the_team()
    until(table, ClaimRoute(RED_2, ("red", "red")), Mode.HOLDER)
    screen = table.app.screen()
    assert screen.title == "Team's cards used?"
    assert screen.menu is not None
    assert screen.menu.items == ("Red", "None: all from hand")
    table.press("down", "ok")  # Ben paid both reds from his own hand
    assert table.state.owners[RED_2] == 1
    assert table.state.teams[0].hand == ("red",), "the holder keeps its red"
    assert len(table.state.players[1].hand) == 4 - 2
    table.wait()
    draw_two_each(table, "blue", "green")  # Cleo's and Dan's turns, then Ana's
    assert "Team's cards: 1" in table.app.screen().body


def test_the_holder_s_cards_first_is_the_first_answer() -> None:
    table = red_for_the_team()
    table.enter(ClaimRoute(RED_2, ("red", "red")))
    assert table.state.teams[0].hand == ()
    assert len(table.state.players[1].hand) == 4 - 1


def test_a_payment_with_one_way_to_make_it_asks_nothing() -> None:
    table = TeamTable()
    table.deal_and_keep()
    asked = []
    goal = ClaimRoute(RED_2, ("red", "red"))

    def send(item: object) -> None:
        table.app.handle(item)  # type: ignore[arg-type]
        asked.append(table.flow.current_mode(table.state))

    enter_move(goal, lambda g: autopilot.next_input(
        table.flow, table.state, g, lambda kind, value: table.deck.pick(
            kind, value, table.flow.in_play())), send, lambda: len(table.app.session.history()))
    assert Mode.HOLDER not in asked, "an empty holder gives nothing"
    assert table.state.owners[RED_2] == 0


def test_the_draw_screens_say_where_each_card_goes() -> None:
    table = TeamTable()
    table.deal_and_keep()
    table.tap(table.card("red", 0))
    assert table.title() == "Red: your hand"
    table.wait()
    assert table.title() == "Ana: 2nd card"
    assert "To the team's cards" in table.app.screen().body
    table.tap(table.card("blue", 0))
    assert table.title() == "Ana: Blue: team's cards"


def test_the_tickets_screen_says_the_first_kept_goes_to_the_team() -> None:
    table = TeamTable()
    while table.flow.current_mode(table.state) is Mode.SETUP:
        table.press("ok")
    table.wait()
    screen = table.app.screen()
    assert screen.title == "Ana: tickets"
    assert "1st kept: to the team" in screen.body
    first, second = (t.id for t in TEAMS.tickets[:2])
    table.tap(table.ticket(first), table.ticket(second))
    table.press("ok")
    assert table.title() == "Ana: 2 tickets kept, 1st to the team"
    assert table.state.teams[0].tickets == (first,)


def test_the_turn_screen_shows_the_team_s_score() -> None:
    table = red_for_the_team()
    table.enter(ClaimRoute(RED_2, ("red", "red")))  # Ben: 2 points for North
    table.wait()
    body = table.app.screen().body  # Cleo's turn: South has none
    assert "Team score: 0" in body
    draw_two_each(table, "blue", "green")  # Cleo's and Dan's turns, then Ana's
    assert "Team score: 2" in table.app.screen().body, "Ana sees Ben's points"


def tunnels_table() -> TeamTable:
    """The team example with a tunnel and stations: Ana drew two reds (one to North's
    holder), Ben a blue to it, and South drew; Ana's turn again."""
    table = TeamTable(TUNNELS)
    table.deal_and_keep()
    table.tap(table.card("red", 0))
    table.wait()
    table.tap(table.card("red", 1))
    table.wait()
    draw_two_each(table, "blue", "green", "yellow")
    assert table.state.teams[0].hand == ("blue", "red")
    return table


def test_a_tunnel_s_extra_cards_ask_where_they_came_from_too() -> None:
    table = tunnels_table()
    table.enter(ClaimRoute("Amber-Bamboo#1", ("red", "red"), shared=()))
    table.wait()
    table.enter(RevealTunnel(("red", "white", "white")))
    table.wait()
    until(table, PayTunnel(("red",)), Mode.HOLDER)
    screen = table.app.screen()
    assert screen.title == "Team's cards used?"
    assert screen.menu is not None and screen.menu.items == ("Red", "None: all from hand")
    table.press("ok")  # the extra red from the holder
    assert table.state.owners["Amber-Bamboo#1"] == 0
    assert table.state.teams[0].hand == ("blue",)


def test_a_station_asks_where_its_cards_came_from() -> None:
    table = tunnels_table()
    until(table, BuildStation("Jade", ("blue",)), Mode.HOLDER)
    table.press("back")
    assert table.flow.current_mode(table.state) is Mode.PAY, "back takes the card back"
    assert table.flow.ui.picks == ()
    table.enter(BuildStation("Jade", ("blue",), shared=()))
    assert table.state.players[0].stations == ("Jade",)
    assert table.state.teams[0].hand == ("blue", "red"), "the blue came from Ana's hand"
