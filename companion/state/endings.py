"""A play ended before the rules ended it: abandoned, or finished early.

The journal keeps such a play as finished, with the tally as it stood, and says how it ended
in its result (`ENDING_KEY`): an abandoned play names no winner, so that whatever reads plays
(the log, the exports, the scoreboard) never counts it as a win; a play finished early names
the winners of its tally then. A play of an older journal has no such key: the rules ended
it. The result is written in one transaction, as every move is, so a power cut leaves the
play either as it was or ended, never half.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

#: The result's key saying how a play ended, when not by the rules.
ENDING_KEY = "ending"
Ending = Literal["abandoned", "finished-early"]
ABANDONED: Ending = "abandoned"
FINISHED_EARLY: Ending = "finished-early"
ENDINGS: tuple[Ending, ...] = (ABANDONED, FINISHED_EARLY)


def ending_of(result: Mapping[str, Any] | None) -> Ending | None:
    """How a play with this result ended before its rules ended it; None: it did not."""
    found = (result or {}).get(ENDING_KEY)
    return found if found in ENDINGS else None


def ended_result(tally: Mapping[str, Any], how: Ending) -> dict[str, Any]:
    """The result kept for a play ended `how`, from the rules' tally as it stands: the same
    players and points; an abandoned play has no winner."""
    result = {**tally, ENDING_KEY: how}
    if how == ABANDONED:
        result["winners"] = []
    return result
