"""The game in progress as the scoreboard shows it: whose turn, the stage, the last moves,
the running scores and the triggers announced so far.

The state comes from the engine (`session.rebuild`); only what each game's state already
holds is read here, no rule is restated.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from engine.errors import N_

from ..journal import Journal, PlayRecord
from ..session import rebuild, rules_for
from .data import short_id

#: Moves listed on the live page, newest first.
LAST_MOVES = 8


def _announced(state: Any) -> list[str]:
    """The end-of-game triggers the state shows (English messages, translated by the page)."""
    said = []
    if getattr(state, "turns_left", None) is not None:
        said.append(N_("Last round: each player has one more turn"))
    if getattr(state, "last_train_arrived", False):
        said.append(N_("The last train has arrived"))
    last_round = getattr(state, "is_last_round", None)
    if callable(last_round) and last_round() and not getattr(state, "last_train_arrived", False):
        said.append(N_("This is the last round"))
    if getattr(state, "departure_drawn", False):
        said.append(N_("The departure card has been drawn"))
    return said


def _stage(state: Any) -> dict[str, Any]:
    stage: dict[str, Any] = {}
    for name in ("day", "round", "era", "phase", "step"):
        value = getattr(state, name, None)
        if isinstance(value, Enum):
            value = value.name.lower().replace("_", " ")
        if value is not None:
            stage[name] = value
    return stage


def _turn(state: Any) -> str | None:
    players = getattr(state, "players", ())
    current = getattr(state, "current", None)
    if isinstance(current, int) and 0 <= current < len(players):
        return str(getattr(players[current], "name", "")) or None
    return None


def live(journal: Journal) -> dict[str, Any]:
    """`{"status": "idle"}`, or the play in progress (the same result form as `status`)."""
    play = journal.unfinished()
    if play is None:
        return {"status": "idle"}
    return live_play(journal, play)


def live_play(journal: Journal, play: PlayRecord) -> dict[str, Any]:
    rules = rules_for(play)
    state, count = rebuild(journal, rules, play)
    try:
        scores: dict[str, Any] | None = rules.result(state).to_json()
    except (ValueError, TypeError):  # a game with no running score before its end
        scores = None
    records = journal.records(play.id, after=max(0, count - LAST_MOVES))
    return {
        "status": "playing",
        "play_id": play.id,
        "uuid": play.uuid,
        "short_id": short_id(play.uuid),
        "game": play.game,
        "players": list(play.players),
        "started": play.started,
        "event_count": count,
        "stage": _stage(state),
        "turn": _turn(state),
        "last_moves": [{"seq": record.seq, "recorded": record.recorded, "event": record.event}
                       for record in reversed(records)],
        "result": scores,
        "announced": _announced(state),
    }
