"""`companion log`, `status` and `export`, and where they look for the journal."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.state.journal import SCHEMA_VERSION, Journal
from companion.state.paths import default_state_dir, demo_state_dir
from companion.table.session import GameSession
from engine.games.freight_train import RULES
from engine.simulate import play_random

Capture = pytest.CaptureFixture[str]


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    """A journal with one finished play (seed 3) and one in progress (seed 8, 40 events)."""
    folder = tmp_path / "state"
    with Journal(folder / "journal.sqlite3") as journal:
        done = GameSession.start(journal, RULES, ["Ana", "Ben", "Cléo"], {"first": 1},
                                 started="2024-05-01T20:15:00+02:00")
        for event in play_random(RULES, done.state, seed=3).events:
            done.submit(event)
        journal.finish(done.play.id, done.play.result or {}, finished="2024-05-01T21:40:30+02:00")
        going = GameSession.start(journal, RULES, ["Dan", "Eve"], key="demo:freight-train:8",
                                  started="2024-05-02T19:00:00+02:00")
        for event in play_random(RULES, going.state, seed=8).events[:40]:
            going.submit(event)
        going.draft = {"mode": "main"}
    return folder


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_log_json_has_every_play_with_its_events(state_dir: Path, capsys: Capture) -> None:
    status, out, err = run(capsys, "log", "--json", "--state-dir", str(state_dir))
    assert status == 0 and err == ""
    plays = json.loads(out)["plays"]
    assert [p["id"] for p in plays] == [1, 2]
    done, going = plays
    assert done["players"] == ["Ana", "Ben", "Cléo"] and done["options"] == {"first": 1}
    assert done["finished"] == "2024-05-01T21:40:30+02:00"
    assert done["result"]["winners"]
    events = play_random(RULES, RULES.new_game(("Ana", "Ben", "Cléo"), first=1), seed=3).events
    assert [e["event"] for e in done["events"]] == [e.to_json() for e in events]
    assert [e["seq"] for e in done["events"]] == list(range(1, len(events) + 1))
    assert going["finished"] is None and going["key"] == "demo:freight-train:8"
    assert len(going["events"]) == 40 and going["draft"] == {"mode": "main"}


def test_log_lists_plays_and_one_play_with_its_events(state_dir: Path, capsys: Capture) -> None:
    status, out, _ = run(capsys, "log", "--state-dir", str(state_dir))
    lines = out.splitlines()
    assert status == 0 and len(lines) == 2
    assert lines[0].startswith("#1 freight-train: Ana, Ben, Cléo; 2024-05-01 20:15;")
    assert "won by" in lines[0]
    assert lines[1] == "#2 freight-train: Dan, Eve; 2024-05-02 19:00; 40 events; in progress"
    status, out, _ = run(capsys, "log", "--play", "2", "--state-dir", str(state_dir))
    lines = out.splitlines()
    assert status == 0 and len(lines) == 41
    assert re.match(r"\s+40  \d\d:\d\d:\d\d  \{\"kind\": ", lines[-1])
    status, out, _ = run(capsys, "log", "--play", "2", "--json", "--state-dir", str(state_dir))
    assert [p["id"] for p in json.loads(out)["plays"]] == [2]


def test_status_shows_the_game_in_progress(state_dir: Path, capsys: Capture) -> None:
    status, out, _ = run(capsys, "status", "--json", "--state-dir", str(state_dir))
    shown = json.loads(out)
    start = RULES.new_game(("Dan", "Eve"))
    state = RULES.replay(start, play_random(RULES, start, seed=8).events[:40])
    assert status == 0
    assert shown["status"] == "playing"
    assert (shown["play_id"], shown["game"], shown["players"], shown["event_count"]) == (
        2, "freight-train", ["Dan", "Eve"], 40)
    assert shown["result"] == RULES.result(state).to_json()
    status, out, _ = run(capsys, "status", "--state-dir", str(state_dir))
    assert status == 0
    assert out.splitlines()[0] == (
        "Playing freight-train (play #2) since 2024-05-02 19:00: 40 events")
    assert out.splitlines()[1].startswith("  Dan: ")


def test_status_is_idle_when_no_play_is_open(tmp_path: Path, capsys: Capture) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    assert run(capsys, "status", "--json", "--state-dir", str(folder)) == (
        0, '{"status": "idle"}\n', "")
    assert not (folder / "journal.sqlite3").exists()  # reading never creates the journal
    assert run(capsys, "status", "--state-dir", str(folder))[1] == "No game in progress.\n"
    assert run(capsys, "log", "--state-dir", str(folder))[1] == "The journal is empty.\n"
    assert run(capsys, "log", "--json", "--state-dir", str(folder))[1] == '{"plays": []}\n'
    with Journal(folder / "journal.sqlite3") as journal:
        play = journal.start_play("freight-train", {"players": ["A", "B"], "options": {}})
        journal.finish(play.id, {"game": "freight-train", "players": [], "winners": []})
    assert run(capsys, "status", "--json", "--state-dir", str(folder))[1] == (
        '{"status": "idle"}\n')


def spread_stamps(state_dir: Path, started: str, finished: str) -> None:
    """Play 1's events stamped evenly from `started` to `finished`, as a set clock would."""
    begin, end = datetime.fromisoformat(started), datetime.fromisoformat(finished)
    with sqlite3.connect(state_dir / "journal.sqlite3") as db:
        seqs = [seq for (seq,) in db.execute("SELECT seq FROM events WHERE play_id = 1")]
        step = (end - begin) / (len(seqs) + 1)
        db.executemany("UPDATE events SET recorded = ? WHERE play_id = 1 AND seq = ?",
                       [((begin + step * seq).isoformat(), seq) for seq in seqs])
        db.execute("UPDATE plays SET started = ?, finished = ? WHERE id = 1", (started, finished))
    db.close()


