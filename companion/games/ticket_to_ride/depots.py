"""Depots and warehouses (Europe 1912) at the Ticket to Ride table: the first depot of each
player, the deck's top card put in a warehouse before a draw, a warehouse taken after a claim.

The cards put in a warehouse are never seen: the companion counts them ("?"). In team play a
warehouse is a team's, named after the team."""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, moved
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.view import DEPOT, Mode
from companion.games.ticket_to_ride.words import (  # fmt: skip
    DEPOT_FIRST_BODY,
    DEPOT_FIRST_TITLE,
    HINT_DEPOT,
    KEEP_DEPOTS,
    STORE_TITLE,
    STORED_IN,
    TAKE_TITLE,
    WAREHOUSE_ITEM,
    WAREHOUSE_TAKEN,
    WAREHOUSES_LEFT,
)
from companion.screens.model import Menu, Screen
from engine.games.ticket_to_ride.events import StoreCard, TakeWarehouse
from engine.games.ticket_to_ride.live_depots import NO_WAREHOUSE, must_store
from engine.games.ticket_to_ride.live_teams import side_names
from engine.games.ticket_to_ride.state import TicketToRideState


class Depots(Part):
    """The depot steps of the Ticket to Ride flow."""

    def step(self, state: TicketToRideState, mode: Mode) -> Mode | None:
        """The depot step the game is at, or None when it is at none."""
        depots = state.depots
        if depots is None:
            return None
        if depots.to_place:
            choosing = self.ui.purpose == DEPOT and mode in (Mode.LETTER, Mode.CITY)
            return mode if choosing else Mode.FIRST_DEPOT
        if depots.offer:
            return Mode.TAKE_WAREHOUSE
        if mode is Mode.STORE and not must_store(state):
            return Mode.MAIN
        return None

    # --- Buttons ------------------------------------------------------------------------

    def first_depot_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            return self.flow.routes.start(state, DEPOT)
        return NOTHING

    def store_button(self, state: TicketToRideState, button: Button) -> Reaction:
        names = side_names(state)
        count = len(names)
        if button == "back":
            self.ui = self.ui.entering(Mode.MAIN)
        elif button in ("up", "down"):
            self.ui = replace(self.ui, choice=moved(self.ui.choice, button, count))
        elif button == "ok":
            owner = min(self.ui.choice, count - 1)
            return Reaction(StoreCard(owner), notice=self.words.say(STORED_IN, name=names[owner]))
        return NOTHING

    def take_button(self, state: TicketToRideState, button: Button) -> Reaction:
        assert state.depots is not None
        choices = (*state.depots.offer, NO_WAREHOUSE)
        if button in ("up", "down"):
            self.ui = replace(self.ui, choice=moved(self.ui.choice, button, len(choices)))
        elif button == "ok":
            owner = choices[min(self.ui.choice, len(choices) - 1)]
            if owner == NO_WAREHOUSE:
                return Reaction(TakeWarehouse(owner), notice=self.words.say(WAREHOUSES_LEFT))
            count = len(state.depots.warehouses[owner])
            return Reaction(TakeWarehouse(owner), notice=self.words.say(
                WAREHOUSE_TAKEN, count=count))
        return NOTHING

    # --- Screens ------------------------------------------------------------------------

    def first_depot_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        return Screen(top=self.top(state),
                      title=w.say(DEPOT_FIRST_TITLE, name=state.player().name),
                      body=(w.say(DEPOT_FIRST_BODY),), hints=w.say(HINT_DEPOT))

    def store_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        assert state.depots is not None
        items = tuple(w.say(WAREHOUSE_ITEM, name=name, count=len(cards))
                      for name, cards in zip(side_names(state), state.depots.warehouses))
        return Screen(top=self.top(state), title=w.say(STORE_TITLE),
                      menu=Menu(items, self.ui.choice % len(items)), hints=w.hint_choose())

    def take_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        depots = state.depots
        assert depots is not None
        names = side_names(state)
        items = tuple(w.say(WAREHOUSE_ITEM, name=names[owner], count=len(depots.warehouses[owner]))
                      for owner in depots.offer)
        items += (w.say(KEEP_DEPOTS),)
        return self.list_screen(state, w.say(TAKE_TITLE), items)
