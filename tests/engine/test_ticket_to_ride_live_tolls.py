"""Tolls and loans (Netherlands) played as the game goes, on the toll example map."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride import RULES, parse_map
from engine.games.ticket_to_ride.deal import unplayable
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.live_tolls import first_owner, toll_for
from engine.games.ticket_to_ride.state import TicketToRideState, TollPaid
from engine.games.ticket_to_ride.tally import tally

from .ticket_to_ride_live import checked_result, claim, example_map, play, ready

TOLLS = example_map("tolls-example")
assert TOLLS.rules.tolls is not None
#: Every player's toll tokens at the start, as the map gives them.
TOKENS = TOLLS.rules.tolls.tokens


def toll(track_id: str) -> int:
    return TOLLS.track(track_id).toll


def with_tokens(state: TicketToRideState, seat: int, tokens: int) -> TicketToRideState:
    player = replace(state.players[seat], toll_tokens=tokens)
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def test_each_player_starts_with_the_map_s_tokens() -> None:
    state = RULES.new_game(("Ana", "Ben"), TOLLS)
    assert [p.toll_tokens for p in state.players] == [TOKENS, TOKENS]
    assert [p.loans for p in state.players] == [0, 0]
    assert state.last_toll is None


def test_a_single_route_pays_the_bank() -> None:
    state = claim(ready(TOLLS), "Aven-Dijk")
    assert state.players[0].toll_tokens == TOKENS - toll("Aven-Dijk")
    assert state.last_toll == TollPaid(toll("Aven-Dijk"), None)
    assert [p.toll_tokens for p in state.players[1:]] == [TOKENS, TOKENS]


def test_the_first_track_pays_the_bank_the_second_pays_its_owner() -> None:
    price = toll("Brug-Haven#1")
    state = claim(ready(TOLLS), "Brug-Haven#1", seat=0)
    assert state.players[0].toll_tokens == TOKENS - price
    assert state.last_toll == TollPaid(price, None)
    assert first_owner(state, TOLLS.track("Brug-Haven#2")) == 0
    state = claim(state, "Brug-Haven#2", seat=2)
    assert state.last_toll == TollPaid(price, 0)
    assert state.players[2].toll_tokens == TOKENS - price
    assert state.players[0].toll_tokens == TOKENS, "the first track's owner is paid"


def test_a_player_short_of_tokens_takes_a_loan_and_the_bank_pays_the_owner() -> None:
    price = toll("Veen-Zand#1")
    state = claim(ready(TOLLS), "Veen-Zand#1", seat=0)
    assert state.players[0].toll_tokens == TOKENS - price
    # Ben has one token fewer than the toll: a loan; he pays nothing, even what he could.
    state = with_tokens(state, 1, price - 1)
    assert toll_for(replace(state, current=1),
                    TOLLS.track("Veen-Zand#2")) == TollPaid(price, 0, loan=True)
    state = claim(state, "Veen-Zand#2", seat=1)
    assert state.players[1].toll_tokens == price - 1
    assert state.players[1].loans == 1
    assert state.players[0].toll_tokens == TOKENS, "the bank pays the first track's owner"
    assert state.last_toll == TollPaid(price, 0, loan=True)


def test_a_loan_on_a_first_track_pays_nobody() -> None:
    short = toll("Molen-Wier") - 1
    state = with_tokens(ready(TOLLS), 0, short)
    state = claim(state, "Molen-Wier", seat=0)
    assert (state.players[0].toll_tokens, state.players[0].loans) == (short, 1)
    assert state.last_toll == TollPaid(0, None, loan=True)
    assert [p.toll_tokens for p in state.players[1:]] == [TOKENS, TOKENS]


def test_the_final_count_has_the_toll_bonus_and_the_loans() -> None:
    state = ready(TOLLS)
    # Ana pays for two routes until she has fewer tokens than a third one's toll: a loan.
    state = claim(state, "Molen-Wier", seat=0)
    state = claim(state, "Veen-Zand#1", seat=0)
    state = with_tokens(state, 0, toll("Polder-Sluis#1") - 1)
    state = claim(state, "Brug-Dijk#1", seat=1)     # Ben pays a little: fewer than Cleo
    state = claim(state, "Polder-Sluis#1", seat=0)
    assert state.players[0].loans == 1
    assert (state.players[2].toll_tokens > state.players[1].toll_tokens
            > state.players[0].toll_tokens)
    result = RULES.result(state)
    points = {p.name: p.breakdown for p in result.players}
    assert TOLLS.rules.tolls is not None
    first, second, _ = TOLLS.rules.tolls.bonus_for(3)
    penalty = TOLLS.rules.tolls.loan  # negative: points lost per loan
    # Ana has a loan: no bonus, no rank, though she has the fewest tokens; Cleo then Ben.
    assert points["Cleo"]["tolls"] == first and points["Ben"]["tolls"] == second
    assert points["Ana"]["tolls"] == 0 and points["Ana"]["loans"] == penalty
    assert points["Ben"]["loans"] == 0
    assert tally(final_table(state)).to_json() == result.to_json()


def test_tied_players_share_the_best_rank_s_bonus() -> None:
    state = claim(ready(TOLLS, players=4), "Aven-Dijk", seat=3)  # Dan pays, the others none
    assert TOLLS.rules.tolls is not None
    best, *_, last = TOLLS.rules.tolls.bonus_for(4)
    points = {p.name: p.breakdown["tolls"] for p in RULES.result(state).players}
    assert points == {"Ana": best, "Ben": best, "Cleo": best, "Dan": last}


def test_undoing_a_claim_takes_its_payment_back() -> None:
    state = ready(TOLLS)
    price = toll("Brug-Haven#1")
    after = claim(claim(state, "Brug-Haven#1", seat=0), "Brug-Haven#2", seat=1)
    before_second = claim(state, "Brug-Haven#1", seat=0)
    assert after.players[0].toll_tokens == TOKENS
    assert after.players[1].toll_tokens == TOKENS - price
    assert before_second.players[0].toll_tokens == TOKENS - price
    assert before_second.players[1].toll_tokens == TOKENS
    assert before_second.last_toll == TollPaid(price, None)


def test_random_games_agree_with_the_tally_whatever_the_order() -> None:
    loans = 0
    for players, seed in itertools.product((2, 3, 5), range(8)):
        state, _ = play(TOLLS, players, seed)
        result = checked_result(state)
        # Tokens: the bank gives only on a loan for a second track; nothing else is created.
        dearest = max(track.toll for track in TOLLS.tracks)
        assert sum(p.toll_tokens for p in state.players) <= TOKENS * players + dearest * sum(
            p.loans for p in state.players)
        loans += sum(p.loans for p in state.players)
        for player, score in zip(state.players, result.players):
            assert TOLLS.rules.tolls is not None
            assert score.breakdown["loans"] == TOLLS.rules.tolls.loan * player.loans
            if player.loans:
                assert score.breakdown["tolls"] == 0
    assert loans, "the example map's games take loans"


def test_only_rules_not_yet_live_send_a_map_to_the_tally() -> None:
    assert unplayable(TOLLS) is None
    assert unplayable(example_map("mountains-example")) is None
    assert unplayable(example_map("countries-example")) is None
    stocks = parse_map({
        "name": "shares", "cities": ["A", "B"],
        "routes": [{"from": "A", "to": "B", "length": 2, "companies": ["PRR"]}],
        "rules": {"stocks": {"PRR": {"shares": 3, "payouts": [5, 3]}}}})
    assert unplayable(stocks) is None
    boats = parse_map({
        "name": "boats", "cities": ["A", "B"],
        "routes": [{"from": "A", "to": "B", "length": 2}],
        "rules": {"cards": {"special": ["boat"]}}})
    assert unplayable(boats) is not None
    with pytest.raises(IllegalEvent):
        RULES.new_game(("Ana", "Ben"), boats)


def test_the_tally_accepts_the_tokens_the_bank_paid_for_loans() -> None:
    state = ready(TOLLS, players=2)
    # Ana owns the first tracks; Ben, out of tokens, takes loans on the second ones: the bank
    # pays Ana each time, beyond the tokens the players started with.
    for route in ("Veen-Zand", "Brug-Haven", "Dijk-Kade"):
        state = claim(state, f"{route}#1", seat=0)
    state = with_tokens(state, 0, 2 * TOKENS)
    state = with_tokens(state, 1, 0)
    for route in ("Veen-Zand", "Brug-Haven", "Dijk-Kade"):
        state = claim(state, f"{route}#2", seat=1)
    paid = sum(toll(f"{route}#2") for route in ("Veen-Zand", "Brug-Haven", "Dijk-Kade"))
    assert state.players[0].toll_tokens == 2 * TOKENS + paid > 2 * TOKENS
    assert state.players[1].loans == 3
    assert tally(final_table(state)).to_json() == RULES.result(state).to_json()
