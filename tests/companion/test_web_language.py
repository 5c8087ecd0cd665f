"""A French page is French throughout: the game's title and score categories from the table's
catalogue; and the CSV download is shaped for a spreadsheet in the page's language."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from companion.games.names import category_name
from companion.lib.spreadsheet import BYTE_ORDER_MARK
from companion.state.journal import Journal
from companion.state.paths import journal_path

from .web_html import parse
from .web_server import finished_play, get, get_json, web_server


def test_french_pages_name_the_game_and_its_categories_in_french(tmp_path: Path) -> None:
    finished_play(tmp_path, "ticket-to-ride", seed=3)
    with Journal.open_read_only(journal_path(tmp_path)) as journal:
        play = journal.plays()[0]
    assert play.result is not None
    with web_server(tmp_path) as url:
        short = get_json(url + "api/plays")["plays"][0]["short_id"]
        pages = {language: parse(get(f"{url}p/{short}", headers={
            "Accept-Language": language})[2]) for language in ("en", "fr")}
        listing = parse(get(url + "plays", headers={"Accept-Language": "fr"})[2])
    assert pages["fr"].one("h1").text == "Les Aventuriers du Rail"
    assert pages["en"].one("h1").text == "Ticket to Ride"
    assert "Les Aventuriers du Rail" in listing.one("table", "plays").text
    for language, page in pages.items():
        shown = [item.one("span").text for item in page.one("table", "scores").all("li")]
        expected = [category_name("ticket-to-ride", key, language)
                    for player in play.result["players"] for key in player["breakdown"]]
        assert shown == expected
    english = {item.one("span").text for item in pages["en"].all("li")}
    french = {item.one("span").text for item in pages["fr"].all("li")}
    # "Routes" is French too; the others are not.
    assert english - french == {"Tickets", "Longest"} and french - english == {
        "Billets", "Plus long"}


def test_the_csv_download_follows_the_pages_language(tmp_path: Path) -> None:
    finished_play(tmp_path, "freight-train", seed=6)
    with Journal.open_read_only(journal_path(tmp_path)) as journal:
        play = journal.plays()[0]
    assert play.result is not None
    with web_server(tmp_path) as url:
        short = get_json(url + "api/plays")["plays"][0]["short_id"]
        answers = {language: get(f"{url}p/{short}.csv", headers={"Accept-Language": language})
                   for language in ("fr", "en")}
    for language, separator in (("fr", ";"), ("en", ",")):
        status, headers, body = answers[language]
        assert status == 200 and headers["content-type"].startswith("text/csv")
        # The mark a spreadsheet needs to read the accents (Cléo) as UTF-8.
        assert body.startswith(BYTE_ORDER_MARK)
        rows = list(csv.DictReader(io.StringIO(body[1:]), delimiter=separator))
        assert [row["player"] for row in rows] == list(play.players)
        assert [int(row["score"]) for row in rows] == [
            player["total"] for player in play.result["players"]]
    assert answers["fr"][2].splitlines()[0].count(";") > 5
    assert answers["en"][2].splitlines()[0].count(";") == 0
