"""`companion tally` for the smaller games: nothing the box cannot hold is scored.

Each refusal is one line naming the field, what is wrong and what is accepted, with status 2
and nothing on standard output; the other files of the command are still scored.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli.main import main
from companion.games.names import card_name
from engine.games.freight_train.cards import WAGON_TYPES


def run(table: dict[str, Any], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, *options: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(table)))
    status = main([*options, "tally", "-"])
    out, err = capsys.readouterr()
    return status, out, err


def freight(*players: dict[str, Any], day: int = 1, **settings: bool) -> dict[str, Any]:
    table: dict[str, Any] = {"game": "freight-train", "day": day, "players": list(players)}
    return table | ({"settings": settings} if settings else {})


def two(game: str, **player: Any) -> dict[str, Any]:
    return {"game": game, "players": [{"name": "A", **player}, {"name": "B"}]}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (freight({"name": "A", "trains": {"departure": 3}}, {"name": "B"}),
         "players[0].trains.departure: not a train: use coal, tank, box, flat, hopper, reefer, "
         "stock, auto, gondola, lumber, container, mixed, or their English or French names"),
        (freight({"name": "A", "trains": {"coal": 3, "Charbon": 1}}, {"name": "B"}),
         "players[0].trains.Charbon: names the same as coal: give it once"),
        (freight({"name": "A", "trains": {"coal": 9}}, {"name": "B", "trains": {"coal": 9}}),
         "players[1].trains.coal: with 2 players the game has 9 Coal wagons (got 18 in all)"),
        (freight({"name": "A", "trains": {"coal": 9}}, {"name": "B", "trains": {"mixed": 11}}),
         "players: the mixed trains need one wagon of each of their types: 11 wagons where the "
         "other trains leave 10"),
        (freight({"name": "A", "trains": dict.fromkeys([*WAGON_TYPES, "mixed"], 1)},
                 {"name": "B"}),
         "players[0].trains: on day 1 with 2 players a player has at most 8 locomotives, one "
         "per train (got 12 trains)"),
        (freight({"name": "A", "tokens": 10**9}, {"name": "B"}, day=3),
         "players[0].tokens: must be at most 64, the most a player can hold before day 3's "
         "tally"),
        ({"game": "game-of-trains", "players": [
            {"name": "A", "train": [12, 30, 41, 50, 66, 80, 85]},
            {"name": "B", "train": [70, 2, 5, 9, 33, 40, 61]}]},
         "players[0].train[6]: wagons are numbered 1 to 84"),
        (two("whistle-stop", tokens=10**9),
         "players[0].tokens: must be at most 76: 4 coal to start, then in each of at most 12 "
         "rounds 2 from the round track"),
        (two("whistle-stop", upgrade_stars=28),
         "players[0].upgrade_stars: must be at most 27: 3 upgrade spaces, at most 9 stars each "
         "(got 28)"),
        (two("off-the-rails", end_mission_points=13),
         "players[0].end_mission_points: must be at most 12: 3 mission cards are in play, 4 "
         "points each (got 13)"),
        (two("off-the-rails", gems={"Ruby": 1, "ruby": 1}),
         "players[0].gems.ruby: names the same as Ruby: give it once"),
    ],
)
def test_what_the_box_cannot_hold_is_refused_in_one_line(
    table: dict[str, Any], message: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run(table, capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"companion tally: {message}"), err


def test_names_in_any_case_and_either_language_score_as_one_type(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = freight({"name": "A", "trains": {"coal": 3}}, {"name": "B", "trains": {"Coal": 2}},
                    {"name": "C", "trains": {"CHARBON": 1, "Mixed": 2}}, mixed_train_scores=False)
    status, out, err = run(table, capsys, monkeypatch)
    assert (status, err) == (0, "")
    result = json.loads(out)
    # Before, "Coal" and "CHARBON" were types of their own, and "Mixed" scored with the
    # setting off: all three players led and scored 3.
    assert [p["breakdown"] for p in result["players"]] == [{"coal": 3}, {"coal": 1}, {}]
    assert result["winners"] == ["A"]


def test_a_refusal_is_said_in_french(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    table = freight({"name": "A", "trains": {"coal": 9}}, {"name": "B", "trains": {"coal": 1}})
    status, _, err = run(table, capsys, monkeypatch, "--lang", "fr")
    assert status == 2
    assert err == ("companion tally: players[1].trains.coal: à 2 joueurs, le jeu a 9 wagons "
                   "Charbon (10 reçus en tout)\n")


@pytest.mark.parametrize("train", [*WAGON_TYPES, "mixed"])
def test_the_names_the_tally_reads_are_the_screens_names(train: str) -> None:
    from engine.games.freight_train.cards import TRAIN_NAMES

    kind, key = ("category", train) if train == "mixed" else ("wagon", train)
    english, french = TRAIN_NAMES[train][:2]
    assert card_name("freight-train", kind, key, "en") == english
    assert card_name("freight-train", kind, key, "fr") == french


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_rules_say_which_round_track_spaces_are_assumed_and_why(
    language: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("", encoding="utf-8")
    assert main(["--lang", language, "games", "--rules", "whistle-stop",
                 "--config", str(config)]) == 0
    notes = capsys.readouterr().out
    assert "la case indiquant le nombre de joueurs" in notes
    assert ("12, 11, 10 or 9 rounds" if language == "en" else "12, 11, 10 ou 9 manches") in notes
    # The settings in force show the assumed track: round 1 is a coal space at every count.
    assert '- round_track = ["coal", "coal", "coal", "coal", "whistle"' in notes
    assert '- start_space = {"2": 0, "3": 1, "4": 2, "5": 3}' in notes
