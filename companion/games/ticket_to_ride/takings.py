"""What a claim takes at the Ticket to Ride table, once its cards are paid: a share
(Pennsylvania), passenger meeples (Germany). Each is a short list asked of the engine, skipped
when it holds one option; `back` on any of them takes back the last card paid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.errors import N_
from engine.games.ticket_to_ride.board import Track
from engine.games.ticket_to_ride.events import ClaimRoute
from engine.games.ticket_to_ride.live_meeples import NONE, meeple_options
from engine.games.ticket_to_ride.live_stocks import share_number, share_options
from engine.games.ticket_to_ride.state import TicketToRideState

from ...flows.base import NOTHING, Reaction
from ...flows.kit import Button, chosen
from ...screens.model import Menu, Screen
from .view import Mode, TicketToRideUI
from .words import Words

WHICH_COMPANY = N_("Which company?")
SHARE_ITEM = N_("{company} · share {number}")
SHARE_TAKEN = N_("Share {number} of {company}")
MEEPLE_AT = N_("Meeple in {place}?")
NO_MEEPLE = N_("None")
MEEPLES_TAKEN = N_("Meeples: {colors}")


class TakingsEntry:
    """The lists after a claim's payment; the last answer makes the claim."""

    ui: TicketToRideUI
    words: Words

    #: The screens' top line (TicketToRideScreens).
    _top: Callable[[TicketToRideState], str]

    def takings_screens(self) -> dict[Mode, Callable[[TicketToRideState], Screen]]:
        return {Mode.COMPANY: self._company_screen, Mode.MEEPLE: self._meeple_screen}

    def takings_buttons(self) -> dict[Mode, Callable[[TicketToRideState, Button], Reaction]]:
        return {Mode.COMPANY: self._company_button, Mode.MEEPLE: self._meeple_button}

    # --- What the engine offers -------------------------------------------------------------

    def company_options(self, state: TicketToRideState) -> tuple[str, ...]:
        board = state.board
        return share_options(board.rules.stocks, state.players, board.track(self.ui.track or ""))

    def meeple_choices(self, state: TicketToRideState) -> tuple[str, ...]:
        return meeple_options(state.board.rules, state.players, self.ui.meeples)

    # --- The steps ----------------------------------------------------------------------------

    def _claim_ready(self, state: TicketToRideState) -> Reaction:
        """The cards are paid: the next list with a choice to make, or the claim itself."""
        board = state.board
        track = board.track(self.ui.track or "")
        companies = self.company_options(state)
        if not self.ui.company and companies:
            if len(companies) > 1:
                self.ui = replace(self.ui, mode=Mode.COMPANY, choice=0)
                return NOTHING
            self.ui = replace(self.ui, company=companies[0])
        while board.rules.meeples is not None and len(self.ui.meeples) < len(track.ends):
            options = self.meeple_choices(state)
            if len(options) > 1:
                self.ui = replace(self.ui, mode=Mode.MEEPLE, choice=0)
                return NOTHING
            self.ui = replace(self.ui, meeples=(*self.ui.meeples, NONE))
        event = ClaimRoute(track.id, self.ui.cards, company=self.ui.company,
                           meeples=self.ui.meeples)
        points = board.rules.points_for(track.length)
        notice = None if track.tunnel else self.words.claimed(track, points)
        taken = self.taken_words(state, track, self.ui.company, self.ui.meeples)
        if notice and taken:
            notice = f"{notice} · {taken}"
        return Reaction(event, notice=notice, uids=self.ui.uids)

    def taken_words(self, state: TicketToRideState, track: Track, company: str,
                    meeples: tuple[str, ...], number: int | None = None) -> str:
        """ "Share 3 of PRR", "Meeples: Red, Blue": what the claim takes, or ""."""
        w = self.words
        parts = []
        if company:
            if number is None:
                number = share_number(state.board.rules.stocks, state.players, track, company)
            parts.append(w.say(SHARE_TAKEN, number=number, company=company))
        colors = [w.color(color) for color in meeples if color != NONE]
        if colors:
            parts.append(w.say(MEEPLES_TAKEN, colors=", ".join(colors)))
        return " · ".join(parts)

    def _takings_back(self) -> Reaction:
        """Back to the payment, its last card taken back."""
        self.ui = replace(self.ui.unpicking(), mode=Mode.PAY, company="", meeples=(), choice=0)
        return NOTHING

    def _company_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back":
            return self._takings_back()
        choice, company = chosen(self.ui.choice, button, self.company_options(state))
        self.ui = replace(self.ui, choice=choice)
        if company is None:
            return NOTHING
        self.ui = replace(self.ui, company=company)
        return self._claim_ready(state)

    def _meeple_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back":
            return self._takings_back()
        choice, color = chosen(self.ui.choice, button, self.meeple_choices(state))
        self.ui = replace(self.ui, choice=choice)
        if color is None:
            return NOTHING
        self.ui = replace(self.ui, meeples=(*self.ui.meeples, color))
        return self._claim_ready(state)

    # --- The screens --------------------------------------------------------------------------

    def _company_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        board = state.board
        track = board.track(self.ui.track or "")
        items = tuple(w.say(SHARE_ITEM, company=company,
                            number=share_number(board.rules.stocks, state.players, track,
                                                company))
                      for company in self.company_options(state))
        return Screen(top=self._top(state), title=w.say(WHICH_COMPANY),
                      menu=Menu(items, min(self.ui.choice, len(items) - 1)),
                      hints=w.hint_choose())

    def _meeple_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        track = state.board.track(self.ui.track or "")
        place = track.ends[min(len(self.ui.meeples), len(track.ends) - 1)]
        items = tuple(w.color(color) if color != NONE else w.say(NO_MEEPLE)
                      for color in self.meeple_choices(state))
        return Screen(top=self._top(state), title=w.say(MEEPLE_AT, place=place),
                      menu=Menu(items, min(self.ui.choice, len(items) - 1)),
                      hints=w.hint_choose())
