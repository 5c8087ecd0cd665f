"""Freight Train where the rules are silent: a table where nobody can move, and the trains
that paid nobody at the end of a day."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalEvent
from engine.games.freight_train.end_of_day import nobody_scored
from engine.games.freight_train.events import BringLocomotive, Rearrange
from engine.games.freight_train.rules import apply, table_stuck
from engine.games.freight_train.state import FreightTrainState, Settings

from .freight_train_helpers import started, with_player

NAMES = ("Ana", "Ben", "Cleo")


def broke() -> FreightTrainState:
    """Three players without a token, each with a coal before a tank on track 1."""
    state = started(NAMES)
    for seat in range(len(state.players)):
        state = with_player(state, seat, tokens=0, yard=(("coal", "tank"), ()))
    return state


SWAPPED = (("tank", "coal"), ())


def pass_round(state: FreightTrainState) -> FreightTrainState:
    for _ in state.players:
        state = apply(state, Rearrange(state.player().yard))
    return state


def test_a_whole_round_of_passes_lets_a_player_without_a_token_rearrange_for_nothing() -> None:
    """Yards full, no wagon able to leave, no token: every player could only pass, for ever.
    After a whole round of passes a player without a token may rearrange, for nothing."""
    state = broke()
    with pytest.raises(IllegalEvent, match="may only pass"):
        apply(state, Rearrange(SWAPPED))
    state = pass_round(state)
    seat = state.current  # the first player of the next round
    assert table_stuck(state)
    after = apply(state, Rearrange(SWAPPED))
    assert after.players[seat].yard == SWAPPED and after.players[seat].tokens == 0
    assert after.passes_in_a_row == 0 and not table_stuck(after)


def test_any_other_move_in_the_round_means_the_table_is_not_stuck() -> None:
    state = broke()
    state = apply(state, Rearrange(state.player().yard))
    state = apply(state, BringLocomotive())
    state = apply(state, Rearrange(state.player().yard))
    assert state.passes_in_a_row == 1 and not table_stuck(state)
    with pytest.raises(IllegalEvent, match="may only pass"):
        apply(state, Rearrange(SWAPPED))


def test_players_with_tokens_still_pay_at_a_stuck_table() -> None:
    state = pass_round(started(NAMES))
    assert table_stuck(state) and state.player().tokens == 4
    assert apply(state, Rearrange(state.player().yard)).players[state.current].tokens == 3


def ended(trains: list[dict[str, int]], mixed: list[int] | None = None,
          **settings: bool) -> FreightTrainState:
    names = ("Ana", "Ben", "Cleo", "Dan")[:len(trains)]
    state = replace(started(names), settings=Settings(**settings))  # type: ignore[arg-type]
    for seat, own in enumerate(trains):
        state = with_player(state, seat, trains=own,
                            mixed=("coal", "tank", "box")[:(mixed or [0] * 4)[seat]])
    return state


def test_the_types_that_paid_nobody_and_why() -> None:
    """Rule 5, "quatre joueurs ou plus à égalité ... aucun joueur ne reçoit de jeton", and
    rule 6, "deux joueurs à égalité pour le deuxième ... aucun joueur ne reçoit de jetons pour
    ce type de wagon"."""
    state = ended([{"coal": 5, "tank": 2}, {"coal": 3, "tank": 1}, {"coal": 3}], mixed=[3, 1, 1])
    assert nobody_scored(state) == {"tied_second": ("coal", "mixed")}
    # With only second place cancelled, the leader scores: nothing went unpaid.
    lenient = ended([{"coal": 5}, {"coal": 3}, {"coal": 3}], tie_for_second_cancels_type=False)
    assert nobody_scored(lenient) == {}
    four = ended([{"tank": 2}, {"tank": 2}, {"tank": 2}, {"tank": 2}])
    assert nobody_scored(four) == {"tied_first": ("tank",)}
    unscored = ended([{}, {}, {}], mixed=[3, 1, 1], mixed_train_scores=False)
    assert nobody_scored(unscored) == {}
