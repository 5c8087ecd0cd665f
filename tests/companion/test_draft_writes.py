"""The tap path does not wait for the disk: the frame first, then the half-entered move,
written without a sync, once per burst of presses when the loop runs on its own."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.automaton import enter_move, physical_moves
from companion.demo import PLAYER_NAMES, demo_deck, enroll_deck
from companion.inputs import Input, Press, Tap
from companion.journal import Journal
from companion.table import Table, open_table
from drivers.events import ButtonPressed, ButtonReleased, TagPlaced, TagRemoved
from engine.registry import GAMES

GAME = "freight-train"
NAMES = PLAYER_NAMES[:3]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Table, list[str]]]:
    """A simulated table whose frames and draft writes are logged in order."""
    log: list[str] = []
    opened = open_table(state_dir=tmp_path, game=GAME, players=NAMES, language="en",
                        on_frame=lambda image: log.append("frame"))
    enroll_deck(opened.registry, GAME, demo_deck(GAME))
    write = opened.journal.set_draft

    def logged(play_id: int, draft: dict[str, Any] | None) -> None:
        log.append("draft")
        write(play_id, draft)

    opened.journal.set_draft = logged  # type: ignore[method-assign]
    try:
        yield opened, log
    finally:
        opened.close()


def driver_events(item: Input) -> list[Any]:
    if isinstance(item, Tap):
        return [TagPlaced("reader", item.uid), TagRemoved("reader", item.uid)]
    assert isinstance(item, Press)
    return [ButtonPressed(item.button), ButtonReleased(item.button, held=False)]


def test_each_draft_is_written_after_the_frame_it_belongs_to(
        table: tuple[Table, list[str]]) -> None:
    opened, log = table
    deck = demo_deck(GAME)
    session = opened.app.session
    busy: set[str] = set()
    drafts = 0

    def uid_for(kind: str, value: str) -> str:
        return deck.pick(kind, value, opened.app.flow.in_play() | busy)

    def send(item: Input) -> None:
        nonlocal drafts
        for event in driver_events(item):
            del log[:]
            opened.loop.step(event)
            drafts += log.count("draft")
            if "draft" in log and "frame" in log:
                assert log.index("frame") < log.index("draft"), item
        busy.clear()
        if isinstance(item, Tap):
            busy.add(item.uid)

    for goal in physical_moves(GAMES[GAME], NAMES, 1)[:6]:
        enter_move(goal, lambda goal: opened.app.flow.next_input(session.state, goal, uid_for),
                   send, lambda: session.event_count)
    assert drafts > 0
    assert opened.journal.draft(session.play.id) == opened.app.flow.draft()


def test_a_burst_of_presses_is_one_draft_write_when_the_loop_runs(
        table: tuple[Table, list[str]]) -> None:
    opened, log = table
    for _ in range(10):
        for event in driver_events(Press("down")) + driver_events(Press("up")):
            opened.events.put(event)
    del log[:]
    stop = threading.Event()
    runner = threading.Thread(target=opened.loop.run, args=(opened.events, stop))
    runner.start()
    try:
        assert opened.loop.wait_for_inputs(20, timeout=60)
    finally:
        stop.set()
        runner.join()
    assert log.count("draft") == 1  # at the first idle moment, or at the stop
    assert log.count("frame") >= 2  # the cursor did move
    assert opened.journal.draft(opened.app.session.play.id) == opened.app.flow.draft()


def test_drafts_are_written_on_a_connection_that_does_not_sync(tmp_path: Path) -> None:
    with Journal(tmp_path / "journal.sqlite3") as journal:
        play = journal.start_play(GAME, {"players": list(NAMES), "options": {}})
        journal.set_draft(play.id, {"mode": "main"})
        drafts = journal._drafts()
        assert drafts.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert journal.pragmas()["synchronous"] == 2  # moves stay FULL
        # The next move takes the draft with it, in its own (synced) transaction.
        journal.append(play.id, {"kind": "x"})
        assert journal.draft(play.id) is None
    with Journal(tmp_path / "journal.sqlite3") as again:
        assert again.draft(play.id) is None and again.event_count(play.id) == 1
