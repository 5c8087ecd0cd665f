"""Märklin passengers and merchandise tokens played as the game goes, on the example map."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.ticket_to_ride import RULES, parse_map
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.deal import unplayable
from engine.games.ticket_to_ride.events import (
    DrawCard,
    MovePassenger,
    Pass,
    PlacePassenger,
)
from engine.games.ticket_to_ride.live_passengers import (
    fare_problem,
    movable,
    next_stops,
    trip_for,
)
from engine.games.ticket_to_ride.state import TicketToRideState

from .ticket_to_ride_live import checked_result, claim, example_map, play, ready

MARKLIN = example_map("marklin-example")


def stacks(state: TicketToRideState) -> dict[str, tuple[int, ...]]:
    assert state.passengers is not None
    return dict(state.passengers.stacks)


def placed(state: TicketToRideState, track: str, city: str, seat: int = 0
           ) -> TicketToRideState:
    """`seat` claims `track` and places a passenger in `city` ("" for none)."""
    state = claim(state, track, seat=seat)
    return RULES.apply(state, PlacePassenger(city))


def turn_of(state: TicketToRideState, seat: int) -> TicketToRideState:
    return replace(state, current=seat)


# --- The board ---------------------------------------------------------------------------------


def test_each_coloured_city_has_its_stack_most_valuable_on_top() -> None:
    state = RULES.new_game(("Ana", "Ben"), MARKLIN)
    board = stacks(state)
    assert board["Kieselbach"] == (7, 6, 5, 4)
    assert board["Altheim"] == board["Mooshof"] == board["Tannberg"] == (4, 3, 2)
    assert board["Sandau"] == (3, 2, 1)
    assert board["Wiesental"] == (2,)
    assert len(board) == 12
    assert [p.passengers for p in state.players] == [3, 3]
    assert unplayable(MARKLIN) is None


def marklin_map(**merchandise: Any) -> dict[str, Any]:
    return {"name": "M", "cities": ["A", "B", "C"],
            "routes": [{"from": "A", "to": "B", "length": 2}],
            "rules": {"passengers": 3, "merchandise": merchandise}}


def test_a_map_with_merchandise_names_each_colour_s_cities() -> None:
    with pytest.raises(InvalidInput, match=r"rules\.merchandise\.red\.cities: is missing"):
        parse_map(marklin_map(red={"stacks": 2, "values": [4, 3, 2]}))
    with pytest.raises(InvalidInput, match="2 stacks need 2 cities"):
        parse_map(marklin_map(red={"stacks": 2, "values": [4, 3, 2], "cities": ["A"]}))
    with pytest.raises(InvalidInput, match=r"white\.cities\[0\]: A already has a stack"):
        parse_map(marklin_map(red={"stacks": 1, "values": [4, 3, 2], "cities": ["A"]},
                              white={"stacks": 1, "values": [2], "cities": ["a"]}))
    with pytest.raises(InvalidInput, match="unknown place 'Z'"):
        parse_map(marklin_map(red={"stacks": 1, "values": [4], "cities": ["Z"]}))
    board = parse_map(marklin_map(red={"stacks": 2, "values": [2, 4, 3], "cities": ["A", "b"]}))
    assert board.rules.merchandise is not None
    assert board.rules.merchandise.laid_out() == (("A", (4, 3, 2)), ("B", (4, 3, 2)))


# --- Placing a passenger -----------------------------------------------------------------------


def test_a_claim_offers_a_passenger_on_either_end() -> None:
    state = claim(ready(MARKLIN), "Altheim-Fuchsau", seat=0)
    assert state.passengers is not None
    assert state.passengers.offer == ("Altheim", "Fuchsau")
    assert state.current == 0, "the turn waits for the answer"
    with pytest.raises(IllegalEvent, match="Place a passenger or say no first"):
        RULES.apply(state, DrawCard(DECK, state.deck[0]))
    with pytest.raises(IllegalEvent, match="free city at an end of the route"):
        RULES.apply(state, PlacePassenger("Eichtal"))
    state = RULES.apply(state, PlacePassenger("fuchsau"))
    assert state.players[0].riding == ("Fuchsau",)
    assert state.players[0].passengers == 2
    assert state.current == 1 and state.passengers is not None and not state.passengers.offer
    with pytest.raises(IllegalEvent, match="No passenger to place now"):
        RULES.apply(state, PlacePassenger("Altheim"))


def test_saying_no_keeps_the_passenger_and_ends_the_turn() -> None:
    state = placed(ready(MARKLIN), "Altheim-Fuchsau", "")
    assert (state.players[0].passengers, state.players[0].riding) == (3, ())
    assert state.current == 1


def test_one_passenger_per_city_and_none_when_all_are_placed() -> None:
    state = placed(ready(MARKLIN), "Altheim-Fuchsau", "Fuchsau", seat=0)
    state = claim(state, "Fuchsau-Lerchenau", seat=1)
    assert state.passengers is not None and state.passengers.offer == ("Lerchenau",)
    state = RULES.apply(state, PlacePassenger(""))
    # Both ends taken: no offer, the turn ends at once.
    state = placed(state, "Altheim-Eichtal", "Altheim", seat=1)
    state = claim(state, "Eichtal-Fuchsau", seat=0)
    assert state.passengers is not None and state.passengers.offer == ("Eichtal",)
    state = RULES.apply(state, PlacePassenger("Eichtal"))
    state = placed(state, "Kieselbach-Lerchenau", "Kieselbach", seat=0)
    assert state.players[0].passengers == 0
    state = claim(state, "Lerchenau-Rabenstein", seat=0)
    assert state.passengers is not None and state.passengers.offer == ()
    assert state.current == 1


# --- Moving a passenger ------------------------------------------------------------------------


def network(state: TicketToRideState) -> TicketToRideState:
    """Ana owns Altheim - Fuchsau - Lerchenau - Kieselbach, her passenger in Altheim; Ben owns
    Kieselbach - Mooshof."""
    state = placed(state, "Altheim-Fuchsau", "Altheim", seat=0)
    state = placed(state, "Fuchsau-Lerchenau", "", seat=0)
    state = placed(state, "Kieselbach-Lerchenau", "", seat=0)
    return turn_of(placed(state, "Kieselbach-Mooshof#1", "", seat=1), 0)


def test_a_trip_takes_the_top_token_of_each_city_reached_then_the_passenger_leaves() -> None:
    state = network(ready(MARKLIN))
    assert movable(state) == ("Altheim",)
    assert [(stop.city, stop.token) for stop in next_stops(state, "Altheim")] == [
        ("Fuchsau", 3)]
    assert [stop.city for stop in next_stops(state, "Altheim", ("Fuchsau", "Lerchenau"))] == [
        "Kieselbach"], "Ben's route needs a passenger card: Ana holds none"
    assert trip_for(state, "Altheim", ("Fuchsau", "Lerchenau", "Kieselbach")).tokens == (3, 3, 7)
    state = RULES.apply(state, MovePassenger("Altheim", ("Fuchsau", "Lerchenau", "Kieselbach")))
    ana = state.players[0]
    assert ana.merchandise == (3, 3, 7)
    assert ana.riding == () and ana.passengers == 2, "the passenger left the game"
    board = stacks(state)
    assert board["Altheim"] == (4, 3, 2), "no token in the city it leaves"
    assert board["Fuchsau"] == (2, 1) and board["Kieselbach"] == (6, 5, 4)
    assert state.current == 1, "moving a passenger is the turn's action"
    points = {p.name: p.breakdown["merchandise"] for p in RULES.result(state).players}
    assert points == {"Ana": 13, "Ben": 0, "Cleo": 0}


def test_a_trip_follows_claimed_routes_never_the_same_route_twice() -> None:
    state = network(ready(MARKLIN, players=4))  # both tracks of a double route in use
    for stops, reason in (
            ((), "one route at least"),
            (("Eichtal",), "No claimed route from Altheim to Eichtal"),
            (("Fuchsau", "Altheim"), "never takes the same route twice"),
            (("Fuchsau", "Lerchenau", "Kieselbach", "Mooshof"), "1 opponent route"),
            (("Atlantis",), "There is no city Atlantis")):
        with pytest.raises(IllegalEvent, match=reason):
            RULES.apply(state, MovePassenger("Altheim", stops))
    with pytest.raises(IllegalEvent, match="no passenger in Fuchsau"):
        RULES.apply(state, MovePassenger("Fuchsau", ("Lerchenau",)))
    # A double route is one route: the passenger does not come back by its other track.
    state = placed(state, "Bergdorf-Eichtal#1", "Bergdorf", seat=0)
    state = turn_of(placed(state, "Bergdorf-Eichtal#2", "", seat=1), 0)
    with pytest.raises(IllegalEvent, match="same route twice"):
        RULES.apply(state, MovePassenger("Bergdorf", ("Eichtal", "Bergdorf")))


def test_no_token_in_the_departure_city_even_when_the_trip_comes_back_to_it() -> None:
    # "Le joueur ne récupère pas de jeton sur la ville de départ."
    state = placed(ready(MARKLIN), "Altheim-Fuchsau", "Altheim", seat=0)
    state = placed(state, "Eichtal-Fuchsau", "", seat=0)
    state = turn_of(placed(state, "Altheim-Eichtal", "", seat=0), 0)
    assert [(stop.city, stop.token) for stop in next_stops(
        state, "Altheim", ("Fuchsau", "Eichtal"))] == [("Altheim", 0)]
    assert trip_for(state, "Altheim", ("Fuchsau", "Eichtal", "Altheim")).tokens == (3, 2)
    state = RULES.apply(state, MovePassenger("Altheim", ("Fuchsau", "Eichtal", "Altheim")))
    assert state.players[0].merchandise == (3, 2)
    assert stacks(state)["Altheim"] == (4, 3, 2)


def test_a_city_passed_twice_gives_one_token_the_first_time() -> None:
    # "À chaque ville, il récupère le jeton de plus forte valeur": one token per city.
    state = placed(ready(MARKLIN), "Kieselbach-Lerchenau", "Lerchenau", seat=0)
    for track in ("Hasenfeld-Kieselbach#1", "Hasenfeld-Mooshof", "Kieselbach-Mooshof#1"):
        state = placed(state, track, "", seat=0)
    state = turn_of(state, 0)
    loop = ("Kieselbach", "Hasenfeld", "Mooshof")
    assert [(stop.city, stop.token) for stop in next_stops(state, "Lerchenau", loop)] == [
        ("Kieselbach", 0)], "Kieselbach gave its 7 on the way out"
    trip = trip_for(state, "Lerchenau", (*loop, "Kieselbach"))
    assert trip.tokens == (7, 2, 4)
    state = RULES.apply(state, MovePassenger("Lerchenau", (*loop, "Kieselbach")))
    assert state.players[0].merchandise == (7, 2, 4)
    assert stacks(state)["Kieselbach"] == (6, 5, 4)


def with_passenger_cards(state: TicketToRideState, cards: int) -> TicketToRideState:
    """The same table on a map whose deck has passenger cards, Ana holding `cards` of them."""
    rules = state.board.rules
    board = replace(state.board, rules=replace(
        rules, cards=replace(rules.cards, special=("passenger",))))
    ana = replace(state.players[0], hand=("passenger",) * cards + ("red",))
    return replace(state, board=board, players=(ana, *state.players[1:]))


def test_an_opponent_s_route_costs_one_passenger_card() -> None:
    state = with_passenger_cards(network(ready(MARKLIN)), 1)
    stops = ("Fuchsau", "Lerchenau", "Kieselbach", "Mooshof")
    assert [(s.city, s.fare) for s in next_stops(state, "Altheim", stops[:3])] == [
        ("Mooshof", 1)]
    with pytest.raises(IllegalEvent, match="1 opponent route"):
        RULES.apply(state, MovePassenger("Altheim", stops, ("passenger", "passenger")))
    with pytest.raises(IllegalEvent, match="passenger cards only"):
        RULES.apply(state, MovePassenger("Altheim", stops, ("red",)))
    after = RULES.apply(state, MovePassenger("Altheim", stops, ("passenger",)))
    assert after.players[0].merchandise == (3, 3, 7, 4)
    assert after.players[0].hand == ("red",)
    assert after.discard[-1] == "passenger"
    poor = with_passenger_cards(network(ready(MARKLIN)), 0)
    assert [s.city for s in next_stops(poor, "Altheim", stops[:3])] == []
    with pytest.raises(IllegalEvent, match="not in your hand"):
        RULES.apply(poor, MovePassenger("Altheim", stops, ("passenger",)))


def test_each_passenger_card_of_a_fare_is_checked_as_it_is_paid() -> None:
    state = with_passenger_cards(network(ready(MARKLIN)), 1)
    trip = trip_for(state, "Altheim", ("Fuchsau", "Lerchenau", "Kieselbach", "Mooshof"))
    assert trip.cards == 1
    assert fare_problem(state, trip, ("passenger",)) is None
    for cards, reason in ((("red",), "passenger cards only"),
                          (("passenger", "passenger"), "1 opponent route")):
        problem = fare_problem(state, trip, cards)
        assert problem is not None and reason in str(problem)
    poor = with_passenger_cards(network(ready(MARKLIN)), 0)
    problem = fare_problem(poor, trip, ("passenger",))
    assert problem is not None and "not in your hand" in str(problem)


def test_a_player_who_can_only_move_a_passenger_may_not_pass() -> None:
    state = network(ready(MARKLIN))
    stuck = replace(state, deck=(), display=(), discard=(), tickets=(),
                    players=tuple(replace(p, hand=()) for p in state.players))
    assert movable(stuck) == ("Altheim",)
    with pytest.raises(IllegalEvent, match="Pass only"):
        RULES.apply(stuck, Pass())
    ana = replace(state.players[0], offered=("Altheim-Lerchenau",))
    drawn = replace(state, players=(ana, *state.players[1:]))
    with pytest.raises(IllegalEvent, match="Choose the tickets"):
        RULES.apply(drawn, MovePassenger("Altheim", ("Fuchsau",)))


# --- Whole games -------------------------------------------------------------------------------


def test_random_games_agree_with_the_tally_whatever_the_order() -> None:
    moves = tokens = 0
    for players, seed in itertools.product((2, 3, 5), range(8)):
        state, events = play(MARKLIN, players, seed)
        result = checked_result(state)
        moves += sum(1 for event in events if isinstance(event, MovePassenger))
        left = sum(len(stack) for stack in stacks(state).values())
        taken = sum(len(p.merchandise) for p in state.players)
        assert left + taken == sum(len(s) for s in stacks(RULES.new_game(
            ("A", "B"), MARKLIN)).values()), "every token is on the board or with a player"
        tokens += taken
        for player, score in zip(state.players, result.players):
            assert score.breakdown["merchandise"] == sum(player.merchandise)
            assert player.passengers + len(player.riding) <= 3
    assert moves and tokens, "the example map's games move passengers and take tokens"
