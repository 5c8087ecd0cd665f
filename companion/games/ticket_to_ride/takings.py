"""What a claim takes at the Ticket to Ride table, once its cards are paid: a share
(Pennsylvania), passenger meeples (Germany), the starting city, a Cité and Alvin's new city
(Old West). Each is a short list asked of the engine, skipped when it holds one option; `back`
on any of them takes back the last card paid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, chosen, refused
from companion.games.ticket_to_ride.cites import NO_START, credits
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.payments import claim_news
from companion.games.ticket_to_ride.view import Mode, Pick, TicketToRideUI
from companion.games.ticket_to_ride.words import (
    ALVIN_CAPTURED,
    ALVIN_TO,
    CITE_AT,
    CITE_COST,
    CITE_PLACED,
    HINT_PAY,
    MEEPLE_AT,
    MEEPLES_TAKEN,
    NO_CITE,
    NO_MEEPLE,
    PLACE_CITE,
    SHARE_ITEM,
    SHARE_TAKEN,
    STARTING_CITY,
    STARTING_CITY_TAKEN,
    WHICH_COMPANY,
)
from companion.screens.model import Screen
from engine.games.ticket_to_ride.board import Track
from engine.games.ticket_to_ride.events import ClaimRoute
from engine.games.ticket_to_ride.live_meeples import NONE, meeple_options
from engine.games.ticket_to_ride.live_old_west import (  # fmt: skip
    alvin_options,
    cite_options,
    loses_start,
    start_options,
)
from engine.games.ticket_to_ride.live_stocks import share_number, share_options
from engine.games.ticket_to_ride.live_teams import usable_cards
from engine.games.ticket_to_ride.payment import hand_problem
from engine.games.ticket_to_ride.payment import set_payment_problem as set_problem
from engine.games.ticket_to_ride.state import Takings, TicketToRideState


class TakingsChooser(Part):
    """The lists after a claim's payment; the last answer makes the claim."""

    # --- What the engine offers -------------------------------------------------------------

    def _track(self, state: TicketToRideState) -> Track:
        return state.board.track(self.ui.track or "")

    def company_options(self, state: TicketToRideState) -> tuple[str, ...]:
        return share_options(state.board.rules.stocks, state.players, self._track(state))

    def meeple_choices(self, state: TicketToRideState) -> tuple[str, ...]:
        return meeple_options(state.board.rules, state.players, self.ui.meeples)

    def start_choices(self, state: TicketToRideState) -> tuple[str, ...]:
        return start_options(state, self._track(state))

    def cite_choices(self, state: TicketToRideState) -> tuple[str, ...]:
        """"" (no Cité) then the cities where one may stand; nothing when none may."""
        cities = cite_options(state, self._track(state), self.ui.start)
        return ("", *cities) if cities else ()

    def alvin_choices(self, state: TicketToRideState) -> tuple[str, ...]:
        return alvin_options(state, self._track(state), self.ui.start, self.ui.cite) or ()

    # --- The steps ----------------------------------------------------------------------------

    def claim_ready(self, state: TicketToRideState) -> Reaction:
        """The cards are paid: the next list with a choice to make, or the claim itself."""
        board = state.board
        track = self._track(state)
        companies = self.company_options(state)
        if not self.ui.company and companies:
            if len(companies) > 1:
                return self._asking(Mode.COMPANY)
            self.ui = replace(self.ui, company=companies[0])
        while board.rules.meeples is not None and len(self.ui.meeples) < len(track.ends):
            options = self.meeple_choices(state)
            if len(options) > 1:
                return self._asking(Mode.MEEPLE)
            self.ui = replace(self.ui, meeples=(*self.ui.meeples, NONE))
        starts = self.start_choices(state)
        if not self.ui.start and starts:
            if len(starts) > 1:
                return self._asking(Mode.START_CITY)
            self.ui = replace(self.ui, start=starts[0])
        if not self.ui.cite_done:
            if self.cite_choices(state):
                return self._asking(Mode.CITE)
            self.ui = replace(self.ui, cite_done=True)
        if not self.ui.holder_done:  # in team play: which cards came from the holder
            return self.flow.holder.ask(state, Mode.PAY)
        targets = self.alvin_choices(state)
        if len(targets) > 1:
            return self._asking(Mode.ALVIN)
        return self._claim(state, targets[0] if targets else "")

    def _asking(self, mode: Mode) -> Reaction:
        self.ui = replace(self.ui, mode=mode, choice=0)
        return NOTHING

    def _claim(self, state: TicketToRideState, alvin_to: str) -> Reaction:
        ui = self.ui
        track = self._track(state)
        cite_cards = tuple(pick.card for pick in ui.cite_picks)
        event = ClaimRoute(track.id, ui.cards, company=ui.company, meeples=ui.meeples,
                           start=ui.start, cite=ui.cite, cite_cards=cite_cards,
                           alvin_to=alvin_to, shared=ui.shared)
        notice = None
        if not track.tunnel:
            number = (share_number(state.board.rules.stocks, state.players, track, ui.company)
                      if ui.company else 0)
            notice = self.claim_notice(state, track, Takings(
                ui.company, number, ui.meeples, ui.start, ui.cite, cite_cards, alvin_to))
        return Reaction(event, notice=notice, uids=ui.uids)

    def claim_notice(self, state: TicketToRideState, track: Track, takings: Takings) -> str:
        """The flash of a claim of `track` (not yet placed): its points, what it pays or wins
        beyond them, what it takes."""
        w = self.words
        news = claim_news(w, state, track, short=True)
        # Old West: a route into a Cité scores for the Cité's owner, named.
        credited = credits(w, state, track, takings.start)
        notice = (" · ".join((w.route_title(track), credited, *news)) if credited
                  else w.claimed(track, state.board.rules.points_for(track.length), *news))
        taken = self._taken_words(state, track, takings)
        return f"{notice} · {taken}" if taken else notice

    def _taken_words(self, state: TicketToRideState, track: Track, takings: Takings) -> str:
        """ "Share 3 of PRR", "Meeples: Red, Blue", "Alvin captured: +10": what the claim of
        `track` (not yet placed) takes, or ""."""
        w = self.words
        parts = []
        if takings.share:
            parts.append(w.say(SHARE_TAKEN, number=takings.share, company=takings.company))
        colors = [w.color(color) for color in takings.meeples if color != NONE]
        if colors:
            parts.append(w.say(MEEPLES_TAKEN, colors=", ".join(colors)))
        if takings.start:
            parts.append(w.say(STARTING_CITY_TAKEN, city=takings.start))
        elif loses_start(state, track):
            parts.append(w.say(NO_START))
        if takings.cite:
            parts.append(w.say(CITE_PLACED, city=takings.cite))
        old_west = state.board.rules.old_west
        if old_west is not None and alvin_options(state, track) is not None:
            parts.append(w.say(ALVIN_CAPTURED, points=old_west.capture))
        return " · ".join(parts)

    def takings_back(self) -> Reaction:
        """Back to the payment, its last card taken back."""
        self.ui = replace(self.ui.unpicking(), mode=Mode.PAY, company="", meeples=(), start="",
                          cite="", cite_done=False, cite_picks=(), choice=0, shared=None,
                          holder_done=False)
        return NOTHING

    def _listed(self, state: TicketToRideState, button: Button, options: tuple[str, ...],
                take: Callable[[str], TicketToRideUI]) -> Reaction:
        """A list of the claim's choices: `take` records the one chosen."""
        if button == "back":
            return self.takings_back()
        choice, option = chosen(self.ui.choice, button, options)
        self.ui = replace(self.ui, choice=choice)
        if option is None:
            return NOTHING
        self.ui = take(option)
        return self.claim_ready(state)

    def company_button(self, state: TicketToRideState, button: Button) -> Reaction:
        return self._listed(state, button, self.company_options(state),
                            lambda company: replace(self.ui, company=company))

    def meeple_button(self, state: TicketToRideState, button: Button) -> Reaction:
        return self._listed(state, button, self.meeple_choices(state),
                            lambda color: replace(self.ui, meeples=(*self.ui.meeples, color)))

    def start_button(self, state: TicketToRideState, button: Button) -> Reaction:
        return self._listed(state, button, self.start_choices(state),
                            lambda city: replace(self.ui, start=city))

    def cite_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back":
            return self.takings_back()
        choice, city = chosen(self.ui.choice, button, self.cite_choices(state))
        self.ui = replace(self.ui, choice=choice)
        if city is None:
            return NOTHING
        if city:  # its cards are tapped next
            self.ui = replace(self.ui, cite=city, mode=Mode.CITE_PAY, cite_picks=())
            return NOTHING
        self.ui = replace(self.ui, cite_done=True)
        return self.claim_ready(state)

    def cite_pay_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back":
            if self.ui.cite_picks:
                self.ui = replace(self.ui, cite_picks=self.ui.cite_picks[:-1])
            else:
                self.ui = replace(self.ui, cite="", mode=Mode.CITE, choice=0)
        return NOTHING

    def cite_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        rules = state.board.rules.old_west
        assert rules is not None
        cards = (*(p.card for p in self.ui.cite_picks), pick.card)
        problem = (set_problem(cards, rules.city_cards)
                   or hand_problem(usable_cards(state), self.ui.cards + cards))
        if problem:
            return refused(self.words.explain(problem))
        self.ui = replace(self.ui, cite_picks=(*self.ui.cite_picks, pick))
        if len(cards) < rules.city_cards:
            return NOTHING
        self.ui = replace(self.ui, cite_done=True)
        return self.claim_ready(state)

    def alvin_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back":
            return self.takings_back()
        choice, city = chosen(self.ui.choice, button, self.alvin_choices(state))
        self.ui = replace(self.ui, choice=choice)
        return NOTHING if city is None else self._claim(state, city)

    # --- The screens --------------------------------------------------------------------------

    def company_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        stocks, track = state.board.rules.stocks, self._track(state)
        items = tuple(w.say(SHARE_ITEM, company=company,
                            number=share_number(stocks, state.players, track, company))
                      for company in self.company_options(state))
        return self.list_screen(state, w.say(WHICH_COMPANY), items)

    def meeple_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        track = self._track(state)
        place = track.ends[min(len(self.ui.meeples), len(track.ends) - 1)]
        items = tuple(w.color(color) if color != NONE else w.say(NO_MEEPLE)
                      for color in self.meeple_choices(state))
        return self.list_screen(state, w.say(MEEPLE_AT, place=place), items)

    def start_screen(self, state: TicketToRideState) -> Screen:
        return self.list_screen(state, self.words.say(STARTING_CITY), self.start_choices(state))

    def cite_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        items = tuple(city or w.say(NO_CITE) for city in self.cite_choices(state))
        return self.list_screen(state, w.say(PLACE_CITE), items)

    def cite_pay_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        rules = state.board.rules.old_west
        count = rules.city_cards if rules is not None else 0
        picked = tuple(p.card for p in self.ui.cite_picks)
        body = (w.say(CITE_COST, count=count), *((w.cards(picked),) if picked else ()))
        return Screen(top=self.top(state), title=w.say(CITE_AT, city=self.ui.cite), body=body,
                      hints=w.say(HINT_PAY), progress=(len(picked), count))

    def alvin_screen(self, state: TicketToRideState) -> Screen:
        return self.list_screen(state, self.words.say(ALVIN_TO), self.alvin_choices(state))
