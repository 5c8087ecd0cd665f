"""`companion tally`: JSON in, JSON out, one clear line and status 2 for bad input."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli.main import main
from engine.registry import GAMES
from tests.engine.test_ticket_to_ride_tally_order import random_table, shuffled

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


def test_the_freight_train_example(capsys: pytest.CaptureFixture[str]) -> None:
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
        (day({"name": "A", "trains": {"t0": 1}}, {"name": "B"}),
         "players[0].trains.t0: not a train: use coal, tank, box"),
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
    done = subprocess.run([sys.executable, "-m", "companion", "tally", "-"],
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


#: The page on `companion tally`, with a JSON example of a table for every game.
TALLY_PAGE = Path(__file__).parents[2] / "docs" / "tally.md"


def documented_tables() -> list[str]:
    """Every JSON example of the tally's page that is a table (the others show a result)."""
    blocks = re.findall(r"```json\n(.*?)```", TALLY_PAGE.read_text(encoding="utf-8"), re.S)
    return [block for block in blocks if "winners" not in json.loads(block)]


def test_the_tally_page_has_an_example_for_every_game() -> None:
    games = {json.loads(block)["game"] for block in documented_tables()}
    assert games == set(GAMES)


@pytest.mark.parametrize("block", documented_tables(),
                         ids=lambda block: json.loads(block)["game"])
def test_every_json_example_of_the_tally_page_runs_as_written(
    block: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run(block, capsys, monkeypatch)
    assert (status, err) == (0, ""), err
    result = json.loads(out)
    assert [p["name"] for p in result["players"]] == [
        p["name"] for p in json.loads(block)["players"]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "freight-train", "day": 1, "day": 2, "players": []}',
         "the key 'day' is given twice in one object; keep one"),
        ('{"game": "ticket-to-ride", "map": "usa", "players": [{"name": "Ana", "routes": [],'
         ' "routes": [["Seattle", "Helena"]]}, {"name": "Ben"}]}',
         "the key 'routes' is given twice"),
        ('{"game": "ticket-to-ride", "map": "usa", "players": [{"name": "Ana\\ud800"},'
         ' {"name": "Ben"}]}', "players[0].name: holds a lone surrogate"),
        ('{"game": "freight-train", "day": 1, "players": [{"name": "A", "yrad": 3},'
         ' {"name": "B"}]}', "players[0].yrad: unknown key"),
        ('{"game": "off-the-rails", "players": [{"name": "A", "gems": {}}, {"name": "B"}],'
         ' "extra": 1}', "extra: unknown key"),
        ('{"game": "ticket-to-ride", "map": "usa", "players": [{"name": "Ana", "route":'
         ' [["Seattle", "Helena"]]}, {"name": "Ben"}]}', "players[0].route: unknown key"),
        ('{"game": "ticket-to-ride", "map": {"name": "M", "routes": [{"from": "A", "to": "B",'
         ' "length": 2}], "rules": {"route_points": {"1": 1}}}, "players": [{"name": "Ana"},'
         ' {"name": "Ben"}]}', "map.routes[0].length: must be at most 1 (got 2)"),
        ('{"game": "ticket-to-ride", "map": {"name": "M", "routes": [{"from": "A", "to": "B",'
         ' "length": 3}, {"from": "B", "to": "C", "length": 2}], "rules": {"route_points":'
         ' {"1": 1, "3": 4}}}, "players": [{"name": "Ana"}, {"name": "Ben"}]}',
         "map.routes[1].length: rules.route_points gives no points for a length of 2"),
    ],
)
def test_refusals_of_every_game_are_one_line(
    text: str, message: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run(text, capsys, monkeypatch)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err, err


#: Rails & Sails: 10 wagons and 10 boats each, one more of each in the box.
ISLES = {"name": "Isles", "routes": [{"from": "A", "to": "B", "length": 6, "sea": True},
                                     {"from": "B", "to": "C", "length": 6, "sea": True}],
         "rules": {"trains": 10, "cards": {"special": ["boat"]},
                   "boats": {"pieces": 10, "box_wagons": 1, "box_boats": 1, "hand": 2,
                             "per_color": 2, "doubles_per_color": 1}}}
#: Märklin merchandise: one white token on each city.
GOODS = {"name": "Goods", "routes": [{"from": "A", "to": "B", "length": 2}],
         "rules": {"passengers": 3, "merchandise": {"white": {"stacks": 2, "values": [2],
                                                             "cities": ["A", "B"]}}}}


@pytest.mark.parametrize(
    ("board", "players", "message"),
    [
        (ISLES, [{"name": "Ana", "routes": [["A", "B"], ["B", "C"]]}, {"name": "Ben"}],
         "companion tally: players[0].routes: Ana's sea routes need 12 boats; Ana can have 11 "
         "at most, the box's included\n"),
        (GOODS, [{"name": "Ana", "routes": [["A", "B"]]}, {"name": "Ben", "merchandise": [2]}],
         "companion tally: players[1].merchandise: Ben has no route, so no passenger to take "
         "merchandise: give Ben's routes, or no tokens\n"),
    ],
    ids=["boats-beyond-the-box", "merchandise-without-a-route"],
)
def test_impossible_ticket_to_ride_tables_are_refused_in_one_line(
    board: dict[str, object], players: list[dict[str, object]], message: str,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run({"game": "ticket-to-ride", "map": board, "players": players},
                           capsys, monkeypatch)
    assert (status, out, err) == (2, "", message)


def tally_text(text: str) -> tuple[int, str, str]:
    """`companion tally -` in this process, without pytest's function-scoped fixtures."""
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.object(sys, "stdin", io.StringIO(text)), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["tally", "-"])
    return status, out.getvalue(), err.getvalue()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), order=st.integers(0, 2**32 - 1),
       map_name=st.sampled_from(["usa", "europe", "knot"]))
