"""Team play on top of the maps that already combine rules (`tests/maps/`): each rule's reading
holds with the others, and the live result is still the tally's."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games.ticket_to_ride import map_from_toml
from engine.games.ticket_to_ride.deal import unplayable

from .ticket_to_ride_live import checked_result, in_teams, play

MAPS = Path(__file__).resolve().parents[1] / "maps"


@pytest.mark.parametrize(("name", "team_trains"), [
    ("depots-merchandise", 14), ("boats-depots", 10), ("boats-locomotives", 10),
    ("boats-passengers", 10),
])
def test_random_team_games_on_combined_maps_agree_with_the_tally(name: str,
                                                                 team_trains: int) -> None:
    board = map_from_toml(in_teams((MAPS / f"{name}.toml").read_text("utf-8"), name,
                                   team_trains))
    assert board.rules.team_size == 2 and unplayable(board) is None
    for players in (4, 6):
        for seed in range(4):
            state, _ = play(board, players, seed)
            result = checked_result(state)
            assert len(result.players) == players // 2
