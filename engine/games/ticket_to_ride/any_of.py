"""Tickets to one of several destinations (Ticket to Ride: Switzerland).

Such a ticket names an origin (a city or a neighbouring country) and 2 to 6 destinations, each
with its points. Only the best destination connected to the origin scores, however many are;
with none connected the ticket costs only its lowest value. A map file writes one as
`{ from = "Bern", any_of = { France = 5, Deutschland = 6 } }`; its id is the origin, a dash
and the destinations as printed, joined by "|".

>>> ticket = any_of_ticket("Bern", (("France", 5), ("Italia", 8)))
>>> ticket.id, ticket.places, ticket.points, ticket.failed, ticket.itinerary, ticket.any_of
('Bern-France|Italia', ('Bern', 'France', 'Italia'), 8, -5, False, True)
>>> shown(ticket)
'Bern - France / Italia'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...errors import N_, InvalidInput
from ...table_input import join, whole_number
from .board import Ticket
from .mapfields import MAX_TICKET_POINTS

#: Destinations on one ticket.
MIN_CHOICES = 2
MAX_CHOICES = 6
#: Between the destinations in a ticket's id.
SEPARATOR = "|"

#: Reads a place's spelling at a field: the place, or InvalidInput naming the field.
PlaceReader = Callable[[Any, str], str]


def any_of_id(origin: str, destinations: Sequence[str]) -> str:
    return f"{origin}-{SEPARATOR.join(destinations)}"


def any_of_ticket(origin: str, choices: Sequence[tuple[str, int]], long: bool = False,
                  ticket_id: str = "") -> Ticket:
    """The ticket: at most the best destination's points, at least minus the lowest."""
    destinations = tuple(place for place, _ in choices)
    values = [points for _, points in choices]
    return Ticket(ticket_id or any_of_id(origin, destinations), (origin, *destinations),
                  max(values), failed=-min(values), long=long, choices=tuple(choices))


def shown(ticket: Ticket) -> str:
    """The ticket's places in a message: "Bern - France / Italia" ("A - B" for another)."""
    if not ticket.any_of:
        return " - ".join(ticket.places)
    return destinations_shown(ticket.places[0], ticket.places[1:])


def destinations_shown(origin: str, destinations: Sequence[str]) -> str:
    return f"{origin} - {' / '.join(destinations)}"


def refuse_other_fields(ticket: Mapping[str, Any], where: str) -> None:
    """A ticket with `any_of` gives each destination's points: nothing else may."""
    for key in ("to", "points", "cities", "in_order", "connected", "failed"):
        if key in ticket:
            raise InvalidInput(join(where, key), N_("a ticket with any_of takes no {key}: each "
                                                    "destination has its points"), key=key)


def read_destinations(spellings: Sequence[tuple[str | int, Any]], where: str, origin: str,
                      place: PlaceReader) -> tuple[str, ...]:
    """The destinations written at `where` (each with its key there): 2 to 6 places, none
    named twice, none the origin."""
    if not MIN_CHOICES <= len(spellings) <= MAX_CHOICES:
        raise InvalidInput(where, N_("a ticket to one of several destinations names {least} "
                                     "to {most} of them (got {count})"),
                           least=MIN_CHOICES, most=MAX_CHOICES, count=len(spellings))
    found: list[str] = []
    for key, spelling in spellings:
        destination = place(spelling, join(where, key))
        if destination == origin:
            raise InvalidInput(join(where, key), N_("{place} is the ticket's origin"),
                               place=destination)
        if destination in found:
            raise InvalidInput(join(where, key), N_("{place} is named twice"),
                               place=destination)
        found.append(destination)
    return tuple(found)


def read_choices(table: Mapping[str, Any], where: str, origin: str, place: PlaceReader
                 ) -> tuple[tuple[str, int], ...]:
    """Destinations with their points, as a map file writes them: { France = 5, ... }."""
    keys = list(table)
    destinations = read_destinations([(key, key) for key in keys], where, origin, place)
    return tuple((destination, whole_number(table, key, where, minimum=1,
                                            maximum=MAX_TICKET_POINTS))
                 for destination, key in zip(destinations, keys))
