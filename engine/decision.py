"""Who won and by which rule: the best total, then the game's tie-breaks in order.

Every game that breaks ties asks `decide` rather than writing the loop again, and the table
shows the rule that settled a tie from the same answer (`TallyResult.deciding`).

>>> decide(["Ana", "Ben", "Cléo"], [90, 90, 70], [("tickets", [3, 5, 9])])
Decision(winners=('Ben',), deciding='tickets')
>>> decide(["Ana", "Ben"], [90, 90], [("tickets", [4, 4])])
Decision(winners=('Ana', 'Ben'), deciding=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Decision:
    """The winners, and the tie-break that first separated players tied on the best total;
    None when the totals alone decided, or when no tie-break separated them (they share)."""

    winners: tuple[str, ...]
    deciding: str | None = None


def decide(names: Sequence[str], totals: Sequence[int],
           tiebreaks: Sequence[tuple[str, Sequence[int]]] = ()) -> Decision:
    """The highest total wins; players tied on it are compared by each tie-break in order
    (its value per seat: the higher wins); players still tied share the win."""
    if not names:
        return Decision(())
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    deciding: str | None = None
    for rule, values in tiebreaks:
        if len(tied) < 2:
            break
        top = max(values[seat] for seat in tied)
        kept = [seat for seat in tied if values[seat] == top]
        if len(kept) < len(tied) and deciding is None:
            deciding = rule
        tied = kept
    return Decision(tuple(names[seat] for seat in tied), deciding)
