"""The game in progress as the scoreboard shows it (see `companion.publish.live_view`)."""

from __future__ import annotations

from typing import Any

from companion.publish.live_view import LAST_MOVES, live_view
from companion.state.journal import Journal, PlayRecord
from companion.state.replay import rebuild, rules_for
from companion.web.data import short_id

__all__ = ["LAST_MOVES", "live", "live_play"]


def live(journal: Journal) -> dict[str, Any]:
    """`{"status": "idle"}`, or the play in progress (the same result form as `status`)."""
    play = journal.unfinished()
    if play is None:
        return {"status": "idle"}
    return live_play(journal, play)


def live_play(journal: Journal, play: PlayRecord) -> dict[str, Any]:
    rules = rules_for(play)
    state, count = rebuild(journal, rules, play)
    records = journal.records(play.id, after=max(0, count - LAST_MOVES))
    view = live_view(play, rules, state, count, records)
    return {**view, "short_id": short_id(play.uuid)}
