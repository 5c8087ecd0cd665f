"""Paying at the Ticket to Ride table: the cards tapped for a route, a station or a tunnel,
checked card by card as they are tapped (the engine checks the whole payment once it is
complete)."""

from __future__ import annotations

from collections import Counter

from engine.errors import N_, IllegalEvent
from engine.events import Event
from engine.games.ticket_to_ride.board import GRAY, LOCOMOTIVE, Track
from engine.games.ticket_to_ride.events import BuildStation, ClaimRoute, PayTunnel, RevealTunnel
from engine.games.ticket_to_ride.payment import (
    UNKNOWN,
    Payment,
    pays_for,
    pays_for_set,
    tunnel_surcharge,
)
from engine.games.ticket_to_ride.rules import cards_to_reveal
from engine.games.ticket_to_ride.state import TicketToRideState

from ..i18n import fill
from .base import NOTHING, Reaction
from .kit import refused
from .ticket_to_ride_text import (
    STATION_BUILT,
    TUNNEL_EXTRA,
    TUNNEL_FREE,
    Words,
)  # fmt: skip
from .ticket_to_ride_view import STATION, Pick, TicketToRideUI, TurnView


class PaymentEntry:
    """The cards of a payment, tapped one by one: each is refused at once when it cannot be
    part of the payment; the last one makes the move."""

    ui: TicketToRideUI
    words: Words
    language: str

    def view(self, state: TicketToRideState) -> TurnView:
        raise NotImplementedError

    def _pay_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        ui = self.ui
        cards = (*ui.cards, pick.card)
        board = state.board
        hand = state.player().hand
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
            problem = route_problem(track, cards) or hand_problem(hand, cards)
            if problem:
                return refused(self._explain(problem))
            self.ui = ui.picking(pick)
            if len(cards) < track.length:
                return NOTHING
            event = ClaimRoute(track.id, cards)
            notice = self.words.claimed(track, board.rules.points_for(track.length))
            if track.tunnel:
                notice = None
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
        allowed = {LOCOMOTIVE} | ({tunnel.color} if tunnel.color else set())
        if pick.card not in allowed:
            return refused(self._explain(IllegalEvent(
                N_("Pay the tunnel with {color} cards or locomotives"), color=tunnel.color)
                if tunnel.color else IllegalEvent(N_("Pay the tunnel with locomotives"))))
        problem = hand_problem(state.player().hand, tunnel.cards + cards)
        if problem:
            return refused(self._explain(problem))
        self.ui = self.ui.picking(pick)
        if len(cards) < tunnel.surcharge:
            return NOTHING
        track = state.board.track(tunnel.track)
        notice = self.words.claimed(track, state.board.rules.points_for(track.length))
        return Reaction(PayTunnel(cards), notice=notice, uids=self.ui.uids)

    def _explain(self, error: IllegalEvent) -> str:
        """An engine refusal in words, a colour by its name."""
        params = dict(error.params)
        color = params.get("color")
        if isinstance(color, str):
            params["color"] = self.words.color(color).lower()
        return fill(error.reason, self.language, **params)


def route_problem(track: Track, cards: tuple[str, ...]) -> IllegalEvent | None:
    """Why these cards (so far) cannot pay for `track`, or None."""
    colors = {card for card in cards if card != LOCOMOTIVE}
    try:
        if len(colors) > 1:
            raise IllegalEvent(N_("Cards for one route must all be of one colour"))
        color = next(iter(colors), None)
        if color is not None and track.color != GRAY and color != track.color:
            raise IllegalEvent(N_("This route takes {color} cards"), color=track.color)
        if len(cards) > track.length:
            raise IllegalEvent(N_("Too many cards for this route"))
        if sum(1 for card in cards if card != LOCOMOTIVE) > track.length - track.ferries:
            raise IllegalEvent(N_("This ferry needs {count} locomotive(s)"), count=track.ferries)
        if len(cards) == track.length:
            pays_for(track, cards)
    except IllegalEvent as error:
        return error
    return None


def set_problem(cards: tuple[str, ...], cost: int) -> IllegalEvent | None:
    """Why these cards (so far) cannot pay for a station, or None."""
    try:
        if len({card for card in cards if card != LOCOMOTIVE}) > 1 or len(cards) > cost:
            raise IllegalEvent(N_("Pay with {count} card(s) of one colour"), count=cost)
        if len(cards) == cost:
            pays_for_set(cards, cost)
    except IllegalEvent as error:
        return error
    return None


def hand_problem(hand: tuple[str, ...], cards: tuple[str, ...]) -> IllegalEvent | None:
    """Cards the companion knows the player cannot hold (unseen cards stand for any)."""
    have = Counter(hand)
    unseen = have.pop(UNKNOWN, 0)
    missing = sum(max(0, count - have[card]) for card, count in Counter(cards).items())
    if missing > unseen:
        return IllegalEvent(N_("Those cards are not in your hand"))
    return None
