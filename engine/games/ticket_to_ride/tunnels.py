"""Tunnels: the cards turned over once a tunnel is claimed, the extra cards paid for them, or
the tunnel given up (the cards stay in hand, the turn is over).
"""

from __future__ import annotations

from ...errors import N_, NP_, IllegalEvent
from ...frozen import evolve
from ...unseen import reveal
from .claiming import place_trains
from .events import PayTunnel, RevealTunnel
from .face_up import needs_reshuffle
from .live_teams import spend_cards, spend_claim, usable_cards
from .payment import UNKNOWN, Payment, check_in_hand, pays_surcharge, tunnel_surcharge
from .state import TicketToRideState
from .turns import end_turn


def cards_to_reveal(state: TicketToRideState) -> int:
    """How many cards the pending tunnel still turns over now (0: none, or wait for a reshuffle)."""
    if state.tunnel is None or state.tunnel.surcharge is not None:
        return 0
    return min(state.board.rules.tunnel_reveal - len(state.tunnel.revealed), len(state.deck))


def reveal_tunnel(state: TicketToRideState, event: RevealTunnel) -> TicketToRideState:
    tunnel = state.tunnel
    if tunnel is None or tunnel.surcharge is not None or needs_reshuffle(state):
        raise IllegalEvent(N_("No tunnel is waiting for its cards"))
    count = cards_to_reveal(state)
    if len(event.cards) != count:
        raise IllegalEvent(NP_("Turn over {count} card", "Turn over {count} cards"), count=count)
    cards = tuple(reveal(seen, said) for seen, said in zip(state.deck, event.cards))
    if UNKNOWN in cards:
        raise IllegalEvent(N_("Scan the cards turned over"))
    tunnel = evolve(tunnel, revealed=tunnel.revealed + cards)
    state = evolve(state, deck=state.deck[count:], tunnel=tunnel)
    if len(tunnel.revealed) < state.board.rules.tunnel_reveal and state.discard:
        return state  # the deck ran out: reshuffle, then turn over the rest
    surcharge = tunnel_surcharge(tunnel.revealed, Payment(tunnel.color, 0))
    state = evolve(state, tunnel=evolve(tunnel, surcharge=surcharge))
    if surcharge == 0:
        return _finish_tunnel(state, ())
    return state


def pay_tunnel(state: TicketToRideState, event: PayTunnel) -> TicketToRideState:
    tunnel = state.tunnel
    if tunnel is None or tunnel.surcharge is None:
        raise IllegalEvent(N_("No tunnel is waiting for payment"))
    if not event.cards:
        # The player gives the tunnel up: the cards stay in hand, the turn is over.
        state = evolve(state, tunnel=None, discard=state.discard + tunnel.revealed)
        return end_turn(state)
    pays_surcharge(event.cards, Payment(tunnel.color, 0), tunnel.surcharge)
    check_in_hand(usable_cards(state), tunnel.cards + event.cards + tunnel.takings.cite_cards)
    return _finish_tunnel(state, event.cards, event.shared)


def _finish_tunnel(state: TicketToRideState, extra: tuple[str, ...],
                   shared: tuple[str, ...] | None = None) -> TicketToRideState:
    tunnel = state.tunnel
    assert tunnel is not None
    state = spend_claim(state, tunnel.cards, tunnel.takings, tunnel.shared)
    state = spend_cards(state, extra, shared)
    state = evolve(state, tunnel=None, discard=state.discard + tunnel.revealed)
    return place_trains(state, state.board.track(tunnel.track), tunnel.cards + extra,
                        tunnel.takings)
