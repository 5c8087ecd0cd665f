"""What a game lets every player see before its end, declared by the game (`shown()` in its
package's `public` module): the scoreboard's live view is filtered through it
(`companion.publish.public_facts`). Everything not declared is hidden."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.unseen import UNSEEN

#: A test on a move's JSON form: whether one of its fields is shown.
Condition = Callable[[Mapping[str, Any]], bool]


@dataclass(frozen=True)
class Shown:
    """What one game shows everyone before its end."""

    #: The score categories in plain view; the running totals count only these.
    categories: frozenset[str]
    #: Each move's kind and the fields of it that are in plain view.
    moves: Mapping[str, frozenset[str]]
    #: Fields shown only when the move's JSON form passes the test: (kind, field) -> test.
    shown_if: Mapping[tuple[str, str], Condition] = field(default_factory=dict)
    #: What the game writes for a card nobody has seen: a hidden value is written as that.
    unseen: Any = UNSEEN


def moves(**kinds: Sequence[str]) -> dict[str, frozenset[str]]:
    """Event kinds (underscores for dashes) and their public fields."""
    return {kind.rstrip("_").replace("_", "-"): frozenset(fields)
            for kind, fields in kinds.items()}


#: A game with no declaration shows no score category and no field of any move.
NOTHING = Shown(categories=frozenset(), moves={})