def test_companion_tally_gives_one_result_for_every_order_of_a_table(
    seed: int, order: int, map_name: str
) -> None:
    table = random_table(random.Random(seed), map_name)
    first = tally_text(json.dumps(table))
    again = tally_text(json.dumps(shuffled(table, random.Random(order))))
    assert first[0] == again[0] == 0, first[2] + again[2]

    def by_name(out: str) -> tuple[dict[str, object], set[str]]:
        result = json.loads(out)
        return ({p["name"]: p for p in result["players"]}, set(result["winners"]))

    assert by_name(first[1]) == by_name(again[1])


@pytest.mark.parametrize(("language", "readings"), [
    ("en", ["whatever order it is written in", "then the most completed tickets",
            "parallel to one of the owner's", "a route scores when it is claimed",
            "Depots (Europe 1912) can be added to any map", "a team of two counting two",
            "Nobody plays in two teams", "none in its departure city, even when the trip "
            "comes back to it"]),
    ("fr", ["dans quelque ordre qu'elle soit écrite", "puis le plus de billets réalisés",
            "parallèle à une route de son propriétaire", "une route rapporte au moment où elle "
            "est prise", "s'ajoutent à n'importe quel plateau", "une équipe de deux comptant deux",
            "Personne ne joue dans deux équipes", "aucun dans sa ville de départ, même quand le "
            "trajet y revient"]),
])
def test_the_rules_notes_list_every_changed_reading(
    language: str, readings: list[str], capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", language, "games", "--rules", "ticket-to-ride"]) == 0
    notes = capsys.readouterr().out
    for reading in readings:
        assert reading in notes


def _spots(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON value: each key of each object, each item of each list."""
    found: list[tuple[object, ...]] = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _spots(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _spots(item, (*path, index))
    return found


ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.floats(allow_nan=False),
    st.text(max_size=5), st.just([]), st.just({}), st.just(["Paris", "Wien"]),
    st.just({"from": "Denver", "to": "Omaha"}), st.just({"city": "B", "claim": 1}))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), map_name=st.sampled_from(["usa", "europe", "knot"]),
       spot=st.integers(0, 10**6), value=ODD_VALUES, action=st.sampled_from(["set", "drop",
                                                                              "rename"]))
def test_a_damaged_table_is_scored_or_refused_in_one_line(
    seed: int, map_name: str, spot: int, value: object, action: str
) -> None:
    table = random_table(random.Random(seed), map_name)
    spots = [path for path in _spots(table) if path]
    path = spots[spot % len(spots)]
    parent: object = table
    for step in path[:-1]:
        parent = parent[step]  # type: ignore[index]
    last = path[-1]
    if action == "set":
        parent[last] = value  # type: ignore[index]
    elif isinstance(parent, dict):
        item = parent.pop(last)
        if action == "rename":
            parent[f"{last}x"] = item
    else:
        del parent[last]  # type: ignore[attr-defined]
    status, out, err = tally_text(json.dumps(table))
    assert status in (0, 2), err
    if status == 2:
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    else:
        assert err == "" and json.loads(out)["game"] == "ticket-to-ride"


def test_several_files_give_one_result_line_each_in_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    examples = sorted(EXAMPLE.parent.glob("*.json"))
    monkeypatch.setattr("sys.stdin", io.StringIO(examples[0].read_text(encoding="utf-8")))
    assert main(["tally", *map(str, examples), "-"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert err == "" and len(lines) == len(examples) + 1
    for example, line in zip([*examples, examples[0]], lines, strict=True):
        assert main(["tally", str(example)]) == 0
        assert json.loads(line) == json.loads(capsys.readouterr().out)


def test_a_refused_file_among_several_is_named_and_the_others_still_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "freight-train"}', encoding="utf-8")
    missing = tmp_path / "missing.json"
    assert main(["tally", str(EXAMPLE), str(bad), str(missing), str(EXAMPLE)]) == 2
    out, err = capsys.readouterr()
    assert [json.loads(line)["game"] for line in out.splitlines()] == ["freight-train"] * 2
    refusals = err.splitlines()
    assert len(refusals) == 2
    assert refusals[0] == f"companion tally: {bad}: players: is missing"
    assert refusals[1].startswith(f"companion tally: {missing}: cannot read it:")


def test_standard_input_is_read_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tally", "-", str(EXAMPLE), "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "standard input" in err
