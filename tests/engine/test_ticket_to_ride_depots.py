"""Depots and warehouses (Europe 1912) turn by turn, step by step as the rules text has them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.deal import long_tickets, regular_tickets, train_deck
from engine.games.ticket_to_ride.events import (
    BuildStation,
    ClaimRoute,
    Deal,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PlaceDepot,
    StoreCard,
    TakeWarehouse,
    TicketToRideEvent,
)
from engine.games.ticket_to_ride.mapfile import parse_map
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

NAMES = ("Ana", "Ben", "Cleo")


def depot_map() -> dict[str, object]:
    return {
        "name": "depots", "cities": ["A", "B", "C", "D", "E"],
        "routes": [{"from": "A", "to": "B", "length": 2, "color": "red"},
                   {"from": "B", "to": "C", "length": 2, "color": "blue"},
                   {"from": "C", "to": "D", "length": 1, "color": "gray"},
                   {"from": "D", "to": "E", "length": 1, "color": "gray"}],
        "tickets": [{"from": "A", "to": "C", "points": 4}, {"from": "B", "to": "D", "points": 4},
                    {"from": "A", "to": "E", "points": 6}, {"from": "C", "to": "E", "points": 3}],
        "rules": {"players": [2, 3], "trains": 20, "stations": 2, "station_costs": [1, 2],
                  "depots": 3, "tickets": {"start": 1, "start_keep": 1}},
    }  # fmt: skip


BOARD: Map = parse_map(depot_map())


def after_tickets(players: int = 3, first: int = 0) -> TicketToRideState:
    state = RULES.new_game(NAMES[:players], BOARD, first=first)
    state = RULES.apply(state, Deal(train_deck(BOARD), regular_tickets(BOARD),
                                    long_tickets(BOARD)))
    while state.phase is Phase.START_TICKETS:
        state = RULES.apply(state, KeepTickets(state.player().offered[:1]))
    return state


def placed(cities: tuple[str, ...] = ("A", "C", "E")) -> TicketToRideState:
    """Three players, Ana first: Cleo, Ben then Ana place their first depot."""
    state = after_tickets()
    for city in cities:
        state = RULES.apply(state, PlaceDepot(city))
    return state


def refusal(state: TicketToRideState, event: TicketToRideEvent) -> str:
    with pytest.raises(IllegalEvent) as caught:
        RULES.apply(state, event)
    return caught.value.reason


def test_the_first_depots_go_from_the_last_player_counter_clockwise() -> None:
    state = after_tickets(first=1)               # Ben first: Ana plays last
    assert state.depots is not None and state.depots.to_place == (0, 2, 1)
    assert state.current == 0
    assert refusal(state, DrawCard(DECK, "red")) == "Place your first depot first"
    state = RULES.apply(state, PlaceDepot("A"))
    assert state.current == 2
    assert refusal(state, PlaceDepot("a")) == "{city} already has a depot or a station"
    state = RULES.apply(RULES.apply(state, PlaceDepot("B")), PlaceDepot("C"))
    assert state.current == 1, "then the first player plays"
    assert state.depots is not None
    assert state.depots.placed == (("A", 0), ("B", 2), ("C", 1))
    assert state.depots.left == (2, 2, 2)


def test_a_draw_starts_with_the_deck_s_top_card_put_in_a_warehouse() -> None:
    state = placed()
    assert refusal(state, DrawCard(DECK, "?")) == "Put the deck's top card in a warehouse first"
    top = state.deck[0]
    stored = RULES.apply(state, StoreCard(2, top))
    assert stored.depots is not None and stored.depots.warehouses[2] == (top,)
    assert stored.current == 0 and stored.deck == state.deck[1:]
    assert refusal(stored, DrawTickets()) == "Draw your train cards"
    assert refusal(stored, StoreCard(1, stored.deck[0])) == "Draw your train cards"
    drawn = RULES.apply(RULES.apply(stored, DrawCard(DECK, "?")), DrawCard(DECK, "?"))
    assert drawn.current == 1 and len(drawn.players[0].hand) == 6
    assert drawn.depots is not None and not drawn.depots.stored


def test_a_claim_at_a_depot_may_take_its_warehouse_for_a_depot() -> None:
    state = placed(("A", "C", "E"))              # Cleo at A, Ben at C, Ana at E
    assert state.depots is not None
    state = replace(state, depots=replace(state.depots, warehouses=(("red",), ("blue", "?"),
                                                                    ("green",))))
    ana = replace(state.players[0], hand=("blue", "blue", "red", "red"))
    state = replace(state, players=(ana, *state.players[1:]))
    claimed = RULES.apply(state, ClaimRoute("B-C", ("blue", "blue")))
    assert claimed.current == 0 and claimed.depots is not None
    assert claimed.depots.offer == (1,), "Ben's depot at C"
    assert refusal(claimed, DrawCard(DECK, "?")) == "Take a warehouse's cards, or not, first"
    assert refusal(claimed, TakeWarehouse(2)) == (
        "That warehouse is not at a depot of your route")
    taken = RULES.apply(claimed, TakeWarehouse(1))
    assert taken.current == 1 and taken.players[0].hand == ("?", "blue", "red", "red")
    assert taken.depots is not None
    assert taken.depots.left == (1, 2, 2) and taken.depots.warehouses[1] == ()
    left_alone = RULES.apply(claimed, TakeWarehouse(-1))
    assert left_alone.current == 1 and left_alone.depots is not None
    assert left_alone.depots.left == (2, 2, 2) and left_alone.depots.warehouses[1] == ("blue", "?")


def test_no_offer_without_a_depot_to_give_or_cards_to_take() -> None:
    state = placed(("A", "C", "E"))
    assert state.depots is not None
    ana = replace(state.players[0], hand=("blue", "blue", "red", "red"))
    state = replace(state, players=(ana, *state.players[1:]))
    empty = RULES.apply(state, ClaimRoute("B-C", ("blue", "blue")))
    assert empty.current == 1, "an empty warehouse is not offered"
    full = replace(state.depots, warehouses=((), ("red",), ()))
    none_left = replace(state, depots=replace(full, left=(0, 2, 2)))
    assert RULES.apply(none_left, ClaimRoute("B-C", ("blue", "blue"))).current == 1


def test_depots_are_placed_free_before_the_move_on_cities_with_no_building() -> None:
    state = placed(("A", "C", "E"))
    more = RULES.apply(state, PlaceDepot("B"))
    assert more.current == 0 and more.depots is not None and more.depots.left[0] == 1
    card = state.players[0].hand[:1]
    assert refusal(more, BuildStation("B", card)) == "{city} already has a depot"
    station = RULES.apply(state, BuildStation("D", card))
    assert refusal(replace(station, current=0), PlaceDepot("D")) == (
        "{city} already has a depot or a station")
    stored = RULES.apply(state, StoreCard(0, state.deck[0]))
    assert refusal(stored, PlaceDepot("B")) == "Draw your train cards"
    spent = RULES.apply(more, PlaceDepot("D"))
    assert refusal(spent, PlaceDepot("B")) == "No depot left to place"


def test_most_depots_left_score_the_bonus_ties_all_through_the_tally() -> None:
    state = placed(("A", "C", "E"))
    assert state.depots is not None
    over = replace(state, phase=Phase.OVER, depots=replace(state.depots, left=(2, 1, 2)))
    result = RULES.result(over)
    assert [score.breakdown["depots"] for score in result.players] == [10, 0, 10]
    table = {"map": depot_map(), "players": [
        {"name": name, "tickets": [list(BOARD.ticket(t).places) for t in player.tickets],
         "depots": left} for name, player, left in zip(NAMES, over.players, (2, 1, 2))]}
    assert tally(table).to_json() == result.to_json()
