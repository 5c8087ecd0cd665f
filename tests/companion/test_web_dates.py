"""Dates on the scoreboard: the table's local time with the day's name, in the page's language,
whatever time zone the stamp was written in."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.web.dates import long_date

from .web_html import parse
from .web_server import finished_play, get, web_server


@pytest.fixture
def new_york(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The process (and the servers it starts) in New York's time zone."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_stamp_is_said_in_local_time_with_its_days_name(new_york: None) -> None:
    # 02:40 UTC on 3 December is 21:40 the evening before in New York.
    stamp = "2026-12-03T02:40:00+00:00"
    assert long_date(stamp, "en") == "Wednesday 2 December 2026, 21:40"
    assert long_date(stamp, "fr") == "mercredi 2 décembre 2026, 21:40"
    # A stamp written with another offset is the same moment.
    assert long_date("2026-12-03T03:40:00+01:00", "fr") == "mercredi 2 décembre 2026, 21:40"
    # Summer time: 1 July 2027 16:05 UTC is 12:05 in New York.
    assert long_date("2027-07-01T16:05:00+00:00", "fr") == "jeudi 1 juillet 2027, 12:05"


def test_a_stamp_without_offset_is_local_and_a_bad_one_is_shown_as_it_is(
        new_york: None) -> None:
    assert long_date("2026-05-04T08:00:00", "en") == "Monday 4 May 2026, 08:00"
    assert long_date("2026-05-04T08:00:00", "fr") == "lundi 4 mai 2026, 08:00"
    assert long_date("not a date", "fr") == "not a date"


def test_the_pages_show_the_plays_start_in_the_tables_time(tmp_path: Path,
                                                           new_york: None) -> None:
    uuid = finished_play(tmp_path, "freight-train", seed=4)
    with Journal.open_read_only(journal_path(tmp_path)) as journal:
        started = next(play.started for play in journal.plays() if play.uuid == uuid)
    assert os.environ["TZ"] == "America/New_York"
    with web_server(tmp_path) as url:
        for language in ("en", "fr"):
            expected = long_date(started, language)
            _, _, plays = get(url + "plays", headers={"Accept-Language": language})
            link = parse(plays).one("table", "plays").all("a")[0]
            assert link.text == expected
            _, _, page = get(url + link.attrs["href"].lstrip("/"),
                             headers={"Accept-Language": language})
            assert parse(page).one("p", "facts").text.startswith(expected + " · ")
    assert "T" not in expected and expected.split()[0] in (
        "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
