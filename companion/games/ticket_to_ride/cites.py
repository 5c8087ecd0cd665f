"""Old West's Cités in the words of a claim: who scores the route, and a starting city lost.

« Les routes rapportent des points au joueur qui les a prises ... sauf si au moins une des
villes aux extrémités de la route est recouverte d'une Cité. Dans ce cas, c'est le joueur qui
contrôle la ville qui marque les points. » So a claim that scores for anyone but its claimer
alone names who scores ("Ben +2"), on the payment's screen and in the claim's flash. A first
claim with no end fit for a starting city says that the player has none.
"""

from __future__ import annotations

from companion.games.ticket_to_ride.words import Words
from engine.errors import N_
from engine.games.ticket_to_ride.board import Track
from engine.games.ticket_to_ride.live_old_west import (  # fmt: skip
    loses_start,
    route_scorers,
    start_options,
)
from engine.games.ticket_to_ride.state import TicketToRideState

#: A player credited with a route's points, and the payment screen's line of them.
CREDIT = N_("{name} +{points}")
POINTS_TO = N_("Points: {credits}")
#: A first claim whose ends cannot take the starting city: on the payment screen, then the
#: claim's flash.
NO_START_HERE = N_("No starting city here")
NO_START = N_("No starting city")


def credits(w: Words, state: TicketToRideState, track: Track, start: str = "") -> str:
    """ "Ben +2", "Ana +2, Ben +2", "Ana +4": who scores `track` when the current player
    claims it now; "" when it scores for its claimer alone, as on any map."""
    scorers = route_scorers(state, track, start)
    if scorers == (state.current,):
        return ""
    points = state.board.rules.points_for(track.length)
    return ", ".join(w.say(CREDIT, name=state.players[seat].name,
                           points=points * scorers.count(seat))
                     for seat in dict.fromkeys(scorers))


def pay_line(w: Words, state: TicketToRideState, track: Track) -> tuple[str, ...]:
    """The payment screen's line on an Old West map: who scores the route when it is not the
    claimer alone, else that it leaves the player without a starting city; none otherwise."""
    if state.board.rules.old_west is None:
        return ()
    # The starting city is not chosen yet: with two ends fit for it, neither has a Cité and
    # the route scores for the claimer whichever is chosen; with one, it is that one.
    starts = start_options(state, track)
    said = credits(w, state, track, starts[0] if starts else "")
    if said:
        return (w.say(POINTS_TO, credits=said),)
    return (w.say(NO_START_HERE),) if loses_start(state, track) else ()
