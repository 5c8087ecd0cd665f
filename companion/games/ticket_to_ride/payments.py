"""Paying at the Ticket to Ride table: the cards tapped for a route, a station or a tunnel,
checked card by card as they are tapped (the engine checks the whole payment once it is
complete).

A tunnel asks for the cards turned over (tapped, or chosen from the list with the buttons),
then for the extra cards, or `ok` to give it up.
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, moved, refused
from companion.games.ticket_to_ride.cites import pay_line
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.view import STATION, TRAIN_CARDS, Mode, Pick
from companion.games.ticket_to_ride.words import (  # fmt: skip
    GIVE_UP_QUESTION,
    HINT_PAY,
    HINT_TUNNEL_PAY,
    HINT_TURNED,
    STATION_AT,
    STATION_COST,
    TAP_CARDS,
    TUNNEL_EXTRA,
    TUNNEL_FREE,
    TUNNEL_GIVEN_UP,
    TUNNEL_NOTHING,
    TUNNEL_REVEAL,
    Words,
)
from companion.screens.model import Menu, Screen
from engine.games.ticket_to_ride.board import Track
from engine.games.ticket_to_ride.events import PayTunnel, RevealTunnel
from engine.games.ticket_to_ride.live_countries import cards_won
from engine.games.ticket_to_ride.live_teams import usable_cards
from engine.games.ticket_to_ride.live_tolls import toll_for
from engine.games.ticket_to_ride.payment import (
    Payment,
    hand_problem,
    route_paid,
    surcharge_cards_problem,
    tunnel_surcharge,
)
from engine.games.ticket_to_ride.payment import route_payment_problem as route_problem
from engine.games.ticket_to_ride.payment import set_payment_problem as set_problem
from engine.games.ticket_to_ride.state import TicketToRideState
from engine.games.ticket_to_ride.tunnels import cards_to_reveal


class Payments(Part):
    """The cards of a payment, tapped one by one: each is refused at once when it cannot be
    part of the payment; the last one makes the move."""

    def _picked_line(self) -> tuple[str, ...]:
        if not self.ui.picks:
            return ()
        return (self.words.cards(self.ui.cards),)

    # --- A route or a station -------------------------------------------------------------

    def pay_screen(self, state: TicketToRideState) -> Screen:
        w, ui = self.words, self.ui
        if ui.purpose == STATION:
            cost = self.flow.view(state).station_cost or 0
            body = (w.say(STATION_COST, count=cost),
                    *(self._picked_line() or (w.say(TAP_CARDS, count=cost),)))
            return Screen(top=self.top(state), title=w.say(STATION_AT, city=ui.city or ""),
                          body=body, hints=w.say(HINT_PAY), progress=(len(ui.picks), cost))
        track = state.board.track(ui.track or "")
        lines = [w.route_line(track, state.board.rules.points_for(track.length))]
        special = w.route_special(track)
        if special:
            lines.append(special)
        lines.extend(claim_news(w, state, track, short=False))
        lines.extend(pay_line(w, state, track))  # Old West: who scores, or no starting city
        paid = toll_for(state, track)
        if paid is None or not (paid.loan and paid.to_seat is not None):
            lines.extend(self._picked_line() or (w.say(TAP_CARDS, count=track.length),))
        # Else what the bank pays takes two lines: the marks count the cards tapped.
        return Screen(top=self.top(state), title=w.route_title(track), body=tuple(lines),
                      hints=w.say(HINT_PAY), progress=(len(ui.picks), track.length))

    def pay_button(self, state: TicketToRideState, button: Button) -> Reaction:
        """The cards are tapped, the last one claims the route: `back` takes the last card
        back, then returns to the route chooser."""
        if button != "back":
            return NOTHING
        if self.ui.picks:
            self.ui = self.ui.unpicking()
            return NOTHING
        return self.flow.routes.back(state)

    def pay_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        ui = self.ui
        cards = (*ui.cards, pick.card)
        board = state.board
        hand = usable_cards(state)
        if ui.purpose == STATION:
            cost = self.flow.view(state).station_cost or 0
            problem = set_problem(cards, cost) or hand_problem(hand, cards)
            if problem:
                return refused(self.words.explain(problem))
            self.ui = ui.picking(pick)
            if len(cards) < cost:
                return NOTHING
            return self.flow.holder.ask(state, Mode.PAY)
        else:
            track = board.track(ui.track or "")
            special = board.rules.cards.special
            problem = route_problem(track, cards, special) or hand_problem(hand, cards)
            if problem:
                return refused(self.words.explain(problem))
            self.ui = ui.picking(pick)
            if not route_paid(track, cards, special):
                return NOTHING
            return self.flow.takings.claim_ready(state)

    # --- A tunnel -------------------------------------------------------------------------

    def reveal_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        count = cards_to_reveal(state)
        if count == 0:  # no card left in the deck nor the discard: the tunnel costs no more
            return Screen(top=self.top(state), title=w.say(TUNNEL_NOTHING),
                          hints=w.hint_ack())
        cards = tuple(w.card(card) for card in TRAIN_CARDS)
        return Screen(top=self.top(state), title=w.say(TUNNEL_REVEAL, count=count),
                      menu=Menu(cards, self.ui.choice % len(cards)),
                      hints=w.say(HINT_TURNED), progress=(len(self.ui.picks), count))

    def reveal_button(self, state: TicketToRideState, button: Button) -> Reaction:
        """The cards turned over may be entered with the buttons too: a card from the list."""
        if button == "ok" and cards_to_reveal(state) == 0:
            return Reaction(RevealTunnel(()), notice=self.words.say(TUNNEL_FREE))
        if button == "back" and self.ui.picks:
            self.ui = self.ui.unpicking()
        elif button in ("up", "down"):
            self.ui = replace(self.ui, choice=moved(self.ui.choice, button, len(TRAIN_CARDS)))
        elif button == "ok":
            card = TRAIN_CARDS[self.ui.choice % len(TRAIN_CARDS)]
            return self.reveal_tapped(state, Pick(card, ""))
        return NOTHING

    def reveal_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
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
        cards = self.ui.cards
        # The deck may run out half way: the rest is turned over after the reshuffle, from
        # no card picked.
        self.ui = replace(self.ui, picks=())
        return Reaction(RevealTunnel(cards), notice=notice,
                        uids=tuple(p.uid for p in picks if p.uid))

    def tunnel_pay_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        tunnel = state.tunnel
        assert tunnel is not None
        surcharge = tunnel.surcharge or 0
        body = (w.tunnel_color(tunnel.color), *self._picked_line())
        return Screen(top=self.top(state), title=w.say(TUNNEL_EXTRA, count=surcharge), body=body,
                      hints=w.say(HINT_TUNNEL_PAY), progress=(len(self.ui.picks), surcharge))

    def tunnel_pay_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back" and self.ui.picks:
            self.ui = self.ui.unpicking()
        elif button == "ok":
            self.ui = replace(self.ui, picks=(), mode=Mode.GIVE_UP)
        return NOTHING

    def extra_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        tunnel = state.tunnel
        assert tunnel is not None and tunnel.surcharge is not None
        cards = (*self.ui.cards, pick.card)
        problem = (surcharge_cards_problem(cards, tunnel.color)
                   or hand_problem(usable_cards(state), tunnel.cards + cards))
        if problem:
            return refused(self.words.explain(problem))
        self.ui = self.ui.picking(pick)
        if len(cards) < tunnel.surcharge:
            return NOTHING
        return self.flow.holder.ask(state, Mode.TUNNEL_PAY)

    def give_up_screen(self, state: TicketToRideState) -> Screen:
        return self.question(state, self.words.say(GIVE_UP_QUESTION), self.words.give_up_body())

    def give_up_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            return Reaction(PayTunnel(()), notice=self.words.say(TUNNEL_GIVEN_UP))
        if button == "back":
            self.ui = replace(self.ui, mode=Mode.MAIN)
        return NOTHING


def claim_news(w: Words, state: TicketToRideState, track: Track, short: bool
               ) -> tuple[str, ...]:
    """What claiming `track` now pays or wins beyond its points, as the engine says: the toll
    (`short`: "2 to Yellow", else "Toll: 2 to Yellow"), the trains lost to mountains, the
    country cards."""
    news = []
    paid = toll_for(state, track)
    if paid is not None:
        owner = None if paid.to_seat is None else state.players[paid.to_seat].name
        news.append(w.toll_paid(paid, owner) if short else w.toll_line(paid, owner))
    if track.mountains:
        news.append(w.mountains_lost(track.mountains))
    won = cards_won(state, track)
    if won:
        news.append(w.country_cards(won))
    return tuple(news)
