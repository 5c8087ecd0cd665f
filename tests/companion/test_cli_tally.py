"""`companion tally`: JSON in, JSON out, one clear line and status 2 for bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

EXAMPLE = Path(__file__).parents[2] / "examples" / "freight-train-day1.json"


def run(table: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        *extra: str) -> tuple[int, str, str]:
    text = table if isinstance(table, str) else json.dumps(table)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main([*extra, "tally", "-"])
    out, err = capsys.readouterr()
    return status, out, err


def day(*players: dict[str, object], number: int = 1) -> dict[str, object]:
    return {"game": "freight-train", "day": number, "players": list(players)}


def test_example_from_the_readme(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tally", str(EXAMPLE)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in result["players"]] == ["Ana", "Ben", "Cléo"]
    ana = result["players"][0]
    # coal 4 then 3 and 3: a tie for second, so nobody scores coal ("aucun joueur ne reçoit
    # de jetons pour ce type de wagon"); tank 2 = 2 (tied first: 2 each); mixed 5 beats 3;
    # 7 yard wagons on day 1 = 3 pairs
    assert ana["breakdown"] == {"tank": 2, "mixed": 3, "yard": 3}
    assert ana["total"] == 5 + 8
    assert result["winners"] == ["Ana"]


def test_day_three_penalty_and_tied_winners(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run(day({"name": "A", "tokens": 2, "yard": 5},
                             {"name": "B", "tokens": 0, "trains": {"coal": 1}}, number=3),
                         capsys, monkeypatch)
    result = json.loads(out)
    assert status == 0
    assert result["players"][0] == {"name": "A", "total": 0, "breakdown": {"yard": -2}}
    assert result["players"][1]["total"] == 3
    assert result["winners"] == ["B"]


def test_negative_tokens_when_the_table_allows_them(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    table = day({"name": "A", "tokens": 2, "yard": 5}, {"name": "B"}, number=3)
    table["settings"] = {"tokens_below_zero": True, "mixed_train_scores": False}
    status, out, _ = run(table, capsys, monkeypatch)
    assert status == 0 and json.loads(out)["players"][0]["total"] == -3


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"game": "chess", "players": []}, "game: unknown game 'chess'"),
        ({"players": []}, "game: missing"),
        (day({"name": "A"}, {"name": "B"}) | {"day": None}, "day: must be a whole number"),
        ({"game": "freight-train", "players": [{"name": "A"}, {"name": "B"}]}, "day: is missing"),
        (day({"name": "A"}, {"name": "B"}, number=4), "day: must be at most 3"),
        (day({"name": "A"}), "Freight Train is for 2 to 5 players"),
        (day({"name": "A"}, {"nom": "B"}), "players[1].name: is missing"),
        (day({"name": "A"}, {"name": "a"}), "players[1].name: a is named twice"),
        (day({"name": "A", "trains": {"coal": -2}}, {"name": "B"}),
         "players[0].trains.coal: must be at least 0 (got -2)"),
        (day({"name": "A", "trains": {"coal": "4"}}, {"name": "B"}),
         "players[0].trains.coal: must be a whole number"),
        (day({"name": "A", "trains": {"mixed": 12}}, {"name": "B"}),
         "players[0].trains.mixed: must be at most 11 (got 12)"),
        (day({"name": "A", "trains": [4]}, {"name": "B"}), "players[0].trains: must be an object"),
        (day({"name": "A", "yard": -1}, {"name": "B"}), "players[0].yard: must be at least 0"),
        (day({"name": "A", "tokens": 1.5}, {"name": "B"}), "players[0].tokens: must be a whole"),
        (day({"name": "A", "trains": {f"t{i}": 1 for i in range(6)}},
             {"name": "B", "trains": {f"u{i}": 1 for i in range(6)}}),
         "players: there are only 11 wagon types (got 12)"),
        ("[1, 2", "is not valid JSON"),
        ("[" * 100_000, "nested too deeply"),
        ('{"game": "freight-train", "day": ' + "1" * 5000 + "}", "a number too long"),
        ("[]", "game: missing"),
    ],
)
def test_bad_input_is_one_line_and_status_two(
    table: object, message: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run(table, capsys, monkeypatch)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err
    assert "Traceback" not in err


def test_missing_file_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["tally", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_installed_command_runs_without_a_traceback() -> None:
    done = subprocess.run([sys.executable, "-m", "companion.cli", "tally", "-"],
                          input='{"game": "freight-train"}', capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("companion tally: players: is missing")


@pytest.mark.parametrize("example", sorted((EXAMPLE.parent).glob("*.json")),
                         ids=lambda path: path.stem)
def test_every_example_table_is_scored(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tally", str(example)]) == 0
    result = json.loads(capsys.readouterr().out)
    table = json.loads(example.read_text(encoding="utf-8"))
    assert result["game"] == table["game"]
    assert [p["name"] for p in result["players"]] == [p["name"] for p in table["players"]]
    assert result["winners"] and set(result["winners"]) <= {p["name"] for p in table["players"]}
