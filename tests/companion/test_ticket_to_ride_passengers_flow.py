"""Märklin passengers at the Ticket to Ride table, on the example map."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from companion.flows.inputs import Hold
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.ticket_tags import ticket_codes
from companion.games.ticket_to_ride.view import Mode
from companion.games.ticket_to_ride.words import Words
from companion.screens.model import Style
from companion.screens.render import cuts, render
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    DrawCard,
    MovePassenger,
    PlacePassenger,
)

from ..engine.ticket_to_ride_live import claim, example_map, ready
from .test_ticket_to_ride_flow import L
from .test_ticket_to_ride_live_rules_flow import MapTable, scored_like_the_real_one

MARKLIN = example_map("marklin-example")


@pytest.fixture(autouse=True)
def example_tickets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Ticket tags for the example map's tickets, as for a shipped map's."""
    codes = ticket_codes()
    for number, ticket in enumerate(sorted(t.id for t in MARKLIN.tickets), start=1):
        monkeypatch.setitem(codes, f"{MARKLIN.name}-{number:02d}", (MARKLIN.name, ticket))
    yield


def test_whole_games_through_the_table_score_like_the_real_ones() -> None:
    moves = paid = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        table, real = scored_like_the_real_one(MARKLIN, players, seed)
        assert [p.merchandise for p in table.state.players] == [
            p.merchandise for p in real.players]
        trips = [(event, uids) for event, uids in table.session.history()
                 if isinstance(event, MovePassenger)]
        moves += len(trips)
        # Each passenger card of a fare was tapped: its tag is in the journal.
        assert all(len(uids) == len(event.cards) for event, uids in trips)
        paid += sum(1 for event, _ in trips if event.cards)
        text = " ".join(line for page in table.flow.pages.final_pages(table.state)
                        for line in page[1])
        assert "Merchandise" in text
    assert moves, "the games move passengers at the table"
    assert paid, "and over opponents' routes, paid with passenger cards"


def menu(table: MapTable) -> tuple[str, ...]:
    screen = table.app.screen()
    assert screen.menu is not None
    return screen.menu.items


def choose(table: MapTable, item: str) -> None:
    """Highlight `item` in the screen's list and press ok."""
    while menu(table)[table.app.screen().menu.selected] != item:  # type: ignore[union-attr]
        table.press("down")
    table.press("ok")


def play(table: MapTable, move: ClaimRoute | DrawCard) -> None:
    """Enter a move (both cards of a draw); a claim answers "No passenger"."""
    moves = 2 if isinstance(move, DrawCard) else 1
    for _ in range(moves):
        table.enter(move)
        table.wait()
    if table.flow.current_mode(table.state) is Mode.PLACE:
        choose(table, "No passenger")
        table.wait()


def claim_by_hand(table: MapTable, track: str) -> None:
    length = table.state.board.track(track).length
    table.enter(ClaimRoute(track, (L,) * length))


def test_place_then_move_a_passenger_and_undo_the_trip() -> None:
    table = MapTable(MARKLIN, 2)
    table.deal_and_keep()
    draw = DrawCard(DECK, L)
    # Ana: Altheim - Fuchsau, her passenger in Altheim.
    claim_by_hand(table, "Altheim-Fuchsau")
    table.wait()
    assert table.flow.current_mode(table.state) is Mode.PLACE
    assert table.title() == "Place a passenger?"
    assert menu(table) == ("Altheim", "Fuchsau", "No passenger")
    assert not cuts(table.app.screen())
    choose(table, "Altheim")
    assert table.title() == "Ana: Passenger in Altheim"
    table.wait()
    assert table.state.players[0].riding == ("Altheim",)
    # Ana claims on to Lerchenau, then Kieselbach, drawing cards between (the table does not
    # see the hands: the cards paid come from those drawn); Ben draws, or claims and says no.
    for move in (ClaimRoute("Hasenfeld-Mooshof", (L,) * 3), draw, draw,
                 ClaimRoute("Fuchsau-Lerchenau", (L,) * 3), draw, draw, draw,
                 ClaimRoute("Kieselbach-Lerchenau", (L,) * 2), draw):
        play(table, move)
    assert table.state.current == 0
    assert "Merchandise: 0" in table.app.screen().body
    # The menu offers the move; the engine's lists give the cities one by one.
    table.press("ok")
    choose(table, "Move a passenger")
    assert table.title() == "From Altheim"
    assert menu(table) == ("Fuchsau +3",), "the token the passenger would take there"
    choose(table, "Fuchsau +3")
    assert menu(table) == ("Lerchenau +3", "Stop here")
    choose(table, "Lerchenau +3")
    table.press("back")
    assert table.title() == "From Fuchsau", "back takes the last city back"
    choose(table, "Lerchenau +3")
    choose(table, "Kieselbach +7")
    assert menu(table) == ("Stop here",)
    before = table.state
    choose(table, "Stop here")
    assert table.title() == "Ana: Tokens: 3, 3, 7 = 13"
    table.wait()
    assert table.state.players[0].merchandise == (3, 3, 7)
    assert table.state.players[0].riding == ()
    assert table.state.current == 1
    table.press("ok")  # Ben's menu
    assert "Move a passenger" not in menu(table)
    table.press("back")
    # Undo takes the whole trip back.
    table.send(Hold("back"))
    assert table.style() is Style.CONFIRM
    table.press("ok")
    assert table.state == before
    assert table.state.players[0].riding == ("Altheim",)
    render(table.app.screen())


