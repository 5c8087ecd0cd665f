"""Export forms of finished plays: BG Stats play JSON, CSV rows, plain JSON."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from companion.export import (
    SOURCE_NAME,
    bgstats_play,
    duration_minutes,
    export,
    play_date,
    player_rows,
)
from companion.journal import PlayRecord


def record(game: str = "freight-train", first: int = 0, **changes: Any) -> PlayRecord:
    totals = {"Ana": 12, "Ben": 15, "Cléo": 15, "Dan": 3}
    result = {
        "game": game,
        "players": [{"name": name, "total": total, "breakdown": {"start": 5, "coal": total - 5}}
                    for name, total in totals.items()],
        "winners": ["Ben", "Cléo"],
    }
    fields: dict[str, Any] = {
        "id": 4, "uuid": "0b5f3c2e-7d1a-4c57-9a51-3f1f0c9e4d21", "game": game,
        "setup": {"players": list(totals), "options": {"first": first}}, "key": None,
        "started": "2024-05-01T20:15:09+02:00", "finished": "2024-05-01T21:47:50+02:00",
        "result": result,
    }  # fmt: skip
    fields.update(changes)
    return PlayRecord(**fields)


def test_bgstats_play_form() -> None:
    play = bgstats_play(record(first=2))
    assert play == {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": "0b5f3c2e-7d1a-4c57-9a51-3f1f0c9e4d21",
        "playDate": "2024-05-01 20:15:09",
        "durationMin": 93,
        "game": {"name": "Freight Train", "highestWins": True, "noPoints": False,
                 "sourceGameId": "freight-train"},
        "players": [
            {"name": "Ana", "score": 12, "winner": False, "startPlayer": False, "rank": 3},
            {"name": "Ben", "score": 15, "winner": True, "startPlayer": False, "rank": 1},
            {"name": "Cléo", "score": 15, "winner": True, "startPlayer": True, "rank": 1},
            {"name": "Dan", "score": 3, "winner": False, "startPlayer": False, "rank": 4},
        ],
    }


@pytest.mark.parametrize(("game", "name", "bgg_id"), [
    ("ticket-to-ride", "Ticket to Ride", 9209),
    ("ticket-to-ride-europe", "Ticket to Ride: Europe", 14996),
    ("whistle-stop", "Whistle Stop", None),
    ("a-new-game", "a-new-game", None),
])  # fmt: skip
def test_games_carry_a_bgg_id_only_where_it_is_known(game: str, name: str,
                                                      bgg_id: int | None) -> None:
    shown = bgstats_play(record(game))["game"]
    assert shown["name"] == name
    assert shown.get("bggId") == bgg_id


def test_dates_and_durations() -> None:
    assert play_date("2024-12-31T23:59:59-05:00") == "2024-12-31 23:59:59"
    assert play_date("2024-12-31T23:59:59") == "2024-12-31 23:59:59"
    assert play_date("garbled") == "garbled"
    assert duration_minutes(record(finished=None)) is None
    assert duration_minutes(record(finished="2024-05-01T20:15:09")) is None  # naive vs offset
    assert duration_minutes(record(finished="2024-05-01T19:00:00+02:00")) is None
    assert "durationMin" not in bgstats_play(record(finished="bad"))


def test_only_finished_plays_are_exported() -> None:
    plays = [record(), record(id=5, finished=None, result=None)]
    assert len(json.loads(export(plays, "bgstats"))) == 1
    assert [p["id"] for p in json.loads(export(plays, "json"))["plays"]] == [4]
    assert export([], "bgstats") == "[]\n"
    assert export([], "csv").splitlines() == [
        "play_uuid,play_id,game,game_name,started,finished,seat,player,score,rank,winner,"
        "start_player,breakdown"]


def test_csv_has_one_row_per_player() -> None:
    rows = list(csv.DictReader(io.StringIO(export([record(), record(id=6)], "csv"))))
    assert len(rows) == 8
    assert rows[1] == {
        "play_uuid": "0b5f3c2e-7d1a-4c57-9a51-3f1f0c9e4d21", "play_id": "4",
        "game": "freight-train", "game_name": "Freight Train",
        "started": "2024-05-01T20:15:09+02:00", "finished": "2024-05-01T21:47:50+02:00",
        "seat": "1", "player": "Ben", "score": "15", "rank": "1", "winner": "yes",
        "start_player": "no", "breakdown": '{"coal": 10, "start": 5}',
    }  # fmt: skip


def test_player_rows_rank_ties_together() -> None:
    assert [row["rank"] for row in player_rows(record())] == [3, 1, 1, 4]


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="one of bgstats, csv, json"):
        export([record()], "xml")
