"""How much the board keeps (`companion web --mqtt URL --max-tables N --max-plays N`).

Anyone on a club's network can publish to an anonymous broker: without a bound, a few
thousand made-up tables would fill the board's memory and slow every page. Past either bound
the table heard from least recently, or the play received least recently, is let go first;
a real table's next message brings it back. Standard library only: the command line reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Tables of a large club evening, with room to spare.
MAX_TABLES = 50
#: Plays of all tables together: thirty tables of five plays each, twice over.
MAX_PLAYS = 300
#: The largest bound taken for either.
MAX_KEPT = 10_000


@dataclass(frozen=True)
class BoardLimits:
    """At most `tables` tables and `plays` plays (all tables together) are kept."""

    tables: int = MAX_TABLES
    plays: int = MAX_PLAYS
