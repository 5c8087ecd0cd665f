"""Shares, passenger meeples and Old West at the Ticket to Ride table: the lists after a
claim's payment, the flash, undo, and games on the example maps entered by taps and presses."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows.automaton import physical_moves
from companion.flows.inputs import Hold, Input, Tap
from companion.games import autopilot
from companion.games.ticket_to_ride.flow import Mode, TicketToRideFlow
from companion.games.ticket_to_ride.words import Words
from companion.screens.model import Style
from companion.screens.render import render
from companion.table.app import TableApp
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.events import ClaimRoute, DrawTickets, KeepTickets
from engine.games.ticket_to_ride.state import Phase
from tests.engine.ticket_to_ride_examples import example_map

from .test_ticket_to_ride_flow import INPUTS, Table, physical, replayed

L = "locomotive"
STOCKS = example_map("stocks-example")
MEEPLES = example_map("meeples-example")
OLD_WEST = example_map("old-west-example")


def started(board: Any, players: int = 2) -> Table:
    """The cards dealt at the table, then each player's starting tickets recorded (the example
    maps' tickets have no tags: they are given to the journal as they are)."""
    table = Table(players, board)
    while table.state.phase is Phase.DEAL:
        table.press("ok")
    ids = [ticket.id for ticket in board.tickets]
    while table.state.phase is Phase.START_TICKETS:
        seat = table.state.current
        table.session.submit(KeepTickets(tuple(ids[2 * seat: 2 * seat + 2])))
    table.wait()
    return table


def enter_until(table: Table, goal: ClaimRoute, mode: Mode) -> None:
    """Enter `goal` as the demo does, stopping on the list `mode`."""
    for _ in range(40):
        if table.flow.current_mode(table.state) is mode:
            return
        table.send(autopilot.next_input(table.flow, table.state, goal, lambda kind, value:
                                        table.deck.pick(kind, value, table.flow.in_play())))
    raise AssertionError(f"{mode} never came")


def test_the_company_is_asked_only_when_the_route_has_two_with_shares_left() -> None:
    table = started(STOCKS)
    goal = ClaimRoute("Ashford-Carver", ("red",) * 3, company="BLL")
    enter_until(table, goal, Mode.COMPANY)
    screen = table.app.screen()
    assert screen.title == "Which company?"
    assert screen.menu is not None and screen.menu.items == ("ARR · share 1", "BLL · share 1")
    render(screen)
    table.press("down", "ok")
    assert table.title() == "Ana: Ashford – Carver +4 · Share 1 of BLL"
    assert table.state.players[0].shares == (("BLL", 1),)
    table.wait()
    table.enter(ClaimRoute("Ashford-Bramley", ("red",) * 2, company="ARR"))  # one: no list
    assert table.state.players[1].shares == (("ARR", 1),)


def test_back_on_a_list_takes_back_the_last_card_paid() -> None:
    table = started(STOCKS)
    enter_until(table, ClaimRoute("Ashford-Carver", ("red",) * 3, company="ARR"), Mode.COMPANY)
    table.press("back")
    assert table.flow.current_mode(table.state) is Mode.PAY
    assert len(table.flow.ui.picks) == 2
    assert table.state.players[0].tracks == ()


def test_a_meeple_is_asked_at_each_end_and_the_flash_says_what_was_taken() -> None:
    table = started(MEEPLES)
    goal = ClaimRoute("Altdorf-Brunnen", ("red",) * 2, meeples=("red", "blue"))
    enter_until(table, goal, Mode.MEEPLE)
    screen = table.app.screen()
    assert screen.title == "Meeple in Altdorf?"
    assert screen.menu is not None
    assert screen.menu.items == ("None", "Red", "Blue", "Green", "Yellow", "Black", "White")
    table.press("down", "ok")
    assert table.app.screen().title == "Meeple in Brunnen?"
    table.press("down", "down", "ok")
    assert table.title() == "Ana: Altdorf – Brunnen +2 · Meeples: Red, Blue"
    assert table.state.players[0].meeples == ("blue", "red")


