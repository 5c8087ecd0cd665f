"""Destination tickets in play: the starting tickets kept, and tickets drawn as a turn, of which
the player keeps some (those not kept go under the pile).
"""

from __future__ import annotations

from ...errors import N_, NP_, IllegalEvent
from ...frozen import evolve
from .events import DrawTickets, KeepTickets
from .live_depots import start_depots
from .live_teams import file_kept_tickets, held_tickets
from .payment import UNKNOWN
from .state import Phase, TicketToRideState
from .turns import check_turn, end_turn, with_current


def keep_tickets(state: TicketToRideState, event: KeepTickets) -> TicketToRideState:
    player = state.player()
    if state.phase is Phase.START_TICKETS:
        least = state.board.rules.tickets.start_keep
    elif state.phase is Phase.PLAY and player.offered and state.tunnel is None:
        least = state.board.rules.tickets.draw_keep
    else:
        raise IllegalEvent(N_("No tickets to choose from"))
    offered = player.offered + player.offered_long
    least = min(least, len(offered))
    if len(event.tickets) < least:
        raise IllegalEvent(NP_("Keep at least {count} ticket", "Keep at least {count} tickets"),
                           count=least)
    if len(set(event.tickets)) != len(event.tickets) or UNKNOWN in event.tickets:
        raise IllegalEvent(N_("Name each ticket kept once"))
    regular, longs = list(player.offered), list(player.offered_long)
    for ticket in event.tickets:
        _take_ticket(state, ticket, regular, longs)
    player = evolve(player, offered=(), offered_long=())
    # Tickets not kept go under the pile; long tickets not kept leave the game.
    state = evolve(state, players=with_current(state, player),
                   tickets=state.tickets + tuple(regular))
    state = file_kept_tickets(state, event.tickets)
    if state.phase is Phase.PLAY:
        return end_turn(state)
    following = state.order.next_seat(state.current)
    if following == state.first:
        return start_depots(evolve(state, phase=Phase.PLAY, current=state.first))
    return evolve(state, current=following)


def _take_ticket(state: TicketToRideState, ticket: str, regular: list[str],
                 longs: list[str]) -> None:
    """Remove `ticket` from the offer; an unseen offered ticket ("?") may be any ticket not
    known to be elsewhere."""
    board = state.board
    if not board.has_ticket(ticket):
        raise IllegalEvent(N_("{ticket} is not a ticket of this map"), ticket=ticket)
    pile = longs if board.ticket(ticket).long else regular
    if ticket in pile:
        pile.remove(ticket)
        return
    elsewhere = set(state.tickets) | set(state.long_tickets) | held_tickets(state)
    for other in state.players:
        elsewhere |= set(other.tickets) | set(other.offered) | set(other.offered_long)
    if UNKNOWN in pile and ticket not in elsewhere:
        pile.remove(UNKNOWN)
        return
    raise IllegalEvent(N_("{ticket} was not offered"), ticket=ticket)


def draw_tickets(state: TicketToRideState, event: DrawTickets) -> TicketToRideState:
    check_turn(state)
    if not state.tickets:
        raise IllegalEvent(N_("No tickets are left to draw"))
    count = state.board.rules.tickets.draw
    player = evolve(state.player(), offered=state.tickets[:count])
    return evolve(state, players=with_current(state, player), tickets=state.tickets[count:])
