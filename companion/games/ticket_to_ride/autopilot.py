"""The automated player of Ticket to Ride: the presses and taps that enter a move."""

from __future__ import annotations

from companion.flows.inputs import Input, Press, Tap
from companion.flows.kit import toward
from companion.games.autopilot import UidFor
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.ticket_tags import ticket_code
from companion.games.ticket_to_ride.view import CLAIM, DEPOT, STATION, Action, Mode, track_kind
from companion.games.ticket_to_ride.words import KIND_OF_BOAT, KIND_OF_SPECIAL, city_letter
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.ticket_to_ride.board import LOCOMOTIVE
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.events import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    ExchangePieces,
    KeepTickets,
    MovePassenger,
    Pass,
    PayTunnel,
    PlaceDepot,
    PlacePassenger,
    ReplaceFaceUp,
    Reshuffle,
    RevealTunnel,
    StoreCard,
    TakeFerryCard,
    TakeWarehouse,
)
from engine.games.ticket_to_ride.live_depots import NO_WAREHOUSE
from engine.games.ticket_to_ride.live_passengers import movable
from engine.games.ticket_to_ride.payment import FERRY_CARD, boat_color
from engine.games.ticket_to_ride.state import TicketToRideState

#: The menu's action for each move entered from the menu.
ACTION_OF = {DrawTickets: Action.TICKETS, ClaimRoute: Action.CLAIM,
             BuildStation: Action.STATION, Pass: Action.PASS, StoreCard: Action.STORE,
             PlaceDepot: Action.DEPOT, MovePassenger: Action.MOVE,
             ExchangePieces: Action.EXCHANGE}


#: The screens an automated player only acknowledges.
ACKNOWLEDGED = frozenset({Mode.SETUP, Mode.FINAL, Mode.LAST_ROUND})