def test_export_bgstats(state_dir: Path, capsys: Capture) -> None:
    spread_stamps(state_dir, "2026-12-05T20:15:00+01:00", "2026-12-05T21:40:30+01:00")
    status, out, _ = run(capsys, "export", "--format", "bgstats", "--state-dir", str(state_dir))
    assert status == 0
    (play,) = json.loads(out)  # finished plays only
    with Journal(state_dir / "journal.sqlite3") as journal:
        record = journal.plays(finished=True)[0]
    assert play["sourceName"] == "Tabletop companion"
    assert play["sourcePlayId"] == record.uuid
    assert play["playDate"] == "2026-12-05 20:40:30"  # the end, 21:40:30+01:00, in UTC
    assert play["durationMin"] == 86
    assert play["game"] == {"name": "Freight Train", "highestWins": True, "noPoints": False,
                            "sourceGameId": "freight-train"}
    assert [p["name"] for p in play["players"]] == ["Ana", "Ben", "Cléo"]
    assert [p["startPlayer"] for p in play["players"]] == [False, True, False]
    result = record.result or {}
    assert [p["score"] for p in play["players"]] == [p["total"] for p in result["players"]]
    assert [p["name"] for p in play["players"] if p["winner"]] == result["winners"]
    assert all(p["rank"] == 1 for p in play["players"] if p["winner"])
    # The same play exported again keeps its id: BG Stats updates it rather than adding one.
    assert json.loads(run(capsys, "export", "--format", "bgstats", "--state-dir",
                          str(state_dir))[1]) == [play]


def test_export_csv_and_json(state_dir: Path, capsys: Capture, tmp_path: Path) -> None:
    target = tmp_path / "plays.csv"
    status, out, _ = run(capsys, "export", "--format", "csv", "--output", str(target),
                         "--state-dir", str(state_dir))
    assert status == 0 and out == ""
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert [row["player"] for row in rows] == ["Ana", "Ben", "Cléo"]
    assert {row["play_id"] for row in rows} == {"1"}
    assert [row["start_player"] for row in rows] == ["no", "yes", "no"]
    assert sum(int(value) for value in json.loads(rows[0]["breakdown"]).values()) == int(
        rows[0]["score"])
    status, out, _ = run(capsys, "export", "--format", "json", "--state-dir", str(state_dir))
    (play,) = json.loads(out)["plays"]
    assert play["id"] == 1 and play["result"]["winners"]


def test_the_state_folder_comes_from_the_environment(state_dir: Path, capsys: Capture,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_STATE_DIR", str(state_dir))
    status, out, _ = run(capsys, "status", "--json")
    assert status == 0 and json.loads(out)["play_id"] == 2


def newer(state_dir: Path) -> None:
    db = sqlite3.connect(state_dir / "journal.sqlite3")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()


def damaged(state_dir: Path) -> None:
    (state_dir / "journal.sqlite3").write_bytes(b"\x00garbage" * 1000)


@pytest.mark.parametrize(
    ("command", "spoil", "message"),
    [
        (("log",), lambda d: None, None),
        (("status", "--json"), newer, "upgrade the companion"),
        (("export", "--format", "csv"), newer, "written by a newer companion"),
        (("log", "--json"), damaged, "is damaged or is not a companion journal"),
        (("status",), damaged, "is damaged or is not a companion journal"),
        (("log", "--play", "7"), lambda d: None, "there is no play 7 in the journal"),
    ],
)
def test_bad_journals_give_one_line_and_status_2(state_dir: Path, capsys: Capture,
                                                 command: tuple[str, ...], spoil: object,
                                                 message: str | None) -> None:
    assert callable(spoil)
    spoil(state_dir)
    status, _, err = run(capsys, *command, "--state-dir", str(state_dir))
    if message is None:
        assert status == 0
        return
    # `status` says a damaged journal with its own status, 3; the others refuse with 2.
    assert status == (3 if command[0] == "status" and spoil is damaged else 2)
    assert err.count("\n") == 1 and message in err
    assert err.startswith(f"companion {command[0]}: ")


def test_bad_state_folders_give_one_line_and_status_2(tmp_path: Path, capsys: Capture) -> None:
    missing = tmp_path / "nowhere"
    status, _, err = run(capsys, "log", "--state-dir", str(missing))
    assert status == 2 and err == (f"companion log: no state folder {missing}: the companion has "
                                   "not run here yet, or give --state-dir\n")
    a_file = tmp_path / "file"
    a_file.write_text("")
    status, _, err = run(capsys, "status", "--state-dir", str(a_file))
    assert status == 2 and err == f"companion status: {a_file} is not a folder\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every folder")
