"""Special cards turn by turn: jokers, locomotives +4, passenger cards and Italy's ferry cards;
itinerary tickets; random complete games on the example maps scored like the tally."""

from __future__ import annotations

import json
import random
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.claims import route_entry
from engine.games.ticket_to_ride.deal import long_tickets, regular_tickets, train_deck, unplayable
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    Deal,
    DrawCard,
    KeepTickets,
    ReplaceFaceUp,
    TakeFerryCard,
    TicketToRideEvent,
)
from engine.games.ticket_to_ride.face_up import face_up_to_replace
from engine.games.ticket_to_ride.final_table import holdings, ticket_entry
from engine.games.ticket_to_ride.mapfile import map_from_toml, parse_map
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "maps"
NAMES = ("Ana", "Ben", "Cleo", "Dan")


def example(name: str) -> tuple[Map, dict[str, Any]]:
    text = (EXAMPLES / f"{name}.toml").read_text(encoding="utf-8")
    return map_from_toml(text), tomllib.loads(text)


def tiny(special: list[str], copies: dict[str, int], **cards: Any) -> Map:
    """Two cities, a short and a long route, a wave route: enough for the card rules."""
    return parse_map({
        "name": "tiny", "cities": ["A", "B", "C", "D"],
        "routes": [{"from": "A", "to": "B", "length": 2, "color": "red"},
                   {"from": "B", "to": "C", "length": 4, "color": "red"},
                   {"from": "C", "to": "D", "length": 3, "color": "gray",
                    "waves": 2 if "ferry" in special else 0}],
        "tickets": [{"from": "A", "to": "C", "points": 5}, {"from": "B", "to": "D", "points": 5},
                    {"from": "A", "to": "D", "points": 7}],
        "rules": {"players": [2, 2], "trains": 20, "tickets": {"start": 1, "start_keep": 1},
                  "cards": {"per_color": 6, "locomotives": 4, "special": special,
                            "copies": copies, **cards}},
    })  # fmt: skip


def playing(board: Map, display: tuple[str, ...], deck: tuple[str, ...] = ("red",) * 10,
            hand: tuple[str, ...] = ()) -> TicketToRideState:
    """A game in play with Ana to move: the face-up cards, the deck and her hand as given."""
    state = RULES.new_game(NAMES[:2], board)
    state = RULES.apply(state, Deal(train_deck(board), regular_tickets(board),
                                    long_tickets(board)))
    while state.phase is Phase.START_TICKETS:
        state = RULES.apply(state, KeepTickets(state.player().offered[:1]))
    players = (replace(state.players[0], hand=hand), *state.players[1:])
    return replace(state, display=display, deck=deck, players=players, current=0)


def refusal(state: TicketToRideState, event: TicketToRideEvent) -> str:
    with pytest.raises(IllegalEvent) as caught:
        RULES.apply(state, event)
    return caught.value.reason


# --- The map file -------------------------------------------------------------------------------


def test_the_special_cards_are_in_the_train_deck_as_many_as_the_map_says() -> None:
    board = tiny(["joker", "locomotive+4", "passenger", "ferry"],
                 {"joker": 3, "locomotive+4": 2, "passenger": 5, "ferry": 4})
    deck = Counter(train_deck(board))
    assert (deck["joker"], deck["locomotive+4"], deck["passenger"]) == (3, 2, 5)
    assert deck["ferry"] == 0, "ferry cards are a pile of their own"
    assert RULES.new_game(NAMES[:2], board).ferry_cards == 4


def test_a_special_card_without_its_number_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidInput) as caught:
        tiny(["joker"], {})
    assert str(caught.value).startswith("rules.cards.copies.joker:")
    with pytest.raises(InvalidInput) as caught:
        tiny(["joker"], {"joker": 2, "ferry": 3})
    assert str(caught.value).startswith("rules.cards.copies.ferry:")
    with pytest.raises(InvalidInput):
        tiny(["joker"], {"joker": 0})


def test_only_the_rules_not_yet_live_are_refused() -> None:
    assert unplayable(tiny(["joker", "locomotive+4", "passenger"],
                           {"joker": 1, "locomotive+4": 1, "passenger": 1})) is None
    for name in ("jokers-example", "ferry-cards-example", "itineraries-example",
                 "depots-example"):
        assert unplayable(example(name)[0]) is None
    boats = replace(tiny([], {}), rules=replace(tiny([], {}).rules, cards=replace(
        tiny([], {}).rules.cards, special=("boat",))))
    assert unplayable(boats) is not None
    teams = replace(tiny([], {}), rules=replace(tiny([], {}).rules, team_size=2))
    assert unplayable(teams) is None
    teams_with_depots = replace(teams, rules=replace(teams.rules, depots=5))
    assert unplayable(teams_with_depots) is None


# --- Drawing ------------------------------------------------------------------------------------