def enter(flow: TicketToRideFlow, state: TicketToRideState, mode: Mode, goal: Event,
          uid_for: UidFor) -> Input:
    """The next input toward `goal` on a screen that is not only acknowledged."""
    ui = flow.ui
    if isinstance(goal, ReplaceFaceUp):
        if mode is Mode.FACE_UP:
            return Press("ok")
        if mode in (Mode.MAIN, Mode.SECOND, Mode.RESHUFFLE, Mode.TICKETS):
            return Press("up")
        return Press("back")
    if mode is Mode.FACE_UP:
        return Press("back")
    if isinstance(goal, Reshuffle):
        return Press("ok") if mode is Mode.RESHUFFLE else Press("back")
    if isinstance(goal, KeepTickets):
        return _toward_tickets(flow, state, goal, mode, uid_for)
    if isinstance(goal, RevealTunnel):
        if mode is not Mode.REVEAL:
            return Press("back")
        if not goal.cards:  # the deck and the discard are empty
            return Press("ok")
        return _tap(uid_for, goal.cards[len(ui.picks)])
    if isinstance(goal, PayTunnel):
        if mode is Mode.HOLDER:
            return _toward_shared(flow, state, goal.shared)
        if mode is Mode.GIVE_UP:
            return Press("ok" if not goal.cards else "back")
        if mode is not Mode.TUNNEL_PAY:
            return Press("back")
        if not goal.cards:
            return Press("ok")
        return _tap(uid_for, goal.cards[len(ui.picks)])
    if isinstance(goal, TakeWarehouse):
        if mode is not Mode.TAKE_WAREHOUSE or state.depots is None:
            return Press("back")
        choices = (*state.depots.offer, NO_WAREHOUSE)
        return toward(ui.choice, choices.index(goal.owner), len(choices))
    if isinstance(goal, PlaceDepot) and mode is Mode.FIRST_DEPOT:
        return Press("ok")
    if isinstance(goal, StoreCard) and mode is Mode.STORE:
        return toward(ui.choice, goal.owner, len(state.depots.warehouses) if state.depots else 0)
    if isinstance(goal, TakeFerryCard):
        return _tap(uid_for, FERRY_CARD) if mode in (Mode.MAIN, Mode.MENU) else Press("back")
    if isinstance(goal, Pass) and mode is Mode.SECOND:
        return Press("ok")  # no second card to draw
    if isinstance(goal, PlacePassenger):
        if mode is not Mode.PLACE:
            return Press("back")
        options = flow.passengers.place_options(state)
        return toward(ui.choice, options.index(goal.city), len(options))
    if isinstance(goal, DrawCard):
        if mode is Mode.SOURCE and state.boat_cards is not None and flow.ui.pending:
            sources = flow.boats.sources(state, flow.ui.pending.card, bool(state.drawn))
            source = (DECK, goal.pile) if goal.index == DECK else (0, goal.pile)
            return toward(ui.choice, sources.index(source), len(sources))
        if mode is Mode.SOURCE:
            return toward(ui.choice, 1 if goal.index == DECK else 0, 2)
        if mode not in (Mode.MAIN, Mode.MENU, Mode.SECOND):
            return Press("back")
        return _tap(uid_for, goal.card)
    wanted = ACTION_OF.get(type(goal))
    if wanted is None:
        raise IllegalEvent("no table input enters this move")
    if mode is Mode.MAIN:
        return Press("ok")
    if mode is Mode.MENU:
        actions = flow.view(state).actions
        return toward(ui.choice, actions.index(wanted), len(actions))
    if isinstance(goal, ClaimRoute) and ui.purpose == CLAIM:
        return _toward_claim(flow, state, goal, mode, uid_for)
    if isinstance(goal, BuildStation) and ui.purpose == STATION:
        return _toward_station(flow, state, goal, mode, uid_for)
    if isinstance(goal, PlaceDepot) and ui.purpose == DEPOT:
        city = state.board.place(goal.city) or goal.city
        return _toward_city(flow, state, city, mode) or Press("back")
    if isinstance(goal, MovePassenger):
        return _toward_trip(flow, state, goal, mode, uid_for)
    if isinstance(goal, ExchangePieces) and mode is Mode.EXCHANGE:
        exchanges = flow.boats.exchange_options(state)
        return toward(ui.choice, exchanges.index((goal.give, goal.count)), len(exchanges))
    return Press("back")


def _toward_trip(flow: TicketToRideFlow, state: TicketToRideState, goal: MovePassenger,
                 mode: Mode, uid_for: UidFor) -> Input:
    ui = flow.ui
    if mode is Mode.RIDER:
        riders = list(movable(state))
        return toward(ui.choice, riders.index(goal.start), len(riders))
    if mode not in (Mode.TRIP, Mode.TRIP_PAY):
        return Press("back")
    if ui.city != goal.start or ui.stops != goal.stops[: len(ui.stops)]:
        return Press("back")
    if mode is Mode.TRIP_PAY:
        if ui.stops != goal.stops:
            return Press("back")
        return _tap(uid_for, goal.cards[len(ui.picks)])
    options = flow.passengers.trip_options(state)
    wanted = goal.stops[len(ui.stops)] if len(ui.stops) < len(goal.stops) else ""
    return toward(ui.choice, options.index(wanted), len(options))


def _toward_tickets(flow: TicketToRideFlow, state: TicketToRideState, goal: KeepTickets,
                    mode: Mode, uid_for: UidFor) -> Input:
    if mode is not Mode.TICKETS:
        return Press("back")
    for pick in flow.ui.picks:
        if pick.card not in goal.tickets:
            return Tap(pick.uid)  # tapped again: put back
    for ticket in goal.tickets:
        if ticket not in flow.ui.cards:
            return Tap(uid_for("ticket", ticket_code(state.board, ticket)))
    return Press("ok")


