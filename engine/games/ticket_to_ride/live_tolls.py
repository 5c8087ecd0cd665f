"""Tolls and loans (Netherlands) as the game goes: each claim pays its toll, or takes a loan.

The arithmetic of one payment and of the end bonus is in `tolls`, shared with the tally; this
module applies it to the table: whose tokens move, and what the last claim paid to whom.
"""

from __future__ import annotations

from ...frozen import evolve
from .board import Track
from .state import TicketToRideState, TollPaid
from .tolls import toll_to_pay


def first_owner(state: TicketToRideState, track: Track) -> int | None:
    """The seat of whoever claimed another track of this route first, or None."""
    siblings = {t.id for t in state.board.route_tracks[track.route] if t.id != track.id}
    # `owners` keeps the order of the claims.
    return next((seat for track_id, seat in state.owners.items() if track_id in siblings), None)


def toll_for(state: TicketToRideState, track: Track) -> TollPaid | None:
    """What the current player pays on claiming `track` now (None: the map has no tolls)."""
    if state.board.rules.tolls is None:
        return None
    owner = first_owner(state, track)
    toll = toll_to_pay(track.toll, state.player().toll_tokens,
                       None if owner is None else state.players[owner].name)
    if toll.loan:
        return TollPaid(toll.to_owner, owner, loan=True)
    return TollPaid(toll.paid, owner)


def pay_toll(state: TicketToRideState, track: Track) -> TicketToRideState:
    """The state once the current player has paid for `track` (claimed just now)."""
    paid = toll_for(state, track)
    if paid is None:
        return state
    players = list(state.players)
    payer = players[state.current]
    if paid.loan:
        players[state.current] = evolve(payer, loans=payer.loans + 1)
    else:
        players[state.current] = evolve(payer, toll_tokens=payer.toll_tokens - paid.amount)
    if paid.to_seat is not None:
        owner = players[paid.to_seat]
        players[paid.to_seat] = evolve(owner, toll_tokens=owner.toll_tokens + paid.amount)
    return evolve(state, players=tuple(players), last_toll=paid)
