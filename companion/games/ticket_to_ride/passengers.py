"""Märklin passengers at the Ticket to Ride table: placing one after a claim, moving one as a
turn's action, city by city from the lists the engine gives; the flash says the tokens taken.

- after a claim: "Place a passenger?", the route's free ends and "No passenger";
- "Move a passenger" in the turn's menu: the passenger (a list of one is skipped), then each
  next city, or "Stop here" once it has travelled; `back` takes the last city back. The list
  offers an opponent's route while the player may still hold a passenger card for it;
- a trip over opponents' routes then asks for the passenger cards, tapped one per such route
  (each checked by the engine as it is tapped); `back` takes the last card back, then returns
  to the trip.
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, chosen, refused
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.view import Mode, Pick
from companion.games.ticket_to_ride.words import (  # fmt: skip
    FROM_CITY,
    HINT_PAY,
    MOVE_TITLE,
    NO_PASSENGER,
    NO_PASSENGER_TO_MOVE,
    PASSENGER_IN,
    PASSENGER_QUESTION,
    STOP_HERE,
    TAP_PASSENGER_CARDS,
    TRIP_FARE,
)
from companion.i18n.translate import fill
from companion.screens.model import Screen
from engine.errors import IllegalEvent
from engine.games.ticket_to_ride.events import MovePassenger, PlacePassenger
from engine.games.ticket_to_ride.live_passengers import (
    fare_problem,
    movable,
    next_stops,
    placing_passenger,
    trip_for,
)  # fmt: skip
from engine.games.ticket_to_ride.marklin import Trip
from engine.games.ticket_to_ride.state import TicketToRideState


class Passengers(Part):
    """The passenger steps of the Ticket to Ride flow: they read and move `ui`."""

    # --- Placing after a claim ----------------------------------------------------------------

    def place_options(self, state: TicketToRideState) -> list[str]:
        """The cities offered, then "" for no passenger."""
        return [*placing_passenger(state), ""]

    def place_button(self, state: TicketToRideState, button: Button) -> Reaction:
        choice, city = chosen(self.ui.choice, button, self.place_options(state))
        self.ui = replace(self.ui, choice=choice)
        if city is None:
            return NOTHING
        notice = self.words.say(PASSENGER_IN, city=city) if city else self.words.say(
            NO_PASSENGER)
        return Reaction(PlacePassenger(city), notice=notice)

    def place_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        items = tuple(city or w.say(NO_PASSENGER) for city in self.place_options(state))
        return self.list_screen(state, w.say(PASSENGER_QUESTION), items)

    # --- Moving one ---------------------------------------------------------------------------

    def start_trip(self, state: TicketToRideState) -> Reaction:
        """"Move a passenger", from the menu: which one (a list of one is skipped)."""
        riders = movable(state)
        if not riders:
            return refused(self.words.say(NO_PASSENGER_TO_MOVE))
        self.ui = self.ui.entering(Mode.RIDER)
        if len(riders) == 1:
            return self._choose_rider(riders[0])
        return NOTHING

    def _choose_rider(self, city: str) -> Reaction:
        self.ui = replace(self.ui, city=city, stops=(), mode=Mode.TRIP, choice=0)
        return NOTHING

    def trip_options(self, state: TicketToRideState) -> list[str]:
        """The next cities the engine allows, then "" to stop (once the passenger has moved)."""
        ui = self.ui
        cities = [stop.city for stop in next_stops(state, ui.city or "", ui.stops)]
        return cities + ([""] if ui.stops else [])

    def trip_valid(self, state: TicketToRideState) -> bool:
        """Whether the trip being entered still holds (a draft may predate an undo)."""
        ui = self.ui
        if ui.mode is Mode.RIDER:
            return bool(movable(state))
        if ui.mode not in (Mode.TRIP, Mode.TRIP_PAY):
            return True
        if ui.city not in movable(state):
            return False
        try:
            trip_for(state, ui.city or "", ui.stops, cards=len(ui.stops))
        except IllegalEvent:
            return not ui.stops  # no stop yet: the trip is only starting
        return True

    def rider_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back":
            self.ui = self.ui.entering(Mode.MAIN)
            return NOTHING
        choice, city = chosen(self.ui.choice, button, list(movable(state)))
        self.ui = replace(self.ui, choice=choice)
        return NOTHING if city is None else self._choose_rider(city)

    def trip_button(self, state: TicketToRideState, button: Button) -> Reaction:
        ui = self.ui
        if button == "back":
            if ui.stops:
                self.ui = replace(ui, stops=ui.stops[:-1], choice=0)
            elif len(movable(state)) > 1:
                self.ui = ui.entering(Mode.RIDER)
            else:
                self.ui = ui.entering(Mode.MAIN)
            return NOTHING
        choice, city = chosen(ui.choice, button, self.trip_options(state))
        self.ui = replace(ui, choice=choice)
        if city is None:
            return NOTHING
        if city:
            self.ui = replace(ui, stops=(*ui.stops, city), choice=0)
            return NOTHING
        return self._travel(state)

    def _fare(self, state: TicketToRideState) -> Trip:
        """The trip entered, whatever cards the hand may hold (the engine checks those)."""
        ui = self.ui
        return trip_for(state, ui.city or "", ui.stops, cards=len(ui.stops))

    def _travel(self, state: TicketToRideState) -> Reaction:
        """The trip ends here: made at once, or once its passenger cards are tapped."""
        ui = self.ui
        start = ui.city or ""
        trip = self._fare(state)
        if len(ui.picks) < trip.cards:
            self.ui = replace(ui, mode=Mode.TRIP_PAY, choice=0)
            return NOTHING
        return Reaction(MovePassenger(start, ui.stops, ui.cards),
                        notice=self.words.tokens_taken(trip.tokens), uids=ui.uids)

    def trip_pay_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back":
            ui = self.ui
            self.ui = (ui.unpicking() if ui.picks
                       else replace(ui, mode=Mode.TRIP, choice=len(self.trip_options(state)) - 1))
        return NOTHING

    def fare_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        """A passenger card paid for the trip: refused at once when it cannot be part of the
        fare; the last one makes the move."""
        ui = self.ui
        trip = self._fare(state)
        problem = fare_problem(state, trip, (*ui.cards, pick.card))
        if problem is not None:
            return refused(fill(problem.reason, self.words.language, **problem.params))
        self.ui = ui.picking(pick)
        if len(self.ui.picks) < trip.cards:
            return NOTHING
        return self._travel(state)

    def rider_screen(self, state: TicketToRideState) -> Screen:
        return self.list_screen(state, self.words.say(MOVE_TITLE), movable(state))

    def trip_pay_screen(self, state: TicketToRideState) -> Screen:
        w, ui = self.words, self.ui
        fare = self._fare(state).cards
        body = ((w.cards(ui.cards),) if ui.picks
                else (w.say(TAP_PASSENGER_CARDS, count=fare),))
        return Screen(top=self.top(state), title=w.say(TRIP_FARE, count=fare), body=body,
                      hints=w.say(HINT_PAY), progress=(len(ui.picks), fare))

    def trip_screen(self, state: TicketToRideState) -> Screen:
        w, ui = self.words, self.ui
        here = ui.stops[-1] if ui.stops else ui.city or ""
        tokens = {stop.city: stop.token for stop in next_stops(state, ui.city or "", ui.stops)}
        items = tuple(w.trip_stop(city, tokens[city]) if city else w.say(STOP_HERE)
                      for city in self.trip_options(state))
        return self.list_screen(state, w.say(FROM_CITY, city=here), items)
