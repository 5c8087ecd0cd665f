"""The flow kit: lists, pages, guards and the UI state kept in the draft."""

from __future__ import annotations

import ast
import importlib
import string
import subprocess
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

import companion.flows
from companion.flows.inputs import BUTTONS, from_driver
from companion.flows.kit import (
    VERSION_KEY,
    chosen,
    leafed,
    other_game,
    turned,
    ui_draft,
    ui_from_draft,
    ui_version,
)
from companion.games.cards import Card
from companion.games.freight_train.flow import FreightTrainFlow
from companion.games.game_of_trains.flow import GameOfTrainsFlow
from companion.games.off_the_rails.flow import OffTheRailsFlow
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.whistle_stop.flow import WhistleStopFlow
from companion.games.whistle_stop.ui import Mode, WhistleStopUI
from drivers.events import ButtonHeld, ButtonPressed


class Step(Enum):
    FIRST = "first"
    SECOND = "second"


@dataclass(frozen=True)
class Entry:
    step: Step = Step.FIRST
    choice: int = 0
    picks: tuple[str, ...] = ()


@dataclass(frozen=True)
class LaterEntry:
    """The same entry as a later version has it: one more field."""

    step: Step = Step.FIRST
    choice: int = 0
    picks: tuple[str, ...] = ()
    page: int = 0


def test_a_ui_state_comes_back_from_its_draft() -> None:
    entry = Entry(Step.SECOND, 3, ("red", "blue"))
    draft = ui_draft(entry)
    assert draft["step"] == "second" and draft[VERSION_KEY] == ui_version(Entry)
    assert ui_from_draft(Entry, draft) == entry


def test_a_draft_of_another_version_is_dropped() -> None:
    assert ui_version(Entry) != ui_version(LaterEntry)
    assert ui_from_draft(LaterEntry, ui_draft(Entry(choice=2))) is None
    assert ui_from_draft(Entry, {"step": "second", "choice": 2}) is None  # no version at all


@pytest.mark.parametrize("damage", [{"choice": "two"}, {"step": "third"}, {"picks": [1]},
                                    {"picks": "red"}])
def test_a_draft_that_does_not_fit_is_dropped_whole(damage: dict[str, object]) -> None:
    draft = {**ui_draft(Entry(Step.SECOND, 1, ("red",))), **damage}
    assert ui_from_draft(Entry, draft) is None


def test_a_flow_restores_its_own_draft_and_drops_another_versions() -> None:
    flow = WhistleStopFlow("en")
    flow.ui = WhistleStopUI(mode=Mode.TOKENS, step=1, coal=2, whistles=1, setup_seen=True)
    again = WhistleStopFlow("en")
    again.restore(flow.draft())
    assert again.ui == flow.ui
    older = WhistleStopFlow("en")
    older.restore({**flow.draft(), VERSION_KEY: "0"})
    assert older.ui == WhistleStopUI()
    # A draft of this version with numbers the screens cannot show is not half-read either.
    odd = WhistleStopFlow("en")
    odd.restore({**flow.draft(), "coal": 10_000})
    assert odd.ui == WhistleStopUI()


def test_a_list_chooser_moves_wraps_and_takes() -> None:
    options = ["a", "b", "c"]
    assert chosen(0, "up", options) == (2, None)
    assert chosen(2, "down", options) == (0, None)
    assert chosen(1, "ok", options) == (1, "b")
    assert chosen(7, "ok", options) == (2, "c")  # the list shrank under the highlight
    assert chosen(1, "back", options) == (1, None)
    assert chosen(4, "ok", []) == (0, None)


def test_pages_leaf_and_turn() -> None:
    assert [leafed(0, button, 3) for button in BUTTONS] == [2, 1, 1, 0]
    assert leafed(2, "ok", 3) is None
    assert [turned(1, button, 3) for button in BUTTONS] == [0, 2, 2, 1]
    assert turned(2, "ok", 3) == 0


def test_a_card_of_another_game_is_refused() -> None:
    assert other_game(Card("whistle-stop", "share", "B&O-1"), "whistle-stop", "no") is None
    refusal = other_game(Card("freight-train", "wagon", "coal"), "whistle-stop", "Not ours")
    assert refusal is not None and refusal.refusal == "Not ours" and refusal.event is None


def test_only_the_four_buttons_become_presses() -> None:
    assert from_driver(ButtonPressed("push")) == from_driver(ButtonPressed("ok"))
    assert from_driver(ButtonPressed("menu")) == []
    assert from_driver(ButtonHeld("menu")) == []


def test_the_table_flows_leave_the_automated_players_out() -> None:
    """What runs at the table loads no automated player: those are for the demo and tests."""
    flows = ("freight_train", "game_of_trains", "off_the_rails", "ticket_to_ride",
             "whistle_stop")
    code = ("import sys\n"
            + "".join(f"import companion.games.{name}.flow\n" for name in flows)
            + "import companion.table.build\n"
            + "print(sorted(n for n in sys.modules if n.startswith('companion.games.autopilot')"
            + " or n.endswith('.autopilot')))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert shown.stdout.strip() == "[]"
    for name in flows:
        module = importlib.import_module(f"companion.games.{name}.flow")
        flow = next(value for key, value in vars(module).items()
                    if key.endswith("Flow") and isinstance(value, type))
        assert not hasattr(flow, "next_input"), name
        assert importlib.import_module(f"companion.games.{name}.autopilot").enter


FLOWS = [FreightTrainFlow, GameOfTrainsFlow, OffTheRailsFlow, TicketToRideFlow, WhistleStopFlow]


@pytest.mark.parametrize("flow_type", FLOWS, ids=lambda flow: flow.game)
def test_every_flow_keeps_its_draft_by_version(flow_type: Any) -> None:
    fresh = flow_type("en").draft()
    assert fresh[VERSION_KEY]
    moved_on = {**fresh, "choice": 3, "page": 1}
    again = flow_type("en")
    again.restore(moved_on)
    assert again.draft() == moved_on
    for stale in ({**moved_on, VERSION_KEY: "0"}, {**moved_on, "page": "one"},
                  {key: value for key, value in moved_on.items() if key != VERSION_KEY}):
        other = flow_type("en")
        other.restore(stale)
        assert other.draft() == fresh, stale


def test_every_message_said_is_given_exactly_its_values() -> None:
    """Each `say(MESSAGE, name=value, ...)` in the flows fills in every placeholder of its
    message and nothing else (a missing one would stop the screen at the table)."""
    root = Path(companion.flows.__file__).parent.parent
    checked = 0
    for path in sorted([*(root / "flows").rglob("*.py"), *(root / "games").rglob("*.py")]):
        parts = path.relative_to(root).with_suffix("").parts
        module = importlib.import_module(
            ".".join(("companion", *(parts[:-1] if parts[-1] == "__init__" else parts))))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "say" and node.args):
                continue
            first = node.args[0]
            messages = ([first.body, first.orelse] if isinstance(first, ast.IfExp) else [first])
            for message in messages:
                assert isinstance(message, ast.Name), f"{path.name}:{node.lineno}"
                text = getattr(module, message.id)
                wanted = {name for _, name, _, _ in string.Formatter().parse(text) if name}
                given = {keyword.arg for keyword in node.keywords}
                assert given == wanted, f"{path.name}:{node.lineno} {message.id}"
                checked += 1
    assert checked > 200
