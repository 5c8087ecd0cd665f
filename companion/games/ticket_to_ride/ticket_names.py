"""How the screens name a destination ticket, and what a ticket to one of several
destinations (Switzerland) scored at the end.

A ticket to one of several destinations reads as printed when it fits the lines it has:
"Bern → France 5 · Deutschland 6 · Österreich 11 · Italia 8"; else with its destinations cut
to their first letters ("Bern → Fra 5 · Deu 6 · Öst 11 · Ita 8", as few as keep them apart);
else by their count and the points they give ("Bern → 4 destinations, 5 to 11").

>>> from companion.flows.words import TableWords
>>> from engine.games.ticket_to_ride.any_of import any_of_ticket
>>> bern = any_of_ticket("Bern", (("France", 5), ("Deutschland", 6), ("Österreich", 11),
...                               ("Italia", 8)))
>>> english = TableWords("en")
>>> ticket_line(english, bern, lines=4)
'Bern → France 5 · Deutschland 6 · Österreich 11 · Italia 8'
>>> ticket_line(english, bern, lines=2)
'Bern → Fra 5 · Deu 6 · Öst 11 · Ita 8'
>>> ticket_line(english, bern, lines=1)
'Bern → 4 destinations, 5 to 11'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.flows.words import ANNOUNCE_LINE, LINE, TableWords, wrapped
from engine.errors import N_
from engine.games.ticket_to_ride.board import Ticket

if TYPE_CHECKING:
    from engine.games.ticket_to_ride.tickets import Scored

#: A ticket to one of several destinations: its origin, then its destinations (with or
#: without their points, " · " between them).
ANY_OF_TICKET = N_("{origin} → {destinations}")
#: The same named by how many destinations it has, and the least and most they give.
ANY_OF_COUNT = N_("{origin} → {count} destinations, {low} to {high}")
ANY_OF_COUNT_ONLY = N_("{origin} → {count} destinations")
#: At the end: the destination that scored, or none reached (the lowest value lost).
ANY_OF_SCORED = N_("{origin} → {destination} +{points}")
ANY_OF_NONE = N_("{origin} → none {points}")
#: A destination's name is cut to this many letters at least.
SHORTEST = 3
#: A notice's or refusal's title: three small-font lines between its marks.
TITLE_LINES = 3
TITLE_LINE = ANNOUNCE_LINE


def ticket_line(words: TableWords, ticket: Ticket, lines: int = 2) -> str:
    """A ticket with its points, in at most `lines` small-font lines when it can be: "Denver–El
    Paso 4", or one of several destinations in the longest form that fits."""
    if not ticket.any_of:
        return f"{'–'.join(ticket.places)} {ticket.points}"
    return fitting(any_of_forms(words, ticket, points=True), lines)


def place_names(words: TableWords, ticket: Ticket) -> list[str]:
    """A ticket's places without points, from the longest form to the shortest: "Denver–El
    Paso", or "Bern → France · Deutschland · Österreich · Italia" and shorter."""
    if not ticket.any_of:
        return ["–".join(ticket.places)]
    return any_of_forms(words, ticket, points=False)


def title_fitting(forms: Sequence[str]) -> str:
    """The first of `forms` whole in a notice's or refusal's title, else the last: "Put back:
    Bern → Fra · Deu · Öst · Ita"."""
    return fitting(forms, TITLE_LINES, TITLE_LINE)


def any_of_forms(words: TableWords, ticket: Ticket, points: bool) -> list[str]:
    """A ticket to one of several destinations, from the longest form to the shortest."""
    origin = ticket.places[0]
    names = [place for place, _ in ticket.choices]
    forms = []
    for shown in (names, shortened(names)):
        parts = [f"{name} {value}" if points else name
                 for name, (_, value) in zip(shown, ticket.choices)]
        forms.append(words.say(ANY_OF_TICKET, origin=origin, destinations=" · ".join(parts)))
    if not points:
        return [*forms, words.say(ANY_OF_COUNT_ONLY, origin=origin, count=len(names))]
    values = [value for _, value in ticket.choices]
    return [*forms, words.say(ANY_OF_COUNT, origin=origin, count=len(names), low=min(values),
                              high=max(values))]


def shortened(names: Sequence[str]) -> list[str]:
    """Each name cut to its first letters, as few as keep the names apart (at least three; a
    name barely longer stays whole).

    >>> shortened(["France", "Deutschland", "Italia"]), shortened(["Newport", "Newark"])
    (['Fra', 'Deu', 'Ita'], ['Newp', 'Newa'])
    """
    longest = max(len(name) for name in names)
    for letters in range(SHORTEST, longest + 1):
        cut = [name if len(name) <= letters + 1 else name[:letters].rstrip() for name in names]
        if len(set(cut)) == len(cut):
            return cut
    return list(names)


def fitting(forms: Sequence[str], lines: int, width: int = LINE) -> str:
    """The first of `forms` that takes at most `lines` small-font lines of `width`
    characters, else the last."""
    for form in forms:
        if len(wrapped(form, lines + 1, width)) <= lines:
            return form
    return forms[-1]


def destination_scored(words: TableWords, ticket: Ticket, result: Scored) -> str:
    """What a ticket to one of several destinations scored at the end, in one small-font line
    (names cut to their first letters when they must be): "Bern → Österreich +11", "Südland →
    Wes +12", or "Bern → none -5"."""
    short = dict(zip(ticket.places, shortened(ticket.places)))
    origin, destination = ticket.places[0], result.destination
    if destination:
        forms = [words.say(ANY_OF_SCORED, origin=start, destination=end, points=result.points)
                 for start, end in ((origin, destination), (origin, short[destination]),
                                    (short[origin], short[destination]))]
    else:
        forms = [words.say(ANY_OF_NONE, origin=start, points=result.points)
                 for start in (origin, short[origin])]
    return fitting(forms, 1)
