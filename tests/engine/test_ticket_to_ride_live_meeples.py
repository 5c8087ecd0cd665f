"""Germany's passenger meeples played turn by turn: picked up with each claim, and the count."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.ticket_to_ride.bonuses import meeple_points
from engine.games.ticket_to_ride.deal import new_game, unplayable
from engine.games.ticket_to_ride.events import ClaimRoute
from engine.games.ticket_to_ride.live_meeples import NONE, meeple_options, meeples_left
from engine.games.ticket_to_ride.mapfile import parse_map
from engine.games.ticket_to_ride.rules import apply, result
from engine.games.ticket_to_ride.state import TicketToRideState
from tests.engine.ticket_to_ride_examples import example_map, playing, with_hand

BOARD = example_map("meeples-example")
COLORS = ("red", "blue", "green", "yellow", "black", "white")


def claim(state: TicketToRideState, track: str, *meeples: str) -> TicketToRideState:
    chosen = state.board.track(track)
    color = "red" if chosen.color == "gray" else chosen.color
    cards = (color,) * chosen.length
    return apply(with_hand(state, *cards), ClaimRoute(track, cards, meeples=meeples))


def test_a_claim_picks_up_one_meeple_at_each_end() -> None:
    state = claim(playing(BOARD), "Altdorf-Brunnen", "red", "blue")
    assert state.players[0].meeples == ("blue", "red")
    state = claim(state, "Celle-Emmen#1", "red", NONE)
    assert state.players[1].meeples == ("red",)
    state = claim(state, "Jena-Ostmark", NONE, NONE)  # a country is a place too
    assert state.players[0].meeples == ("blue", "red")
    assert meeples_left(BOARD.rules, state.players)["red"] == 6 - 2


def test_a_claim_may_pick_up_nothing() -> None:
    state = claim(playing(BOARD), "Altdorf-Brunnen")
    assert state.players[0].meeples == ()


def test_one_entry_per_end_and_only_the_map_s_colours() -> None:
    state = playing(BOARD)
    with pytest.raises(IllegalEvent, match="at each end of the route"):
        claim(state, "Altdorf-Brunnen", "red")
    with pytest.raises(IllegalEvent, match="pink is not a meeple colour"):
        claim(state, "Altdorf-Brunnen", "pink", NONE)


def test_no_more_meeples_of_a_colour_than_the_game_has() -> None:
    state = playing(BOARD)
    ben = replace(state.players[1], meeples=("black",) * 3)
    state = replace(state, players=(state.players[0], ben))
    assert "black" in meeple_options(BOARD.rules, state.players)
    assert "black" not in meeple_options(BOARD.rules, state.players, ["black"])
    with pytest.raises(IllegalEvent, match="No black meeple is left"):
        claim(state, "Altdorf-Brunnen", "black", "black")
    assert claim(state, "Altdorf-Brunnen", "black", "white").players[0].meeples == (
        "black", "white")


def test_the_options_start_with_none_and_follow_the_supply() -> None:
    state = playing(BOARD)
    assert meeple_options(BOARD.rules, state.players) == (NONE, *COLORS)


def test_the_count_is_the_text_s_majorities() -> None:
    state = playing(BOARD, players=3)
    held = {"Ana": ("red", "red", "blue"), "Ben": ("red", "red", "green"), "Cleo": ("red", "blue")}
    routes = {"Ana": ("Altdorf-Brunnen", "Dorfen-Emmen"), "Ben": ("Emmen-Gerau", "Hausen-Jena"),
              "Cleo": ("Felden-Gerau",)}
    players = tuple(replace(p, meeples=held[p.name], tracks=routes[p.name])
                    for p in state.players)
    scores = {s.name: s.breakdown["meeples"] for s in result(replace(state, players=players)
                                                             ).players}
    # Red: Ana and Ben tie for first (20 each), nobody second. Blue: Ana and Cleo tie (20 each).
    # Green: Ben alone (20).
    assert scores == {"Ana": 40, "Ben": 40, "Cleo": 20}
    assert meeple_points(20, 10, {"Ana": {"red": 2, "blue": 1}, "Ben": {"red": 2, "green": 1},
                                  "Cleo": {"red": 1, "blue": 1}}) == scores


def test_a_map_with_meeples_needs_its_supply_to_be_played_turn_by_turn() -> None:
    base = {"name": "m", "cities": ["A", "B"],
            "routes": [{"from": "A", "to": "B", "length": 1}],
            "tickets": [{"from": "A", "to": "B", "points": 1}] * 4,
            "rules": {"meeples": [20, 10]}}
    board = parse_map(base)
    assert unplayable(board) is not None and "rules.meeple_supply" in unplayable(board)
    with pytest.raises(IllegalEvent, match="meeple_supply"):
        new_game(("Ana", "Ben"), board)
    supplied = parse_map({**base, "rules": {"meeples": [20, 10], "meeple_supply": {"red": 2}}})
    assert unplayable(supplied) is None
    with pytest.raises(InvalidInput, match="rules.meeple_supply.mauve: unknown colour"):
        parse_map({**base, "rules": {"meeples": [20, 10], "meeple_supply": {"mauve": 2}}})
    with pytest.raises(InvalidInput, match="rules.meeples: the map has a meeple supply"):
        parse_map({**base, "rules": {"meeple_supply": {"red": 2}}})
