"""The play page's pictures: the breakdown as a bar per player (a coloured segment per
category, sized by its points), the score over the game as a line per player, each with a
title, a description and a legend, under the page's Content-Security-Policy."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.names import category_name
from companion.state.journal import Journal, PlayRecord
from companion.state.paths import journal_path
from companion.state.replay import initial_state
from companion.web import pages
from companion.web.charts import breakdown_chart
from companion.web.data import JournalView
from companion.web.progress import progress, public_points
from engine.registry import GAMES

from .web_html import Element, parse
from .web_server import finished_play, get, get_json, web_server


def _play(folder: Path, game: str, seed: int) -> PlayRecord:
    uuid = finished_play(folder, game, seed=seed)
    with Journal.open_read_only(journal_path(folder)) as journal:
        return next(play for play in journal.plays() if play.uuid == uuid)


def _segments(svg: Element) -> list[tuple[float, float, str, str]]:
    """The breakdown's bars: (x, width, colour, its title) of each segment, in order."""
    return [(float(rect.attrs["x"]), float(rect.attrs["width"]), rect.attrs["fill"],
             rect.one("title").text)
            for rect in svg.all("rect") if rect.children]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_breakdown_picture_has_a_segment_per_category_sized_by_its_points(
        tmp_path: Path, language: str) -> None:
    play = _play(tmp_path, "freight-train", seed=9)
    assert play.result is not None
    html = pages.play_page(play, None, language)
    svg = parse(html).one("svg", "breakdown")
    segments = _segments(svg)
    expected = [(player["name"], key, points) for player in play.result["players"]
                for key, points in player["breakdown"].items() if points]
    assert len(segments) == len(expected)
    scale = None
    colours: dict[str, str] = {}
    for (_x, width, colour, title), (_name, key, points) in zip(segments, expected):
        name = category_name("freight-train", key, language)
        assert title == f"{name}: {points}"
        # The same category has the same colour in every bar.
        assert colours.setdefault(key, colour) == colour
        scale = scale or width / abs(points)
        assert width == pytest.approx(abs(points) * scale, abs=0.15)
    # Each category its own colour, and a legend naming each one.
    assert len(set(colours.values())) == len(colours)
    legend = [text.text for text in svg.all("text")][len(play.result["players"]):]
    assert legend == [category_name("freight-train", key, language) for key in colours]
    # Told to a screen reader: a title and a description with every player's total.
    labelled = svg.attrs["aria-labelledby"].split()
    assert [svg.child("title").attrs["id"], svg.child("desc").attrs["id"]] == labelled
    for player in play.result["players"]:
        assert f'{player["name"]} {player["total"]}' in svg.child("desc").text
    assert svg.attrs["width"] == "100%" and svg.attrs["viewbox"].startswith("0 0 320 ")


def test_negative_points_go_left_of_the_zero_line_and_names_are_escaped() -> None:
    rows = [('<b>"Zoé"</b> & co', 3, [("yard", -4), ("coal", 7)]), ("Ben", 5, [("coal", 5)])]
    svg = parse(breakdown_chart(rows, {"yard": "Yard", "coal": "Coal"}, "T", "D")
                ).one("svg", "breakdown")
    assert not svg.all("b")  # the name is text, not markup
    assert svg.all("text")[0].text == '<b>"Zoé"</b> & co · 3'
    (yard_x, yard_w, *_), (coal_x, _, *_), (ben_x, _, *_) = _segments(svg)
    zero = float(svg.one("line").attrs["x1"])
    assert yard_x + yard_w == pytest.approx(zero) and coal_x == pytest.approx(zero)
    assert ben_x == pytest.approx(zero)


