"""The game in progress as others see it (the scoreboard, an MQTT board): whose turn, the
stage, the last moves, the running scores and the triggers announced so far.

Built from a state the engine made (`state.replay.rebuild`, or the table's own session); only what
each game's state already holds is read here, no rule is restated. Until the game is over, the
scores and the moves go through `public_facts`: what the rules keep hidden stays at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from companion.publish.public_facts import public_move, public_result
from companion.state.journal import EventRecord, PlayRecord
from engine.errors import N_
from engine.game import GameRules

#: Moves listed in the live view, newest first.
LAST_MOVES = 8


def announced(state: Any) -> list[str]:
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


def stage(state: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in ("day", "round", "era", "phase", "step"):
        value = getattr(state, name, None)
        if isinstance(value, Enum):
            value = value.name.lower().replace("_", " ")
        if value is not None:
            found[name] = value
    return found


def turn(state: Any) -> str | None:
    players = getattr(state, "players", ())
    current = getattr(state, "current", None)
    if isinstance(current, int) and 0 <= current < len(players):
        return str(getattr(players[current], "name", "")) or None
    return None


def play_summary(play: PlayRecord, count: int) -> dict[str, Any]:
    """Which play, whose, since when and how far (`count` events): the head of the live view
    and of `companion tally --json`."""
    return {
        "status": "finished" if play.finished is not None else "playing",
        "play_id": play.id,
        "uuid": play.uuid,
        "game": play.game,
        "players": list(play.players),
        "started": play.started,
        "event_count": count,
    }


def live_view(play: PlayRecord, rules: GameRules[Any, Any], state: Any, count: int,
              records: Sequence[EventRecord]) -> dict[str, Any]:
    """The play at `state` after `count` events; `records` are its last moves, oldest first
    (the last LAST_MOVES are kept). Before the end, only what every player sees: the running
    scores name their `leaders`, the final result its `winners`."""
    over = play.finished is not None or rules.is_over(state)
    try:
        scores: dict[str, Any] | None = rules.result(state).to_json()
    except (ValueError, TypeError):  # a game with no running score before its end
        scores = None
    if scores is not None and not over:
        scores = public_result(play.game, scores, play.players)
    return {
        **play_summary(play, count),
        "stage": stage(state),
        "turn": turn(state),
        "last_moves": [{"seq": record.seq, "recorded": record.recorded,
                        "event": record.event if over else public_move(play.game, record.event)}
                       for record in reversed(records[-LAST_MOVES:])],
        "result": scores,
        "announced": announced(state),
    }
