"""The shared mechanics: codec, events, seating, decks, last rounds, majorities."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.codec import from_jsonable, to_jsonable
from engine.deck import BetweenPositions, BottomPart, shuffled_with_trigger, trigger_in_place
from engine.errors import IllegalEvent, InvalidInput
from engine.events import Event
from engine.last_round import LastRound, turns_after_trigger
from engine.majority import MajorityAward
from engine.seating import FirstPlayerRule, TurnOrder


class SampleEvent(Event, family=True):
    pass


@dataclass(frozen=True)
class Moved(SampleEvent):
    kind = "moved"
    seats: tuple[int, ...]
    label: str | None = None


def test_event_round_trip_and_unknown_kind() -> None:
    event = Moved((1, 2), "x")
    assert SampleEvent.from_json(event.to_json()) == event
    with pytest.raises(ValueError, match="unknown event kind"):
        SampleEvent.from_json({"kind": "flown"})
    with pytest.raises(ValueError, match="whole number"):
        SampleEvent.from_json({"kind": "moved", "seats": ["a"]})


def test_codec_refuses_missing_field() -> None:
    with pytest.raises(ValueError, match="lacks the field"):
        from_jsonable(Moved, {})
    assert to_jsonable(Moved((3,))) == {"seats": [3], "label": None}


def test_errors_carry_template_and_params() -> None:
    error = IllegalEvent("Only {count} wagons", count=2)
    assert (error.reason, error.params, str(error)) == ("Only {count} wagons", {"count": 2},
                                                        "Only 2 wagons")
    assert str(InvalidInput("players[0].name", "is missing")) == "players[0].name: is missing"


def test_turn_order_both_directions() -> None:
    assert TurnOrder(3).round_from(1) == (1, 2, 0)
    assert TurnOrder(5, clockwise=False).round_from(0) == (0, 4, 3, 2, 1)
    assert TurnOrder(4).after(2, 3) == (0, 1)
    assert TurnOrder(4).left_of(3) == 0 and TurnOrder(4).right_of(0) == 3


def test_next_round_first_by_rule() -> None:
    order = TurnOrder(4)
    assert order.next_round_first(1, 0, FirstPlayerRule.TOKEN_PASSES_LEFT) == 2
    assert order.next_round_first(1, 0, FirstPlayerRule.CONTINUOUS) == 1


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        (LastRound.FINISH_ROUND, (3,)),
        (LastRound.ONE_MORE_TURN_EACH, (3, 0, 1, 2)),
        (LastRound.TWO_MORE_TURNS_EACH, (3, 0, 1, 2, 3, 0, 1, 2)),
    ],
)
def test_last_round_rules(rule: LastRound, expected: tuple[int, ...]) -> None:
    assert turns_after_trigger(TurnOrder(4), 0, 2, rule) == expected


@given(st.integers(0, 120), st.integers(2, 4), st.integers(0, 2**32))
def test_trigger_lands_in_the_bottom_part(others: int, parts: int, seed: int) -> None:
    rule = BottomPart(parts)
    deck = shuffled_with_trigger(list(range(others)), -1, rule, random.Random(seed))
    assert sorted(deck) == [-1, *range(others)]
    assert trigger_in_place(deck, -1, rule)
    below = len(deck) - 1 - deck.index(-1)
    assert below <= others - others * (parts - 1) // parts


def test_trigger_between_positions() -> None:
    rule = BetweenPositions(13, 17)
    positions = {shuffled_with_trigger(list(range(20)), -1, rule, random.Random(s)).index(-1)
                 for s in range(300)}
    assert positions == set(range(12, 17))
    assert not trigger_in_place([-1] + list(range(20)), -1, rule)
    assert not trigger_in_place(list(range(20)), -1, rule)


FREIGHT = MajorityAward(first=3, second=1, tied_first=(2, 1))


@pytest.mark.parametrize(
    ("lengths", "paid"),
    [
        ({"A": 5}, {"A": 3}),                                   # alone: only 3
        ({"A": 5, "B": 3}, {"A": 3, "B": 1}),                   # longest 3, second 1
        ({"A": 5, "B": 5, "C": 3}, {"A": 2, "B": 2}),           # two tied: 2 each, no second
        ({"A": 5, "B": 5, "C": 5, "D": 1}, {"A": 1, "B": 1, "C": 1}),  # three tied: 1 each
        ({"A": 5, "B": 5, "C": 5, "D": 5, "E": 2}, {}),         # four tied: nothing at all
        ({"A": 5, "B": 3, "C": 3}, {"A": 3}),                   # tie for second: nobody second
        ({"A": 5, "B": 3, "C": 3, "D": 1}, {"A": 3}),           # third place never pays
        ({"A": 0, "B": 0}, {}),                                 # no train, no award
    ],
)
def test_freight_train_tie_table(lengths: dict[str, int], paid: dict[str, int]) -> None:
    assert FREIGHT.award(lengths) == paid


def test_all_tied_policies() -> None:
    germany = MajorityAward(first=20, second=10, tied_second_score=True)
    assert germany.award({"A": 4, "B": 4, "C": 2}) == {"A": 20, "B": 20}
    assert germany.award({"A": 4, "B": 2, "C": 2}) == {"A": 20, "B": 10, "C": 10}
    second_anyway = MajorityAward(first=20, second=10, second_when_first_tied=True)
    assert second_anyway.award({"A": 4, "B": 4, "C": 2}) == {"A": 20, "B": 20, "C": 10}


def test_lowest_number_breaks_ties() -> None:
    stocks = MajorityAward(first=15, second=7)
    assert stocks.award({"A": 3, "B": 3, "C": 1}, tiebreak={"A": 9, "B": 2, "C": 1}) == {
        "B": 15, "A": 7}