def test_an_unreadable_state_folder(state_dir: Path, capsys: Capture) -> None:
    state_dir.chmod(0)
    try:
        status, _, err = run(capsys, "log", "--state-dir", str(state_dir))
    finally:
        state_dir.chmod(0o755)
    assert status == 2 and "cannot read the state folder" in err


def test_an_output_that_cannot_be_written(state_dir: Path, capsys: Capture,
                                          tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "folder" / "plays.json"
    status, _, err = run(capsys, "export", "--format", "json", "--output", str(target),
                         "--state-dir", str(state_dir))
    assert status == 2 and err.startswith(f"companion export: cannot write {target}: ")
    assert err.count("\n") == 1


def test_default_state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    system = tmp_path / "var-lib-companion"
    assert default_state_dir({"COMPANION_STATE_DIR": "/srv/table"}, system) == Path("/srv/table")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_state_dir({}, system) == tmp_path / "home" / ".local" / "state" / "companion"
    assert default_state_dir({"XDG_STATE_HOME": "/xdg"}, system) == Path("/xdg/companion")
    assert default_state_dir({"XDG_STATE_HOME": "relative"}, system) == (
        tmp_path / "home" / ".local" / "state" / "companion")
    system.mkdir()
    assert default_state_dir({}, system) == system


def test_a_demo_has_its_own_folder_in_the_users_state_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    home_state = tmp_path / "home" / ".local" / "state" / "companion"
    assert demo_state_dir("freight-train", {}) == home_state / "demo-freight-train"
    assert demo_state_dir("whistle-stop", {"XDG_STATE_HOME": "/xdg"}) == Path(
        "/xdg/companion/demo-whistle-stop")
    assert demo_state_dir("off-the-rails", {"COMPANION_STATE_DIR": "/srv/table"}) == Path(
        "/srv/table/demo-off-the-rails")


def test_export_csv_for_a_french_spreadsheet(state_dir: Path, capsys: Capture,
                                             tmp_path: Path) -> None:
    plain = run(capsys, "export", "--format", "csv", "--state-dir", str(state_dir))[1]
    target = tmp_path / "parties.csv"
    status, out, _ = run(capsys, "--lang", "fr", "export", "--format", "csv", "--excel",
                         "--output", str(target), "--state-dir", str(state_dir))
    assert status == 0 and out == ""
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the UTF-8 mark: Excel shows "Cléo", not "ClÃ©o"
    text = raw.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("play_uuid;play_id;game;")
    # The same cells: only the separator differs.
    assert list(csv.reader(io.StringIO(text), delimiter=";")) == list(
        csv.reader(io.StringIO(plain)))
    # In English, Excel expects commas; --separator picks the separator outright.
    english = run(capsys, "--lang", "en", "export", "--format", "csv", "--excel",
                  "--state-dir", str(state_dir))[1]
    assert english == "\ufeff" + plain
    semicolons = run(capsys, "export", "--format", "csv", "--separator", "semicolon",
                     "--state-dir", str(state_dir))[1]
    assert semicolons == text


def test_every_number_in_the_csv_is_a_whole_number(state_dir: Path, capsys: Capture) -> None:
    """A French spreadsheet reads "1.5" as text: the export must never need a decimal mark."""
    text = run(capsys, "export", "--format", "csv", "--state-dir", str(state_dir))[1]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows
    for row in rows:
        for column in ("play_id", "seat", "score", "rank"):
            assert re.fullmatch(r"-?\d+", row[column]), (column, row[column])
        assert all(isinstance(points, int) for points in json.loads(row["breakdown"]).values())
        assert not any(re.fullmatch(r"-?\d*[.,]\d+", cell) for cell in row.values())


def test_spreadsheet_options_need_the_csv_format(state_dir: Path, capsys: Capture) -> None:
    status, out, err = run(capsys, "--lang", "en", "export", "--format", "json", "--excel",
                           "--state-dir", str(state_dir))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "--format csv" in err