def test_a_city_passed_twice_is_offered_without_a_second_token() -> None:
    table = MapTable(MARKLIN, 2)
    table.deal_and_keep()
    draw = DrawCard(DECK, L)
    # Ana: Lerchenau - Kieselbach, her passenger in Lerchenau, then a loop through Hasenfeld
    # and Mooshof back to Kieselbach; Ben draws.
    claim_by_hand(table, "Kieselbach-Lerchenau")
    table.wait()
    choose(table, "Lerchenau")
    table.wait()
    for move in (draw, draw, draw, ClaimRoute("Hasenfeld-Kieselbach#1", (L,) * 2), draw,
                 draw, draw, ClaimRoute("Hasenfeld-Mooshof", (L,) * 3), draw, draw, draw,
                 ClaimRoute("Kieselbach-Mooshof#1", (L,) * 2), draw):
        play(table, move)
    assert table.state.current == 0
    table.press("ok")
    choose(table, "Move a passenger")
    for stop in ("Kieselbach +7", "Hasenfeld +2", "Mooshof +4"):
        choose(table, stop)
    assert menu(table) == ("Kieselbach", "Stop here"), "Kieselbach gave its token already"
    choose(table, "Kieselbach")
    assert menu(table) == ("Stop here",)
    choose(table, "Stop here")
    assert table.title() == "Ana: Tokens: 7, 2, 4 = 13"
    table.wait()
    assert table.state.players[0].merchandise == (7, 2, 4)
    assert table.state.passengers is not None
    assert dict(table.state.passengers.stacks)["Kieselbach"] == (6, 5, 4)


@pytest.mark.parametrize(("language", "stop"), [("en", "Stop here"), ("fr", "S'arrêter ici")])
def test_the_departure_city_is_offered_without_a_token(language: str, stop: str) -> None:
    flow = TicketToRideFlow(language)
    state = claim(ready(MARKLIN, players=2), "Altheim-Fuchsau", seat=0)
    state = RULES.apply(state, PlacePassenger("Altheim"))
    for track in ("Eichtal-Fuchsau", "Altheim-Eichtal"):
        state = RULES.apply(claim(state, track, seat=0), PlacePassenger(""))
    state = replace(state, current=0)
    flow.ui = replace(flow.ui.entering(Mode.TRIP), city="Altheim", stops=("Fuchsau",))
    screen = flow.screen(state)
    assert screen.menu is not None and screen.menu.items == ("Eichtal +2", stop)
    flow.ui = replace(flow.ui, stops=("Fuchsau", "Eichtal"))
    screen = flow.screen(state)
    assert screen.menu is not None
    assert screen.menu.items == ("Altheim", stop), "no token back in the departure city"


def test_the_tokens_are_said_in_each_language() -> None:
    assert Words("en").tokens_taken((4, 3, 2)) == "Tokens: 4, 3, 2 = 9"
    assert Words("fr").tokens_taken((4, 3, 2)) == "Jetons : 4, 3, 2 = 9"
    assert Words("en").tokens_taken(()) == "No token taken"


