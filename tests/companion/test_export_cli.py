"""`companion export` and `companion tags export` through the command line: BG Stats' view of
a Ticket to Ride Europe play, a play begun before the clock was set, and CSV cells that a
spreadsheet must not run."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.lib.spreadsheet import neutralise, restore
from companion.state.journal import Journal

Capture = pytest.CaptureFixture[str]


def journal_with(state: Path, game: str, players: list[str], options: dict[str, object],
                 totals: list[int], winners: list[str], stamps: list[str]) -> None:
    """One finished play: started at stamps[0], one event per middle stamp, ended at the last."""
    with Journal(state / "journal.sqlite3") as journal:
        play = journal.start_play(game, {"players": players, "options": options},
                                  started=stamps[0])
        for stamp in stamps[1:-1]:
            journal.append(play.id, {"kind": "move"}, recorded=stamp)
        result = {"game": game, "winners": winners, "players": [
            {"name": name, "total": total, "breakdown": {"routes": total}}
            for name, total in zip(players, totals)]}
        journal.finish(play.id, result, finished=stamps[-1])


def export(capsys: Capture, state: Path, form: str) -> str:
    assert main(["export", "--format", form, "--state-dir", str(state)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_a_europe_play_begun_before_the_clock_was_set(tmp_path: Path, capsys: Capture) -> None:
    journal_with(tmp_path, "ticket-to-ride", ["Ana", "Ben", "Cléo"],
                 {"map_name": "europe", "first": 1}, [102, 102, 87], ["Ben"],
                 ["1970-01-01T00:01:00+00:00", "1970-01-01T00:11:00+00:00",
                  "2026-12-05T21:00:00+01:00", "2026-12-05T21:20:00+01:00",
                  "2026-12-05T21:24:00+01:00"])
    (play,) = json.loads(export(capsys, tmp_path, "bgstats"))
    assert play["game"] == {"name": "Ticket to Ride: Europe", "bggId": 14996,
                            "highestWins": True, "noPoints": False,
                            "sourceGameId": "ticket-to-ride-europe"}
    assert play["board"] == "Europe"
    assert play["playDate"] == "2026-12-05 20:24:00"  # its end in UTC, not 1970
    assert play["durationMin"] == 10 + 20 + 4  # the jump from 1970 counts for nothing
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"])
            for p in play["players"]] == [
        ("Ana", 102, 2, False, False), ("Ben", 102, 1, True, True),
        ("Cléo", 87, 3, False, False)]


def test_the_game_of_trains_exports_winners_without_points(tmp_path: Path,
                                                          capsys: Capture) -> None:
    journal_with(tmp_path, "game-of-trains", ["Ana", "Ben"], {}, [0, 1], ["Ben"],
                 ["2026-12-05T20:00:00+01:00", "2026-12-05T20:07:00+01:00",
                  "2026-12-05T20:09:00+01:00"])
    (play,) = json.loads(export(capsys, tmp_path, "bgstats"))
    assert play["game"]["noPoints"] is True and "board" not in play
    assert [sorted(p) for p in play["players"]] == [["name", "startPlayer", "winner"]] * 2
    assert [p["winner"] for p in play["players"]] == [False, True]


def test_csv_cells_never_start_a_formula(tmp_path: Path, capsys: Capture) -> None:
    names = ["=HYPERLINK(\"http://x\")", "+Ben", "-Cléo", "@Dan", "\tEve"]
    journal_with(tmp_path, "freight-train", names, {}, [-3, 12, 0, 5, 7], ["\tEve"],
                 ["2026-12-05T20:00:00+01:00", "2026-12-05T20:30:00+01:00"])
    text = export(capsys, tmp_path, "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [row["player"] for row in rows] == ["'" + name for name in names]
    assert rows[0]["score"] == "-3"  # a negative score stays a number
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r"))
               for row in rows for column, cell in row.items() if column != "score")


def test_tags_export_neutralises_and_imports_back(tmp_path: Path, capsys: Capture) -> None:
    state = ["--state-dir", str(tmp_path)]
    assert main(["tags", "enroll", "01020304", "*", "player", "=1+2", *state]) == 0
    assert main(["tags", "enroll", *state, "--", "01020305", "*", "player", "-Ana"]) == 0
    capsys.readouterr()
    assert main(["tags", "export", *state]) == 0
    text = capsys.readouterr().out
    assert sorted(text.splitlines()[1:]) == ["01020304,*,player,'=1+2",
                                             "01020305,*,player,'-Ana"]
    other = tmp_path / "other"
    (tmp_path / "tags.csv").write_text(text, encoding="utf-8")
    assert main(["tags", "import", str(tmp_path / "tags.csv"), "--state-dir", str(other)]) == 0
    capsys.readouterr()
    assert main(["tags", "list", "--state-dir", str(other)]) == 0
    assert sorted(capsys.readouterr().out.splitlines()) == ["01020304\t*\tplayer\t=1+2",
                                                            "01020305\t*\tplayer\t-Ana"]


@pytest.mark.parametrize(("value", "cell"), [
    ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-1", "'-1"), ("@x", "'@x"), ("\tx", "'\tx"),
    ("\rx", "'\rx"), ("Ana", "Ana"), ("'=x", "''=x"), ("'x", "'x"), ("", ""),
])  # fmt: skip
def test_neutralise_text_only(value: str, cell: str) -> None:
    assert neutralise(value) == cell
    assert restore(cell) == value
    assert neutralise(-3) == -3 and neutralise(2.5) == 2.5