def test_undo_takes_the_whole_claim_back() -> None:
    table = started(STOCKS)
    table.enter(ClaimRoute("Ashford-Carver", ("red",) * 3, company="ARR"))
    table.wait()
    moves = len(table.session.history())
    table.send(Hold("back"))
    assert table.style() is Style.CONFIRM
    table.press("ok")
    assert len(table.session.history()) == moves - 1
    player = table.state.players[0]
    assert player.shares == () and player.tracks == () and table.state.owners == {}
    table.wait()
    table.enter(ClaimRoute("Ashford-Carver", ("red",) * 3, company="ARR"))
    assert table.state.players[0].shares == (("ARR", 1),)  # the share is back in its pile


def draw_two(table: Table, copy: int) -> None:
    """The current player draws two red cards from the deck."""
    table.tap(table.card("red", copy))
    table.tap(table.card("red", copy + 1))
    table.wait()


def test_old_west_asks_the_starting_city_a_cite_and_its_cards() -> None:
    table = started(OLD_WEST)
    # Carson is the only end that may be a starting city (Dustwell is Alvin's): taken at once;
    # Dustwell takes no Cité: nothing asked; Alvin goes to the only Cité, the starting city.
    table.enter(ClaimRoute("Carson-Dustwell#1", ("green", "green"), start="Carson",
                           alvin_to="Carson"))
    # Too long to follow her name on the notice's lines: her name over them.
    flash = table.app.screen()
    assert (flash.title, flash.body) == ("Ana", ("Carson – Dustwell +2", "Start: Carson",
                                                 "Alvin captured: +10"))
    assert table.state.alvin is not None and table.state.alvin.city == "Carson"
    table.wait()
    enter_until(table, ClaimRoute("Goldfield-Hays", ("red",) * 2, start="Hays"),
                Mode.START_CITY)
    screen = table.app.screen()
    assert screen.title == "Starting city?" and screen.menu is not None
    assert screen.menu.items == ("Goldfield", "Hays")
    table.press("down", "ok")
    screen = table.app.screen()
    assert screen.title == "Place a Cité?" and screen.menu is not None
    assert screen.menu.items == ("No", "Goldfield")
    table.press("ok")
    assert table.title() == "Ben: Goldfield – Hays +2 · Start: Hays"
    table.wait()
    draw_two(table, 2)
    draw_two(table, 4)
    enter_until(table, ClaimRoute("Bisbee-Carson#1", ("red",), cite="Bisbee"), Mode.CITE)
    table.press("down", "ok")
    assert table.app.screen().title == "Cité in Bisbee"
    table.tap(table.card("red", 6))
    table.tap(table.card("blue", 0))
    assert table.refused() == "Pay with 2 cards of one colour"
    table.wait()
    table.tap(table.card(L, 0))  # Ana holds Alvin: her route into his city captures nothing
    assert table.title() == "Ana: Bisbee – Carson +1 · Cité in Bisbee"
    assert table.state.players[0].cites == (("Carson", 0), ("Bisbee", 3))


def test_alvin_goes_to_a_cite_chosen_from_the_list() -> None:
    table = started(OLD_WEST)
    table.enter(ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene", cite="Bisbee",
                           cite_cards=("blue", L)))
    flash = table.app.screen()
    assert (flash.title, flash.body) == ("Ana", ("Abilene – Bisbee +2", "Start: Abilene",
                                                 "Cité in Bisbee"))
    ana = table.state.players[0]
    assert ana.cites == (("Abilene", 0), ("Bisbee", 1))
    table.wait()
    table.enter(ClaimRoute("Carson-Dustwell#1", ("green", "green"), start="Carson",
                           cite="", alvin_to="Carson"))
    table.wait()
    draw_two(table, 2)
    draw_two(table, 4)
    goal = ClaimRoute("Bisbee-Carson#1", ("red",), alvin_to="Abilene")
    enter_until(table, goal, Mode.ALVIN)
    screen = table.app.screen()
    assert screen.title == "Alvin goes to?" and screen.menu is not None
    assert screen.menu.items == ("Abilene", "Bisbee")
    table.press("ok")
    assert table.state.alvin is not None
    assert (table.state.alvin.city, table.state.alvin.holder) == ("Abilene", 0)
    # The route between Ana's Cité and Ben's starting city scored for both.
    assert [p.route_points for p in table.state.players] == [2 + 1, 2 + 1]


