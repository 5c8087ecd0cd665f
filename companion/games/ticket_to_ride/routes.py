"""Choosing a route, a station's city or a depot's city at the Ticket to Ride table: a letter,
a city, then one of the city's tracks. A list with one entry is skipped, going forward and back."""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, moved, refused
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.view import (  # fmt: skip
    CHOICE_STEPS,
    CLAIM,
    DEPOT,
    ROUTE_STEPS,
    STATION,
    Mode,
    Purpose,
)
from companion.games.ticket_to_ride.words import (  # fmt: skip
    CLAIM_TITLE,
    DEPOT_PLACED,
    DEPOT_TITLE,
    FROM_CITY,
    NO_DEPOT_LEFT,
    NO_STATION_LEFT,
    NOTHING_TO_CLAIM,
    STATION_TITLE,
    city_letter,
)
from companion.screens.model import Menu, Screen
from engine.games.ticket_to_ride.claiming import claim_problem
from engine.games.ticket_to_ride.events import PlaceDepot
from engine.games.ticket_to_ride.live_depots import depots_left
from engine.games.ticket_to_ride.state import TicketToRideState


class RouteChooser(Part):
    """The route chooser: its steps read and move the move being entered; the payment
    follows (see `payments`)."""

    def valid(self, state: TicketToRideState) -> bool:
        """Whether the route or station being chosen still makes sense (a draft restored after
        a restart may come from before an undo)."""
        ui, view = self.ui, self.flow.view(state)
        mode = ui.mode
        if mode not in ROUTE_STEPS + CHOICE_STEPS:
            return True
        if ui.purpose == STATION and view.station_cost is None:
            return False
        if mode is Mode.LETTER:
            return bool(view.letters(ui.purpose))
        if mode is Mode.CITY:
            return bool(view.cities(ui.purpose, ui.letter or ""))
        city = ui.city or ""
        if ui.purpose == DEPOT:
            return False  # a depot's city places it at once
        if ui.purpose == STATION:
            return (mode in (Mode.PAY, Mode.HOLDER)
                    and city in view.cities(STATION, city_letter(city)))
        if mode is Mode.HOLDER and ui.paying is Mode.TUNNEL_PAY:
            return False  # its tunnel is gone (an undo)
        if mode is Mode.TRACK:
            return bool(view.tracks(city))
        board = state.board
        return (ui.track is not None and board.has_track(ui.track)
                and claim_problem(state, board.track(ui.track)) is None)

    def start(self, state: TicketToRideState, purpose: Purpose) -> Reaction:
        """Opens the chooser for a claim, a station or a depot."""
        view = self.flow.view(state)
        self.ui = replace(self.ui.entering(Mode.LETTER), purpose=purpose)
        if purpose == STATION and view.station_cost is None:
            self.ui = self.ui.entering(Mode.MAIN)
            return refused(self.words.say(NO_STATION_LEFT))
        if purpose == DEPOT and not depots_left(state):
            self.ui = self.ui.entering(Mode.MAIN)
            return refused(self.words.say(NO_DEPOT_LEFT))
        letters = view.letters(purpose)
        if not letters:
            self.ui = self.ui.entering(Mode.MAIN)
            return refused(self.words.say(NOTHING_TO_CLAIM))
        if len(letters) == 1:
            return self._choose_letter(state, letters[0])
        return NOTHING

    def button(self, state: TicketToRideState, button: Button) -> Reaction:
        ui = self.ui
        if button == "back":
            return self.back(state)
        options = self._options(state, ui.mode)
        if not options:
            self.ui = ui.entering(Mode.MAIN)
            return NOTHING
        if button in ("up", "down"):
            self.ui = replace(ui, choice=moved(ui.choice, button, len(options)))
            return NOTHING
        if button != "ok":
            return NOTHING
        option = options[min(ui.choice, len(options) - 1)]
        if ui.mode is Mode.LETTER:
            return self._choose_letter(state, option)
        if ui.mode is Mode.CITY:
            return self._choose_city(state, option)
        return self._choose_track(option)

    def _options(self, state: TicketToRideState, mode: Mode) -> list[str]:
        """What the list of a step offers: letters, cities or track ids."""
        ui, view = self.ui, self.flow.view(state)
        if mode is Mode.LETTER:
            return view.letters(ui.purpose)
        if mode is Mode.CITY:
            return view.cities(ui.purpose, ui.letter or "")
        return [track.id for track in view.tracks(ui.city or "")]

    def _choose_letter(self, state: TicketToRideState, letter: str) -> Reaction:
        self.ui = replace(self.ui, letter=letter, mode=Mode.CITY, choice=0)
        cities = self.flow.view(state).cities(self.ui.purpose, letter)
        if len(cities) == 1:
            return self._choose_city(state, cities[0])
        return NOTHING

    def _choose_city(self, state: TicketToRideState, city: str) -> Reaction:
        if self.ui.purpose == DEPOT:
            return Reaction(PlaceDepot(city), notice=self.words.say(DEPOT_PLACED, city=city))
        if self.ui.purpose == STATION:
            self.ui = replace(self.ui, city=city, choice=0, mode=Mode.PAY, picks=())
            return NOTHING
        self.ui = replace(self.ui, city=city, choice=0, mode=Mode.TRACK)
        tracks = self.flow.view(state).tracks(city)
        if len(tracks) == 1:
            return self._choose_track(tracks[0].id)
        return NOTHING

    def _choose_track(self, track: str) -> Reaction:
        self.ui = replace(self.ui, track=track, mode=Mode.PAY, picks=(), choice=0)
        return NOTHING

    def back(self, state: TicketToRideState) -> Reaction:
        """One step back, over the steps that had a single choice."""
        ui = self.ui
        steps = [Mode.LETTER, Mode.CITY] + ([Mode.TRACK] if ui.purpose == CLAIM else [])
        position = steps.index(ui.mode) if ui.mode in steps else len(steps)
        for step in reversed(steps[:position]):
            if len(self._options(state, step)) > 1:
                self.ui = replace(ui, mode=step, picks=(), choice=0)
                return NOTHING
        self.ui = ui.entering(Mode.MAIN)
        return NOTHING

    # --- The screens --------------------------------------------------------------------------

    def _title(self) -> str:
        w = self.words
        if self.ui.purpose == DEPOT:
            return w.say(DEPOT_TITLE)
        return w.say(STATION_TITLE) if self.ui.purpose == STATION else w.say(CLAIM_TITLE)

    def letter_screen(self, state: TicketToRideState) -> Screen:
        view, purpose = self.flow.view(state), self.ui.purpose
        items = tuple(self.words.letter_item(letter, view.cities(purpose, letter))
                      for letter in view.letters(purpose))
        return Screen(top=self.top(state), title=self._title(),
                      menu=Menu(items, self.ui.choice), hints=self.words.hint_choose())

    def city_screen(self, state: TicketToRideState) -> Screen:
        cities = self.flow.view(state).cities(self.ui.purpose, self.ui.letter or "")
        return Screen(top=self.top(state), title=self._title(),
                      menu=Menu(tuple(cities), self.ui.choice), hints=self.words.hint_choose())

    def track_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        city = self.ui.city or ""
        tracks = self.flow.view(state).tracks(city)
        return Screen(top=self.top(state), title=w.say(FROM_CITY, city=city),
                      menu=Menu(tuple(w.track_item(t, city, state.board) for t in tracks),
                                self.ui.choice),
                      hints=w.hint_choose())
