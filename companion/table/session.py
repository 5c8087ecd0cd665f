"""One play at the table: the engine state, kept in step with the journal.

An event is checked by the rules first, then committed to the journal, and only then does the
state in memory (and so the screen) move on. Every `SNAPSHOT_EVERY` events the state is kept
too, less the parts still as the setup made them (a map, a box of cards), so resuming after
a power cut replays at most that many events.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from companion.lib.views import ReadOnly
from companion.state.endings import Ending, ended_result
from companion.state.journal import Journal, JournalError, PlayRecord
from companion.state.replay import E, S, compact_snapshot, initial_state, rebuild, rules_for
from engine.codec import to_jsonable
from engine.errors import N_
from engine.game import GameRules

if TYPE_CHECKING:
    from companion.publish.outbox import Outbox
    from companion.state.outbox_store import OutboxBuilder

log = logging.getLogger(__name__)

#: Stands for a draft that this GameSession has not read or written yet.
_UNKNOWN = object()

#: Events between snapshots. Resuming decodes one snapshot and replays fewer than this many
#: events (about 3 ms on a desktop, so well under 100 ms on a Pi); a snapshot costs one more
#: synced commit, so at 50 that is 2% more commits. `bench/bench_journal.py` has the table.
SNAPSHOT_EVERY = 50


def _stage(state: Any) -> tuple[Any, Any]:
    """The day and round of a game that has them (Freight Train, Whistle Stop)."""
    return getattr(state, "day", None), getattr(state, "round", None)


@dataclass(eq=False, repr=False)
class GameSession(Generic[S, E]):
    """A play in progress (or finished), its state always equal to a replay of its journal.

    Made by `start` or `resume`; the constructor only puts the parts together. With `outbox`,
    every change also journals what to publish of it (`companion.publish.outbox`).
    """

    #: The play's journal and the game's rules: read by the table, never replaced.
    journal: Journal
    rules: GameRules[S, E]
    _play: PlayRecord
    _state: S
    _count: int
    snapshot_every: int = SNAPSHOT_EVERY
    outbox: Outbox | None = None
    # The draft last written, to skip rewriting (and syncing) one that has not changed.
    _draft_written: object = field(default=_UNKNOWN, init=False)
    _start: Any = field(default=_UNKNOWN, init=False)
    #: When set, a due snapshot waits for `settle` (the table's: after the frame).
    defer_snapshots: bool = field(default=False, init=False)
    _pending_snapshot: tuple[int, S] | None = field(default=None, init=False)
    _checkpoint_due: bool = field(default=False, init=False)

    # What the table reads, changed only by the session's own moves.
    state = ReadOnly[S]("_state")
    event_count = ReadOnly[int]("_count")
    play = ReadOnly[PlayRecord]("_play")

    def __post_init__(self) -> None:
        if self.snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")

    @classmethod
    def start(cls, journal: Journal, rules: GameRules[S, E], players: Sequence[str],
              options: dict[str, Any] | None = None, key: str | None = None, *,
              started: str | None = None, snapshot_every: int = SNAPSHOT_EVERY,
              outbox: Outbox | None = None) -> GameSession[S, E]:
        """A new play. The rules build the table first: an IllegalEvent writes nothing."""
        # The options are kept in their JSON form and the state is built from that form, so
        # a resumed play starts from exactly the same table.
        setup = {"players": list(players), "options": to_jsonable(dict(options or {}))}
        state = initial_state(rules, setup)
        build = outbox.builder(rules, state, 0, with_play=True) if outbox else None
        play = journal.start_play(rules.id, setup, key=key, started=started, outbox=build)
        log.info("game started: %s, play %s, players %s", rules.id, play.id, ", ".join(players))
        session = cls(journal, rules, play, state, 0, snapshot_every, outbox)
        session._published()
        return session

    @classmethod
    def resume(cls, journal: Journal, play: PlayRecord, *,
               rules: GameRules[Any, Any] | None = None,
               snapshot_every: int = SNAPSHOT_EVERY,
               outbox: Outbox | None = None) -> GameSession[Any, Any]:
        """The play as journalled: its latest snapshot plus the events after it."""
        rules = rules or rules_for(play)
        state, count = rebuild(journal, rules, play)
        session: GameSession[Any, Any] = cls(journal, rules, play, state, count, snapshot_every,
                                             outbox)
        if play.finished is None:
            log.info("game resumed: %s, play %s, after %d events", rules.id, play.id, count)
        if play.finished is None and rules.is_over(state):
            # The power went between the last event's commit and the play's finish.
            session._finish()
        return session

    # --- What the table does -------------------------------------------------------------------

    def submit(self, event: E, uids: Sequence[str] = ()) -> S:
        """Apply, commit, then show: the new state once the event is safely journalled.

        `uids` are the tags scanned to enter the event, journalled with it.
        """
        after = self.rules.apply(self._state, event)  # IllegalEvent: nothing is written
        # The seq is checked inside the commit: another program's move makes this one fail.
        seq = self.journal.append(self._play.id, event.to_json(), uids=uids,
                                   expected_seq=self._count + 1,
                                   outbox=self._builder(after, self._count + 1))
        self._draft_written = None  # the commit above made the draft stale
        before, self._state, self._count = self._state, after, seq
        if seq % self.snapshot_every == 0:
            self._pending_snapshot = (seq, after)
            if not self.defer_snapshots:
                self.settle()
        if self.rules.is_over(after):
            self._finish()
        else:
            self._published()
            if _stage(before) != _stage(after):
                # A day or round ended: the main file alone now holds the game so far.
                if self.journal.syncs_deferred:
                    self._checkpoint_due = True  # by `settle`, once the frame is shown
                else:
                    self.journal.checkpoint()
        return after

    def _builder(self, state: Any = None, count: int | None = None,
                 with_play: bool = False) -> OutboxBuilder | None:
        """What to publish of the change being committed; None when nothing is published."""
        if self.outbox is None:
            return None
        return self.outbox.builder(self.rules, state, count, with_play)

    def _published(self) -> None:
        """Wake the publisher: the change's items are committed."""
        if self.outbox is not None:
            self.outbox.committed()

    def settle(self) -> None:
        """Make the moves shown durable (when the journal defers its syncs), then write the
        snapshot that is due, unless its event has been undone meanwhile."""
        checkpoint, self._checkpoint_due = self._checkpoint_due, False
        self.journal.sync(checkpoint=checkpoint)
        pending, self._pending_snapshot = self._pending_snapshot, None
        if pending is None or pending[0] > self._count:
            return
        seq, state = pending
        self.journal.snapshot(self._play.id, seq,
                               compact_snapshot(self._start_json(), to_jsonable(state)))

    def _start_json(self) -> Any:
        """The initial state's JSON form, which snapshots leave out the unchanged parts of."""
        if self._start is _UNKNOWN:
            self._start = to_jsonable(initial_state(self.rules, self._play.setup))
        return self._start

    def undo(self) -> E | None:
        """Take back the last event (reopening a finished play); None when there is none."""
        # Undoing the end of a play reopens it: its message loses the result.
        data = self.journal.pop(self._play.id, expected_seq=self._count,
                                 outbox=self._builder(with_play=self.finished))
        if data is None:
            return None
        self._published()
        self._draft_written = _UNKNOWN
        reopened = self.journal.play(self._play.id)
        assert reopened is not None
        self._play = reopened
        self._state, self._count = rebuild(self.journal, self.rules, self._play)
        try:
            return self.rules.events.from_json(data)
        except ValueError as error:
            raise JournalError(N_("play {play} cannot be replayed: {reason}"),
                               play=self._play.id, reason=str(error)) from error

    def _finish(self) -> None:
        self._play = self.journal.finish(
            self._play.id, self.rules.result(self._state).to_json(),
            outbox=self._builder(self._state, self._count, with_play=True))
        self._published()
        self.journal.checkpoint()
        log.info("game finished: %s, play %s, after %d events", self.rules.id, self._play.id,
                 self._count)

    def end_early(self, how: Ending) -> PlayRecord:
        """End the play now (`how`: abandoned or finished early) with the tally as it stands,
        made durable before this returns (see `companion.state.endings`)."""
        if self.finished:
            raise JournalError(N_("play {play} is over already"), play=self._play.id)
        tally = self.rules.result(self._state).to_json()
        self._play = self.journal.finish(
            self._play.id, ended_result(tally, how),
            outbox=self._builder(self._state, self._count, with_play=True))
        self.journal.sync()  # durable now, not at the next frame: the table leaves the game
        self._published()
        self.journal.checkpoint()
        log.info("game %s: %s, play %s, after %d events", how, self.rules.id, self._play.id,
                 self._count)
        return self._play

    # --- What the table reads ------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self._play.finished is not None

    def history(self) -> list[tuple[E, tuple[str, ...]]]:
        """Every event so far with the tags scanned for it, oldest first."""
        try:
            return [(self.rules.events.from_json(record.event), record.uids)
                    for record in self.journal.records(self._play.id)]
        except ValueError as error:
            raise JournalError(N_("play {play} cannot be replayed: {reason}"),
                               play=self._play.id, reason=str(error)) from error

    @property
    def draft(self) -> dict[str, Any] | None:
        """The move being entered at the table, kept across a power cut."""
        return self.journal.draft(self._play.id)

    @draft.setter
    def draft(self, value: dict[str, Any] | None) -> None:
        self.save_draft(value)

    def save_draft(self, value: dict[str, Any] | None) -> None:
        """Keep the move being entered (None forgets it); an unchanged draft is not rewritten."""
        if value == self._draft_written:
            return
        self.journal.set_draft(self._play.id, value)
        self._draft_written = copy.deepcopy(value)
