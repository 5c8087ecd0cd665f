"""Ticket to Ride at the table: taps and presses become moves; the screen says what is next.

The companion knows a train card once it is tapped: the deck, the face-up cards and the four
cards dealt to each player stay unseen ("?"). A card paid is tapped as it goes to the
discards, so the companion never needs to know a hand: it only refuses cards that a player
cannot hold (more of a colour than seen plus unseen). What the players tap or press:

- setup: `ok` through the guidance pages; the last one records the deal. Each player then taps
  the destination tickets they keep and presses `ok`.
- drawing train cards: tap each card taken, face up or from the deck. Only a locomotive taken
  first asks where it came from (face up, it ends the turn).
- drawing tickets: tap a ticket kept (or `ok`, "Draw tickets"), tap the others kept, `ok`.
- claiming a route: `ok`, "Claim a route", then a letter, a city, one of its routes (a list
  with one entry is skipped); the screen shows the route's colour, length and points; tap the
  cards paid: the last one claims the route. A tunnel then asks for the cards turned over
  (tapped, or chosen from the list with the buttons), then for the extra cards (or `ok` to
  give it up).
- a station (Europe): `ok`, "Build a station", a letter, a city, tap the cards paid.
- Märklin passengers: after a claim, a passenger's city or "No passenger"; `ok`, "Move a
  passenger", the passenger, then each city of its trip and "Stop here"; a trip over
  opponents' routes then asks for one passenger card tapped per such route (see `passengers`).
- three locomotives face up: `up` (or the menu) and `ok`; the deck runs out: `ok` once the
  discards are shuffled into a new deck.
- `back` steps back; holding `back` undoes the last move (the appliance asks first).
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import CardLike, Reaction
from companion.flows.kit import DraftedUI, ModeFlow, by_mode, other_game, refused
from companion.games.ticket_to_ride import BOAT_KINDS, SPECIAL_KINDS
from companion.games.ticket_to_ride.boats import Boats
from companion.games.ticket_to_ride.depots import Depots
from companion.games.ticket_to_ride.holder import Holder
from companion.games.ticket_to_ride.move_words import move_words
from companion.games.ticket_to_ride.pages import Pages
from companion.games.ticket_to_ride.part import Tapped
from companion.games.ticket_to_ride.passengers import Passengers
from companion.games.ticket_to_ride.payments import Payments
from companion.games.ticket_to_ride.routes import RouteChooser
from companion.games.ticket_to_ride.takings import TakingsChooser
from companion.games.ticket_to_ride.ticket_tags import map_ticket_codes
from companion.games.ticket_to_ride.tickets import Tickets
from companion.games.ticket_to_ride.turn import Turn
from companion.games.ticket_to_ride.view import Mode, Pick, TicketToRideUI, TurnView
from companion.games.ticket_to_ride.words import (  # fmt: skip
    ALREADY_COUNTED,
    CHOOSE_ROUTE_FIRST,
    FERRY_CARD_NOW,
    FERRY_CARD_TAKEN,
    GAME,
    NOT_A_TICKET,
    NOT_A_TRAIN_CARD,
    NOT_ON_THIS_MAP,
    NOT_THIS_GAME,
    Words,
)
from engine.events import Event
from engine.games.ticket_to_ride.board import COLORS, LOCOMOTIVE, Map
from engine.games.ticket_to_ride.events import (
    DrawCard,
    DrawTickets,
    KeepTickets,
    ReplaceFaceUp,
    TakeFerryCard,
)
from engine.games.ticket_to_ride.face_up import needs_reshuffle
from engine.games.ticket_to_ride.library import SHIPPED, shipped_map
from engine.games.ticket_to_ride.live_depots import waiting_for_choice
from engine.games.ticket_to_ride.live_passengers import placing_passenger
from engine.games.ticket_to_ride.payment import FERRY_CARD, boat
from engine.games.ticket_to_ride.state import Phase, TicketToRideState


class TicketToRideFlow(DraftedUI[TicketToRideUI], ModeFlow[TicketToRideState, Mode]):
    """The table's flow, made of parts that each show their own modes: it says which mode
    the game is in, reads the cards tapped and moves on once a move is committed."""

    game = GAME

    def __init__(self, language: str, show_tickets: bool = False) -> None:
        self.words = Words(language)
        #: Whether the screens name the cities of the tickets kept before the game's end
        #: (the table's `show_tickets` setting): else they only count them.
        self.show_tickets = show_tickets
        self.ui = TicketToRideUI()
        #: A ticket tapped to draw tickets: kept once the tickets are drawn.
        self.carry: Pick | None = None
        #: Ticket tags kept by the players.
        self.kept: set[str] = set()
        #: This turn's first train card and its tag, while the second is still to draw.
        self.first: tuple[str, str] | None = None
        self._view: TurnView | None = None
        #: The map on the table, once a screen or an input has shown it (tags to enrol).
        self.board: Map | None = None
        # Made once the words and the UI state are set: every part reads them.
        self.pages = Pages(self)
        self.turn = Turn(self)
        self.tickets = Tickets(self)
        self.routes = RouteChooser(self)
        self.payments = Payments(self)
        self.takings = TakingsChooser(self)
        self.depots = Depots(self)
        self.passengers = Passengers(self)
        self.boats = Boats(self)
        self.holder = Holder(self)
        #: Every mode, with the part that shows it: its screen and its buttons.
        self.screens, self.buttons = by_mode({
            Mode.SETUP: (self.pages.setup_screen, self.pages.setup_button),
            Mode.LAST_ROUND: (self.pages.last_round_screen, self.pages.ack_button),
            Mode.FINAL: (self.pages.final_screen, self.pages.final_button),
            Mode.MAIN: (self.turn.main_screen, self.turn.main_button),
            Mode.MENU: (self.turn.menu_screen, self.turn.menu_button),
            Mode.SECOND: (self.turn.second_screen, self.turn.second_button),
            Mode.SOURCE: (self.turn.source_screen, self.turn.source_button),
            Mode.FACE_UP: (self.turn.face_up_screen, self.turn.face_up_button),
            Mode.RESHUFFLE: (self.turn.reshuffle_screen, self.turn.reshuffle_button),
            Mode.TICKETS: (self.tickets.screen, self.tickets.button),
            Mode.LETTER: (self.routes.letter_screen, self.routes.button),
            Mode.CITY: (self.routes.city_screen, self.routes.button),
            Mode.TRACK: (self.routes.track_screen, self.routes.button),
            Mode.PAY: (self.payments.pay_screen, self.payments.pay_button),
            Mode.REVEAL: (self.payments.reveal_screen, self.payments.reveal_button),
            Mode.TUNNEL_PAY: (self.payments.tunnel_pay_screen, self.payments.tunnel_pay_button),
            Mode.GIVE_UP: (self.payments.give_up_screen, self.payments.give_up_button),
            Mode.COMPANY: (self.takings.company_screen, self.takings.company_button),
            Mode.MEEPLE: (self.takings.meeple_screen, self.takings.meeple_button),
            Mode.START_CITY: (self.takings.start_screen, self.takings.start_button),
            Mode.CITE: (self.takings.cite_screen, self.takings.cite_button),
            Mode.CITE_PAY: (self.takings.cite_pay_screen, self.takings.cite_pay_button),
            Mode.ALVIN: (self.takings.alvin_screen, self.takings.alvin_button),
            Mode.FIRST_DEPOT: (self.depots.first_depot_screen, self.depots.first_depot_button),
            Mode.STORE: (self.depots.store_screen, self.depots.store_button),
            Mode.TAKE_WAREHOUSE: (self.depots.take_screen, self.depots.take_button),
            Mode.PLACE: (self.passengers.place_screen, self.passengers.place_button),
            Mode.RIDER: (self.passengers.rider_screen, self.passengers.rider_button),
            Mode.TRIP: (self.passengers.trip_screen, self.passengers.trip_button),
            Mode.TRIP_PAY: (self.passengers.trip_pay_screen, self.passengers.trip_pay_button),
            Mode.EXCHANGE: (self.boats.exchange_screen, self.boats.exchange_button),
            Mode.HOLDER: (self.holder.screen, self.holder.button),
        })
        #: What a train card tapped does, in the modes that take one.
        self.taps: dict[Mode, Tapped] = {
            Mode.MAIN: self.turn.first_card,
            Mode.MENU: self.turn.first_card,
            Mode.SECOND: self.turn.second_card,
            Mode.SOURCE: self.turn.source_card,
            Mode.PAY: self.payments.pay_tapped,
            Mode.REVEAL: self.payments.reveal_tapped,
            Mode.TUNNEL_PAY: self.payments.extra_tapped,
            Mode.CITE_PAY: self.takings.cite_tapped,
            Mode.TRIP_PAY: self.passengers.fare_tapped,
        }

    def view(self, state: TicketToRideState) -> TurnView:
        """What this input reads of `state`, worked out once for the state."""
        if self._view is None or self._view.state is not state:
            self._view = TurnView(state)
        return self._view

    def current_mode(self, state: TicketToRideState) -> Mode:
        self.board = state.board
        mode = self.ui.mode
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.DEAL:
            return Mode.SETUP
        if mode in (Mode.LAST_ROUND, Mode.FACE_UP):
            return mode
        if needs_reshuffle(state):
            return Mode.RESHUFFLE
        tunnel = state.tunnel
        if tunnel is not None:
            if tunnel.surcharge is None:
                return Mode.REVEAL
            if mode is Mode.HOLDER and self.ui.paying is Mode.TUNNEL_PAY:
                return mode
            return Mode.GIVE_UP if mode is Mode.GIVE_UP else Mode.TUNNEL_PAY
        if placing_passenger(state) and not waiting_for_choice(state):
            return Mode.PLACE  # after the claim's warehouse, when there is one
        if state.phase is Phase.START_TICKETS or state.player().offered:
            return Mode.TICKETS
        depot_step = self.depots.step(state, mode)
        if depot_step is not None:
            return depot_step
        if state.drawn:  # a card's deck asked for on a map with boats, or the second card
            return mode if mode is Mode.SOURCE and self.ui.pending else Mode.SECOND
        if (mode is Mode.GIVE_UP or not self.routes.valid(state)
                or not self.passengers.trip_valid(state)):
            return Mode.MAIN
        return mode

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: TicketToRideState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        foreign = other_game(card, GAME, w.say(NOT_THIS_GAME))
        if foreign:
            return foreign
        mode = self.current_mode(state)
        if card.kind == "ticket":
            return self.tickets.tapped(state, mode, card.value, uid)
        if card.kind == "locomotive":
            value = LOCOMOTIVE
        elif card.kind == "train" and card.value in COLORS:
            value = card.value
        elif card.kind in BOAT_KINDS and card.value in COLORS:
            value = boat(card.value, double=BOAT_KINDS[card.kind])
            if "boat" not in state.board.rules.cards.special:
                return refused(w.say(NOT_ON_THIS_MAP))
        elif card.kind in SPECIAL_KINDS:
            value = SPECIAL_KINDS[card.kind]
            if value not in state.board.rules.cards.special:
                return refused(w.say(NOT_ON_THIS_MAP))
        else:
            return refused(w.say(NOT_A_TRAIN_CARD))
        first_uid = self.first[1] if self.first and state.drawn else None
        if uid in self.ui.uids or uid == first_uid:
            return refused(w.say(ALREADY_COUNTED, card=w.card(value)))
        pick = Pick(value, uid)
        if value == FERRY_CARD and mode not in (Mode.PAY, Mode.TUNNEL_PAY):
            # A ferry card comes from its own pile, instead of the turn's action.
            if mode not in (Mode.MAIN, Mode.MENU):
                return refused(w.say(FERRY_CARD_NOW))
            return Reaction(TakeFerryCard(), notice=w.say(FERRY_CARD_TAKEN), uids=(uid,))
        tapped = self.taps.get(mode)
        if tapped is not None:
            return tapped(state, pick)
        if mode is Mode.TICKETS:
            return refused(w.say(NOT_A_TICKET))
        if mode in (Mode.LETTER, Mode.CITY, Mode.TRACK):
            return refused(w.say(CHOOSE_ROUTE_FIRST))
        return refused(w.not_now())

    # --- After a move is committed ------------------------------------------------------------

    def accepted(self, before: TicketToRideState, after: TicketToRideState, event: Event,
                 uids: tuple[str, ...]) -> None:
        if isinstance(event, KeepTickets):
            self.kept |= set(uids)
        if isinstance(event, DrawCard):
            self.first = (event.card, uids[0] if uids else "") if after.drawn else None
        # Tickets tapped before the face-up cards were replaced stay tapped; a ticket tapped
        # to draw tickets is the first one kept.
        keep = self.ui.picks if isinstance(event, ReplaceFaceUp) else ()
        if isinstance(event, DrawTickets) and self.carry is not None:
            keep = (self.carry,)
        self.carry = None
        self.ui = replace(self.ui.entering(Mode.MAIN), picks=keep, page=0)
        if (before.turns_left is None and after.turns_left is not None
                and after.phase is not Phase.OVER):
            self.ui = replace(self.ui, mode=Mode.LAST_ROUND)

    def rebuild(self, state: TicketToRideState,
                history: list[tuple[Event, tuple[str, ...]]]) -> None:
        self.kept = set()
        self.first = None
        for event, uids in history:
            if isinstance(event, KeepTickets):
                self.kept |= set(uids)
        if state.drawn:
            for event, uids in reversed(history):
                if isinstance(event, DrawCard):
                    self.first = (event.card, uids[0] if uids else "")
                    break
        self.ui = replace(self.ui.entering(Mode.MAIN), page=0)
        self.carry = None

    def move_words(self, state: TicketToRideState, event: Event) -> str | None:
        """The last move in words, for the undo question."""
        return move_words(self.words, state, event)

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value); the tickets of
        the map on the table (of every shipped map before the table is first seen)."""
        w = self.words
        choices = [(w.card(color), "train", color) for color in COLORS]
        choices.append((w.card(LOCOMOTIVE), "locomotive", ""))
        choices += [(w.card(card), kind, "") for kind, card in SPECIAL_KINDS.items()]
        boards = ((self.board,) if self.board is not None
                  else tuple(shipped_map(name) for name in SHIPPED))
        if any("boat" in board.rules.cards.special for board in boards):
            choices += [(w.card(boat(color, double)), kind, color)
                        for kind, double in BOAT_KINDS.items() for color in COLORS]
        for board in boards:
            for code, ticket_id in map_ticket_codes(board).items():
                choices.append((w.ticket(board.ticket(ticket_id)), "ticket", code))
        return choices

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        busy = self.kept | set(self.ui.uids)
        if self.first:
            busy.add(self.first[1])
        if self.carry:
            busy.add(self.carry.uid)
        return busy


__all__ = ["GAME", "Mode", "TicketToRideFlow"]
