"""Input the companion refuses in one line, and stored text it echoes safely: numbers too long
for Python to read in TOML, control characters in names and settings, and a refusal that names
what was expected instead of a class of the code."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.cli.players import player_names
from companion.config import ConfigError, load_config, parse_config
from companion.games.map_choices import offered_maps
from companion.games.names import reason
from companion.lib import logs
from companion.lib.text import json_line, plain, shown
from companion.state.journal import Journal
from companion.state.tags import FILENAME as TAGS_FILE
from drivers.config import parse_buttons
from drivers.errors import DriverConfigError
from engine.errors import IllegalEvent, InvalidInput
from engine.games.freight_train import RULES as FREIGHT_TRAIN
from engine.games.ticket_to_ride.mapfile import map_from_toml

Capture = pytest.CaptureFixture[str]

HUGE = "1" * 5000
EXAMPLE = Path(__file__).parents[2] / "examples" / "maps" / "example.toml"


def outcome(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else -1
    out, err = capsys.readouterr()
    return status, out, err


def one_line_refusal(capsys: Capture, *argv: str) -> str:
    status, out, err = outcome(capsys, *argv)
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def raw_controls(text: str) -> list[str]:
    """The control characters of `text`, line breaks between lines apart."""
    return [char for line in text.split("\n") for char in line if not char.isprintable()]


# --- Numbers of more than 4,300 digits ----------------------------------------------------------


def test_a_config_file_with_a_huge_number_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f'[companion]\nlanguage = "en"\n\n[freight-train]\nx = {HUGE}\n')
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    said = reason(refused.value, "en")
    assert said == f"{path}: line 5: a number of more than 100 digits"
    with pytest.raises(ConfigError):
        parse_config(f"a = 1_{'2_' * 3000}3")


def test_a_map_file_with_a_huge_number_is_refused_in_one_line() -> None:
    text = EXAMPLE.read_text(encoding="utf-8") + f"\n[[tickets]]\nfrom = \"A\"\npoints = {HUGE}\n"
    with pytest.raises(InvalidInput) as refused:
        map_from_toml(text)
    assert "a number of more than 100 digits" in reason(refused.value, "en")
    assert "\n" not in reason(refused.value, "fr")


def test_a_huge_number_in_the_maps_folder_leaves_out_that_map_alone(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "example.toml").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "huge.toml").write_text(f"name = \"huge\"\nx = {HUGE}\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        offered = offered_maps("ticket-to-ride", folder)
    playable = [choice.title for choice in offered if choice.problem is None]
    assert playable[-1] == "Example network" and playable[:2] == ["USA", "Europe"]
    refused = [choice for choice in offered if choice.problem is not None]
    assert [choice.title for choice in refused] == ["huge"]
    assert "100 digits" in reason(refused[0].problem, "en")  # type: ignore[arg-type]
    assert "huge.toml" in caplog.text


def test_a_huge_number_in_a_setting_or_a_map_is_refused_in_one_line(
        capsys: Capture, tmp_path: Path) -> None:
    err = one_line_refusal(capsys, "demo", "freight-train", "--state-dir", str(tmp_path / "d"),
                           "--setting", f"turn_sequence={HUGE}")
    assert "--setting: turn_sequence: a number of more than 100 digits" in err
    config = tmp_path / "config.toml"
    config.write_text(f"[companion]\nplayers = [\"A\", \"B\"]\nx = {HUGE}\n")
    err = one_line_refusal(capsys, "run", "--config", str(config), "--state-dir",
                           str(tmp_path / "s"))
    assert "line 3: a number of more than 100 digits" in err
    map_file = tmp_path / "huge.toml"
    map_file.write_text(f"name = \"huge\"\nx = {HUGE}\n")
    err = one_line_refusal(capsys, "demo", "ticket-to-ride", "--state-dir", str(tmp_path / "t"),
                           "--map", str(map_file))
    assert "line 2 has a number of more than 100 digits" in err


# --- Control characters ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["B\x1b[31men", "Ben\nCléo", "Ben\x00", "Be\u202en"])
def test_control_characters_in_player_names_are_refused(name: str) -> None:
    """On the command line and in the configuration file alike (a name that passed would
    start the table)."""
    with pytest.raises(ConfigError) as refused:
        player_names(f"Ana,{name}")
    said = reason(refused.value, "en")
    assert said.startswith("--players: a name holds a control character (")
    assert not raw_controls(said)
    with pytest.raises(ConfigError) as refused:
        parse_config(f"[companion]\nplayers = [\"Ana\", {json.dumps(name)}]\n", "c.toml")
    said = reason(refused.value, "fr")
    assert said.startswith("c.toml: companion.players: ") and not raw_controls(said)
    assert player_names("Ana, Cléo Dupont") == ("Ana", "Cléo Dupont")


def test_control_characters_in_a_setting_are_refused(capsys: Capture, tmp_path: Path) -> None:
    for given in ("turn_sequence=\x1b[2J", 'name="a\x07b"', "mixed_train_scores=true\r"):
        err = one_line_refusal(capsys, "demo", "freight-train", "--state-dir", str(tmp_path),
                               "--setting", given)
        assert "a control character in" in err and not raw_controls(err), err


def test_the_names_of_a_tally_never_reach_the_terminal_raw(capsys: Capture,
                                                           tmp_path: Path) -> None:
    name = "x\x1b[31mred\nline\u2028"
    table = {"game": "freight-train", "day": 1, "players": [
        {"name": name, "tokens": 5, "trains": {"coal": 2}, "yard": 1},
        {"name": name, "tokens": 5, "trains": {}, "yard": 0}]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    err = one_line_refusal(capsys, "tally", str(path))
    assert "named twice" in err and not raw_controls(err)
    table["players"][1]["name"] = "y\x85"  # type: ignore[index]
    path.write_text(json.dumps(table))
    status, out, err = outcome(capsys, "tally", str(path))
    assert status == 0 and out.count("\n") == 1 and not raw_controls(out), out
    assert json.loads(out)["winners"] == [name.strip()]


def test_the_log_never_writes_stored_names_raw(capsys: Capture, tmp_path: Path) -> None:
    """A journal written before names were checked may hold anything."""
    name = "Ben\x1b[2J\nEve"
    with Journal(tmp_path / "journal.sqlite3") as journal:
        play = journal.start_play("freight-train", {"players": ["Ana", name], "options": {}})
        journal.finish(play.id, {"game": "freight-train", "winners": [name],
                                 "players": [{"name": name, "total": 3, "breakdown": {}}]})
    for command in (["log"], ["log", "--json"], ["log", "--play", "1"]):
        status, out, err = outcome(capsys, *command, "--state-dir", str(tmp_path))
        assert status == 0 and out.count("\n") == 1 and not raw_controls(out), (command, out)
        assert "Ben\\x1b[2J\\nEve" in out or "Ben\\u001b[2J\\nEve" in out


def test_shown_and_plain_text() -> None:
    assert plain("Cléo Dupont-Moreau") and not plain("Cléo\t")
    assert shown("a\tb\x7f\x9b") == "a\\tb\\x7f\\x9b"
    assert json.loads(json_line(["\u2029\x9b"])) == ["\u2029\x9b"]


# --- What a refusal names ----------------------------------------------------------------------


def test_a_tally_refusal_says_what_it_got_in_the_files_words(capsys: Capture,
                                                             tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_text('{"game": "freight-train", "day": 1, "players": {"name": "Ana"}}')
    err = one_line_refusal(capsys, "tally", str(path))
    assert err == "companion tally: players: must be a list (got {...})\n"
    path.write_text('{"game": "freight-train", "day": 1, "players": [["Ana"], ["Ben"]]}')
    assert "must be an object" in one_line_refusal(capsys, "tally", str(path))


def test_a_device_setting_that_is_no_table_says_what_it_got_in_the_files_words() -> None:
    for value, got in ([1], "not a list [...]"), ("x", "not 'x'"), (3, "not 3"):
        with pytest.raises(DriverConfigError) as refused:
            parse_buttons({"kind": "gpio", "pins": value})
        assert str(refused.value).endswith(
            f"buttons.pins: must be a table [buttons.pins], {got}"), str(refused.value)


def test_the_tag_list_never_writes_stored_values_raw(capsys: Capture, tmp_path: Path) -> None:
    """A registry another program wrote may hold a value the companion would refuse."""
    assert outcome(capsys, "tags", "enroll", "--state-dir", str(tmp_path), "01020304", "*",
                   "player", "Ana")[0] == 0
    with sqlite3.connect(tmp_path / TAGS_FILE) as db:
        db.execute("INSERT INTO tags VALUES (?, ?, ?, ?)",
                   ("05060708", "*", "player", "Ben\x1b[2J\nEve"))
    status, out, _ = outcome(capsys, "tags", "list", "--state-dir", str(tmp_path))
    assert status == 0 and not raw_controls(out.replace("\t", " ")), out
    assert out.count("\n") == 2 and "Ben\\x1b[2J\\nEve" in out


@pytest.mark.parametrize(("given", "said"), [
    ('["coal"]', "wagon_types: 3 players need at least 6 wagon types"),
    ('["coal", "coal", "tank", "box", "flat", "auto"]', "wagon_types: Coal is listed twice"),
    ('["x", "coal", "tank", "box", "flat", "auto"]', "wagon_types: 'x' is not a wagon type"),
])
def test_wagon_types_the_game_cannot_be_laid_out_with_are_refused(
        capsys: Capture, tmp_path: Path, given: str, said: str) -> None:
    """Too few types to lay the main yard, the yards and a deck gave a traceback of the
    first day's deal."""
    err = one_line_refusal(capsys, "demo", "freight-train", "--state-dir", str(tmp_path),
                           "--setting", f"wagon_types={given}")
    assert err.startswith(f"companion: --setting: {said}"), err
    with pytest.raises(IllegalEvent):
        FREIGHT_TRAIN.new_game(("Ana", "Ben"), {"wagon_types": ["coal", "tank"]})
    assert FREIGHT_TRAIN.new_game(("Ana", "Ben"), {"wagon_types": [
        "coal", "tank", "box", "flat", "auto", "stock"]}).settings.wagon_types[0] == "coal"


def test_a_log_line_quoting_a_file_name_stays_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "bad\x1b[2J\nname.toml").write_text("name = [", encoding="utf-8")
    stream = io.StringIO()
    for journal in (True, False):
        handler = logs.configure("warning", stream=stream, journal=journal)
        try:
            offered_maps("ticket-to-ride", folder)
        finally:
            logs.remove(handler)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2 and all("bad\\x1b[2J\\nname.toml" in line for line in lines), lines
    assert not raw_controls(stream.getvalue())
