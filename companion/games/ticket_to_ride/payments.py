"""Paying at the Ticket to Ride table: the cards tapped for a route, a station or a tunnel,
checked card by card as they are tapped (the engine checks the whole payment once it is
complete)."""

from __future__ import annotations

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import refused
from companion.games.ticket_to_ride.part import TicketToRidePart
from companion.games.ticket_to_ride.screens import claim_news
from companion.games.ticket_to_ride.view import STATION, Pick
from companion.games.ticket_to_ride.words import (  # fmt: skip
    STATION_BUILT,
    TUNNEL_EXTRA,
    TUNNEL_FREE,
)
from companion.i18n.translate import fill
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.ticket_to_ride.events import BuildStation, PayTunnel, RevealTunnel
from engine.games.ticket_to_ride.live_teams import usable_cards
from engine.games.ticket_to_ride.payment import (
    Payment,
    hand_problem,
    route_paid,
    surcharge_cards_problem,
    tunnel_surcharge,
)
from engine.games.ticket_to_ride.payment import route_payment_problem as route_problem
from engine.games.ticket_to_ride.payment import set_payment_problem as set_problem
from engine.games.ticket_to_ride.rules import cards_to_reveal
from engine.games.ticket_to_ride.state import TicketToRideState


class PaymentEntry(TicketToRidePart):
    """The cards of a payment, tapped one by one: each is refused at once when it cannot be
    part of the payment; the last one makes the move."""

    def _pay_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        ui = self.ui
        cards = (*ui.cards, pick.card)
        board = state.board
        hand = usable_cards(state)
        if ui.purpose == STATION:
            cost = self.view(state).station_cost or 0
            problem = set_problem(cards, cost) or hand_problem(hand, cards)
            if problem:
                return refused(self._explain(problem))
            self.ui = ui.picking(pick)
            if len(cards) < cost:
                return NOTHING
            event: Event = BuildStation(ui.city or "", cards)
            notice = self.words.say(STATION_BUILT, city=ui.city or "")
        else:
            track = board.track(ui.track or "")
            special = board.rules.cards.special
            problem = route_problem(track, cards, special) or hand_problem(hand, cards)
            if problem:
                return refused(self._explain(problem))
            self.ui = ui.picking(pick)
            if not route_paid(track, cards, special):
                return NOTHING
            return self._claim_ready(state)
        return Reaction(event, notice=notice, uids=self.ui.uids)

    def _reveal_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        self.ui = self.ui.picking(pick)
        picks = self.ui.picks
        if len(picks) < cards_to_reveal(state):
            return Reaction(notice=self.words.cards(self.ui.cards))
        tunnel = state.tunnel
        assert tunnel is not None
        revealed = tunnel.revealed + self.ui.cards
        notice = None
        if len(revealed) >= state.board.rules.tunnel_reveal or not state.discard:
            extra = tunnel_surcharge(revealed, Payment(tunnel.color, 0))
            notice = (self.words.say(TUNNEL_EXTRA, count=extra) if extra
                      else self.words.say(TUNNEL_FREE))
        return Reaction(RevealTunnel(self.ui.cards), notice=notice,
                        uids=tuple(p.uid for p in picks if p.uid))

    def _extra_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        tunnel = state.tunnel
        assert tunnel is not None and tunnel.surcharge is not None
        cards = (*self.ui.cards, pick.card)
        problem = (surcharge_cards_problem(cards, tunnel.color)
                   or hand_problem(usable_cards(state), tunnel.cards + cards))
        if problem:
            return refused(self._explain(problem))
        self.ui = self.ui.picking(pick)
        if len(cards) < tunnel.surcharge:
            return NOTHING
        track = state.board.track(tunnel.track)
        notice = self.words.claimed(track, state.board.rules.points_for(track.length),
                                    *claim_news(self.words, state, track, short=True))
        taken = self.taken_words(state, track, tunnel.takings)
        notice = f"{notice} · {taken}" if taken else notice
        return Reaction(PayTunnel(cards), notice=notice, uids=self.ui.uids)

    def _explain(self, error: IllegalEvent) -> str:
        """An engine refusal in words, a colour by its name."""
        params = dict(error.params)
        color = params.get("color")
        if isinstance(color, str):
            params["color"] = self.words.color(color).lower()
        return fill(error.reason, self.language, **params)
