"""The game in progress as the scoreboard shows it (see `companion.publish.live_view`), its
last moves also in words (`companion.web.moves`)."""

from __future__ import annotations

from typing import Any

from companion.publish.live_view import LAST_MOVES, live_view
from companion.state.journal import Journal, PlayRecord
from companion.state.replay import rebuild, replaying, rules_for
from companion.web.data import short_id
from companion.web.moves import said_moves

__all__ = ["LAST_MOVES", "live", "live_play"]


def live(journal: Journal) -> dict[str, Any]:
    """`{"status": "idle"}`, or the play in progress (the same result form as `status`)."""
    play = journal.unfinished()
    if play is None:
        return {"status": "idle"}
    return live_play(journal, play)


def live_play(journal: Journal, play: PlayRecord) -> dict[str, Any]:
    """The live view of `play`; each of its last moves also has `said`, its words by
    language. The play is rebuilt to before those moves, then each is replayed, so every
    move is worded from the states around it."""
    rules = rules_for(play)
    with journal.consistent():
        count = journal.event_count(play.id)
        state, first = rebuild(journal, rules, play, until=max(0, count - LAST_MOVES))
        records = journal.records(play.id, after=first)
    states = [state]
    events = []
    with replaying(play):
        for record in records:
            events.append(rules.events.from_json(record.event))
            states.append(rules.apply(states[-1], events[-1]))
    view = live_view(play, rules, states[-1], first + len(records), records)
    worded = said_moves(rules, play.game, states, events)
    # live_view lists the moves newest first.
    for move, said in zip(view["last_moves"], reversed(worded)):
        move["said"] = said
    return {**view, "short_id": short_id(play.uuid)}
