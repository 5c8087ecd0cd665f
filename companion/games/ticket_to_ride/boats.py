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
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.view import Mode, Pick
from companion.games.ticket_to_ride.words import (
    BOAT_DECK_EMPTY,
    CARD_FROM,
    EXCHANGE_TITLE,
    EXCHANGED,
    FACE_UP_NEW_BOAT,
    FACE_UP_NEW_WAGON,
    FROM_ITS_DECK,
    GIVE_BOATS,
    GIVE_WAGONS,
    NEW_BOAT_DECK,
    NO_CARD_FROM_THERE,
    RESHUFFLED,
    WAGON_DECK_EMPTY,
    WAGONS_AND_BOATS,
)
from companion.screens.model import Screen
from engine.games.ticket_to_ride.card_draws import DECK, face_up_problem
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
from engine.games.ticket_to_ride.state import TicketToRideState

#: Where a card came from: blind from its deck, or face up and replaced from a deck.
Source = tuple[int, str]


class Boats(Part):
    """The Rails & Sails steps of the Ticket to Ride flow."""

    # --- Drawing from two decks -------------------------------------------------------------

    def sources(self, state: TicketToRideState, card: str, second: bool) -> list[Source]:
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

    def draw(self, state: TicketToRideState, pick: Pick, second: bool) -> Reaction:
        """A card tapped while drawing on a map with boats: drawn, or asked where from."""
        sources = self.sources(state, pick.card, second)
        if not sources:
            return refused(self.words.say(NO_CARD_FROM_THERE))
        if len(sources) == 1:
            return self._drawn(pick, sources[0])
        self.ui = replace(self.ui, mode=Mode.SOURCE, pending=pick, choice=0, picks=())
        return NOTHING

    def _drawn(self, pick: Pick, source: Source) -> Reaction:
        index, pile = source
        return Reaction(DrawCard(index, pick.card, pile), notice=self.words.taken(pick.card),
                        uids=(pick.uid,))

    def source_button(self, state: TicketToRideState, button: Button) -> Reaction:
        """Where the card tapped came from, chosen from the list."""
        pending = self.ui.pending
        sources = self.sources(state, pending.card, bool(state.drawn)) if pending else []
        if button == "back" or pending is None or not sources:
            self.ui = self.ui.entering(Mode.MAIN)
            return NOTHING
        choice, source = chosen(self.ui.choice, button, sources)
        self.ui = replace(self.ui, choice=choice)
        return NOTHING if source is None else self._drawn(pending, source)

    def source_screen(self, state: TicketToRideState) -> Screen:
        """"Red from?": its deck, or face up replaced from either deck."""
        w = self.words
        pending = self.ui.pending
        card = pending.card if pending else UNKNOWN
        sources = self.sources(state, card, bool(state.drawn))
        items = tuple(w.say(FROM_ITS_DECK) if index == DECK else w.say(FACE_UP_NEW_BOAT)
                      if pile == BOAT_PILE else w.say(FACE_UP_NEW_WAGON)
                      for index, pile in sources) or (w.say(NO_CARD_FROM_THERE),)
        return self.list_screen(state, w.say(CARD_FROM, card=w.card(card)), items)

    # --- The decks run out --------------------------------------------------------------------

    def reshuffle(self, state: TicketToRideState) -> Reaction:
        """The discards of the deck that ran out shuffled into a new deck."""
        w = self.words
        pile = pile_to_reshuffle(state) or WAGON_PILE
        said = w.say(NEW_BOAT_DECK) if pile == BOAT_PILE else w.say(RESHUFFLED)
        discard = cards_in(state, pile)[1]
        return Reaction(Reshuffle((UNKNOWN,) * len(discard), pile), notice=said)

    def deck_empty_title(self, state: TicketToRideState) -> str:
        """Which deck ran out."""
        w = self.words
        if pile_to_reshuffle(state) == BOAT_PILE:
            return w.say(BOAT_DECK_EMPTY)
        return w.say(WAGON_DECK_EMPTY)

    def pieces_line(self, state: TicketToRideState) -> str:
        """"Wagons 20 · Boats 30": the pieces left, on the main screen."""
        player = state.player()
        return self.words.say(WAGONS_AND_BOATS, wagons=player.trains, boats=player.boats)

    # --- Exchanging pieces ------------------------------------------------------------------

    def exchange_options(self, state: TicketToRideState) -> list[tuple[str, int]]:
        """Every exchange the player may make: (the kind given, how many)."""
        player = state.player()
        return [(give, count) for give in (WAGONS, BOATS)
                for count in range(1, exchange_limit(player, give) + 1)]

    def exchange_button(self, state: TicketToRideState, button: Button) -> Reaction:
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

    def exchange_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        items = tuple(w.say(GIVE_WAGONS, count=count) if give == WAGONS
                      else w.say(GIVE_BOATS, count=count)
                      for give, count in self.exchange_options(state)) or ("-",)
        return self.list_screen(state, w.say(EXCHANGE_TITLE), items)
