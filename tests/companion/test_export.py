"""Export forms of finished plays: BG Stats play JSON, CSV rows, plain JSON."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from typing import Any

import pytest

from companion.publish.export import (
    BUILT,
    LONGEST_MOVE,
    SOURCE_NAME,
    bgstats_play,
    export,
    play_date,
    player_rows,
    playing_minutes,
    ranks,
    timeline,
)
from companion.state.journal import PlayRecord


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
        "started": "2026-12-05T20:15:09+01:00", "finished": "2026-12-05T21:47:50+01:00",
        "result": result,
    }  # fmt: skip
    fields.update(changes)
    return PlayRecord(**fields)


#: A move every ten minutes or so from the start to the end of `record()`'s play.
EVENTS = ["2026-12-05T20:25:00+01:00", "2026-12-05T20:40:00+01:00", "2026-12-05T20:55:30+01:00",
          "2026-12-05T21:10:00+01:00", "2026-12-05T21:25:00+01:00", "2026-12-05T21:40:00+01:00"]


def test_bgstats_play_form() -> None:
    play = bgstats_play(record(first=2), EVENTS)
    assert play == {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": "0b5f3c2e-7d1a-4c57-9a51-3f1f0c9e4d21",
        "playDate": "2026-12-05 20:47:50",  # its end, 21:47:50+01:00, in UTC
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


@pytest.mark.parametrize(("game", "options", "name", "bgg_id", "source_id", "board"), [
    ("ticket-to-ride", {}, "Ticket to Ride", 9209, "ticket-to-ride", "USA"),
    ("ticket-to-ride", {"map_name": "usa"}, "Ticket to Ride", 9209, "ticket-to-ride", "USA"),
    ("ticket-to-ride", {"map_name": "europe"}, "Ticket to Ride: Europe", 14996,
     "ticket-to-ride-europe", "Europe"),
    ("whistle-stop", {}, "Whistle Stop", None, "whistle-stop", None),
    ("a-new-game", {}, "a-new-game", None, "a-new-game", None),
])  # fmt: skip
def test_games_carry_a_bgg_id_only_where_it_is_known(
        game: str, options: dict[str, Any], name: str, bgg_id: int | None, source_id: str,
        board: str | None) -> None:
    play = bgstats_play(record(game, setup={"players": ["Ana", "Ben", "Cléo", "Dan"],
                                            "options": options}))
    assert play["game"]["name"] == name
    assert play["game"].get("bggId") == bgg_id
    assert play["game"]["sourceGameId"] == source_id
    assert play.get("board") == board


def test_the_game_of_trains_is_won_or_lost_without_points() -> None:
    result = {"game": "game-of-trains", "winners": ["Ben"], "players": [
        {"name": "Ana", "total": 0, "breakdown": {"ascending": 0}},
        {"name": "Ben", "total": 1, "breakdown": {"ascending": 1}}]}
    play = bgstats_play(record("game-of-trains", result=result,
                               setup={"players": ["Ana", "Ben"], "options": {}}))
    assert play["game"]["noPoints"] is True and "bggId" not in play["game"]
    assert play["players"] == [
        {"name": "Ana", "winner": False, "startPlayer": True},
        {"name": "Ben", "winner": True, "startPlayer": False},
    ]


def test_ranks_follow_the_winners_the_engine_named() -> None:
    # Ana and Ben tie on points; the engine's tie-break gave the game to Ben.
    result = {"game": "ticket-to-ride", "winners": ["Ben"], "players": [
        {"name": name, "total": total, "breakdown": {}}
        for name, total in (("Ana", 90), ("Ben", 90), ("Cléo", 70), ("Dan", 70), ("Eve", 10))]}
    rows = player_rows(record("ticket-to-ride", result=result))
    assert [(row["player"], row["rank"], row["winner"]) for row in rows] == [
        ("Ana", 2, False), ("Ben", 1, True), ("Cléo", 3, False), ("Dan", 3, False),
        ("Eve", 5, False)]
    assert ranks([5, 5], [True, True]) == [1, 1]
    assert ranks([], []) == []


def test_a_play_before_the_clock_was_set_has_no_wrong_date() -> None:
    # A Pi without a clock after a power cut: 1970 until the network set it mid-game.
    unset = record(started="1970-01-01T00:00:41+00:00", finished="2026-12-05T21:47:50+01:00")
    events = ["1970-01-01T00:05:00+00:00", "1970-01-01T00:17:41+00:00",
              "2026-12-05T21:30:00+01:00", "2026-12-05T21:40:00+01:00"]
    play = bgstats_play(unset, events)
    assert play["playDate"] == "2026-12-05 20:47:50"  # its end (set), in UTC
    # 4:19 + 12:41 before the jump, 10:00 + 7:50 after it; the jump itself counts for nothing.
    assert play["durationMin"] == 35
    never = bgstats_play(record(started="1970-01-01T00:00:41", finished="1970-01-01T00:20:41"),
                         ["1970-01-01T00:10:41"])
    assert "playDate" not in never
    assert never["durationMin"] == 20  # the unset clock still counted the minutes
    assert date_of("2026-11-28T23:59:59") is False and date_of(f"{BUILT}T00:00:00") is True


def date_of(stamp: str) -> bool:
    return "playDate" in bgstats_play(record(started=stamp, finished=stamp))


def test_durations_come_from_the_journal_order_not_a_clock_that_jumped() -> None:
    def minutes(*stamps: str) -> int | None:
        return playing_minutes(timeline(record(started=stamps[0], finished=stamps[-1]),
                                        stamps[1:-1]))

    assert minutes("2026-12-05T20:00:00", "2026-12-05T20:10:00", "2026-12-05T20:25:00") == 25
    # Set back an hour in the middle: the step back counts for nothing, the rest still counts.
    assert minutes("2026-12-05T20:00:00", "2026-12-05T20:10:00", "2026-12-05T19:12:00",
                   "2026-12-05T19:20:00") == 18
    # Set forward by a day: a step longer than any move counts for nothing.
    later = (datetime(2026, 12, 5, 20, 10) + LONGEST_MOVE + timedelta(seconds=1)).isoformat()
    assert minutes("2026-12-05T20:00:00", "2026-12-05T20:10:00", later) == 10
    assert minutes("2026-12-05T20:00:00", "2026-12-06T20:00:00") is None
    assert minutes("2026-12-05T20:00:00", "bad", "2026-12-05T20:04:00") is None
    assert minutes("2026-12-05T20:00:00", "2026-12-05T20:04:00+01:00") is None  # naive, offset
    assert "durationMin" not in bgstats_play(record(finished="bad"))


def test_dates() -> None:
    assert play_date("2024-12-31T23:59:59-05:00") == "2024-12-31 23:59:59"
    assert play_date("2024-12-31T23:59:59") == "2024-12-31 23:59:59"
    assert play_date("garbled") == "garbled"


def test_only_finished_plays_are_exported() -> None:
    plays = [record(), record(id=5, finished=None, result=None)]
    assert len(json.loads(export(plays, "bgstats"))) == 1
    assert [p["id"] for p in json.loads(export(plays, "json"))["plays"]] == [4]
    assert export([], "bgstats") == "[]\n"
    assert export([], "csv").splitlines() == [
        "play_uuid,play_id,game,game_name,started,finished,seat,player,score,rank,winner,"
        "start_player,breakdown,ending"]


def test_csv_has_one_row_per_player() -> None:
    rows = list(csv.DictReader(io.StringIO(export([record(), record(id=6)], "csv"))))
    assert len(rows) == 8
    assert rows[1] == {
        "play_uuid": "0b5f3c2e-7d1a-4c57-9a51-3f1f0c9e4d21", "play_id": "4",
        "game": "freight-train", "game_name": "Freight Train",
        "started": "2026-12-05T20:15:09+01:00", "finished": "2026-12-05T21:47:50+01:00",
        "seat": "1", "player": "Ben", "score": "15", "rank": "1", "winner": "yes",
        "start_player": "no", "breakdown": '{"coal": 10, "start": 5}', "ending": "",
    }  # fmt: skip


def test_player_rows_rank_ties_together() -> None:
    assert [row["rank"] for row in player_rows(record())] == [3, 1, 1, 4]


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="one of bgstats, csv, json"):
        export([record()], "xml")
