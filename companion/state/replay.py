"""A play's state from the journal: its latest snapshot plus the events after it.

Snapshots leave out the parts of the state still as the setup made them (a map, a box of
cards): `compact_snapshot` writes them that way and `expand_snapshot` puts them back.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from companion.state.journal import Journal, JournalError, PlayRecord
from engine.codec import from_jsonable, to_jsonable
from engine.errors import N_
from engine.events import Event
from engine.game import GameRules
from engine.registry import GAMES

S = TypeVar("S")
E = TypeVar("E", bound=Event)

def rules_for(play: PlayRecord) -> GameRules[Any, Any]:
    """The rules of the play's game, or a JournalError when this companion lacks them."""
    rules = GAMES.get(play.game)
    if rules is None:
        raise JournalError(N_("play {play} is of a game this companion does not know: {game}"),
                           play=play.id, game=play.game)
    return rules


def initial_state(rules: GameRules[S, E], setup: dict[str, Any]) -> S:
    """The state before any event, from the setup as journalled (its JSON form)."""
    return rules.new_game(tuple(setup["players"]), **setup.get("options", {}))


#: In a snapshot, the names of the state's fields that are as the setup made them (a map, a
#: box of cards): left out of the row and taken from the initial state when it is read.
SAME_AS_START = "~start"


def compact_snapshot(start: Any, state: Any) -> Any:
    """The state's JSON form less the fields equal to the initial state's (named instead)."""
    if not isinstance(state, dict) or not isinstance(start, dict):
        return state
    same = [name for name, value in state.items() if name in start and start[name] == value]
    if not same:
        return state
    compact = {**{name: value for name, value in state.items() if name not in same},
               SAME_AS_START: same}
    # Naming small fields can take more room than they do: keep the shorter form.
    return compact if len(json.dumps(compact)) < len(json.dumps(state)) else state


def expand_snapshot(start: Any, snapshot: Any) -> Any:
    """A snapshot's full JSON form, its left-out fields taken from `start` (a callable
    giving the initial state's JSON form, called only when a field was left out)."""
    if not isinstance(snapshot, dict) or SAME_AS_START not in snapshot:
        return snapshot
    initial = start()
    same = snapshot[SAME_AS_START]
    full = {name: initial[name] for name in same}
    full.update((name, value) for name, value in snapshot.items() if name != SAME_AS_START)
    return full


def rebuild(journal: Journal, rules: GameRules[S, E], play: PlayRecord,
            until: int | None = None) -> tuple[S, int]:
    """The play's current state and event count: the latest snapshot plus the events after it;
    with `until`, the state after that many events (or fewer, when the play has fewer).

    Reads only, in one read transaction, so it is safe beside a running companion.
    """
    with journal.consistent():
        state: S | None = None
        seq = 0
        try:
            snapshot = journal.latest_snapshot(play.id, until)
            if snapshot is not None:
                data = expand_snapshot(
                    lambda: to_jsonable(initial_state(rules, play.setup)), snapshot[1])
                state = from_jsonable(rules.state_type, data)
                seq = snapshot[0]
        except (ValueError, TypeError, KeyError, JournalError):
            # A snapshot this version cannot read (the state's form changed, or the row is
            # damaged): the events are the record, so replay them all instead.
            state, seq = None, 0
        events = journal.events(play.id, after=seq)
    if until is not None:
        events = events[:max(0, until - seq)]
    with replaying(play):
        if state is None:
            state = initial_state(rules, play.setup)
        for data in events:
            state = rules.apply(state, rules.events.from_json(data))
    return state, seq + len(events)


@contextmanager
def replaying(play: PlayRecord) -> Iterator[None]:
    """Events of `play` read and applied inside: one the rules refuse is a JournalError."""
    try:
        yield
    except (ValueError, TypeError, KeyError) as error:
        raise JournalError(N_("play {play} cannot be replayed: {reason}"),
                           play=play.id, reason=str(error)) from error
