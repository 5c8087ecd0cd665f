"""Each player's score over a play, where the game has a score that moves during it: Freight Train
at the end of each of its days, Ticket to Ride after each claim.

Running scores leave out what the rules keep hidden or settle only at the game's end (each
game's record's `settled_at_the_end`: a player's tickets, or gems, are secret until then), so a
page showing a game in progress tells nobody more than the board does. A finished play's last
point is its result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games import TABLE_GAMES
from companion.i18n.translate import N_
from companion.state.journal import Journal, PlayRecord
from companion.state.replay import initial_state, replaying, rules_for
from engine.events import Event
from engine.game import GameRules

START = N_("Start")
DAY = N_("Day {day}")
END = N_("End")
#: A point of the chart by move: its move number.
MOVE = N_("Move {number}")


@dataclass
class Progress:
    """The players' scores at a few points of the play: `labels[i]` says which (a message
    and its values), `scores[name][i]` is that player's score there."""

    players: list[str]
    labels: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    scores: dict[str, list[int]] = field(default_factory=dict)

    def add(self, label: tuple[str, dict[str, Any]], totals: list[int]) -> None:
        self.labels.append(label)
        for name, total in zip(self.players, totals):
            self.scores.setdefault(name, []).append(total)


def public_points(rules: GameRules[Any, Any], game: str, state: Any) -> list[int] | None:
    """Each seat's running score less what is settled at the end; None when the game has
    no running score at this point."""
    try:
        result = rules.result(state)
    except (ValueError, TypeError):
        return None
    record = TABLE_GAMES.get(game)
    hidden = record.settled_at_the_end if record is not None else frozenset()
    return [sum(points for key, points in player.breakdown.items() if key not in hidden)
            for player in result.players]


def _by_day(before: Any, after: Any, event: Event) -> tuple[str, dict[str, Any]] | None:
    day = getattr(before, "day", None)
    if isinstance(day, int) and day > 0 and getattr(after, "day", None) != day:
        return DAY, {"day": day}
    return None


def _by_claim(before: Any, after: Any, event: Event) -> tuple[str, dict[str, Any]] | None:
    return (MOVE, {}) if event.kind == "claim-route" else None


#: The label of the point an event makes on a chart (the scores read after it), or None; by
#: the step a game's record charts its score at (`charted_by`).
Sampler = Callable[[Any, Any, Event], tuple[str, dict[str, Any]] | None]
SAMPLERS: dict[str, Sampler] = {
    # A day is scored by the move that ends it (the state after it is of the next day).
    "day": _by_day,
    # The score track moves when a route is claimed.
    "claim": _by_claim,
}


def progress(journal: Journal, play: PlayRecord) -> Progress | None:
    """The play's score over the game, or None when its game has none to chart."""
    record = TABLE_GAMES.get(play.game)
    if record is None or record.charted_by is None:
        return None
    rules = rules_for(play)
    sampler = SAMPLERS[record.charted_by]
    chart = Progress(list(play.players))
    with replaying(play):
        state = initial_state(rules, play.setup)
        chart.add((START, {}), public_points(rules, play.game, state) or [0] * len(play.players))
        for number, data in enumerate(journal.events(play.id), start=1):
            event = rules.events.from_json(data)
            after = rules.apply(state, event)
            label = sampler(state, after, event)
            if label is not None:
                points = public_points(rules, play.game, after)
                if points is not None:
                    message, values = label
                    chart.add((message, values or {"number": number}), points)
            state = after
    if play.finished is not None and play.result:
        chart.add((END, {}), [int(row.get("total", 0)) for row in play.result["players"]])
    return chart if len(chart.labels) > 1 else None
