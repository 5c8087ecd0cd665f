"""What the table says of a map before it is chosen: the players it seats, how far its data
was checked, and the rules it plays without because values no source gave are missing.

>>> facts = MapFacts(range(2, 6), "single-source", (("Tolls", 56),))
>>> short_facts(facts, str)
'2-5 players · 1 source'
>>> warnings(facts, str)
('One source only: check it against your box', 'Tolls off: 56 values missing')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.i18n.translate import N_

#: How far a printed board's data was checked, as the table says it: in a word, then whole.
STANDING_SHORT = {"verified": N_("verified"), "single-source": N_("1 source"),
                  "draft": N_("draft")}
STANDING_WHOLE = {"verified": N_("Verified"),
                  "single-source": N_("One source only: check it against your box"),
                  "draft": N_("A draft: check it against your box")}
#: The same on the table's small screen, where a notice has three short lines.
STANDING_ON_SCREEN = {"single-source": N_("Check it against your box: one source"),
                      "draft": N_("Check it against your box: a draft")}
#: A rule left off for want of values (its name, an English message) and how many.
MISSING = N_("{rule} off: {count} values missing")
MISSING_ON_SCREEN = N_("{rule} off: {count} missing")


@dataclass(frozen=True)
class MapFacts:
    """A map's facts: the people it seats, its data's standing ("" for a map file) and, per
    rule left off, the rule's name (an English message) and the number of missing values."""

    people: range
    standing: str = ""
    missing: tuple[tuple[str, int], ...] = ()


def players_phrase(people: range, gettext: Callable[[str], str]) -> str:
    low, high = people.start, people.stop - people.step
    if low == high:
        return gettext("{count} players").format(count=low)
    return gettext("{low}-{high} players").format(low=low, high=high)


def short_facts(facts: MapFacts, gettext: Callable[[str], str]) -> str:
    """One short line: the players and, for a printed board, its standing."""
    parts = [players_phrase(facts.people, gettext)]
    if facts.standing in STANDING_SHORT:
        parts.append(gettext(STANDING_SHORT[facts.standing]))
    return " · ".join(parts)


def warnings(facts: MapFacts, gettext: Callable[[str], str], on_screen: bool = False
             ) -> tuple[str, ...]:
    """What a table should know before playing the map: data to check, rules left off;
    `on_screen`, in the table screen's shorter words."""
    found = []
    if facts.standing in STANDING_ON_SCREEN:
        standing = STANDING_ON_SCREEN if on_screen else STANDING_WHOLE
        found.append(gettext(standing[facts.standing]))
    missing = MISSING_ON_SCREEN if on_screen else MISSING
    found += [gettext(missing).format(rule=gettext(rule), count=count)
              for rule, count in facts.missing]
    return tuple(found)
