"""Shared mechanics written once: the unseen card, and who won by which tie-break."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import unseen
from engine.decision import Decision, decide
from engine.errors import IllegalEvent
from engine.games.freight_train.cards import UNKNOWN as FREIGHT_TRAIN_UNKNOWN
from engine.games.off_the_rails.components import UNSEEN as OFF_THE_RAILS_UNSEEN
from engine.games.ticket_to_ride.payment import UNKNOWN as TICKET_TO_RIDE_UNKNOWN
from engine.games.ticket_to_ride.tally import tally
from engine.games.whistle_stop.tally import decide_winners
from engine.unseen import UNSEEN, reveal, same_cards, take, uncovered

ROOT = Path(__file__).parents[2]
CARDS = st.lists(st.sampled_from(["red", "blue", "green", UNSEEN]), max_size=8)


def test_an_unseen_card_takes_the_card_declared_and_a_known_one_must_be_declared_as_it_is() -> None:
    assert reveal(UNSEEN, "red") == "red"
    assert reveal("red", UNSEEN) == "red"
    with pytest.raises(IllegalEvent, match="That card is red, not blue"):
        reveal("red", "blue")
    with pytest.raises(IllegalEvent, match="The top card is wagon 3, not 0"):
        reveal(3, 0, unseen=0, strict=True, refusal="The top card is wagon {seen}, not {said}")
    assert reveal(0, 7, unseen=0, strict=True) == 7


def test_unseen_cards_cover_one_card_each() -> None:
    assert uncovered(["red", UNSEEN], ["blue"]) == 0
    assert uncovered(["red", UNSEEN], ["blue", "green"]) == 1
    assert uncovered(["red"], [UNSEEN]) == 1  # an unseen card paid needs an unseen one held
    assert same_cards(["red", UNSEEN], ["blue", "red"])
    assert not same_cards(["red", UNSEEN], ["blue", "red"], unseen_before_covers=False)
    assert same_cards(["red", "blue"], [UNSEEN, "red"], unseen_before_covers=False)
    assert not same_cards(["red"], ["red", "red"])


@given(hand=CARDS, cards=CARDS)
def test_taking_works_exactly_when_nothing_is_uncovered(hand: list[str],
                                                        cards: list[str]) -> None:
    if uncovered(hand, cards):
        with pytest.raises(ValueError):
            take(hand, cards)
    else:
        left = take(hand, cards)
        assert len(left) == len(hand) - len(cards)
        assert not Counter(left) - Counter(hand)


@given(cards=CARDS, seed=st.randoms())
def test_the_same_cards_in_any_order_are_the_same(cards: list[str], seed: object) -> None:
    shuffled = list(cards)
    seed.shuffle(shuffled)  # type: ignore[attr-defined]
    assert same_cards(cards, shuffled)
    assert same_cards(cards, [UNSEEN] * len(cards))


def test_every_game_reads_the_one_unseen_card() -> None:
    assert FREIGHT_TRAIN_UNKNOWN is TICKET_TO_RIDE_UNKNOWN is OFF_THE_RAILS_UNSEEN is UNSEEN
    # No game writes the reveal or the count of covered cards again.
    for path in (ROOT / "engine" / "games").rglob("*.py"):
        names = {node.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.FunctionDef)}
        assert not names & {"_reveal", "_without", "_check_in_hand"}, path
    assert unseen.__doc__


def test_the_deciding_tiebreak_is_the_first_that_separates_the_best_totals() -> None:
    assert decide([], []) == Decision(())
    assert decide(["Ana", "Ben"], [10, 9], [("tickets", [0, 5])]) == Decision(("Ana",))
    assert decide(["Ana", "Ben", "Cléo"], [9, 9, 9],
                  [("tickets", [2, 2, 1]), ("longest", [0, 1, 1])]) == Decision(
        ("Ben",), "tickets")


def test_ticket_to_rides_result_names_the_tiebreak_that_decided() -> None:
    board = {"name": "Tie", "routes": [
        {"from": "A", "to": "B", "length": 2}, {"from": "C", "to": "D", "length": 2}],
        "rules": {"longest_bonus": 0}}
    players = [{"name": "Ana", "routes": [["A", "B"]],
                "tickets": [{"from": "A", "to": "B", "points": 1}]},
               {"name": "Ben", "routes": [["C", "D"]],
                "tickets": [{"from": "C", "to": "D", "points": 1}]}]
    shared = tally({"game": "ticket-to-ride", "map": board, "players": players})
    assert shared.winners == ("Ana", "Ben") and shared.deciding is None
    players[0]["tickets"] = [{"from": "A", "to": "B", "points": 1},
                             {"from": "B", "to": "A", "points": 1}]
    players[1]["tickets"] = [{"from": "A", "to": "D", "points": 1},
                             {"from": "C", "to": "D", "points": 3}]
    decided = tally({"game": "ticket-to-ride", "map": board, "players": players})
    assert [p.total for p in decided.players] == [4, 4]
    assert decided.winners == ("Ana",) and decided.deciding == "tickets"
    assert "deciding" not in decided.to_json()


def test_whistle_stop_breaks_a_tie_by_shares() -> None:
    from engine.game import PlayerScore
    from engine.games.whistle_stop.tally import Holdings, Share

    players = [Holdings("Ana", shares=(Share("red", 1),)), Holdings("Ben", shares=())]
    scores = [PlayerScore("Ana", 20), PlayerScore("Ben", 20)]
    assert decide_winners(players, scores) == Decision(("Ana",), "shares")
