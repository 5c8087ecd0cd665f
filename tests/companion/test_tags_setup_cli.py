"""`companion tags setup`: the guided enrolment typed on the desktop, through `main` with a
standard input of typed lines."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.games.cards import Card
from companion.state.tags import TagRegistry


def setup(state: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          typed: str, *args: str, lang: str = "en") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    status = main(["--lang", lang, "tags", "setup", *args, "--state-dir", str(state)])
    out, err = capsys.readouterr()
    return status, out, err


def cards(state: Path) -> list[tuple[str, Card]]:
    with TagRegistry.in_state_dir(state) as registry:
        return registry.all()


def test_typed_uids_enrol_the_cards_shown_in_turn(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    typed = "04:00:00:01\n04000001\n0400000A\nback\n0400000B\nquit\n"
    status, out, err = setup(tmp_path, monkeypatch, capsys, typed, "freight-train")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "177 cards in the box, 177 without a tag."
    assert "'back'" in lines[1] and "'quit'" in lines[1] and "'skip'" in lines[1]
    assert lines[2:] == [
        "Next: Coal wagon, 1 of 16 (177 left)",
        "04000001 enrolled as Coal wagon 1/16",
        "Next: Coal wagon, 2 of 16 (176 left)",
        "04000001 already counted",
        "Next: Coal wagon, 2 of 16 (176 left)",
        "0400000A enrolled as Coal wagon 2/16",
        "Next: Coal wagon, 3 of 16 (175 left)",
        "Taken back: Coal wagon",
        "Next: Coal wagon, 2 of 16 (176 left)",
        "0400000B enrolled as Coal wagon 2/16",
        "Next: Coal wagon, 3 of 16 (175 left)",
        "Stopped with 175 cards left; the same command resumes.",
    ]
    coal = Card("freight-train", "wagon", "coal")
    assert cards(tmp_path) == [("04000001", coal), ("0400000B", coal)]


def test_a_whole_europe_box_typed_then_a_known_tag(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    typed = "".join(f"05{number:06X}\n" for number in range(156))
    status, out, _ = setup(tmp_path, monkeypatch, capsys, typed, "ticket-to-ride",
                           "--board", "Europe")
    assert status == 0
    assert "Next: Ticket Paris – Wien 8 (" in out
    assert out.splitlines()[-1] == "Box complete: 156 tags"
    assert len(cards(tmp_path)) == 156
    status, out, _ = setup(tmp_path, monkeypatch, capsys, "", "ticket-to-ride",
                           "--board", "europe")
    assert status == 0
    assert out.splitlines() == ["156 cards in the box, 0 without a tag.",
                                out.splitlines()[1], "Box complete: 156 tags"]


def test_skip_prev_and_resume_after_end_of_input(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    setup(tmp_path, monkeypatch, capsys, "\nskip\nprev\n06000001\n", "off-the-rails")
    status, out, _ = setup(tmp_path, monkeypatch, capsys, "06000001\nquit\n", "off-the-rails")
    assert status == 0
    lines = out.splitlines()
    assert lines[2] == "Next: Red 3 (32 left)"  # resumed on the card after the one enrolled
    assert lines[3] == "06000001 is already Red 2: not enrolled again"


def test_bad_input_is_said_and_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = setup(tmp_path, monkeypatch, capsys, "coal\n0400000\n07000001\n",
                             "freight-train")
    assert status == 0
    assert err.splitlines() == [
        "companion tags setup: uid: 'coal' is not a tag UID (an even number of hex digits)",
        "companion tags setup: uid: '0400000' is not a tag UID (an even number of hex digits)"]
    assert "07000001 enrolled as Coal wagon 1/16" in out
    for args, wanted in ((("chess",), "unknown game 'chess'; one of freight-train"),
                         (("ticket-to-ride", "--board", "atlantis"),
                          "unknown map 'atlantis'; one of usa, europe"),
                         (("freight-train", "--board", "europe"), "has one board")):
        status, out, err = setup(tmp_path, monkeypatch, capsys, "", *args)
        assert status == 2 and out == "" and wanted in err and err.count("\n") == 1


def test_in_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = setup(tmp_path, monkeypatch, capsys, "04000001\n", "freight-train",
                           lang="fr")
    assert status == 0
    assert "Wagon Charbon" in out and "Suivante : Wagon Charbon, 2 sur 16 (reste 176)" in out


def test_the_reader_of_the_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[reader]\nkind = "sim"\n')
    status, out, _ = setup(tmp_path / "state", monkeypatch, capsys, "04000001\nquit\n",
                           "freight-train", "--reader", "--config", str(config))
    assert status == 0 and "04000001 enrolled as Coal wagon 1/16" in out
    config.write_text(f'[reader]\nkind = "rdm6300"\nport = "{tmp_path / "no-such-port"}"\n')
    status, out, err = setup(tmp_path / "state", monkeypatch, capsys, "quit\n",
                             "freight-train", "--reader", "--config", str(config))
    assert status == 2 and out == ""
    assert "the reader cannot be used" in err and "companion run" in err


def test_help_names_every_word(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tags", "setup", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for word in ("'skip'", "'prev'", "'back'", "'quit'", "--board", "--reader"):
        assert word in text
