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

from companion.flows.base import NOTHING, CardLike, Reaction
from companion.flows.kit import (
    Button,
    DraftedUI,
    ModeFlow,
    chosen,
    leafed,
    moved,
    other_game,
    refused,
    turned,
)
from companion.games.ticket_to_ride import BOAT_KINDS, SPECIAL_KINDS
from companion.games.ticket_to_ride.boats import BoatEntry
from companion.games.ticket_to_ride.depots import DepotEntry
from companion.games.ticket_to_ride.passengers import PassengerEntry
from companion.games.ticket_to_ride.payments import PaymentEntry
from companion.games.ticket_to_ride.routes import RouteChooser
from companion.games.ticket_to_ride.screens import TicketToRideScreens, least_kept
from companion.games.ticket_to_ride.takings import TakingsEntry
from companion.games.ticket_to_ride.view import (  # fmt: skip
    CLAIM,
    DEPOT,
    ROUTE_STEPS,
    STATION,
    STORED,
    TRAIN_CARDS,
    Action,
    Mode,
    Pick,
    TicketToRideUI,
    TurnView,
    replaces_face_up,
)
from companion.games.ticket_to_ride.words import (  # fmt: skip
    ALREADY_COUNTED,
    CHOOSE_ROUTE_FIRST,
    DEALT,
    DRAW_SECOND_FIRST,
    FACE_UP_REPLACED,
    FERRY_CARD_NOW,
    FERRY_CARD_TAKEN,
    GAME,
    KEEP_AT_LEAST,
    NO_CARD_TO_DRAW,
    NO_SECOND_CARD,
    NO_TICKETS_LEFT,
    NOT_A_TICKET,
    NOT_A_TRAIN_CARD,
    NOT_ON_THIS_MAP,
    NOT_THIS_GAME,
    OTHER_MAP_TICKET,
    PASSED,
    RESHUFFLED,
    STORE_FIRST,
    TICKETS_DRAWN,
    TICKETS_KEPT,
    TOO_MANY_TICKETS,
    TUNNEL_GIVEN_UP,
    Words,
    map_ticket_codes,
)
from engine.events import Event
from engine.games.ticket_to_ride.board import COLORS, LOCOMOTIVE, Map
from engine.games.ticket_to_ride.events import (
    Deal,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    ReplaceFaceUp,
    Reshuffle,
    TakeFerryCard,
)
from engine.games.ticket_to_ride.library import SHIPPED, shipped_map
from engine.games.ticket_to_ride.live_boats import boat_deck
from engine.games.ticket_to_ride.live_depots import must_store, waiting_for_choice
from engine.games.ticket_to_ride.live_passengers import placing_passenger
from engine.games.ticket_to_ride.payment import FERRY_CARD, UNKNOWN, boat
from engine.games.ticket_to_ride.rules import (
    DECK,
    face_up_problem,
    long_tickets,
    needs_reshuffle,
    no_second_card,
    regular_tickets,
    train_deck,
)
from engine.games.ticket_to_ride.special_cards import counts_double
from engine.games.ticket_to_ride.state import Phase, TicketToRideState