def test_freight_trains_score_by_day_is_the_engines(tmp_path: Path) -> None:
    play = _play(tmp_path, "freight-train", seed=9)
    rules = GAMES[play.game]
    with Journal.open_read_only(journal_path(tmp_path)) as journal:
        chart = progress(journal, play)
        events = [rules.events.from_json(data) for data in journal.events(play.id)]
    assert chart is not None and play.result is not None
    # The scores the state had when each day ended, worked out here from the engine.
    state = initial_state(rules, play.setup)
    by_day = []
    for event in events:
        after = rules.apply(state, event)
        if state.day > 0 and after.day != state.day:
            by_day.append(public_points(rules, play.game, after))
        state = after
    assert [label for label, _ in chart.labels] == ["Start", "Day {day}", "Day {day}", "End"]
    for seat, name in enumerate(play.players):
        assert chart.scores[name][1:3] == [day[seat] for day in by_day]
        assert chart.scores[name][-1] == play.result["players"][seat]["total"]
    for language, days in (("en", ["Start", "Day 1", "Day 2", "End"]),
                           ("fr", ["Départ", "Jour 1", "Jour 2", "Fin"])):
        page = parse(pages.play_page(play, None, language, None, chart))
        svg = page.one("svg", "progress")
        assert [text.text for text in svg.all("text")][-len(days) - 3:-3] == days
        assert [line.one("title").text for line in svg.all("polyline")] == list(play.players)
        # The numbers are in a table too.
        rows = page.one("table", "progress").one("tbody").all("tr")
        assert [row.one("th").text for row in rows] == days
        assert [int(cell.text) for cell in rows[-1].all("td")] == [
            player["total"] for player in play.result["players"]]


def test_ticket_to_ride_charts_each_claim_without_the_secret_tickets(tmp_path: Path) -> None:
    play = _play(tmp_path, "ticket-to-ride", seed=9)
    with Journal.open_read_only(journal_path(tmp_path)) as journal:
        chart = progress(journal, play)
        claims = sum(data["kind"] == "claim-route" for data in journal.events(play.id))
    assert chart is not None and play.result is not None
    assert len(chart.labels) == claims + 2  # the start, each claim, the end
    for seat, name in enumerate(play.players):
        series = chart.scores[name]
        # Before the end a player's score only grows: a route's points, never a ticket's.
        assert series[:-1] == sorted(series[:-1])
        assert series[-2] == play.result["players"][seat]["breakdown"]["routes"]
        assert series[-1] == play.result["players"][seat]["total"]


def test_the_pictures_pass_the_pages_policy(tmp_path: Path) -> None:
    _play(tmp_path, "ticket-to-ride", seed=2)
    with web_server(tmp_path) as url:
        short = get_json(url + "api/plays")["plays"][0]["short_id"]
        status, headers, html = get(f"{url}p/{short}", headers={"Accept-Language": "fr"})
    assert status == 200 and "default-src 'self'" in headers["content-security-policy"]
    page = parse(html)
    assert len(page.all("svg")) == 2
    # Nothing the policy would block: no inline style, no script, nothing from elsewhere.
    assert "style=" not in html and "<style" not in html and "<script" not in html
    for svg in page.all("svg"):
        assert not [element for element in svg.all("image") + svg.all("use") + svg.all("a")]
    assert page.one("svg", "breakdown").child("title").text == "Points par catégorie"


def test_no_picture_while_nobody_has_a_point() -> None:
    result = {"game": "freight-train", "winners": [], "players": [
        {"name": "Ana", "total": 0, "breakdown": {"coal": 0}},
        {"name": "Ben", "total": 0, "breakdown": {}}]}
    html = pages.result_section(result, "en", finished=False)
    assert "<svg" not in html and len(parse(html).one("tbody").all("tr")) == 2
    result["players"][1]["breakdown"] = {"coal": 2}
    assert len(parse(pages.result_section(result, "en", finished=False)).all("svg")) == 1


def test_a_finished_plays_scores_over_the_game_are_worked_out_once(tmp_path: Path) -> None:
    play = _play(tmp_path, "freight-train", seed=9)
    view = JournalView(tmp_path)
    try:
        first = view.progress(play)
        assert first is not None and view.progress(play) is first
        # A play going on is read again: its next move changes it.
        going_on = replace(play, finished=None, uuid="0" * 32)
        assert view.progress(going_on) is not view.progress(going_on)
    finally:
        view.close()
