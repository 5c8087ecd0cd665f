"""What a table publishes of its plays, built with each change and kept in the journal's outbox.

Two kinds of item, both retained by the broker so a board that starts late sees them:
`live` (the live view, `live_view`; only the latest matters) and `plays/<uuid>` (the play in
`export.json_play`'s form: its players and, once finished, its result in the tally's form). The
publisher (`publisher`) sends them.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

from companion.publish.export import json_play
from companion.publish.live_view import LAST_MOVES, live_view
from companion.state.journal import Journal, JournalError, PlayRecord
from companion.state.outbox_store import OutboxBuilder, OutboxItem
from engine.game import GameRules

log = logging.getLogger(__name__)

LIVE_TOPIC = "live"
PLAYS_TOPIC = "plays"


def play_topic(uuid: str) -> str:
    return f"{PLAYS_TOPIC}/{uuid}"


def items(journal: Journal, rules: GameRules[Any, Any], play: PlayRecord, state: Any,
          count: int | None, with_play: bool) -> list[OutboxItem]:
    """The live view of `play` at `state` (rebuilt from the journal when None) and, with
    `with_play`, the play itself first."""
    from companion.state.replay import rebuild

    if state is None or count is None:
        state, count = rebuild(journal, rules, play)
    records = journal.records(play.id, after=max(0, count - LAST_MOVES))
    found = [OutboxItem(LIVE_TOPIC, live_view(play, rules, state, count, records),
                        latest_only=True)]
    if with_play:
        found.insert(0, OutboxItem(play_topic(play.uuid), json_play(play)))
    return found


class Outbox:
    """A table's publishing: builds the items of each change and wakes whoever sends them."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def listen(self, wake: Callable[[], None]) -> None:
        """Call `wake` after each change whose items are committed."""
        with self._lock:
            self._listeners.append(wake)

    def committed(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for wake in listeners:
            wake()

    def builder(self, rules: GameRules[Any, Any], state: Any = None, count: int | None = None,
                with_play: bool = False) -> OutboxBuilder:
        """What the journal calls inside the change's transaction."""

        def build(journal: Journal, play: PlayRecord) -> list[OutboxItem]:
            try:
                return items(journal, rules, play, state, count, with_play)
            except (JournalError, sqlite3.Error):
                raise  # the journal itself failed: so does the change
            except Exception:
                # A fault in describing the play must never cost the move: it goes unpublished.
                log.exception("cannot describe play %s for publishing", play.id)
                return []

        return build