class TicketToRideFlow(RouteChooser, TakingsEntry, PaymentEntry, TicketToRideScreens, DepotEntry,
                       PassengerEntry, BoatEntry, DraftedUI[TicketToRideUI],
                       ModeFlow[TicketToRideState, Mode]):
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.language = language
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
        self.screens = {**self.screen_table(), **self.takings_screens(),
                        Mode.FIRST_DEPOT: self._first_depot_screen,
                        Mode.STORE: self._store_screen,
                        Mode.TAKE_WAREHOUSE: self._take_screen, Mode.PLACE: self._place_screen,
                        Mode.RIDER: self._rider_screen, Mode.TRIP: self._trip_screen,
                        Mode.TRIP_PAY: self._trip_pay_screen,
                        Mode.EXCHANGE: self._exchange_screen}
        self.buttons = {
            Mode.SETUP: self._setup_button,
            Mode.FINAL: self._final_button,
            Mode.LAST_ROUND: self._ack_button,
            Mode.FACE_UP: self._face_up_button,
            Mode.RESHUFFLE: self._reshuffle_button,
            Mode.REVEAL: self._reveal_button,
            Mode.TUNNEL_PAY: self._tunnel_pay_button,
            Mode.GIVE_UP: self._give_up_button,
            Mode.TICKETS: self._tickets_button,
            Mode.SECOND: self._second_button,
            Mode.SOURCE: self._source_button,
            Mode.MAIN: self._main_button,
            Mode.MENU: self._menu_button,
            Mode.FIRST_DEPOT: self._first_depot_button,
            Mode.STORE: self._store_button,
            Mode.TAKE_WAREHOUSE: self._take_button,
            Mode.PLACE: self._place_button,
            Mode.RIDER: self._rider_button,
            Mode.TRIP: self._trip_button,
            Mode.TRIP_PAY: self._trip_pay_button,
            Mode.EXCHANGE: self._exchange_button,
            **{step: self._route_button for step in ROUTE_STEPS},
            **self.takings_buttons(),
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
            return Mode.GIVE_UP if mode is Mode.GIVE_UP else Mode.TUNNEL_PAY
        if placing_passenger(state) and not waiting_for_choice(state):
            return Mode.PLACE  # after the claim's warehouse, when there is one
        if state.phase is Phase.START_TICKETS or state.player().offered:
            return Mode.TICKETS
        depot_step = self.depot_mode(state, mode)
        if depot_step is not None:
            return depot_step
        if state.drawn:  # a card's deck asked for on a map with boats, or the second card
            return mode if mode is Mode.SOURCE and self.ui.pending else Mode.SECOND
        if mode is Mode.GIVE_UP or not self._route_valid(state) or not self._trip_valid(state):
            return Mode.MAIN
        return mode

    # --- Buttons ------------------------------------------------------------------------------

    def _setup_button(self, state: TicketToRideState, button: Button) -> Reaction:
        page = leafed(self.ui.page, button, len(self._setup_pages(state)))
        if page is None:
            return Reaction(_unseen_deal(state.board), notice=self.words.say(DEALT))
        if button == "back":
            page = max(0, page - 1)
        self.ui = replace(self.ui, page=page)
        return NOTHING

    def _final_button(self, state: TicketToRideState, button: Button) -> Reaction:
        self.ui = replace(self.ui, page=turned(self.ui.page, button,
                                               len(self._final_pages(state))))
        return NOTHING

    def _ack_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            self.ui = self.ui.entering(Mode.MAIN)
        return NOTHING

    def _ask_face_up(self, state: TicketToRideState, mode: Mode) -> Reaction:
        if not replaces_face_up(state):
            return NOTHING
        self.ui = replace(self.ui, back_to=mode if mode in STORED else Mode.MAIN,
                          mode=Mode.FACE_UP)
        return NOTHING

    def _face_up_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            return Reaction(ReplaceFaceUp(), notice=self.words.say(
                FACE_UP_REPLACED, count=state.board.rules.cards.face_up))
        if button == "back":
            self.ui = replace(self.ui, mode=self.ui.back_to)
        return NOTHING

    def _reshuffle_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok" and state.boat_cards is not None:
            return self.boat_reshuffle(state)
        if button == "ok":
            return Reaction(Reshuffle((UNKNOWN,) * len(state.discard)),
                            notice=self.words.say(RESHUFFLED))
        if button in ("up", "down"):
            return self._ask_face_up(state, Mode.MAIN)
        return NOTHING

    def _reveal_button(self, state: TicketToRideState, button: Button) -> Reaction:
        """The cards turned over may be entered with the buttons too: a card from the list."""
        if button == "back" and self.ui.picks:
            self.ui = self.ui.unpicking()
        elif button in ("up", "down"):
            self.ui = replace(self.ui, choice=moved(self.ui.choice, button, len(TRAIN_CARDS)))
        elif button == "ok":
            card = TRAIN_CARDS[self.ui.choice % len(TRAIN_CARDS)]
            return self._reveal_tapped(state, Pick(card, ""))
        return NOTHING

    def _tunnel_pay_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "back" and self.ui.picks:
            self.ui = self.ui.unpicking()
        elif button == "ok":
            self.ui = replace(self.ui, picks=(), mode=Mode.GIVE_UP)
        return NOTHING

    def _give_up_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            return Reaction(PayTunnel(()), notice=self.words.say(TUNNEL_GIVEN_UP))
        if button == "back":
            self.ui = replace(self.ui, mode=Mode.MAIN)
        return NOTHING

    def _tickets_button(self, state: TicketToRideState, button: Button) -> Reaction:
        ui = self.ui
        if button == "ok":
            player = state.player()
            least = min(least_kept(state), len(player.offered) + len(player.offered_long))
            if len(ui.picks) < least:
                return refused(self.words.say(KEEP_AT_LEAST, count=least))
            return Reaction(KeepTickets(ui.cards),
                            notice=self.words.say(TICKETS_KEPT, count=len(ui.picks)), uids=ui.uids)
        if button == "back" and ui.picks:
            self.ui = ui.unpicking()
        elif button in ("up", "down") and state.phase is Phase.START_TICKETS:
            return self._ask_face_up(state, Mode.MAIN)
        return NOTHING

    def _second_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button in ("up", "down"):
            return self._ask_face_up(state, Mode.MAIN)
        if button == "ok" and no_second_card(state):
            return Reaction(Pass(), notice=self.words.say(NO_SECOND_CARD))
        return NOTHING

    def _source_button(self, state: TicketToRideState, button: Button) -> Reaction:
        pending = self.ui.pending
        if state.boat_cards is not None:
            return self._boat_source_button(state, button)
        if button == "back" or pending is None:
            self.ui = self.ui.entering(Mode.MAIN)
        elif button in ("up", "down"):
            self.ui = replace(self.ui, choice=moved(self.ui.choice, button, 2))
        elif button == "ok":
            return self._draw(pending, 0 if self.ui.choice == 0 else DECK)
        return NOTHING

    def _main_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            self.ui = self.ui.entering(Mode.MENU)
        elif button in ("up", "down"):
            return self._ask_face_up(state, Mode.MAIN)
        return NOTHING

    def _menu_button(self, state: TicketToRideState, button: Button) -> Reaction:
        actions = self.view(state).actions
        if button == "back":
            self.ui = self.ui.entering(Mode.MAIN)
            return NOTHING
        choice, action = chosen(self.ui.choice, button, actions)
        self.ui = replace(self.ui, choice=choice)
        return NOTHING if action is None else self._act(state, action)

    def _act(self, state: TicketToRideState, action: Action) -> Reaction:
        w = self.words
        if action is Action.CLAIM:
            return self._start_route(state, CLAIM)
        if action is Action.STATION:
            return self._start_route(state, STATION)
        if action is Action.DEPOT:
            return self._start_route(state, DEPOT)
        if action is Action.STORE:
            self.ui = self.ui.entering(Mode.STORE)
            return NOTHING
        if action is Action.TICKETS:
            if not state.tickets:
                return refused(w.say(NO_TICKETS_LEFT))
            return Reaction(DrawTickets(), notice=w.say(TICKETS_DRAWN))
        if action is Action.FACE_UP:
            return Reaction(ReplaceFaceUp(), notice=w.say(
                FACE_UP_REPLACED, count=state.board.rules.cards.face_up))
        if action is Action.MOVE:
            return self._start_trip(state)
        if action is Action.EXCHANGE:
            self.ui = self.ui.entering(Mode.EXCHANGE)
            return NOTHING
        return Reaction(Pass(), notice=w.say(PASSED))

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: TicketToRideState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        foreign = other_game(card, GAME, w.say(NOT_THIS_GAME))
        if foreign:
            return foreign
        mode = self.current_mode(state)
        if card.kind == "ticket":
            return self._ticket_tapped(state, mode, card.value, uid)
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
        if mode in (Mode.MAIN, Mode.MENU):
            if must_store(state):
                return refused(w.say(STORE_FIRST))
            return self._first_card_tapped(state, pick)
        if mode in (Mode.SECOND, Mode.SOURCE) and state.boat_cards is not None:
            return self.boat_draw(state, pick, second=bool(state.drawn))
        if mode is Mode.SECOND:
            index = DECK if state.deck else 0
            problem = face_up_problem(value, second=True) if index != DECK else None
            if problem is not None:
                return refused(self._explain(problem))
            return self._draw(pick, index)
        tapped = {Mode.PAY: self._pay_tapped, Mode.REVEAL: self._reveal_tapped,
                  Mode.TUNNEL_PAY: self._extra_tapped, Mode.CITE_PAY: self._cite_tapped,
                  Mode.TRIP_PAY: self._fare_tapped}.get(mode)
        if tapped is not None:
            return tapped(state, pick)
        if mode is Mode.TICKETS:
            return refused(w.say(NOT_A_TICKET))
        if mode in (Mode.LETTER, Mode.CITY, Mode.TRACK):
            return refused(w.say(CHOOSE_ROUTE_FIRST))
        return refused(w.not_now())

    def _first_card_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        if state.boat_cards is not None:
            return self.boat_draw(state, pick, second=False)
        if not state.deck and not state.display:
            return refused(self.words.say(NO_CARD_TO_DRAW))
        if counts_double(pick.card) and state.deck and state.display:
            self.ui = replace(self.ui.entering(Mode.SOURCE), pending=pick)
            return NOTHING
        return self._draw(pick, DECK if state.deck else 0)

    def _draw(self, pick: Pick, index: int) -> Reaction:
        return Reaction(DrawCard(index, pick.card), notice=self.words.taken(pick.card),
                        uids=(pick.uid,))

    def _ticket_tapped(self, state: TicketToRideState, mode: Mode, value: str,
                       uid: str) -> Reaction:
        w = self.words
        if mode not in (Mode.MAIN, Mode.MENU, Mode.TICKETS):
            return refused(w.say(DRAW_SECOND_FIRST) if mode is Mode.SECOND else w.not_now())
        board = state.board
        found = map_ticket_codes(board).get(value)
        if found is None:
            return refused(w.say(OTHER_MAP_TICKET))
        ticket = board.ticket(found)
        picks = self.ui.picks
        for index, pick in enumerate(picks):
            if pick.card == ticket.id:
                self.ui = replace(self.ui, picks=picks[:index] + picks[index + 1:])
                return Reaction(notice=w.ticket_put_back(ticket))
        for player in state.players:
            if ticket.id in player.tickets:
                return refused(w.ticket_held(ticket, player.name))
        for team in state.teams:
            if ticket.id in team.tickets:
                return refused(w.ticket_held(ticket, team.name))
        if mode is not Mode.TICKETS:
            if not state.tickets:
                return refused(w.say(NO_TICKETS_LEFT))
            self.carry = Pick(ticket.id, uid)
            return Reaction(DrawTickets(), notice=w.say(TICKETS_DRAWN))
        player = state.player()
        pile = player.offered_long if ticket.long else player.offered
        if sum(1 for pick in picks if board.ticket(pick.card).long == ticket.long) >= len(pile):
            return refused(w.say(TOO_MANY_TICKETS, count=len(pile)))
        self.ui = self.ui.picking(Pick(ticket.id, uid))
        return NOTHING

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

def _unseen_deal(board: Map) -> Deal:
    """The deal as the table makes it: the companion sees none of the cards."""
    return Deal((UNKNOWN,) * len(train_deck(board)), (UNKNOWN,) * len(regular_tickets(board)),
                (UNKNOWN,) * len(long_tickets(board)), (UNKNOWN,) * len(boat_deck(board)))


__all__ = ["GAME", "Mode", "TicketToRideFlow"]
