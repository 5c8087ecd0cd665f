"""The tap path does not wait for the disk: the frame first, then the half-entered move,
written without a sync and outside the journal's log, once per burst of presses when the loop
runs on its own."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.desktop.demo import PLAYER_NAMES, demo_deck, enroll_deck
from companion.flows.automaton import enter_move, physical_moves
from companion.flows.inputs import Input, Press, Tap
from companion.games import autopilot
from companion.state.journal import DRAFT_SUFFIX, Journal
from companion.table.build import Table, open_table
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
        enter_move(goal, lambda goal: autopilot.next_input(
            opened.app.flow, session.state, goal, uid_for),
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
    loop = opened.loop

    def stop_when_done() -> None:  # the loop's watchdog ping, at the top of every turn
        if loop.inputs_handled >= 20:
            stop.set()

    loop.watchdog = stop_when_done
    loop.run(opened.events, stop)  # on this thread, which owns the journal, as in the service
    assert loop.inputs_handled == 20
    assert log.count("draft") == 1  # at the first idle moment, or at the stop
    assert log.count("frame") >= 2  # the cursor did move
    assert opened.journal.draft(opened.app.session.play.id) == opened.app.flow.draft()


def test_drafts_do_not_grow_the_log_and_go_stale_with_the_next_move(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        play = journal.start_play(GAME, {"players": list(NAMES), "options": {}})
        journal.append(play.id, {"kind": "x"})
        wal = path.with_name(path.name + "-wal").stat().st_size
        for n in range(30):
            journal.set_draft(play.id, {"mode": "main", "choice": n})
        assert path.with_name(path.name + "-wal").stat().st_size == wal
        assert journal.draft(play.id) == {"mode": "main", "choice": 29}
        # The next move makes the draft stale: it was the start of that move.
        journal.append(play.id, {"kind": "y"})
        assert journal.draft(play.id) is None
        journal.set_draft(play.id, {"mode": "yard"})
        other = journal.start_play(GAME, {"players": list(NAMES), "options": {}})
        assert journal.draft(other.id) is None
    with Journal(path) as again:
        assert again.draft(play.id) == {"mode": "yard"}
        again.pop(play.id)  # undone: the draft belonged to the move after it
        assert again.draft(play.id) is None


@pytest.mark.parametrize("damage", [b"", b"\x00" * 40, b'{"play": 1, "eve', b"[1, 2]",
                                    b'{"play": 1, "events": 0, "draft": 7}'])
def test_a_torn_or_strange_draft_file_reads_as_no_draft(tmp_path: Path, damage: bytes) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        play = journal.start_play(GAME, {"players": list(NAMES), "options": {}})
        journal.set_draft(play.id, {"mode": "main"})
    path.with_name(path.name + DRAFT_SUFFIX).write_bytes(damage)
    with Journal(path) as journal:
        assert journal.draft(play.id) is None
        journal.set_draft(play.id, {"mode": "yard", "picks": []})
        assert journal.draft(play.id) == {"mode": "yard", "picks": []}


def test_a_draft_an_earlier_version_kept_in_the_journal_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        play = journal.start_play(GAME, {"players": list(NAMES), "options": {}})
    db = sqlite3.connect(path)
    db.execute("INSERT INTO drafts (play_id, draft) VALUES (?, ?)", (play.id, '{"mode":"old"}'))
    db.commit()
    db.close()
    with Journal(path) as journal:
        assert journal.draft(play.id) == {"mode": "old"}
        journal.set_draft(play.id, None)  # the file now speaks for this move
        assert journal.draft(play.id) is None


def test_a_due_snapshot_waits_for_the_frame_at_the_table(
        table: tuple[Table, list[str]]) -> None:
    opened, log = table
    session = opened.app.session
    assert session.defer_snapshots
    session.snapshot_every = 1
    snapshots: list[int] = []
    write = opened.journal.snapshot

    def logged(play_id: int, seq: int, state: Any) -> None:
        log.append("snapshot")
        snapshots.append(seq)
        write(play_id, seq, state)

    opened.journal.snapshot = logged  # type: ignore[method-assign]
    deck = demo_deck(GAME)

    def uid_for(kind: str, value: str) -> str:
        return deck.pick(kind, value, opened.app.flow.in_play())

    def send(item: Input) -> None:
        for event in driver_events(item):
            del log[:]
            opened.loop.step(event)
            if "snapshot" in log and "frame" in log:
                assert log.index("frame") < log.index("snapshot")

    for goal in physical_moves(GAMES[GAME], NAMES, 2)[:3]:
        enter_move(goal, lambda goal: autopilot.next_input(
            opened.app.flow, session.state, goal, uid_for),
                   send, lambda: session.event_count)
    assert snapshots == [1, 2, 3]
    latest = opened.journal.latest_snapshot(session.play.id)
    assert latest is not None and latest[0] == 3


def test_a_move_is_synced_after_its_frame_at_the_table(
        table: tuple[Table, list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    opened, log = table
    journal, session = opened.journal, opened.app.session
    assert journal.syncs_deferred
    synced: list[int] = []
    sync = journal.sync

    def logged(checkpoint: bool = False) -> None:
        if journal.wal.unsynced or checkpoint:
            log.append("sync")
        sync(checkpoint)
        assert not journal.wal.unsynced
        synced.append(session.event_count)

    monkeypatch.setattr(journal, "sync", logged)
    deck = demo_deck(GAME)

    def uid_for(kind: str, value: str) -> str:
        return deck.pick(kind, value, opened.app.flow.in_play())

    moves_synced = 0

    def send(item: Input) -> None:
        nonlocal moves_synced
        for event in driver_events(item):
            del log[:]
            before = session.event_count
            opened.loop.step(event)
            if session.event_count != before:  # a move was committed by this event
                assert log.index("frame") < log.index("sync"), item
                moves_synced += 1
            else:
                assert "sync" not in log  # a press that completes no move syncs nothing

    for goal in physical_moves(GAMES[GAME], NAMES, 3)[:8]:
        enter_move(goal, lambda goal: autopilot.next_input(
            opened.app.flow, session.state, goal, uid_for),
                   send, lambda: session.event_count)
    assert moves_synced == session.event_count > 0


def test_what_the_table_keeps_is_set_aside_from_the_collector_while_it_is_open(
        tmp_path: Path) -> None:
    import gc

    opened = open_table(state_dir=tmp_path, game=GAME, players=NAMES, language="en")
    try:
        # The map, fonts and game so far are never gone over by a collection during a tap.
        assert gc.get_freeze_count() > 0
        assert gc.is_tracked(opened.app.session) and opened.app.session not in gc.get_objects()
    finally:
        opened.close()
    assert gc.get_freeze_count() == 0
