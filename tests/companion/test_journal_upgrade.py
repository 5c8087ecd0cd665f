"""A journal written before a default changed keeps the reading its plays were played with."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from companion.state.journal import SCHEMA_VERSION, Journal
from companion.state.layout import FIRST_LAYOUT, PLAY_SEALED, checksum
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random


def layout_1_journal(path: Path, plays: list[tuple[str, dict[str, Any], list[Any]]]) -> None:
    """A journal as the first layout wrote it: no checksums, settings as they were given."""
    db = sqlite3.connect(path)
    for statement in FIRST_LAYOUT:
        db.execute(statement)
    for number, (game, setup, events) in enumerate(plays, start=1):
        db.execute("INSERT INTO plays (id, uuid, game, setup, started) VALUES (?, ?, ?, ?, ?)",
                   (number, f"uuid-{number}", game, json.dumps(setup), "2026-11-01T20:00:00"))
        for seq, event in enumerate(events, start=1):
            db.execute("INSERT INTO events (play_id, seq, event, recorded) VALUES (?, ?, ?, ?)",
                       (number, seq, json.dumps(event.to_json()), "2026-11-01T20:01:00"))
        # A snapshot in the form of the time, whose settings lack the new field.
        db.execute("INSERT INTO snapshots (play_id, seq, state) VALUES (?, 0, ?)",
                   (number, json.dumps({"not": "a state of today's form"})))
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()


def test_plays_of_the_first_layout_keep_the_readings_they_were_played_with(
        tmp_path: Path) -> None:
    """The opening of The Game of Trains and rule 6's reading of Freight Train became the
    defaults with layout 2; a game begun before is resumed as it was played."""
    got = GAMES["game-of-trains"]
    players = ("Ana", "Ben", "Cléo")
    without_opening = got.new_game(players, settings={"opening": False})
    played = play_random(got, without_opening, seed=4)
    half = list(played.events[: len(played.events) // 2])
    freight = GAMES["freight-train"]
    freight_moves = list(play_random(freight, freight.new_game(players), seed=2).events[:30])
    path = tmp_path / "journal.sqlite3"
    layout_1_journal(path, [
        ("game-of-trains", {"players": list(players), "options": {}}, half),
        ("freight-train", {"players": list(players), "options": {"settings": {}}},
         freight_moves),
    ])

    with Journal(path) as journal:
        assert journal.pragmas()["user_version"] == SCHEMA_VERSION
        game_of_trains, freight_train = journal.plays()
        assert game_of_trains.options == {"settings": {"opening": False}}
        assert freight_train.options == {
            "settings": {"tie_for_second_cancels_type": False}}
        assert journal.latest_snapshot(game_of_trains.id) is None  # replayed, not misread
        session = GameSession.resume(journal, game_of_trains)
        assert session.event_count == len(half)
        assert session.state == got.replay(without_opening, half)
        resumed = GameSession.resume(journal, freight_train)
        assert resumed.state.settings.tie_for_second_cancels_type is False


def test_a_play_begun_now_takes_the_new_defaults(tmp_path: Path) -> None:
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = GameSession.start(journal, GAMES["game-of-trains"], ["Ana", "Ben"])
        assert session.state.settings.opening is True
        assert journal.plays()[0].options == {}


#: Whistle Stop's assumed round track before layout 4: round 1 handed out a whistle at 3
#: players.
OLD_TRACK = {"round_track": ["coal", "coal", "whistle"] * 4,
             "start_space": {"2": 3, "3": 2, "4": 1, "5": 0}}


def test_whistle_stop_plays_of_layout_3_keep_the_round_track_they_were_played_on(
        tmp_path: Path) -> None:
    """A play begun on the assumed track of the time resumes on it, its rows still sealed."""
    rules = GAMES["whistle-stop"]
    players = ("Ana", "Ben", "Cléo")
    old = rules.new_game(players, settings=OLD_TRACK)
    moves = list(play_random(rules, old, seed=5).events[:40])
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = GameSession.start(journal, rules, players, {"settings": OLD_TRACK},
                                    snapshot_every=10)
        for move in moves:
            session.submit(move)
    # As a companion of layout 3 wrote it: the settings of the time were not written down.
    db = sqlite3.connect(path)
    setup = json.dumps({"players": list(players), "options": {}}, separators=(",", ":"))
    db.execute("UPDATE plays SET setup = ?", (setup,))
    row = db.execute(f"SELECT {PLAY_SEALED} FROM plays").fetchone()
    db.execute("UPDATE plays SET checksum = ?", (checksum(*row),))
    db.execute("PRAGMA user_version=3")
    db.commit()
    db.close()

    with Journal(path) as journal:
        assert journal.damage() is None
        (play,) = journal.plays()
        assert play.options == {"settings": OLD_TRACK}
        assert journal.latest_snapshot(play.id) is None  # replayed, not misread
        resumed = GameSession.resume(journal, play)
        assert resumed.state == rules.replay(old, moves)
        assert resumed.state.settings.round_track[resumed.state.track_space(1)] == "whistle"


def test_a_damaged_play_is_left_as_it_is_for_the_checks_to_find(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        GameSession.start(journal, GAMES["whistle-stop"], ["Ana", "Ben"])
    db = sqlite3.connect(path)
    damaged = '{"players":["Ana","Bem"],"options":{}}'  # a flipped bit, checksum unchanged
    db.execute("UPDATE plays SET setup = ?", (damaged,))
    db.execute("PRAGMA user_version=3")
    db.commit()
    db.close()
    with Journal(path) as journal:
        assert journal.damage() == "play 1 does not match its checksum"
    db = sqlite3.connect(path)
    assert db.execute("SELECT setup FROM plays").fetchone()[0] == damaged
    db.close()


def test_plays_of_an_older_layout_read_as_ended_by_their_rules_and_can_be_abandoned(
        tmp_path: Path) -> None:
    """How a play ended is a key of its result, which older journals never wrote: their
    finished plays ended by the rules, and their game in progress can be abandoned."""
    freight = GAMES["freight-train"]
    players = ("Ana", "Ben")
    whole = play_random(freight, freight.new_game(players), seed=3)
    part = list(play_random(freight, freight.new_game(players), seed=5).events[:40])
    path = tmp_path / "journal.sqlite3"
    setup = {"players": list(players), "options": {"settings": {}}}
    layout_1_journal(path, [("freight-train", setup, list(whole.events)),
                            ("freight-train", setup, part)])
    db = sqlite3.connect(path)
    db.execute("UPDATE plays SET finished = ?, result = ? WHERE id = 1",
               ("2026-11-01T21:00:00", json.dumps(freight.result(whole.final).to_json())))
    db.commit()
    db.close()
    with Journal(path) as journal:
        finished, playing = journal.plays()
        assert finished.finished is not None and finished.ending is None
        assert playing.finished is None and playing.ending is None
        assert journal.unfinished() == playing
        ended = GameSession.resume(journal, playing).end_early("abandoned")
        assert ended.ending == "abandoned" and ended.result is not None
        assert ended.result["players"] == freight.result(
            freight.replay(freight.new_game(players), part)).to_json()["players"]
        assert journal.unfinished() is None and journal.check() is None
