"""A Ticket to Ride move in the words its notice used: for the undo question."""

from __future__ import annotations

from typing import Any

from engine.errors import N_, NP_
from engine.events import Event
from engine.games.ticket_to_ride.events import BuildStation, ClaimRoute, DrawCard, KeepTickets
from engine.games.ticket_to_ride.payment import UNKNOWN
from engine.games.ticket_to_ride.state import TicketToRideState

from .words import BLIND_LOCOMOTIVE, DEALT, RESHUFFLED, STATION_BUILT, TICKETS_DRAWN, Words

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


def page_words(language: str, before: Any, after: Any, event: Event) -> str | None:
    """The move as the scoreboard's pages say it (`companion.web.moves`): a card drawn blind
    is the drawer's secret, said as a draw from the deck, never by its colour."""
    words = Words(language)
    if isinstance(event, DrawCard) and event.index < 0:
        return words.say(BLIND_LOCOMOTIVE)
    # Moves the undo question leaves unnamed, said as the table's screen says them.
    if event.kind == "draw-tickets":
        return words.say(TICKETS_DRAWN)
    if event.kind == "deal":
        return words.say(DEALT)
    if event.kind == "reshuffle":
        return words.say(RESHUFFLED)
    return move_words(words, after, event)