def test_a_face_up_joker_counts_as_two_cards_and_a_blind_one_as_one() -> None:
    board = tiny(["joker"], {"joker": 4})
    state = playing(board, ("joker", "red", "red", "red", "red"), deck=("joker",) + ("red",) * 9)
    after = RULES.apply(state, DrawCard(0, "joker"))
    assert after.current == 1 and after.players[0].hand == ("joker",), "the turn is over"
    after = RULES.apply(state, DrawCard(DECK, "joker"))
    assert after.current == 0 and after.drawn == 1, "a blind joker is one card"
    assert refusal(after, DrawCard(0, "joker")) == "A face-up joker cannot be your second card"
    red_first = RULES.apply(replace(state, deck=("red", "joker")), DrawCard(1, "red"))
    after = RULES.apply(red_first, DrawCard(DECK, "joker"))
    assert after.current == 1 and Counter(after.players[0].hand) == {"red": 1, "joker": 1}


def test_a_locomotive_plus_4_is_drawn_like_a_colour_card() -> None:
    board = tiny(["locomotive+4"], {"locomotive+4": 4})
    state = playing(board, ("locomotive+4", "locomotive+4", "red", "red", "red"))
    after = RULES.apply(RULES.apply(state, DrawCard(0, "locomotive+4")),
                        DrawCard(0, "locomotive+4"))
    assert after.current == 1
    assert after.players[0].hand == ("locomotive+4", "locomotive+4")


def test_a_locomotive_plus_4_pays_only_on_routes_of_four_spaces_or_more() -> None:
    board = tiny(["locomotive+4"], {"locomotive+4": 4})
    state = playing(board, ("red",) * 5, hand=("locomotive+4", "locomotive+4", "red", "red"))
    assert refusal(state, ClaimRoute("A-B", ("red", "locomotive+4"))) == (
        "Locomotives +4 pay only for routes of {length} spaces or more")
    after = RULES.apply(state, ClaimRoute("B-C", ("red", "red", "locomotive+4", "locomotive+4")))
    assert after.players[0].tracks == ("B-C",) and after.players[0].hand == ()
    assert after.discard.count("locomotive+4") == 2


def test_three_passenger_cards_face_up_replace_the_five() -> None:
    board = tiny(["passenger"], {"passenger": 6})
    state = playing(board, ("passenger", "passenger", "red", "passenger", "red"))
    assert face_up_to_replace(state)
    assert refusal(state, DrawCard(2, "red")).startswith("Three locomotives face up")
    after = RULES.apply(state, ReplaceFaceUp())
    assert after.display == ("red",) * 5
    assert Counter(after.discard)["passenger"] == 3
    two = playing(board, ("passenger", "passenger", "red", "red", "red"))
    assert not face_up_to_replace(two)


def test_passenger_cards_never_pay_for_a_route() -> None:
    board = tiny(["passenger"], {"passenger": 6})
    state = playing(board, ("red",) * 5, hand=("passenger", "red"))
    assert refusal(state, ClaimRoute("A-B", ("passenger", "red"))) == (
        "Passenger cards do not pay for routes")


# --- Italy's ferry cards ------------------------------------------------------------------------


def test_taking_a_ferry_card_is_the_whole_turn() -> None:
    board = tiny(["ferry"], {"ferry": 2})
    state = playing(board, ("red",) * 5)
    after = RULES.apply(state, TakeFerryCard())
    assert after.current == 1 and after.ferry_cards == 1
    assert after.players[0].hand == ("ferry",)
    drawing = RULES.apply(state, DrawCard(DECK, "red"))
    assert refusal(drawing, TakeFerryCard()) == "Draw your second card"
    empty = replace(state, ferry_cards=0)
    assert refusal(empty, TakeFerryCard()) == "No ferry card is left"
    assert refusal(playing(tiny([], {}), ("red",) * 5), TakeFerryCard()) == (
        "{map} has no ferry cards")


def test_a_ferry_card_covers_two_waves_and_goes_back_to_its_pile() -> None:
    board = tiny(["ferry"], {"ferry": 2})
    state = replace(playing(board, ("red",) * 5, hand=("ferry", "ferry", "blue")), ferry_cards=0)
    assert refusal(state, ClaimRoute("A-B", ("ferry", "blue"))) == (
        "Ferry cards pay only for spaces with a wave")
    assert refusal(state, ClaimRoute("C-D", ("ferry", "ferry", "blue"))) == (
        "Too many cards for this route")
    after = RULES.apply(state, ClaimRoute("C-D", ("ferry", "blue")))
    assert after.players[0].tracks == ("C-D",) and after.players[0].hand == ("ferry",)
    assert after.ferry_cards == 1 and after.discard == ("blue",)
    assert after.players[0].route_points == 4


# --- Random complete games ----------------------------------------------------------------------