def _toward_city(flow: TicketToRideFlow, state: TicketToRideState, city: str,
                 mode: Mode) -> Input | None:
    """The press toward `city` on the letter and city lists (None past them)."""
    ui, view = flow.ui, flow.view(state)
    if mode is Mode.LETTER:
        letters = view.letters(ui.purpose)
        return toward(ui.choice, letters.index(city_letter(city)), len(letters))
    if mode is Mode.CITY:
        if ui.letter != city_letter(city):
            return Press("back")
        cities = view.cities(ui.purpose, ui.letter)
        return toward(ui.choice, cities.index(city), len(cities))
    return None


def _toward_claim(flow: TicketToRideFlow, state: TicketToRideState, goal: ClaimRoute,
                  mode: Mode, uid_for: UidFor) -> Input:
    ui = flow.ui
    board = state.board
    wanted = board.track(goal.track)
    # A route to a neighbouring country is claimed from its city: only cities are listed.
    city = (ui.city if ui.city in wanted.ends
            else next(end for end in wanted.ends if not board.is_country(end)))
    on_lists = _toward_city(flow, state, city, mode)
    if on_lists is not None:
        return on_lists
    if mode is Mode.TRACK:
        if ui.city not in wanted.ends:
            return Press("back")
        kinds = [track_kind(t, city) for t in flow.view(state).tracks(city)]
        return toward(ui.choice, kinds.index(track_kind(wanted, city)), len(kinds))
    if mode is Mode.PAY:
        chosen = board.track(ui.track or "")
        if track_kind(chosen, city) != track_kind(wanted, city):
            return Press("back")
        return _tap(uid_for, goal.cards[len(ui.picks)])
    if mode is Mode.COMPANY:
        companies = flow.takings.company_options(state)
        return toward(ui.choice, companies.index(goal.company), len(companies))
    if mode is Mode.MEEPLE:
        colors = flow.takings.meeple_choices(state)
        return toward(ui.choice, colors.index(goal.meeples[len(ui.meeples)]), len(colors))
    listed = {Mode.START_CITY: (flow.takings.start_choices, goal.start),
              Mode.CITE: (flow.takings.cite_choices, goal.cite),
              Mode.ALVIN: (flow.takings.alvin_choices, goal.alvin_to)}.get(mode)
    if listed is not None:
        options = listed[0](state)
        return toward(ui.choice, options.index(listed[1]), len(options))
    if mode is Mode.CITE_PAY:
        return _tap(uid_for, goal.cite_cards[len(ui.cite_picks)])
    if mode is Mode.HOLDER:
        return _toward_shared(flow, state, goal.shared)
    return Press("back")


def _toward_station(flow: TicketToRideFlow, state: TicketToRideState, goal: BuildStation,
                    mode: Mode, uid_for: UidFor) -> Input:
    city = state.board.place(goal.city) or goal.city
    on_lists = _toward_city(flow, state, city, mode)
    if on_lists is not None:
        return on_lists
    if mode is Mode.PAY:
        if flow.ui.city != city:
            return Press("back")
        return _tap(uid_for, goal.cards[len(flow.ui.picks)])
    if mode is Mode.HOLDER:
        return _toward_shared(flow, state, goal.shared)
    return Press("back")


def _toward_shared(flow: TicketToRideFlow, state: TicketToRideState,
                   shared: tuple[str, ...] | None) -> Input:
    """"Team's cards used?": the way of the move (the first, the holder's cards first,
    for a move that does not say)."""
    options = [sorted(option) for option in flow.holder.options(state)]
    wanted = options.index(sorted(shared)) if shared is not None else 0
    return toward(flow.ui.choice, wanted, len(options))


def _tap(uid_for: UidFor, card: str) -> Tap:
    if card == LOCOMOTIVE:
        return Tap(uid_for("locomotive", ""))
    if card in KIND_OF_SPECIAL:
        return Tap(uid_for(KIND_OF_SPECIAL[card], ""))
    color = boat_color(card)
    if color is not None:
        return Tap(uid_for(KIND_OF_BOAT[card.startswith("boat2:")], color))
    return Tap(uid_for("train", card))
