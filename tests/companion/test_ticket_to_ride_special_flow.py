"""Special cards and itineraries at the Ticket to Ride table: the example maps, input by input."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows.automaton import physical_moves
from companion.flows.inputs import Hold, Input, Press, Tap
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.words import Words
from companion.screens.render import render
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    DrawCard,
    PlaceDepot,
    StoreCard,
    TakeFerryCard,
)
from engine.games.ticket_to_ride.mapfile import map_from_toml
from engine.games.ticket_to_ride.state import Phase

from .test_ticket_to_ride_flow import physical, replayed, routes
from .test_ticket_to_ride_live_rules_flow import MapTable

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "maps"


def example(name: str) -> Map:
    return map_from_toml((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"))


class SpecialTable(MapTable):
    """A table on a map from a file, whose special cards have tags of their own kinds."""

    def special(self, kind: str, copy: int = 0) -> str:
        return self.uid(f"train-{kind}", "", copy)


def play_whole_game(players: int, seed: int, board: Map) -> SpecialTable:
    table = SpecialTable(board, players)
    for goal in physical_moves(RULES, table.names, seed, table.options):
        table.enter(goal)
    return table


@pytest.mark.parametrize("name", ["jokers-example", "ferry-cards-example",
                                  "itineraries-example", "depots-example"])
@pytest.mark.parametrize("players", [2, 3])
def test_whole_games_on_the_example_maps_score_like_the_real_ones(name: str,
                                                                   players: int) -> None:
    board = example(name)
    tapped: Counter[str] = Counter()
    for seed in (1, 2):
        table = play_whole_game(players, seed, board)
        assert table.state.phase is Phase.OVER
        real = physical(table.names, seed, board)  # type: ignore[arg-type]
        assert RULES.result(table.state) == RULES.result(real)
        for seen, held in zip(table.state.players, real.players):
            assert routes(table.state, seen.tracks) == routes(real, held.tracks)
            assert seen.tickets == held.tickets
        for event, _ in table.session.history():
            tapped[type(event).__name__] += 1
            if isinstance(event, ClaimRoute):
                tapped.update(event.cards)
            if isinstance(event, DrawCard):
                tapped[event.card] += 1
    if name == "jokers-example":
        assert tapped["joker"] and tapped["locomotive+4"] and tapped["passenger"]
    if name == "ferry-cards-example":
        assert tapped["TakeFerryCard"] and tapped["ferry"]
    if name == "depots-example":
        assert tapped["PlaceDepot"] and tapped["StoreCard"] and tapped["TakeWarehouse"]


def test_a_joker_taken_first_asks_where_it_came_from() -> None:
    table = SpecialTable(example("jokers-example"), 2)
    table.deal_and_keep()
    table.tap(table.special("joker"))
    assert table.title() == "Joker from?"
    table.press("ok")                           # face up: two cards' worth, the turn is over
    assert table.state.current == 1 and table.state.players[0].hand.count("joker") == 1
    table.wait()
    table.tap(table.special("joker", 1))
    table.press("down", "ok")                   # from the deck: a second card follows
    assert table.state.current == 1 and table.state.drawn == 1
    table.wait()
    table.tap(table.special("locomotive+4"))    # drawn like a colour card
    assert table.state.current == 0
    assert Counter(table.state.players[1].hand)["locomotive+4"] == 1


def test_a_card_of_another_map_is_refused() -> None:
    table = SpecialTable(example("itineraries-example"), 2)
    table.deal_and_keep()
    moves = len(table.session.history())
    table.tap(table.special("joker"))
    assert table.refused() == "Not a card of this map"
    assert len(table.session.history()) == moves


def test_a_ferry_card_is_a_turn_and_pays_two_waves() -> None:
    table = SpecialTable(example("ferry-cards-example"), 2)
    table.deal_and_keep()
    pile = table.state.ferry_cards
    table.tap(table.special("ferry"))
    assert table.title() == "Ana: Ferry card taken"
    assert table.state.current == 1 and table.state.ferry_cards == pile - 1
    table.wait()
    table.tap(table.card("red"))                # Ben draws: no ferry card as a second card
    table.wait()
    table.tap(table.special("ferry", 1))
    assert table.refused() == "Ferry card: a turn"
    table.wait()
    table.tap(table.card("blue"))
    table.wait()
    # Ana claims Capo - Isola (3 spaces, 2 of them waves): her ferry card covers both waves,
    # so the blue card after it completes the payment.
    assert table.enter(ClaimRoute("Capo-Isola", ("ferry", "blue"))) > 0
    assert table.state.players[0].tracks == ("Capo-Isola",)
    assert table.state.ferry_cards == pile


def test_special_cards_are_named_in_both_languages() -> None:
    choices = TicketToRideFlow("en").card_choices()
    for label, kind in (("Joker", "train-joker"), ("Locomotive +4", "train-locomotive+4"),
                        ("Passenger card", "train-passenger"), ("Ferry card", "train-ferry")):
        assert (label, kind, "") in choices
    french = Words("fr")
    assert french.card("passenger") == "Carte Passager"
    assert french.card("ferry") == "Carte Ferry"
    assert french.card("joker") == "Joker"


def test_the_demo_enters_ferry_cards() -> None:
    moves = physical_moves(RULES, ("Ana", "Ben"), 1, {"map_name": example("ferry-cards-example")})
    assert any(isinstance(move, TakeFerryCard) for move in moves)


def test_first_depots_then_a_warehouse_card_before_each_draw() -> None:
    table = SpecialTable(example("depots-example"), 3)
    table.deal_and_keep()
    assert table.title() == "Cleo: first depot", "the last player places first"
    for name, city in (("Cleo", "Lyon"), ("Ben", "Alba"), ("Ana", "Hilo")):
        assert table.title() == f"{name}: first depot"
        table.enter(PlaceDepot(city))
        table.wait()
    depots = table.state.depots
    assert depots is not None
    assert depots.placed == (("Lyon", 2), ("Alba", 1), ("Hilo", 0))
    table.tap(table.card("red"))
    assert table.refused() == "Warehouse card first"
    table.wait()
    table.press("ok")
    menu = table.app.screen().menu
    assert menu is not None and {"Top card: warehouse", "Place a depot"} <= set(menu.items)
    table.press("back")
    table.enter(StoreCard(1))
    depots = table.state.depots
    assert depots is not None and depots.warehouses == ((), ("?",), ())
    table.wait()
    table.tap(table.card("red"), table.card("blue"))
    assert table.state.current == 1 and len(table.state.players[0].hand) == 6


def test_a_claim_at_a_depot_offers_its_warehouse() -> None:
    table = SpecialTable(example("depots-example"), 2)
    table.deal_and_keep()
    table.enter(PlaceDepot("Alba"))             # Ben, the last player, first
    table.wait()
    table.enter(PlaceDepot("Breda"))
    table.wait()
    depots = table.state.depots
    assert depots is not None
    table.session.state = replace(table.state, depots=replace(
        depots, warehouses=((), ("?", "?", "?"))))
    table.enter(ClaimRoute("Alba-Breda#1", ("red", "red")))
    table.wait()
    assert table.title() == "Take a warehouse?"
    menu = table.app.screen().menu
    assert menu is not None and menu.items == ("Ben: 3 cards", "No, keep my depots")
    table.press("ok")
    assert table.title() == "Ana: 3 cards taken"
    depots = table.state.depots
    assert depots is not None and depots.left == (3, 4) and depots.warehouses == ((), ())
    assert table.state.current == 1 and len(table.state.players[0].hand) == 4 - 2 + 3


def test_no_second_card_left_to_draw_the_players_say_so() -> None:
    table = SpecialTable(example("jokers-example"), 2)
    table.deal_and_keep()
    table.tap(table.card("red"))
    table.wait()
    table.session.state = replace(table.state, deck=(), discard=())
    assert table.app.screen().hints == "tap:card ok:none left"
    table.press("ok")
    assert table.state.current == 1 and table.state.drawn == 0


# --- Any input, any time ----------------------------------------------------------------------

#: A whole game of each example map as the table entered it: (players, [(event, uids)]).
RECORDED: dict[str, tuple[tuple[str, ...], list[Any]]] = {}


def recorded(name: str) -> tuple[tuple[str, ...], list[Any]]:
    if name not in RECORDED:
        table = play_whole_game(3, 2, example(name))
        RECORDED[name] = (table.names, list(table.session.history()))
    return RECORDED[name]


def some_tags(table: SpecialTable) -> list[str]:
    """Special cards, a few colours, a locomotive, the map's tickets, an unknown tag."""
    uids = table.deck.uids
    chosen = [copies[0] for (kind, _), copies in uids.items()
              if kind.startswith("train-") or kind == "locomotive"]
    chosen += [uids[("train", color)][1] for color in ("red", "blue")]
    chosen += [copies[0] for (kind, value), copies in uids.items()
               if kind == "ticket" and value.startswith(table.state.board.name)][:4]
    return [*chosen, "DEADBEEF"]


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(["jokers-example", "ferry-cards-example", "depots-example"]),
       at=st.floats(0, 1), choices=st.lists(st.integers(0, 30), max_size=80))
def test_any_inputs_on_the_example_maps_give_screens_never_a_crash(
        name: str, at: float, choices: list[int]) -> None:
    names, log = recorded(name)
    table = SpecialTable(example(name), len(names))
    session = table.session
    session.log = log[: round(at * len(log))]
    session.state = replayed(session)
    table.app.flow.rebuild(session.state, session.history())
    presses: list[Input] = [Press("up"), Press("down"), Press("ok"), Press("back"),
                            Hold("back")]
    inputs = presses + [Tap(uid) for uid in some_tags(table)]
    for choice in choices:
        moves = len(session.log)
        table.app.handle(inputs[choice % len(inputs)])
        render(table.app.screen())
        table.clock.now += 1
        assert len(session.log) in (moves - 1, moves, moves + 1)
        assert session.state == replayed(session)