def check_cards(state: TicketToRideState) -> None:
    """Train cards are conserved; ferry cards are in hands or in their pile."""
    cards = Counter(state.deck) + Counter(state.display) + Counter(state.discard)
    for player in state.players:
        cards.update(player.hand)
    if state.tunnel is not None:
        cards.update(state.tunnel.revealed)
    if state.depots is not None:
        for warehouse in state.depots.warehouses:
            cards.update(warehouse)
    ferries = cards.pop("ferry", 0)
    assert cards == Counter(train_deck(state.board))
    assert ferries + state.ferry_cards == state.board.rules.cards.copies_of("ferry")
    assert state.drawn in (0, 1)


def table_of(state: TicketToRideState, raw_map: dict[str, Any]) -> dict[str, Any]:
    """The final table as `companion tally` reads it, the map given as its object."""
    players: list[dict[str, Any]] = [{
        "name": holding.name,
        "routes": [route_entry(state.board, t) for t in holding.tracks],
        "tickets": [ticket_entry(t) for t in holding.tickets],
        "stations": list(holding.stations),
    } for holding in holdings(state)]  # fmt: skip
    if state.depots is not None:
        for player, left in zip(players, state.depots.left):
            player["depots"] = left
    return {"game": "ticket-to-ride", "map": raw_map, "players": players}


def play_checked(name: str, players: int, seed: int) -> tuple[TicketToRideState, list[Any]]:
    board, raw = example(name)
    rng = random.Random(seed)
    start = RULES.new_game(NAMES[:players], board, first=seed % players)
    state, events = start, []
    while not RULES.is_over(state):
        event = RULES.random_event(state, rng)
        wire = json.loads(json.dumps(event.to_json()))
        assert TicketToRideEvent.from_json(wire) == event
        state = RULES.apply(state, event)
        if state.phase is not Phase.DEAL:
            check_cards(state)
        events.append(event)
        assert len(events) < 3000, "the game ends"
    assert RULES.replay(start, events) == state
    result = RULES.result(state)
    table = table_of(state, raw)
    assert tally(table).to_json() == result.to_json(), "the tally agrees"
    table["players"].reverse()
    reordered = {score.name: score for score in tally(table).players}
    assert all(reordered[score.name] == score for score in result.players)
    return state, events


@pytest.mark.parametrize("name", ["jokers-example", "ferry-cards-example",
                                  "itineraries-example", "depots-example"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_on_the_examples_score_like_the_tally(name: str, players: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(4):
        state, events = play_checked(name, players, seed)
        assert state.phase is Phase.OVER
        kinds.update(type(event).__name__ for event in events)
        for event in events:
            if isinstance(event, (ClaimRoute, DrawCard)):
                kinds.update(event.cards if isinstance(event, ClaimRoute) else (event.card,))
    if name == "jokers-example":
        assert kinds["joker"] and kinds["locomotive+4"] and kinds["passenger"]
    if name == "ferry-cards-example":
        assert kinds["TakeFerryCard"] and kinds["ferry"], "ferry cards are taken and paid"
    if name == "depots-example":
        assert kinds["PlaceDepot"] and kinds["StoreCard"] and kinds["TakeWarehouse"]


def test_itineraries_score_in_order_connected_or_failed_live() -> None:
    board, raw = example("itineraries-example")
    itinerary = "Arles-Delft-Gaeta"               # 12 in order, 6 connected, -6 failed
    assert board.ticket(itinerary).itinerary
    state = RULES.new_game(NAMES[:2], board)
    networks = {
        12: ("Arles-Bavo#1", "Bavo-Delft", "Delft-Forli", "Forli-Gaeta#1"),
        6: ("Arles-Cerro", "Cerro-Gaeta", "Forli-Gaeta#1", "Delft-Forli"),  # Delft a dead end
        -6: ("Arles-Bavo#1", "Bavo-Delft"),
    }
    for points, tracks in networks.items():
        ana = replace(state.players[0], tracks=tracks, tickets=(itinerary,))
        over = replace(state, players=(ana, state.players[1]), phase=Phase.OVER,
                       owners=dict.fromkeys(tracks, 0))
        result = RULES.result(over)
        assert result.players[0].breakdown["tickets"] == points
        assert tally(table_of(over, raw)).to_json() == result.to_json()
    kept = set()
    for seed in range(6):
        final, _ = play_checked("itineraries-example", 2, seed)
        kept |= {ticket for player in final.players for ticket in player.tickets
                 if board.ticket(ticket).itinerary}
    assert kept, "itineraries are dealt and kept in play"


def test_a_card_the_map_does_not_have_is_never_drawn() -> None:
    state = playing(tiny(["ferry"], {"ferry": 2}), ("?",) * 5, deck=("?",) * 10)
    for card in ("joker", "ferry", "purple"):
        assert refusal(state, DrawCard(DECK, card)) == "{card} is not a card of this map"
    assert RULES.apply(state, DrawCard(DECK, "red")).players[0].hand == ("red",)
