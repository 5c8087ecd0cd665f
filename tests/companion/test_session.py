"""A session's state always equals a straight replay of its journal."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.state.journal import Journal, JournalError
from companion.state.replay import (
    SAME_AS_START,
    compact_snapshot,
    expand_snapshot,
    initial_state,
)
from companion.table.session import SNAPSHOT_EVERY, GameSession
from engine.codec import from_jsonable, to_jsonable
from engine.errors import IllegalEvent
from engine.games.freight_train import RULES, Settings
from engine.games.freight_train.events import BringLocomotive, Rearrange
from engine.games.freight_train.state import Phase
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(path: Path) -> Iterator[Journal]:
    opened = Journal(path)
    yield opened
    opened.close()


def reopen(session: GameSession[Any, Any], path: Path) -> GameSession[Any, Any]:
    """The session as a restarted companion would find it."""
    session.journal.close()
    journal = Journal(path)
    play = journal.play(session.play.id)
    assert play is not None
    return GameSession.resume(journal, play, snapshot_every=session.snapshot_every)


@pytest.mark.parametrize(("seed", "players", "every"),
                         [(0, 2, 7), (1, 3, SNAPSHOT_EVERY), (2, 4, 11), (3, 5, 3), (4, 3, 50)])
def test_submit_undo_and_resume_match_a_straight_replay(path: Path, seed: int, players: int,
                                                        every: int) -> None:
    names = NAMES[:players]
    first = seed % players
    start = RULES.new_game(names, first=first)
    playout = play_random(RULES, start, seed=seed)
    rng = random.Random(seed)
    session: GameSession[Any, Any] = GameSession.start(
        Journal(path), RULES, names, {"first": first}, snapshot_every=every)
    assert session.state == start
    done = 0
    while done < len(playout.events):
        roll = rng.random()
        if roll < 0.08 and done:
            undone = session.undo()
            assert undone == playout.events[done - 1]
            done -= 1
        elif roll < 0.12:
            session = reopen(session, path)
        else:
            session.submit(playout.events[done])
            done += 1
        assert session.event_count == done
        assert session.state == RULES.replay(start, playout.events[:done])
    assert session.state == playout.final
    assert session.finished
    assert session.play.result == RULES.result(playout.final).to_json()
    assert session.journal.events(session.play.id) == [e.to_json() for e in playout.events]
    resumed = reopen(session, path)
    assert resumed.state == playout.final and resumed.finished
    resumed.journal.close()


def test_an_illegal_event_writes_nothing(journal: Journal) -> None:
    session = GameSession.start(journal, RULES, NAMES[:3])
    with pytest.raises(IllegalEvent, match="Deal the cards"):
        session.submit(BringLocomotive())
    assert session.event_count == 0 and journal.event_count(session.play.id) == 0
    playout = play_random(RULES, session.state, seed=5)
    session.submit(playout.events[0])
    before = session.state
    with pytest.raises(IllegalEvent):
        session.submit(playout.events[0])  # the day has already started
    assert session.state is before
    assert journal.event_count(session.play.id) == 1


def test_a_table_the_rules_refuse_starts_no_play(journal: Journal) -> None:
    with pytest.raises(IllegalEvent, match="2 to 5 players"):
        GameSession.start(journal, RULES, ["Solo"])
    assert journal.plays() == []


def test_finished_plays_get_their_result_and_undo_reopens_them(journal: Journal) -> None:
    session = GameSession.start(journal, RULES, NAMES[:2], started="2024-05-01T20:00:00+02:00")
    playout = play_random(RULES, session.state, seed=9)
    for event in playout.events:
        assert not session.finished
        session.submit(event)
    result = RULES.result(playout.final).to_json()
    assert session.finished and session.play.result == result
    assert journal.plays(finished=True) == [session.play]
    assert journal.unfinished() is None

    last = session.undo()
    assert last == playout.events[-1]
    assert not session.finished and session.play.result is None
    assert journal.unfinished() == session.play
    assert not RULES.is_over(session.state)

    session.submit(last)
    assert session.finished and session.play.result == result


def test_resume_finishes_a_play_cut_off_before_its_finish(journal: Journal) -> None:
    session = GameSession.start(journal, RULES, NAMES[:3])
    playout = play_random(RULES, session.state, seed=4)
    for event in playout.events[:-1]:
        session.submit(event)
    # The power went after the last event's commit, before the play was marked finished.
    journal.append(session.play.id, playout.events[-1].to_json())
    cut_off = journal.unfinished()
    assert cut_off is not None
    resumed = GameSession.resume(journal, cut_off)
    assert resumed.finished
    assert resumed.play.result == RULES.result(playout.final).to_json()


def test_undo_with_nothing_to_undo(journal: Journal) -> None:
    session = GameSession.start(journal, RULES, NAMES[:2])
    assert session.undo() is None
    assert session.event_count == 0


def long_play(events: int, seed: int = 0) -> list[Any]:
    """A 5-player game kept going with passes (a Rearrange to the same yard is always legal)."""
    state = RULES.new_game(NAMES)
    rng = random.Random(seed)
    played = []
    for index in range(events):
        if index < 60 or state.phase is Phase.DEAL:
            event = RULES.random_event(state, rng)
        else:
            event = Rearrange(state.player().yard)
        state = RULES.apply(state, event)
        played.append(event)
    assert not RULES.is_over(state)
    return played


def test_resume_replays_fewer_events_than_the_snapshot_interval(path: Path) -> None:
    events = long_play(1_000 + SNAPSHOT_EVERY - 1)
    with Journal(path, durable=False) as journal:
        session = GameSession.start(journal, RULES, NAMES)
        for event in events:
            session.submit(event)
        final = session.state
        play = session.play
    applied = 0

    def counting_apply(state: Any, event: Any) -> Any:
        nonlocal applied
        applied += 1
        return RULES.apply(state, event)

    with Journal(path) as journal:
        resumed = GameSession.resume(journal, play, rules=replace(RULES, apply=counting_apply))
        assert resumed.state == final and resumed.event_count == len(events)
        assert applied == SNAPSHOT_EVERY - 1


def test_a_snapshot_this_version_cannot_read_is_replayed_around(path: Path) -> None:
    with Journal(path) as journal:
        session = GameSession.start(journal, RULES, NAMES[:3], snapshot_every=5)
        playout = play_random(RULES, session.state, seed=2)
        for event in playout.events[:23]:
            session.submit(event)
        expected, play = session.state, session.play
    for damage in ('{"settings": 3}', "{not json"):
        db = sqlite3.connect(path)
        db.execute("UPDATE snapshots SET state = ?", (damage,))
        db.commit()
        db.close()
        with Journal(path) as journal:
            assert GameSession.resume(journal, play).state == expected


def test_options_are_kept_in_their_json_form(path: Path) -> None:
    settings = Settings(tokens_below_zero=True, mixed_train_scores=False)
    with Journal(path) as journal:
        session = GameSession.start(journal, RULES, NAMES[:4],
                                    {"settings": settings, "first": 2}, key="demo:ft:1")
        assert session.play.setup == {
            "players": list(NAMES[:4]),
            "options": {"settings": to_jsonable(settings), "first": 2},
        }
        assert session.play.options["settings"]["tokens_below_zero"] is True
        assert session.state.settings == settings and session.state.current == 2
    with Journal(path) as journal:
        play = journal.unfinished(key="demo:ft:1")
        assert play is not None
        assert GameSession.resume(journal, play).state == session.state


def test_a_play_of_an_unknown_game_cannot_be_resumed(journal: Journal) -> None:
    play = journal.start_play("chess", {"players": ["A", "B"], "options": {}})
    with pytest.raises(JournalError, match="does not know: chess"):
        GameSession.resume(journal, play)


def test_a_play_that_no_longer_replays_is_reported(journal: Journal) -> None:
    play = journal.start_play("freight-train", {"players": ["A", "B"], "options": {}})
    journal.append(play.id, {"kind": "teleport"})
    with pytest.raises(JournalError, match="cannot be replayed: unknown event kind"):
        GameSession.resume(journal, play)


def test_draft_and_history(journal: Journal) -> None:
    session = GameSession.start(journal, RULES, NAMES[:2])
    playout = play_random(RULES, session.state, seed=1)
    assert session.draft is None
    session.draft = {"mode": "main", "picks": [{"uid": "04a1"}]}
    assert session.draft == {"mode": "main", "picks": [{"uid": "04a1"}]}
    assert journal.draft(session.play.id) == session.draft
    session.save_draft({"mode": "main", "picks": [{"uid": "04a1"}]})  # unchanged: no write
    session.submit(playout.events[0])
    session.submit(playout.events[1], uids=("04a1", "04b2", "04c3"))
    assert session.draft is None  # the accepted move consumed it
    assert session.history() == [(playout.events[0], ()),
                                 (playout.events[1], ("04a1", "04b2", "04c3"))]
    session.draft = {"mode": "yard"}
    session.undo()
    assert session.draft is None
    assert session.history() == [(playout.events[0], ())]


@pytest.mark.parametrize("game", ["freight-train", "whistle-stop", "game-of-trains",
                                  "off-the-rails", "ticket-to-ride"])
def test_snapshots_leave_out_what_the_setup_made_and_resume_to_the_same_state(
        path: Path, game: str) -> None:
    from engine.registry import GAMES

    rules = GAMES[game]
    with Journal(path) as journal:
        session = GameSession.start(journal, rules, NAMES[:3], snapshot_every=7)
        playout = play_random(rules, session.state, seed=4)
        for event in playout.events[:45]:
            session.submit(event)
        expected, play, count = session.state, session.play, session.event_count
        latest = journal.latest_snapshot(play.id)
    assert latest is not None and latest[0] == count - count % 7
    stored = latest[1]
    with Journal(path) as journal:
        resumed = GameSession.resume(journal, play)
        assert resumed.state == expected
        # Resuming from the snapshot itself, with no event after it, gives its state.
        state, seq = rebuild_at(journal, rules, play, latest[0])
    assert seq == latest[0]
    full = to_jsonable(state)
    assert compact_snapshot(to_jsonable(initial_state(rules, play.setup)), full) == stored
    assert len(json.dumps(stored)) <= len(json.dumps(full))


def rebuild_at(journal: Journal, rules: Any, play: Any, seq: int) -> tuple[Any, int]:
    """The state at the snapshot of `seq`: the events after it are left out."""
    snapshot = journal.latest_snapshot(play.id, at_most=seq)
    assert snapshot is not None
    data = expand_snapshot(lambda: to_jsonable(initial_state(rules, play.setup)), snapshot[1])
    return from_jsonable(rules.state_type, data), snapshot[0]


def test_a_ticket_to_ride_snapshot_does_not_carry_its_map(path: Path) -> None:
    from engine.registry import GAMES

    rules = GAMES["ticket-to-ride"]
    with Journal(path) as journal:
        session = GameSession.start(journal, rules, NAMES[:4], snapshot_every=10)
        for event in play_random(rules, session.state, seed=1).events[:10]:
            session.submit(event)
        snapshot = journal.latest_snapshot(session.play.id)
        full = to_jsonable(session.state)
    assert snapshot is not None and "board" in snapshot[1][SAME_AS_START]
    assert "board" not in snapshot[1]
    assert len(json.dumps(snapshot[1])) * 5 < len(json.dumps(full))


def test_compact_and_expand_are_inverse() -> None:
    start = {"a": 1, "b": [1, 2], "c": {"x": 1}}
    state = {"a": 1, "b": [1, 3], "c": {"x": 1}, "d": 4}
    stored = compact_snapshot(start, state)
    assert stored == {"b": [1, 3], "d": 4, SAME_AS_START: ["a", "c"]}
    assert expand_snapshot(lambda: start, stored) == state
    assert compact_snapshot(start, {"b": 2}) == {"b": 2}  # nothing in common: stored whole
    assert expand_snapshot(lambda: 1 / 0, {"b": 2}) == {"b": 2}  # start not needed


def test_a_deferred_snapshot_of_an_undone_move_is_not_written(journal: Journal) -> None:
    session = GameSession.start(journal, RULES, NAMES[:3], snapshot_every=1)
    session.defer_snapshots = True
    playout = play_random(RULES, session.state, seed=3)
    session.submit(playout.events[0])
    session.submit(playout.events[1])
    assert journal.latest_snapshot(session.play.id) is None  # waiting for settle
    session.settle()
    assert journal.latest_snapshot(session.play.id) == (2, compact_snapshot(
        to_jsonable(initial_state(RULES, session.play.setup)), to_jsonable(session.state)))
    session.submit(playout.events[2])
    session.undo()
    session.settle()
    latest = journal.latest_snapshot(session.play.id)
    assert latest is not None and latest[0] == 2
