"""`companion tags checklist`: the whole box with counts, printed names and what is enrolled,
as text, a printable self-contained HTML page and spreadsheet-safe CSV; the registry is only
read."""

from __future__ import annotations

import csv
import html.parser
import io
import re
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.games.box import box_contents
from companion.games.cards import Card
from companion.lib.spreadsheet import BYTE_ORDER_MARK
from companion.state.tags import FILENAME, TagRegistry

TTR = "ticket-to-ride"


def checklist(state: Path, capsys: pytest.CaptureFixture[str], *args: str,
              lang: str = "en") -> tuple[int, str, str]:
    status = main(["--lang", lang, "tags", "checklist", *args, "--state-dir", str(state)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """A registry with two coal wagons, Paris – Wien and a ticket of another map."""
    folder = tmp_path / "state"
    with TagRegistry.in_state_dir(folder) as registry:
        registry.enroll("C0A10001", Card("freight-train", "wagon", "coal"))
        registry.enroll("C0A10002", Card("freight-train", "wagon", "coal"))
        registry.enroll("7E000033", Card(TTR, "ticket", "europe-33"))
        registry.enroll("7E000101", Card(TTR, "ticket", "usa-01"))
    return folder


def test_text_lists_every_card_with_its_count_and_enrolled_copies(
        state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = checklist(state, capsys, "freight-train")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Freight Train: 177 cards, 2 enrolled, 175 to tag"
    assert re.fullmatch(r"\[ \] Coal wagon +2/16", lines[1])
    assert re.fullmatch(r"\[ \] Departure card +0/1", lines[-1])
    assert len(lines) == 1 + len(box_contents("freight-train", "en"))


def test_in_french_with_ticket_cities(state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = checklist(state, capsys, TTR, "--board", "Europa", lang="fr")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].endswith("156 cartes, 1 enregistrée, 155 à étiqueter")
    (paris_wien,) = [line for line in lines if "Paris – Wien" in line]
    assert paris_wien.startswith("[x] Billet Paris – Wien 8") and paris_wien.endswith("1/1")
    assert not any("europe-33" in line for line in lines)


def test_html_is_one_printable_escaped_page(state: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = checklist(state, capsys, TTR, "--board", "europe", "--format", "html")
    assert status == 0
    page = Page()
    page.feed(out)
    assert page.tags["html"] == page.tags["body"] == 1 and page.tags["table"] >= 3
    assert "@media print" in out and "<style>" in out
    # self-contained: nothing to fetch
    assert not page.links and "url(" not in out and "@import" not in out
    assert "Ticket Paris – Wien 8" in page.text and "156 cards, 1 enrolled" in page.text
    assert page.text.count("✓") == 1  # the one ticket whose every copy is enrolled


def test_html_escapes_what_it_shows(state: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cli import tags_checklist
    from companion.games.box import BoxEntry

    def hostile_box(game: str, language: str, board: str | None = None) -> list[BoxEntry]:
        return [BoxEntry(Card(game, "wagon", "coal"), 16, "<script>alert(1)</script> & co")]

    monkeypatch.setattr(tags_checklist, "box_contents", hostile_box)
    status, out, _ = checklist(state, capsys, "freight-train", "--format", "html")
    assert status == 0 and "<script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in out


def test_csv_reads_back_and_follows_the_spreadsheet_options(
        state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = checklist(state, capsys, "freight-train", "--format", "csv")
    assert status == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["kind", "value", "Card", "Copies", "Enrolled", "To tag"]
    assert rows[1] == ["wagon", "coal", "Coal wagon", "16", "2", "14"]
    status, out, _ = checklist(state, capsys, "freight-train", "--format", "csv", "--excel",
                               lang="fr")
    assert status == 0 and out.startswith(BYTE_ORDER_MARK)
    rows = list(csv.reader(io.StringIO(out[1:]), delimiter=";"))
    assert rows[1][:3] == ["wagon", "coal", "Wagon Charbon"] and rows[1][4] == "2"


@pytest.mark.parametrize(("args", "words"), [
    (("chess",), "unknown game 'chess'"),
    (("freight-train", "--board", "europe"), "leave --board out"),
    ((TTR, "--board", "atlantis"), "unknown map 'atlantis'"),
    (("freight-train", "--excel"), "--format csv"),
])
def test_bad_requests_are_refused_in_one_line(state: Path, capsys: pytest.CaptureFixture[str],
                                              args: tuple[str, ...], words: str) -> None:
    status, out, err = checklist(state, capsys, *args)
    assert status == 2 and out == "" and words in err and err.count("\n") == 1


def test_the_registry_is_only_read(tmp_path: Path, state: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    before = (state / FILENAME).read_bytes()
    assert checklist(state, capsys, "freight-train")[0] == 0
    assert (state / FILENAME).read_bytes() == before
    missing = tmp_path / "nowhere"
    status, out, _ = checklist(missing, capsys, "freight-train")
    assert status == 0 and "0 enrolled" in out and not missing.exists()


class Page(html.parser.HTMLParser):
    """What a browser would see of the page: tags, text, and anything it would fetch."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, int] = {}
        self.links: list[str] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self.links += [value or "" for name, value in attrs if name in ("src", "href")]

    def handle_data(self, data: str) -> None:
        self.text += data
