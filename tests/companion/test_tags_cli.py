"""`companion tags`: every action, and bad input refused in one line with status 2."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.games.cards import Card
from companion.state.tags import FILENAME, TagRegistry

EXAMPLE = Path(__file__).parents[2] / "examples" / "tags-freight-train.csv"


class Tags:
    """Runs `companion tags ...` on one state directory and keeps what it printed."""

    def __init__(self, state: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.state = state
        self.capsys = capsys

    def __call__(self, *args: str, lang: str = "en") -> tuple[int, str, str]:
        status = main(["--lang", lang, "tags", *args, "--state-dir", str(self.state)])
        out, err = self.capsys.readouterr()
        return status, out, err

    def refused(self, *args: str) -> str:
        status, out, err = self(*args)
        assert status == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("companion tags: ")
        assert "Traceback" not in err
        return err.strip()

    def cards(self) -> list[tuple[str, Card]]:
        if not (self.state / FILENAME).exists():
            return []
        with TagRegistry(self.state / FILENAME) as registry:
            return registry.all()


@pytest.fixture
def tags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Tags:
    return Tags(tmp_path / "state", capsys)


def test_enroll_and_list(tags: Tags) -> None:
    assert tags("enroll", "04:a3:1f:2b", "freight-train", "wagon", "Coal")[:2] == (
        0, "04A31F2B enrolled as freight-train wagon coal\n")
    assert tags("enroll", "01020304", "freight-train", "departure")[0] == 0
    assert tags("enroll", "0A0B0C0D0E", "*", "player", "Cléo")[0] == 0
    status, out, _ = tags("list")
    assert status == 0
    assert out == ("0A0B0C0D0E\t*\tplayer\tCléo\n"
                   "01020304\tfreight-train\tdeparture\t\n"
                   "04A31F2B\tfreight-train\twagon\tcoal\n")
    assert tags("list", "--game", "*")[1] == "0A0B0C0D0E\t*\tplayer\tCléo\n"


def test_enrolling_the_same_card_twice_is_fine(tags: Tags) -> None:
    tags("enroll", "01020304", "freight-train", "wagon", "coal")
    assert tags("enroll", "01020304", "freight-train", "wagon", "coal")[1] == (
        "01020304 was already freight-train wagon coal\n")


def test_a_duplicate_enrolment_is_refused_unless_replaced(tags: Tags) -> None:
    tags("enroll", "01020304", "freight-train", "wagon", "coal")
    assert tags.refused("enroll", "01020304", "freight-train", "wagon", "tank") == (
        "companion tags: uid: 01020304 is already enrolled as freight-train wagon coal"
        " (--replace re-enrols it)")
    assert tags("enroll", "01020304", "freight-train", "wagon", "tank", "--replace")[0] == 0
    assert tags.cards() == [("01020304", Card("freight-train", "wagon", "tank"))]


@pytest.mark.parametrize(("args", "words"), [
    (("zz", "freight-train", "wagon", "coal"), "uid: 'zz' is not a tag UID"),
    (("010203", "freight-train", "wagon", "coal"), "uid: 010203 has 3 bytes"),
    (("01020304", "chess", "wagon", "coal"), "game: unknown game 'chess'"),
    (("01020304", "freight-train", "wagn", "coal"), "kind: unknown kind 'wagn'"),
    (("01020304", "freight-train", "wagon"), "value: unknown wagon ''"),
    (("01020304", "freight-train", "departure", "now"), "value: a departure card takes no value"),
    (("01020304", "*", "player"), "value: a player card needs a value"),
])  # fmt: skip
def test_bad_enrolments_write_nothing(tags: Tags, args: tuple[str, ...], words: str) -> None:
    assert words in tags.refused("enroll", *args)
    assert tags.cards() == []


def test_import_and_export(tags: Tags, tmp_path: Path) -> None:
    status, out, _ = tags("import", str(EXAMPLE))
    assert status == 0
    assert out == f"26 tags enrolled or changed from {EXAMPLE}\n"
    status, out, _ = tags("export")
    assert status == 0
    assert out.splitlines()[0] == "uid,game,kind,value"
    assert sorted(out.splitlines()[1:]) == sorted(EXAMPLE.read_text("utf-8").splitlines()[1:])
    target = tmp_path / "backup.csv"
    assert tags("export", str(target)) == (0, "", "")
    assert target.read_text("utf-8") == out
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".backup")] == []


def test_import_from_standard_input(tags: Tags, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "uid,game,kind\n01020304,freight-train,departure\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert tags("import", "-")[:2] == (0, "1 tags enrolled or changed from -\n")


def test_a_bad_csv_names_its_line_and_imports_nothing(tags: Tags, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("uid,game,kind,value\n"
                   "01020304,freight-train,wagon,coal\n"
                   "05060708,freight-train,wagon,caboose\n", encoding="utf-8")
    assert tags.refused("import", str(bad)) == (
        f"companion tags: {bad}: line 3: value: unknown wagon 'caboose'; one of "
        "coal, tank, box, flat, hopper, reefer, stock, auto, gondola, lumber, container; "
        "nothing imported")
    assert tags.cards() == []


def test_import_refuses_to_change_a_tag_without_replace(tags: Tags, tmp_path: Path) -> None:
    tags("enroll", "01020304", "*", "player", "Ana")
    changed = tmp_path / "changed.csv"
    changed.write_text("uid,game,kind,value\n01020304,*,player,Ben\n", encoding="utf-8")
    assert "line 2: uid: 01020304 is already enrolled as * player Ana" in tags.refused(
        "import", str(changed))
    assert tags("import", str(changed), "--replace")[0] == 0
    assert tags.cards() == [("01020304", Card("*", "player", "Ben"))]


def test_import_of_a_missing_or_binary_file(tags: Tags, tmp_path: Path) -> None:
    assert "cannot read" in tags.refused("import", str(tmp_path / "absent.csv"))
    binary = tmp_path / "tags.csv"
    binary.write_bytes(b"\xff\xfe\x00uid")
    assert tags.refused("import", str(binary)).endswith(f"{binary}: not UTF-8 text")


def test_forget(tags: Tags) -> None:
    tags("enroll", "01020304", "freight-train", "departure")
    assert tags("forget", "01:02:03:04")[:2] == (0, "01020304 forgotten\n")
    assert tags.refused("forget", "01020304") == "companion tags: 01020304 is not enrolled"
    assert "is not a tag UID" in tags.refused("forget", "xyz")


def test_an_empty_list_says_so_on_stderr(tags: Tags) -> None:
    assert tags("list") == (0, "", "No tags enrolled.\n")


def test_a_state_dir_that_cannot_be_created(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    tags = Tags(blocker / "state", capsys)
    assert "cannot use the tag registry" in tags.refused("list")


def test_french_is_accepted(tags: Tags) -> None:
    assert tags("enroll", "01020304", "freight-train", "departure", lang="fr")[0] == 0


def test_export_for_a_french_spreadsheet_reads_back(tags: Tags, tmp_path: Path) -> None:
    assert tags("import", str(EXAMPLE))[0] == 0
    assert tags("enroll", "1A2B3C4D", "*", "player", "Cléo; la reine")[0] == 0
    before = tags.cards()
    target = tmp_path / "tags.csv"
    assert tags("export", str(target), "--excel", lang="fr") == (0, "", "")
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    lines = raw.decode("utf-8-sig").splitlines()
    assert lines[0] == "uid;game;kind;value"
    assert '1A2B3C4D;*;player;"Cléo; la reine"' in lines
    # Into another companion: the file a spreadsheet saved reads back as the same tags.
    other = Tags(tmp_path / "other", tags.capsys)
    assert other("import", str(target))[0] == 0
    assert other.cards() == before
    status, out, _ = tags("export", "--separator", "tab")
    assert status == 0 and out.splitlines()[0] == "uid\tgame\tkind\tvalue"