def test_undo_takes_a_whole_old_west_claim_back() -> None:
    table = started(OLD_WEST)
    table.enter(ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene", cite="Bisbee",
                           cite_cards=("blue", L)))
    table.wait()
    table.send(Hold("back"))
    table.press("ok")
    ana = table.state.players[0]
    assert ana.cites == () and ana.tracks == () and ana.claims == ()
    assert table.flow.in_play() == set()


@pytest.mark.parametrize("board", [STOCKS, MEEPLES, OLD_WEST],
                         ids=["stocks", "meeples", "old-west"])
@pytest.mark.parametrize("players", [2, 3])
def test_whole_games_on_the_example_maps_entered_at_the_table(board: Any, players: int) -> None:
    for seed in (1, 2):
        table = Table(players, board)
        claims = 0
        for goal in physical_moves(RULES, table.names, seed, table.options):
            if isinstance(goal, (DrawTickets, KeepTickets)):
                table.session.submit(goal)  # no tags for the example maps' tickets
                continue
            table.enter(goal)
            claims += isinstance(goal, ClaimRoute)
        assert table.state.phase is Phase.OVER and claims
        real = physical(table.names, seed, board)
        assert RULES.result(table.state) == RULES.result(real)
        for seen, held in zip(table.state.players, real.players):
            assert (seen.shares, seen.meeples) == (held.shares, held.meeples)
            assert (seen.cites, seen.claims) == (held.cites, held.claims)
        assert table.state.alvin == real.alvin
        # The final count names the map's own category.
        pages = " ".join(" ".join(lines) for seat, lines in
                         table.flow.pages.final_pages(table.state) if seat == 0)
        assert CATEGORY[board.name] in pages


CATEGORY = {"stocks-example": "Shares", "meeples-example": "Meeples",
            "old-west-example": "Alvin"}


def test_the_final_categories_are_named_in_french() -> None:
    words = Words("fr")
    assert [words.category(key) for key in ("stocks", "meeples", "alvin")] == [
        "Actions", "Meeples", "Alvin"]


#: A claim on each example map and the list it stops on.
OPENINGS = {
    "stocks-example": (ClaimRoute("Ashford-Carver", ("red",) * 3, company="BLL"), Mode.COMPANY),
    "meeples-example": (ClaimRoute("Altdorf-Brunnen", ("red",) * 2, meeples=("red", "")),
                        Mode.MEEPLE),
    "old-west-example": (ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene",
                                    cite="Bisbee", cite_cards=("blue", L)), Mode.CITE_PAY),
}


@settings(max_examples=30, deadline=None)
@given(board=st.sampled_from([STOCKS, MEEPLES, OLD_WEST]), inputs=st.lists(INPUTS, max_size=60))
def test_any_inputs_on_the_claim_lists_give_screens_and_refusals_never_a_crash(
        board: Any, inputs: list[Input]) -> None:
    table = started(board)
    goal, mode = OPENINGS[board.name]
    enter_until(table, goal, mode)
    session = table.session
    for item in inputs:
        moves = len(session.log)
        table.app.handle(item)
        render(table.app.screen())
        table.clock.now += 1
        assert len(session.log) in (moves - 1, moves, moves + 1)
        assert session.state == replayed(session)


def test_a_claim_half_chosen_survives_a_restart() -> None:
    table = started(OLD_WEST)
    goal, mode = OPENINGS["old-west-example"]
    enter_until(table, goal, mode)
    table.tap(table.card("blue", 0))
    before = table.app.screen()
    draft = table.app.session.draft
    assert draft is not None and draft["mode"] == "cite-pay" and len(draft["cite_picks"]) == 1
    again = TableApp(session=table.app.session, flow=TicketToRideFlow("en"),
                     registry=table.app.registry, gettext=lambda text: text, explain=str,
                     enrollable=lambda: [], clock=table.clock)
    assert again.screen() == before
    again.handle(Tap(table.card(L, 0)))
    assert table.state.players[0].cites == (("Abilene", 0), ("Bisbee", 1))
