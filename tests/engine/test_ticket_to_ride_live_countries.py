"""Poland's country cards, awarded as the game goes; mountain crosses scored live."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from engine.games.ticket_to_ride import RULES, parse_map
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.live_countries import cards_won
from engine.games.ticket_to_ride.tally import tally

from .ticket_to_ride_live import checked_result, claim, example_map, play, ready

CZ, SK, UA = "République tchèque", "Slovaquie", "Ukraine"

#: The text's worked example, on a map written for it: Blue (seat 0) and Yellow (seat 1).
EXAMPLE = parse_map({
    "name": "poland-text", "cities": ["Aa", "Bb", "Cc"], "countries": [CZ, SK, UA],
    "routes": [
        {"from": CZ, "to": "Aa", "length": 2}, {"from": "Aa", "to": SK, "length": 2},
        {"from": UA, "to": "Bb", "length": 2}, {"from": "Bb", "to": SK, "length": 2},
        {"from": "Aa", "to": UA, "length": 3}, {"from": "Bb", "to": CZ, "length": 3},
        {"from": "Cc", "to": SK, "length": 1}, {"from": "Cc", "to": "Bb", "length": 1},
    ],
    "rules": {"country_cards": {CZ: [9, 7, 5], SK: [8, 6, 4, 2], UA: [10, 3]}},
})


def test_the_text_s_worked_example() -> None:
    state = ready(EXAMPLE, players=2)
    state = claim(state, f"{CZ}-Aa", seat=0)
    assert state.players[0].country_cards == (), "one country alone takes nothing"
    # Blue links the Czech Republic to Slovakia: the top card of each.
    state = claim(state, f"Aa-{SK}", seat=0)
    assert state.players[0].country_cards == ((CZ, 9), (SK, 8))
    # Yellow does the same between Ukraine and Slovakia.
    state = claim(state, f"{UA}-Bb", seat=1)
    state = claim(state, f"Bb-{SK}", seat=1)
    assert state.players[1].country_cards == ((SK, 6), (UA, 10))
    # Blue extends to Ukraine: one card of each of the three countries now linked.
    state = claim(state, f"Aa-{UA}", seat=0)
    assert state.players[0].country_cards == ((CZ, 9), (SK, 8), (CZ, 7), (SK, 4), (UA, 3))
    # Ukraine's pile is empty: connecting it takes nothing more from it.
    state = claim(state, f"Bb-{CZ}", seat=1)
    assert state.players[1].country_cards == ((SK, 6), (UA, 10), (CZ, 5), (SK, 2))
    result = RULES.result(state)
    assert [p.breakdown["countries"] for p in result.players] == [31, 23]
    assert tally(final_table(state)).to_json() == result.to_json()


def test_only_a_route_into_a_country_takes_cards() -> None:
    state = ready(EXAMPLE, players=2)
    state = claim(state, f"{CZ}-Aa", seat=0)
    state = claim(state, f"Cc-{SK}", seat=0)
    state = claim(state, f"{UA}-Bb", seat=0)
    # A route between two cities joining two countries' networks is no route into a country.
    state = claim(state, "Cc-Bb", seat=0)
    assert state.players[0].country_cards == ()
    # A country is a dead end: Aa reaches Slovakia by its own route, not Cc's part of the
    # network, so Ukraine is not linked.
    assert cards_won(replace(state, current=0), EXAMPLE.track(f"Aa-{SK}")) == ((CZ, 9), (SK, 8))


COUNTRIES = example_map("countries-example")
MOUNTAINS = example_map("mountains-example")


def test_random_country_games_agree_with_the_tally() -> None:
    won = 0
    for players, seed in itertools.product((2, 3, 5), range(6)):
        state, _ = play(COUNTRIES, players, seed)
        checked_result(state)
        piles = dict(COUNTRIES.rules.country_cards)
        for country, pile in piles.items():
            taken = sorted(v for p in state.players for c, v in p.country_cards if c == country)
            assert taken == sorted(pile[: len(taken)]), "cards come off the top of the pile"
        won += sum(len(p.country_cards) for p in state.players)
    assert won, "the example map's games take country cards"


def test_a_mountain_route_costs_its_crosses_in_trains_and_scores_them() -> None:
    state = ready(MOUNTAINS, players=2)
    trains = state.players[0].trains
    state = claim(state, "Fels-Horn", seat=0)  # 5 spaces, 3 crosses
    assert state.players[0].trains == trains - 8
    result = RULES.result(state)
    assert result.players[0].breakdown["mountains"] == 6
    assert result.players[1].breakdown["mountains"] == 0
    assert tally(final_table(state)).to_json() == result.to_json()


@pytest.mark.parametrize("players", [2, 4])
def test_random_mountain_games_agree_with_the_tally(players: int) -> None:
    for seed in range(4):
        state, _ = play(MOUNTAINS, players, seed)
        result = RULES.result(state)
        assert tally(final_table(state)).to_json() == result.to_json()
        board = state.board
        for player, score in zip(state.players, result.players):
            crosses = sum(board.track(t).mountains for t in player.tracks)
            used = sum(board.track(t).length for t in player.tracks)
            assert player.trains == board.rules.trains - used - crosses
            assert score.breakdown["mountains"] == 2 * crosses
