"""Random complete games on every printed board, at its fewest and its most players: each
ends, replays from its log, and its live result is the tally of the exported table."""

from __future__ import annotations

import pytest

from engine.games.ticket_to_ride.library import SHIPPED, shipped_data, shipped_map
from engine.games.ticket_to_ride.map_values import wanted, with_values
from engine.games.ticket_to_ride.mapfile import parse_map
from tests.engine.ticket_to_ride_live import checked_result, play

BOARDS = [name for name in SHIPPED if name not in ("usa", "europe")]


@pytest.mark.parametrize("name", BOARDS)
def test_random_games_on_each_board_end_and_tally_as_they_were_played(name: str) -> None:
    board = shipped_map(name)
    low, high = board.rules.players
    for seed, players in enumerate((low, high)):
        state, events = play(board, players, seed)
        result = checked_result(state)
        assert len(result.players) == players
        owners = list(state.owners)
        assert len(owners) == len(set(owners)) and owners, "every track claimed once"


def test_the_netherlands_with_its_tolls_entered_plays_them() -> None:
    data = shipped_data("netherlands")
    values = {value.key: 1 + number % value.most if value.ends else 0
              for number, value in enumerate(wanted(shipped_map("netherlands")))}
    board = parse_map(with_values(data, values))
    assert board.rules.tolls is not None
    for seed, players in enumerate((2, 5)):
        state, _ = play(board, players, seed)
        result = checked_result(state)
        assert any("tolls" in score.breakdown for score in result.players)
