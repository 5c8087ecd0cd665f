"""Team play at the Ticket to Ride table: which cards of a payment came from the team's holder.

A player pays from their own hand and from the team's holder of train cards, as they choose.
Once the cards of a payment are tapped (a route with its Cité, a tunnel's extra cards, a
station), the table asks which of them came from the holder when more than one way was
possible; its "Team's cards" then stays the holder's true count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, chosen
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.view import STATION, Mode
from companion.games.ticket_to_ride.words import (  # fmt: skip
    HOLDER_QUESTION,
    NONE_FROM_HOLDER,
    STATION_BUILT,
)
from companion.screens.model import Screen
from engine.games.ticket_to_ride.events import BuildStation, PayTunnel
from engine.games.ticket_to_ride.live_teams import holder_splits, spend_claim
from engine.games.ticket_to_ride.state import TicketToRideState


class Holder(Part):
    """"Team's cards used?": a list of the ways the cards just tapped could be paid."""

    def cards(self) -> tuple[str, ...]:
        """The cards of the payment asked about (a claim's with its Cité's)."""
        ui = self.ui
        if ui.paying is Mode.PAY and ui.purpose != STATION:
            return (*ui.cards, *(pick.card for pick in ui.cite_picks))
        return ui.cards

    def options(self, state: TicketToRideState) -> tuple[tuple[str, ...], ...]:
        """The ways to pay the cards asked about: the holder's part of each (nothing outside
        team play). A tunnel's extra cards come after its claim's cards are set aside."""
        if self.ui.paying is Mode.TUNNEL_PAY and state.tunnel is not None:
            tunnel = state.tunnel
            state = spend_claim(state, tunnel.cards, tunnel.takings, tunnel.shared)
        return holder_splits(state, self.cards())

    def ask(self, state: TicketToRideState, paying: Mode) -> Reaction:
        """The payment `paying` made at once when it can be made one way (or outside team
        play), else the question."""
        self.ui = replace(self.ui, paying=paying)
        options = self.options(state)
        if len(options) > 1:
            self.ui = replace(self.ui, mode=Mode.HOLDER, choice=0)
            return NOTHING
        return self.answered(state, options[0] if options else None)

    def screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        items = tuple(w.cards(option) if option else w.say(NONE_FROM_HOLDER)
                      for option in self.options(state))
        return self.list_screen(state, w.say(HOLDER_QUESTION), items)

    def button(self, state: TicketToRideState, button: Button) -> Reaction:
        paying = self.ui.paying
        if button == "back":
            return self._back(paying)
        options = self.options(state)
        choice, option = chosen(self.ui.choice, button, options)
        self.ui = replace(self.ui, choice=choice)
        if option is None:
            return NOTHING
        return self.answered(state, option)

    def answered(self, state: TicketToRideState, shared: Sequence[str] | None) -> Reaction:
        """The payment made, its holder's part `shared` known."""
        ui = self.ui
        part = None if shared is None else tuple(shared)
        if ui.paying is Mode.TUNNEL_PAY and state.tunnel is not None:
            track = state.board.track(state.tunnel.track)
            notice = self.flow.takings.claim_notice(state, track, state.tunnel.takings)
            return Reaction(PayTunnel(ui.cards, part), notice=notice, uids=ui.uids)
        if ui.purpose == STATION:
            return Reaction(BuildStation(ui.city or "", ui.cards, part), uids=ui.uids,
                            notice=self.words.say(STATION_BUILT, city=ui.city or ""))
        self.ui = replace(ui, shared=part, holder_done=True, mode=Mode.PAY)
        return self.flow.takings.claim_ready(state)

    def _back(self, paying: Mode) -> Reaction:
        """Back to the payment, its last card taken back."""
        if paying is Mode.TUNNEL_PAY:
            self.ui = replace(self.ui.unpicking(), mode=Mode.MAIN, choice=0)
            return NOTHING
        if self.ui.purpose == STATION:
            self.ui = replace(self.ui.unpicking(), mode=Mode.PAY, choice=0)
            return NOTHING
        return self.flow.takings.takings_back()
