"""A Ticket to Ride move in the words its notice used: for the undo question."""

from __future__ import annotations

from engine.errors import N_, NP_
from engine.events import Event
from engine.games.ticket_to_ride.events import BuildStation, ClaimRoute, DrawCard, KeepTickets
from engine.games.ticket_to_ride.payment import UNKNOWN
from engine.games.ticket_to_ride.state import TicketToRideState

from .words import STATION_BUILT, Words

CLAIMS = N_("{name} claims {route}")
#: Tickets are secret: their count only.
KEEPS = NP_("{count} ticket kept", "{count} tickets kept")


def move_words(words: Words, state: TicketToRideState, event: Event) -> str | None:
    """`event` in words ("Ana claims Paris – Berlin"), `state` the game after it; None for a
    move said no better than "the last move"."""
    if isinstance(event, ClaimRoute) and event.track in state.owners:
        name = state.players[state.owners[event.track]].name
        return words.say(CLAIMS, name=name,
                         route=words.route_title(state.board.track(event.track)))
    if isinstance(event, DrawCard) and event.card != UNKNOWN:
        return words.taken(event.card)
    if isinstance(event, KeepTickets):
        return words.say(KEEPS, count=len(event.tickets))
    if isinstance(event, BuildStation):
        return words.say(STATION_BUILT, city=event.city)
    return None