def test_the_passenger_screens_fit_in_french() -> None:
    flow = TicketToRideFlow("fr")
    state = claim(ready(MARKLIN, players=2), "Altheim-Fuchsau", seat=0)
    screen = flow.screen(state)
    assert screen.title == "Poser un passager ?"
    assert screen.menu is not None and screen.menu.items[-1] == "Aucun passager"
    assert not cuts(screen)
    state = RULES.apply(state, PlacePassenger("Altheim"))
    state = claim(state, "Fuchsau-Lerchenau", seat=0)
    state = replace(RULES.apply(state, PlacePassenger("")), current=0)
    flow.ui = replace(flow.ui.entering(Mode.TRIP), city="Altheim", stops=("Fuchsau",))
    screen = flow.screen(state)
    assert screen.title == "Depuis Fuchsau"
    assert screen.menu is not None and screen.menu.items == ("Lerchenau +3", "S'arrêter ici")
    assert not cuts(screen)
    flow.ui = flow.ui.entering(Mode.MAIN)
    assert "Marchandises : 0" in flow.screen(state).body


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_whole_game_s_screens_fit_in_each_language(language: str) -> None:
    table = MapTable(MARKLIN, 3)
    table.app.flow = TicketToRideFlow(language)
    seen = table.screens_through_game(3)
    problems = [(screen.title, cut) for screen in seen for cut in cuts(screen)]
    assert not problems, problems[:5]
    tokens, placed = {"en": ("Tokens: ", "Passenger in "),
                      "fr": ("Jetons : ", "Passager à ")}[language]
    titles = [screen.title or "" for screen in seen]
    # The notice of a move that ends a turn names its player first.
    assert any(tokens in title for title in titles)
    assert any(placed in title for title in titles)


def test_a_trip_over_an_opponent_s_route_is_paid_with_a_tapped_passenger_card() -> None:
    table = MapTable(MARKLIN, 2)
    table.deal_and_keep()
    claim_by_hand(table, "Altheim-Fuchsau")
    table.wait()
    choose(table, "Altheim")
    table.wait()
    play(table, ClaimRoute("Fuchsau-Lerchenau", (L,) * 3))  # Ben's route
    assert table.state.current == 0
    hand = len(table.state.players[0].hand)
    table.press("ok")
    choose(table, "Move a passenger")
    choose(table, "Fuchsau +3")
    assert menu(table) == ("Lerchenau +3", "Stop here"), "Ben's route, for a passenger card"
    choose(table, "Lerchenau +3")
    choose(table, "Stop here")
    assert table.flow.current_mode(table.state) is Mode.TRIP_PAY
    assert table.title() == "Fare: 1 card"
    assert table.app.screen().body == ("Tap 1 passenger card",)
    assert not cuts(table.app.screen())
    table.press("back")
    assert table.title() == "From Lerchenau", "back returns to the trip"
    choose(table, "Stop here")
    table.tap(table.card("red"))
    assert table.title() == "Opponents' routes are paid with passenger cards only"
    assert table.flow.current_mode(table.state) is Mode.TRIP_PAY
    before = table.state
    table.tap(table.uid("train-passenger"))
    assert table.title() == "Ana: Tokens: 3, 3 = 6"
    table.wait()
    ana = table.state.players[0]
    assert ana.merchandise == (3, 3) and ana.riding == ()
    assert len(ana.hand) == hand - 1
    assert table.state.discard[-1] == "passenger"
    moves = [event for event, _ in table.session.history() if isinstance(event, MovePassenger)]
    assert moves == [MovePassenger("Altheim", ("Fuchsau", "Lerchenau"), ("passenger",))]
    # Undo takes back the trip and its card.
    table.send(Hold("back"))
    table.press("ok")
    assert table.state == before
    assert table.state.players[0].riding == ("Altheim",)


def test_the_fare_screen_fits_in_french() -> None:
    flow = TicketToRideFlow("fr")
    state = claim(ready(MARKLIN, players=2), "Altheim-Fuchsau", seat=0)
    state = RULES.apply(state, PlacePassenger("Altheim"))
    state = claim(state, "Fuchsau-Lerchenau", seat=1)
    state = replace(RULES.apply(state, PlacePassenger("")), current=0)
    flow.ui = replace(flow.ui.entering(Mode.TRIP_PAY), city="Altheim",
                      stops=("Fuchsau", "Lerchenau"))
    screen = flow.screen(state)
    assert screen.title == "Trajet : 1 carte"
    assert screen.body == ("Payez 1 carte Passager",)
    assert not cuts(screen)
