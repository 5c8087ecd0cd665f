"""Old West at the Ticket to Ride table tells the truth: a route into a Cité scores for its
owner, named; a first claim without a starting city says so; Alvin's captures count in the
turn screen's points."""

from __future__ import annotations

from companion.games.ticket_to_ride.flow import Mode, TicketToRideFlow
from companion.screens.render import cuts
from engine.games.ticket_to_ride.events import ClaimRoute

from .test_ticket_to_ride_choices_flow import OLD_WEST, draw_two, enter_until, started
from .test_ticket_to_ride_flow import Table

L = "locomotive"


def ana_s_cite_in_bisbee() -> Table:
    """Ana starts in Abilene and places a Cité in Bisbee; Ben starts in Carson and captures
    Alvin there."""
    table = started(OLD_WEST)
    table.enter(ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene", cite="Bisbee",
                           cite_cards=("blue", L)))
    table.wait()
    table.enter(ClaimRoute("Carson-Dustwell#1", ("green", "green"), start="Carson",
                           alvin_to="Carson"))
    table.wait()
    return table


def test_a_route_into_another_player_s_cite_is_credited_to_its_owner_by_name() -> None:
    table = ana_s_cite_in_bisbee()
    draw_two(table, 2)  # Ana
    enter_until(table, ClaimRoute("Bisbee-Dustwell", ("blue", "blue")), Mode.PAY)
    assert table.state.players[1].name == "Ben"
    screen = table.app.screen()
    assert "Points: Ana +2" in screen.body  # Ben pays, Ana scores
    assert not cuts(screen)
    table.tap(table.card("blue", 1), table.card("blue", 2))
    assert table.title() == "Ben: Bisbee – Dustwell · Ana +2"  # Ben claimed, Ana scores
    assert [p.route_points for p in table.state.players] == [2 + 2, 2]


def test_a_route_between_two_cites_names_both_owners() -> None:
    table = ana_s_cite_in_bisbee()
    draw_two(table, 2)
    draw_two(table, 4)
    # Ana's route between her Cité and Ben's starting city, where Alvin stands.
    goal = ClaimRoute("Bisbee-Carson#1", ("red",), alvin_to="Abilene")
    enter_until(table, goal, Mode.PAY)
    assert "Points: Ana +1, Ben +1" in table.app.screen().body
    table.enter(goal)
    assert table.title() == "Bisbee – Carson · Ana +1, Ben +1 · Alvin captured: +10"


def test_a_route_between_one_owner_s_two_cites_credits_that_owner_twice() -> None:
    table = started(OLD_WEST)
    table.enter(ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene", cite="Bisbee",
                           cite_cards=("blue", L)))
    table.wait()
    table.enter(ClaimRoute("Goldfield-Hays", ("red",) * 2, start="Hays"))
    table.wait()
    for copy in (2, 4, 6, 8):  # Ana, Ben, Ana, Ben
        draw_two(table, copy)
    table.enter(ClaimRoute("Bisbee-Carson#1", ("red",), cite="Carson",
                           cite_cards=("red", "red")))
    table.wait()
    goal = ClaimRoute("Abilene-Carson", ("red",) * 3)  # Ben's, between two of Ana's Cités
    enter_until(table, goal, Mode.PAY)
    assert "Points: Ana +8" in table.app.screen().body
    table.enter(goal)
    assert table.title() == "Ben: Abilene – Carson · Ana +8"
    assert [p.route_points for p in table.state.players] == [2 + 1 + 8, 2]


def test_a_claim_that_scores_for_its_claimer_alone_reads_as_before() -> None:
    table = started(OLD_WEST)
    enter_until(table, ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene"), Mode.PAY)
    assert table.app.screen().body[1:] == ("Pay: tap 2 cards",)
    table.enter(ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene"))
    assert table.title() == "Ana: Abilene – Bisbee +2 · Start: Abilene"


def words(lines: tuple[str, ...]) -> list[str]:
    """The words of `lines`, however they are wrapped and split into parts."""
    return " ".join(lines).replace(" · ", " ").split()


def test_a_first_claim_with_no_end_fit_for_a_starting_city_says_it_is_lost() -> None:
    table = started(OLD_WEST)
    table.enter(ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene"))
    table.wait()
    # Ben: Bisbee is reached by Ana's route, Dustwell is Alvin's.
    enter_until(table, ClaimRoute("Bisbee-Dustwell", ("blue", "blue")), Mode.PAY)
    screen = table.app.screen()
    assert "No starting city here" in screen.body and not cuts(screen)
    table.tap(table.card("blue", 0), table.card("blue", 1))
    assert table.title() == "Place a Cité?"
    table.press("ok")  # no
    flash = table.app.screen()  # too long for one line: the mover's name over the notice
    assert flash.title == "Ben"
    assert words(flash.body) == words(
        ("Bisbee – Dustwell +2 · No starting city · Alvin captured: +10",))
    assert not cuts(flash)
    assert table.state.players[1].cites == ()
    table.wait()
    # A later claim of Ben's has nothing more to lose and says nothing of it.
    draw_two(table, 2)  # Ana
    enter_until(table, ClaimRoute("Dustwell-Eureka", ("red",) * 2), Mode.PAY)
    assert "No starting city here" not in table.app.screen().body


def test_the_turn_screen_s_points_count_alvin_s_captures() -> None:
    table = ana_s_cite_in_bisbee()
    draw_two(table, 2)  # Ana
    assert table.state.current == 1 and table.state.players[1].route_points == 2
    assert table.app.screen().body[1] == "Tickets 2 · 12 pts"  # Carson–Dustwell 2 + Alvin 10


def test_the_credit_and_the_lost_start_read_in_french() -> None:
    table = started(OLD_WEST)
    table.app.flow = TicketToRideFlow("fr")
    table.enter(ClaimRoute("Abilene-Bisbee", ("red",) * 2, start="Abilene", cite="Bisbee",
                           cite_cards=("blue", L)))
    table.wait()
    enter_until(table, ClaimRoute("Bisbee-Dustwell", ("blue", "blue")), Mode.PAY)
    screen = table.app.screen()
    assert "Points : Ana +2" in screen.body and not cuts(screen)
    table.tap(table.card("blue", 0), table.card("blue", 1))  # no Cité may stand there
    flash = table.app.screen()
    assert flash.title == "Ben"
    assert words(flash.body) == words(("Bisbee – Dustwell · Ana +2 · Pas de ville de départ · "
                                       "Alvin capturé : +10",))
    # A flash this long is cut on the panel: the owner credited comes first, and stays.
    assert all("Ana +2" in cut.shown for cut in cuts(flash))
