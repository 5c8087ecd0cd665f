"""Rails & Sails at the Ticket to Ride table: which deck a card came from, and exchanges.

A card tapped tells its own deck when drawn blind (a boat card from the boat deck, any other
from the wagon deck); a face-up card taken is replaced from the deck the player names. When
more than one of these is possible the table asks, "From the deck" first. The exchange of
pieces is a turn's action from the menu: a list of "3 wagons > boats" and "3 boats > wagons".
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, chosen, refused
from companion.games.ticket_to_ride.part import TicketToRidePart
from companion.games.ticket_to_ride.view import Mode, Pick
from companion.games.ticket_to_ride.words import RESHUFFLED
from companion.i18n.translate import N_
from companion.screens.model import Menu, Screen
from engine.games.ticket_to_ride.events import DrawCard, ExchangePieces, Reshuffle
from engine.games.ticket_to_ride.live_boats import (
    BOAT_PILE,
    BOATS,
    WAGON_PILE,
    WAGONS,
    cards_in,
    exchange_limit,
    pile_to_reshuffle,
)  # fmt: skip
from engine.games.ticket_to_ride.payment import UNKNOWN, boat_color
from engine.games.ticket_to_ride.rules import DECK, face_up_problem
from engine.games.ticket_to_ride.state import TicketToRideState

#: Where a card came from: blind from its deck, or face up and replaced from a deck.
Source = tuple[int, str]

WAGONS_AND_BOATS = N_("Wagons {wagons} · Boats {boats}")
CARD_FROM = N_("{card} from?")
FROM_ITS_DECK = N_("From its deck")
FACE_UP_NEW_WAGON = N_("Face up, new wagon")
FACE_UP_NEW_BOAT = N_("Face up, new boat")
NO_CARD_FROM_THERE = N_("No card to take there")
EXCHANGE_TITLE = N_("Exchange pieces")
GIVE_WAGONS = N_("{count} wagons > boats")
GIVE_BOATS = N_("{count} boats > wagons")
EXCHANGED = N_("Pieces exchanged")
WAGON_DECK_EMPTY = N_("Wagon deck empty")
BOAT_DECK_EMPTY = N_("Boat deck empty")
NEW_BOAT_DECK = N_("New boat deck shuffled")


class BoatEntry(TicketToRidePart):
    """The Rails & Sails steps of the Ticket to Ride flow."""

    # --- Drawing from two decks -------------------------------------------------------------

    def boat_sources(self, state: TicketToRideState, card: str, second: bool) -> list[Source]:
        """Where this card may have come from now: blind from its deck, face up replaced
        from the wagon deck or from the boat deck (with both empty, from nowhere)."""
        found: list[Source] = []
        own = BOAT_PILE if boat_color(card) else WAGON_PILE
        if cards_in(state, own)[0]:
            found.append((DECK, own))
        if state.display and face_up_problem(card, second) is None:
            refills = [pile for pile in (WAGON_PILE, BOAT_PILE) if cards_in(state, pile)[0]]
            found += [(0, pile) for pile in refills or [WAGON_PILE]]
        return found

    def boat_draw(self, state: TicketToRideState, pick: Pick, second: bool) -> Reaction:
        """A card tapped while drawing on a map with boats: drawn, or asked where from."""
        sources = self.boat_sources(state, pick.card, second)
        if not sources:
            return refused(self.words.say(NO_CARD_FROM_THERE))
        if len(sources) == 1:
            return self.boat_drawn(pick, sources[0])
        self.ui = replace(self.ui, mode=Mode.SOURCE, pending=pick, choice=0, picks=())
        return NOTHING

    def boat_drawn(self, pick: Pick, source: Source) -> Reaction:
        index, pile = source
        return Reaction(DrawCard(index, pick.card, pile), notice=self.words.taken(pick.card),
                        uids=(pick.uid,))

    def _boat_source_button(self, state: TicketToRideState, button: Button) -> Reaction:
        pending = self.ui.pending
        sources = self.boat_sources(state, pending.card, bool(state.drawn)) if pending else []
        if button == "back" or pending is None or not sources:
            self.ui = self.ui.entering(Mode.MAIN)
            return NOTHING
        choice, source = chosen(self.ui.choice, button, sources)
        self.ui = replace(self.ui, choice=choice)
        return NOTHING if source is None else self.boat_drawn(pending, source)

    def _boat_source_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        pending = self.ui.pending
        card = pending.card if pending else UNKNOWN
        sources = self.boat_sources(state, card, bool(state.drawn))
        items = tuple(w.say(FROM_ITS_DECK) if index == DECK else w.say(FACE_UP_NEW_BOAT)
                      if pile == BOAT_PILE else w.say(FACE_UP_NEW_WAGON)
                      for index, pile in sources) or (w.say(NO_CARD_FROM_THERE),)
        return Screen(top=self._top(state), title=w.say(CARD_FROM, card=w.card(card)),
                      menu=Menu(items, min(self.ui.choice, len(items) - 1)),
                      hints=w.hint_choose())

    # --- The decks run out --------------------------------------------------------------------

    def boat_reshuffle(self, state: TicketToRideState) -> Reaction:
        w = self.words
        pile = pile_to_reshuffle(state) or WAGON_PILE
        said = w.say(NEW_BOAT_DECK) if pile == BOAT_PILE else w.say(RESHUFFLED)
        discard = cards_in(state, pile)[1]
        return Reaction(Reshuffle((UNKNOWN,) * len(discard), pile), notice=said)

    def deck_empty_title(self, state: TicketToRideState) -> str:
        w = self.words
        if pile_to_reshuffle(state) == BOAT_PILE:
            return w.say(BOAT_DECK_EMPTY)
        return w.say(WAGON_DECK_EMPTY)

    def pieces_line(self, state: TicketToRideState) -> str:
        player = state.player()
        return self.words.say(WAGONS_AND_BOATS, wagons=player.trains, boats=player.boats)

    # --- Exchanging pieces ------------------------------------------------------------------

    def exchange_options(self, state: TicketToRideState) -> list[tuple[str, int]]:
        """Every exchange the player may make: (the kind given, how many)."""
        player = state.player()
        return [(give, count) for give in (WAGONS, BOATS)
                for count in range(1, exchange_limit(player, give) + 1)]

    def _exchange_button(self, state: TicketToRideState, button: Button) -> Reaction:
        options = self.exchange_options(state)
        if button == "back" or not options:
            self.ui = self.ui.entering(Mode.MENU)
            return NOTHING
        choice, option = chosen(self.ui.choice, button, options)
        self.ui = replace(self.ui, choice=choice)
        if option is None:
            return NOTHING
        give, count = option
        return Reaction(ExchangePieces(give, count), notice=self.words.say(EXCHANGED))

    def _exchange_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        items = tuple(w.say(GIVE_WAGONS, count=count) if give == WAGONS
                      else w.say(GIVE_BOATS, count=count)
                      for give, count in self.exchange_options(state)) or ("-",)
        return Screen(top=self._top(state), title=w.say(EXCHANGE_TITLE),
                      menu=Menu(items, min(self.ui.choice, len(items) - 1)),
                      hints=w.hint_choose())
