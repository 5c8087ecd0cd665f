"""The display bus bytes of a table told apart by kind of change."""

from __future__ import annotations

from bench.bus_kinds import breakdown, summary, transition_kind
from companion.screens.model import Menu, Screen, Style

PROMPT = Screen(top="ANA · D1 · R1", title="Coal", hints="ok:place back:cancel",
                menu=Menu(("From track 1", "From track 2"), 0), progress=(0, 4))


def test_a_cursor_move_is_only_the_selection_moving() -> None:
    moved = Screen(top=PROMPT.top, title=PROMPT.title, hints=PROMPT.hints,
                   menu=Menu(("From track 1", "From track 2"), 1), progress=(0, 4))
    assert transition_kind(PROMPT, moved) == "cursor move"
    other_items = Screen(top=PROMPT.top, title=PROMPT.title, hints=PROMPT.hints,
                         menu=Menu(("Coal train (0)", "Mixed train (0)"), 1), progress=(0, 4))
    assert transition_kind(PROMPT, other_items) == "prompt: a detail"


def test_flashes_questions_and_turns_are_named_by_their_sides() -> None:
    notice = Screen(top=PROMPT.top, title="Coal → train (1)", style=Style.NOTICE)
    refusal = Screen(top=PROMPT.top, title="Not your turn", style=Style.REFUSAL)
    question = Screen(top=PROMPT.top, title="Undo the last move?", style=Style.CONFIRM)
    assert transition_kind(PROMPT, notice) == "prompt -> notice"
    assert transition_kind(notice, PROMPT) == "notice -> prompt"
    assert transition_kind(notice, refusal) == "notice -> refusal"
    assert transition_kind(question, notice) == "question -> notice"
    assert transition_kind(PROMPT, Screen(top="BEN · D1 · R1", title="Tap 3 wagons")) == (
        "prompt: new turn (context line)")
    assert transition_kind(PROMPT, Screen(top=PROMPT.top, title="Tank")) == "new prompt"


def test_the_breakdown_sums_each_kind_costliest_first() -> None:
    kinds = breakdown([("cursor move", 40), ("new prompt", 600), ("cursor move", 60)])
    assert list(kinds) == ["new prompt", "cursor move"]
    assert kinds["cursor move"] == {"changes": 2, "bytes": 100, "per_change": 50.0,
                                    "share": 14.3}
    assert summary(kinds, most=1) == "new prompt 1 x 600 (86 %)"
