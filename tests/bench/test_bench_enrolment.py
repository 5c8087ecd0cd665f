"""The enrolment figures: a whole box driven through a table both ways, actions counted."""

from __future__ import annotations

import pytest

from bench import bench_enrolment
from bench.run import OK, section_enrolment


def test_both_boxes_both_ways_and_the_new_way_meets_its_aim() -> None:
    rows, raw = section_enrolment(quick=True)
    boxes = {box["game"]: box for box in raw["boxes"]}
    freight, europe = boxes["freight-train"], boxes["ticket-to-ride"]
    assert (freight["new"]["cards"], europe["new"]["cards"]) == (177, 156)
    for box in (freight, europe):
        old, new = box["old"], box["new"]
        assert new["taps"] == old["taps"] == new["cards"]
        assert new["presses"] * 20 <= new["cards"] < old["presses"]
        assert new["seconds"] == new["taps"] * 2.0 + new["presses"] * 0.5
        assert old["actions"] > 5 * new["actions"]
    # The question's cursor starts on the first card every time: the lower bounds.
    assert (freight["old"]["actions"], europe["old"]["actions"]) == (915, 1552)
    assert [row.status for row in rows] == [OK, OK]
    assert "Set up a box" in rows[0].figure and "915 actions" in rows[0].alternative


def test_the_figures_print_as_lines(capsys: pytest.CaptureFixture[str]) -> None:
    bench_enrolment.show([{"title": "Freight Train", "old": {
        "cards": 20, "taps": 20, "presses": 60, "actions": 80, "minutes": 1.2,
        "taps_again": 20},
        "new": {"cards": 20, "taps": 20, "presses": 1, "actions": 21, "minutes": 0.7}}])
    assert capsys.readouterr().out.splitlines() == [
        "Freight Train, 20 cards:",
        "  before (question over a game): 80 actions (20 taps, 60 presses), 1.2 min, then 20 "
        "taps again to count the cards",
        "  after  (Set up a box):          21 actions (20 taps, 1 presses), 0.7 min; a press "
        "per 20 cards"]
