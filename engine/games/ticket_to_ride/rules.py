"""Ticket to Ride (Les Aventuriers du Rail), USA and Europe: the rules as events.

Read top to bottom like the rulebook: setup, the starting tickets, a turn (draw train cards,
draw tickets, claim a route, build a station), tunnels, the end of a turn and the last round,
the final count. Tolls and loans (`live_tolls`), mountains and country cards (`live_countries`),
team play (`live_teams`), Märklin passengers and merchandise (`live_passengers`) are played as
the game goes; what a claim takes where the player chooses (a share, meeples, Old West's Cités
and Alvin) is in `takings`. Any combination of these rules is played; a map that switches one
on without the data it needs (`unplayable`) goes to the tally.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from ...game import TallyResult
from ...rulebook import rule_for
from ...unseen import reveal, same_cards
from .board import LOCOMOTIVE, Map, Track
from .events import (
    BuildStation,
    ClaimRoute,
    Deal,
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
    TicketToRideEvent,
)
from .library import resolve_map
from .live_boats import (
    BOAT_PILE,
    any_card_left,
    boat_kinds,
    check_drawn,
    check_pile,
    deal_boats,
    discarded,
    draw_boat,
    exchange,
    new_boat_cards,
    pieces_problem,
    pile_to_reshuffle,
    place_pieces,
    replace_row,
    reshuffle_boats,
    take_face_up,
    wagon_places,
    with_boats,
)  # fmt: skip
from .live_countries import take_country_cards
from .live_depots import (
    depot_cities,
    depot_move,
    end_of_turn,
    new_depots,
    offer_warehouses,
    start_depots,
    turn_problem,
    waiting_for_choice,
)  # fmt: skip
from .live_old_west import alvin_at_start
from .live_passengers import (
    laid_out,
    movable,
    move_passenger,
    offer_passenger,
    place_passenger,
    placing_passenger,
)  # fmt: skip
from .live_teams import (
    file_drawn_card,
    file_kept_tickets,
    goes_to_holder,
    held_tickets,
    seat_teams,
    side_seats,
    spend_cards,
    spend_claim,
    table_sizes,
    team_has_route,
    usable_cards,
)
from .live_tolls import pay_toll
from .payment import (
    FERRY_CARD,
    UNKNOWN,
    Payment,
    check_in_hand,
    pays_for,
    pays_for_set,
    pays_surcharge,
    tunnel_surcharge,
)  # fmt: skip
from .special_cards import counts_double, deck_cards, deck_kinds, face_up_limits, ferry_pile
from .state import Phase, Player, Takings, TicketToRideState, Tunnel
from .takings import check_takings, collect

DECK = -1
"""`DrawCard.index` for the top card of the deck."""


# --- Setup -------------------------------------------------------------------------------------


def train_deck(board: Map) -> tuple[str, ...]:
    """Every train card of the map, sorted."""
    cards = board.rules.cards
    pool = [color for color in cards.colors for _ in range(cards.per_color)]
    return tuple(sorted(pool + [LOCOMOTIVE] * cards.locomotives + deck_cards(cards)))


def regular_tickets(board: Map) -> tuple[str, ...]:
    return tuple(t.id for t in board.tickets if not t.long)


def long_tickets(board: Map) -> tuple[str, ...]:
    return tuple(t.id for t in board.tickets if t.long)


def unplayable(board: Map) -> str | None:
    """Why a map cannot be played turn by turn here: a rule switched on without its data (the
    tally still scores it)."""
    if "boat" in board.rules.cards.special and board.rules.boats is None:
        return N_("{map} needs rules.boats (the boat pieces and the boat cards) to be played "
                  "turn by turn")
    if board.rules.meeples is not None and not board.rules.meeple_supply:
        return N_("{map} needs rules.meeple_supply (the meeples of each colour) to be played "
                  "turn by turn")
    return None


def new_game(
    names: Sequence[str], map_name: str | Map = "usa", first: int = 0,
    teams: Sequence[str] | None = None,
) -> TicketToRideState:
    """A table before the deal; `map_name` is a shipped map's name or a Map. On a team map
    the players are given team by team (`team_size` each, side by side) and `teams` names the
    teams (by default after their members)."""
    board = resolve_map(map_name)
    reason = unplayable(board)
    if reason:
        raise IllegalEvent(reason, map=board.title)
    size = board.rules.team_size
    if teams is not None and not size:
        raise IllegalEvent(N_("{map} is not played in teams"), map=board.title)
    seated = seat_teams(names, teams, size) if size else ()
    if len(names) not in table_sizes(board.rules):
        low, high = board.rules.players
        message = (N_("{map} is for {low} to {high} teams") if size
                   else N_("{map} is for {low} to {high} players"))
        raise IllegalEvent(message, map=board.title, low=low, high=high)
    if not 0 <= first < len(names):
        raise IllegalEvent(N_("The first player must be one of the players"))
    tokens = board.rules.tolls.tokens if board.rules.tolls is not None else 0
    trains = board.rules.team_trains if size else board.rules.trains
    players = tuple(with_boats(Player(name=name, trains=trains, toll_tokens=tokens,
                                      passengers=board.rules.passengers), board)
                    for name in names)
    depots = new_depots(board.rules, len(seated) or len(names))  # a team holds one set
    return TicketToRideState(board=board, players=players, first=first, current=first,
                             alvin=alvin_at_start(board), ferry_cards=ferry_pile(board.rules.cards),
                             depots=depots, teams=seated,
                             passengers=laid_out(board), boat_cards=new_boat_cards(board))


def _deal(state: TicketToRideState, event: Deal) -> TicketToRideState:
    """Four cards each, five face up, and each player's starting tickets, from the top."""
    if state.phase is not Phase.DEAL:
        raise IllegalEvent(N_("The cards are already dealt"))
    board = state.board
    _check_same_cards(train_deck(board), event.deck, N_("Those are not the train cards"))
    _check_same_cards(regular_tickets(board), event.tickets, N_("Those are not the tickets"))
    _check_same_cards(long_tickets(board), event.long_tickets,
                      N_("Those are not the long tickets"))
    setup, tickets = board.rules.cards, board.rules.tickets
    deck, pile, long_pile = list(event.deck), list(event.tickets), list(event.long_tickets)
    players = list(state.players)
    for seat in state.order.round_from(state.first):
        players[seat] = evolve(
            players[seat], hand=_sorted(deck[: setup.hand]), offered=tuple(pile[: tickets.start]),
            offered_long=tuple(long_pile[: tickets.start_long]),
        )  # fmt: skip
        del deck[: setup.hand], pile[: tickets.start], long_pile[: tickets.start_long]
    state = evolve(
        state, players=tuple(players), phase=Phase.START_TICKETS, deck=tuple(deck),
        tickets=tuple(pile), long_tickets=tuple(long_pile), current=state.first,
    )  # fmt: skip
    if state.boat_cards is not None:
        return deal_boats(state, event.boat_deck)  # the face-up cards from both decks
    if event.boat_deck:
        raise IllegalEvent(N_("{map} has no boat cards"), map=board.title)
    return settle_display(state)


def _sorted(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


# --- The face-up cards and the deck ------------------------------------------------------------


def settle_display(state: TicketToRideState) -> TicketToRideState:
    """Fill the face-up cards from the deck (until the deck runs out: the discards are
    reshuffled first, a chance event). Three locomotives face up are then replaced with
    `ReplaceFaceUp`, the dealer's move."""
    setup = state.board.rules.cards
    display, deck = list(state.display), list(state.deck)
    while len(display) < setup.face_up and deck:
        display.append(deck.pop(0))
    return evolve(state, display=tuple(display), deck=tuple(deck))


def face_up_to_replace(state: TicketToRideState) -> bool:
    """The face-up cards show three locomotives (the map's number), or three passenger cards,
    and must be replaced: unless a deck ran out while laying them (the reshuffle comes
    first) or the cards left could never do better. Face-up cards the companion has not seen
    never ask for it. With boats the count is over the whole row, from both decks."""
    setup = state.board.rules.cards
    limits = face_up_limits(setup)
    display = state.display
    if (not limits or state.phase not in (Phase.START_TICKETS, Phase.PLAY)
            or state.tunnel is not None or UNKNOWN in display or _row_waits(state)):
        return False
    places = setup.face_up if state.boat_cards is None else wagon_places(state)
    return any(display.count(card) >= limit and _could_do_better(
        state.deck + state.discard, places, limit, card) for card, limit in limits)


def _row_waits(state: TicketToRideState) -> bool:
    """The face-up cards are short because a deck ran out: a reshuffle fills them first."""
    return (len(state.display) < state.board.rules.cards.face_up
            and pile_to_reshuffle(state) is not None)


def _replace_face_up(state: TicketToRideState, event: ReplaceFaceUp) -> TicketToRideState:
    """Discard the five face-up cards and lay out five new ones. At the table, where the
    face-up cards are unseen, the players' word is taken when three of them may be
    locomotives."""
    setup = state.board.rules.cards
    display = state.display
    limits = face_up_limits(setup)
    if not limits:  # no locomotives or passenger cards in the deck (boat maps among them)
        raise IllegalEvent(N_("The face-up cards are never replaced on this map"))
    possible = any(display.count(card) + display.count(UNKNOWN) >= limit
                   for card, limit in limits)
    if (state.phase not in (Phase.START_TICKETS, Phase.PLAY) or state.tunnel is not None
            or not possible):
        raise IllegalEvent(N_("{count} locomotives must be face up to replace the cards"),
                           count=setup.face_up_locomotives)
    if _row_waits(state):
        raise IllegalEvent(N_("Shuffle the discards into a new deck first"))
    if UNKNOWN not in display and not face_up_to_replace(state):
        raise IllegalEvent(N_("The face-up cards stay: the cards left could not do better"))
    if state.boat_cards is not None:
        return replace_row(state)  # each card to its own deck's discards, a row from both
    state = evolve(state, display=(), discard=state.discard + display)
    return settle_display(state)


def _could_do_better(cards: Sequence[str], places: int, limit: int, card: str) -> bool:
    """A new row of `places` cards drawn from `cards` could show fewer than `limit` of
    `card`."""
    others = sum(1 for other in cards if other != card)
    return others > places - limit and len(cards) >= places


def needs_reshuffle(state: TicketToRideState) -> bool:
    """The deck has run out and discards wait to be shuffled into a new one (after the
    face-up cards are replaced, when they must be)."""
    return (state.phase in (Phase.START_TICKETS, Phase.PLAY)
            and pile_to_reshuffle(state) is not None and not face_up_to_replace(state))


def _reshuffle(state: TicketToRideState, event: Reshuffle) -> TicketToRideState:
    check_pile(state, event.pile)
    if not needs_reshuffle(state) or pile_to_reshuffle(state) != event.pile:
        raise IllegalEvent(N_("The deck is not empty"))
    if event.pile == BOAT_PILE:
        return reshuffle_boats(state, event.deck)
    _check_same_cards(state.discard, event.deck, N_("A new deck is made of the discards"))
    return settle_display(evolve(state, deck=event.deck, discard=()))


# --- The starting tickets ----------------------------------------------------------------------


def _keep_tickets(state: TicketToRideState, event: KeepTickets) -> TicketToRideState:
    player = state.player()
    if state.phase is Phase.START_TICKETS:
        least = state.board.rules.tickets.start_keep
    elif state.phase is Phase.PLAY and player.offered and state.tunnel is None:
        least = state.board.rules.tickets.draw_keep
    else:
        raise IllegalEvent(N_("No tickets to choose from"))
    offered = player.offered + player.offered_long
    least = min(least, len(offered))
    if len(event.tickets) < least:
        raise IllegalEvent(N_("Keep at least {count} ticket(s)"), count=least)
    if len(set(event.tickets)) != len(event.tickets) or UNKNOWN in event.tickets:
        raise IllegalEvent(N_("Name each ticket kept once"))
    regular, longs = list(player.offered), list(player.offered_long)
    for ticket in event.tickets:
        _take_ticket(state, ticket, regular, longs)
    player = evolve(player, offered=(), offered_long=())
    # Tickets not kept go under the pile; long tickets not kept leave the game.
    state = evolve(state, players=_with(state, player), tickets=state.tickets + tuple(regular))
    state = file_kept_tickets(state, event.tickets)
    if state.phase is Phase.PLAY:
        return _end_turn(state)
    following = state.order.next_seat(state.current)
    if following == state.first:
        return start_depots(evolve(state, phase=Phase.PLAY, current=state.first))
    return evolve(state, current=following)


def _take_ticket(state: TicketToRideState, ticket: str, regular: list[str],
                 longs: list[str]) -> None:
    """Remove `ticket` from the offer; an unseen offered ticket ("?") may be any ticket not
    known to be elsewhere."""
    board = state.board
    if not board.has_ticket(ticket):
        raise IllegalEvent(N_("{ticket} is not a ticket of this map"), ticket=ticket)
    pile = longs if board.ticket(ticket).long else regular
    if ticket in pile:
        pile.remove(ticket)
        return
    elsewhere = set(state.tickets) | set(state.long_tickets) | held_tickets(state)
    for other in state.players:
        elsewhere |= set(other.tickets) | set(other.offered) | set(other.offered_long)
    if UNKNOWN in pile and ticket not in elsewhere:
        pile.remove(UNKNOWN)
        return
    raise IllegalEvent(N_("{ticket} was not offered"), ticket=ticket)


# --- A turn: draw train cards ------------------------------------------------------------------


def can_draw_card(state: TicketToRideState, second: bool = False) -> bool:
    """A card is there to draw (for a second card, a face-up locomotive or joker does not
    count)."""
    if state.deck or state.discard or any_card_left(state):
        return True
    return any(not counts_double(card) or not second for card in state.display)


def face_up_problem(card: str, second: bool) -> IllegalEvent | None:
    """Why this face-up card may not be taken now: a locomotive (or a joker, which counts as
    two cards too) is never the second card."""
    if card == LOCOMOTIVE and second:
        return IllegalEvent(N_("A face-up locomotive cannot be your second card"))
    if counts_double(card) and second:
        return IllegalEvent(N_("A face-up joker cannot be your second card"))
    return None


def _draw_card(state: TicketToRideState, event: DrawCard) -> TicketToRideState:
    _check_turn(state, drawing=True)
    check_pile(state, event.pile)
    second = state.drawn == 1
    if event.index == DECK and event.pile == BOAT_PILE:
        state, card = draw_boat(state, event.card)
        weight = 1
    elif event.index == DECK:
        if not state.deck:
            raise IllegalEvent(N_("The deck is empty"))
        card = reveal(state.deck[0], event.card)
        state = evolve(state, deck=state.deck[1:])
        weight = 1
    else:
        if not 0 <= event.index < len(state.display):
            raise IllegalEvent(N_("There is no face-up card {number}"), number=event.index + 1)
        card = reveal(state.display[event.index], event.card)
        if card == UNKNOWN:
            raise IllegalEvent(N_("Scan the face-up card you take"))
        problem = face_up_problem(card, second)
        if problem is not None:
            raise problem
        if state.boat_cards is not None:
            state = take_face_up(state, event.index, card, event.pile)
        else:
            display = state.display[: event.index] + state.display[event.index + 1 :]
            state = settle_display(evolve(state, display=display))
        weight = 2 if counts_double(card) else 1  # face up, a locomotive or joker counts two
    rules = state.board.rules
    if card != UNKNOWN and card not in deck_kinds(rules.cards) and card not in boat_kinds(
            rules.cards, rules.boats):
        raise IllegalEvent(N_("{card} is not a card of this map"), card=card)
    if event.index == DECK:
        check_drawn(state, card, event.pile)
    state = file_drawn_card(state, card, goes_to_holder(state, weight))
    state = evolve(state, drawn=state.drawn + weight)
    # With no second card to draw the player says so (`Pass`): at the table the face-up cards
    # are unseen, so only the players know.
    return _end_turn(state) if state.drawn >= 2 else state


def can_take_ferry_card(state: TicketToRideState) -> bool:
    return state.ferry_cards > 0


def _take_ferry_card(state: TicketToRideState, event: TakeFerryCard) -> TicketToRideState:
    """Italy: "prendre une carte Ferry à la place": the whole turn."""
    _check_turn(state)
    if not ferry_pile(state.board.rules.cards):
        raise IllegalEvent(N_("{map} has no ferry cards"), map=state.board.title)
    if not can_take_ferry_card(state):
        raise IllegalEvent(N_("No ferry card is left"))
    player = state.player()
    player = evolve(player, hand=_sorted(player.hand + (FERRY_CARD,)))
    state = evolve(state, players=_with(state, player), ferry_cards=state.ferry_cards - 1)
    return _end_turn(state)


# --- A turn: draw destination tickets ----------------------------------------------------------


def _draw_tickets(state: TicketToRideState, event: DrawTickets) -> TicketToRideState:
    _check_turn(state)
    if not state.tickets:
        raise IllegalEvent(N_("No tickets are left to draw"))
    count = state.board.rules.tickets.draw
    player = evolve(state.player(), offered=state.tickets[:count])
    return evolve(state, players=_with(state, player), tickets=state.tickets[count:])


# --- A turn: claim a route ---------------------------------------------------------------------


def claim_problem(state: TicketToRideState, track: Track) -> str | None:
    """Why the current player may not claim this track whatever the cards, or None."""
    if track.id in state.owners:
        return N_("That route is already claimed")
    seat = state.current
    siblings = [t for t in state.board.route_tracks[track.route] if t.id != track.id]
    if any(state.owners.get(t.id) == seat for t in siblings):
        return N_("Nobody may claim two tracks of one route")
    if team_has_route(state, track):
        return N_("A team may not claim two tracks of one route")
    rules = state.board.rules
    if len(state.players) < rules.double_routes_from and any(t.id in state.owners
                                                             for t in siblings):
        return N_("With fewer than {count} players only one track of a route may be used")
    return pieces_problem(state.player(), track)


def _claim_route(state: TicketToRideState, event: ClaimRoute) -> TicketToRideState:
    _check_turn(state)
    board = state.board
    if not board.has_track(event.track):
        raise IllegalEvent(N_("There is no route {route}"), route=event.track)
    track = board.track(event.track)
    problem = claim_problem(state, track)
    if problem:
        raise IllegalEvent(problem, count=board.rules.double_routes_from)
    check_in_hand(usable_cards(state), event.cards)
    payment = pays_for(track, event.cards, board.rules.cards.special)
    takings = check_takings(state, track, event)
    paid = spend_claim(state, event.cards, takings, event.shared)  # refused here if it cannot
    if track.tunnel:
        return evolve(state, tunnel=Tunnel(track.id, event.cards, payment.color,
                                            takings=takings, shared=event.shared))
    return _place_trains(paid, track, event.cards, takings)


def _place_trains(state: TicketToRideState, track: Track, cards: tuple[str, ...],
                  takings: Takings) -> TicketToRideState:
    """The trains on `track`, its cards paid (`state` is after `spend_claim`)."""
    player = state.player()
    rules = state.board.rules
    player = evolve(
        place_pieces(player, track), tracks=player.tracks + (track.id,),
        route_points=player.route_points + rules.points_for(track.length),
    )  # fmt: skip
    # Ferry cards go back to their own pile, the other cards to their deck's discards.
    ferries = cards.count(FERRY_CARD)
    state = evolve(state, players=_with(state, player), owners={**state.owners,
                    track.id: state.current}, ferry_cards=state.ferry_cards + ferries)
    state = discarded(state, tuple(card for card in cards if card != FERRY_CARD))
    state = collect(take_country_cards(pay_toll(state, track), track), track, takings)
    state = offer_passenger(offer_warehouses(state, track), track)
    return state if waiting_for_choice(state) or placing_passenger(state) else _end_turn(state)


# --- Tunnels -----------------------------------------------------------------------------------


def cards_to_reveal(state: TicketToRideState) -> int:
    """How many cards the pending tunnel still turns over now (0: none, or wait for a reshuffle)."""
    if state.tunnel is None or state.tunnel.surcharge is not None:
        return 0
    return min(state.board.rules.tunnel_reveal - len(state.tunnel.revealed), len(state.deck))


def _reveal_tunnel(state: TicketToRideState, event: RevealTunnel) -> TicketToRideState:
    tunnel = state.tunnel
    if tunnel is None or tunnel.surcharge is not None or needs_reshuffle(state):
        raise IllegalEvent(N_("No tunnel is waiting for its cards"))
    count = cards_to_reveal(state)
    if len(event.cards) != count:
        raise IllegalEvent(N_("Turn over {count} card(s)"), count=count)
    cards = tuple(reveal(seen, said) for seen, said in zip(state.deck, event.cards))
    if UNKNOWN in cards:
        raise IllegalEvent(N_("Scan the cards turned over"))
    tunnel = evolve(tunnel, revealed=tunnel.revealed + cards)
    state = evolve(state, deck=state.deck[count:], tunnel=tunnel)
    if len(tunnel.revealed) < state.board.rules.tunnel_reveal and state.discard:
        return state  # the deck ran out: reshuffle, then turn over the rest
    surcharge = tunnel_surcharge(tunnel.revealed, Payment(tunnel.color, 0))
    state = evolve(state, tunnel=evolve(tunnel, surcharge=surcharge))
    if surcharge == 0:
        return _finish_tunnel(state, ())
    return state


def _pay_tunnel(state: TicketToRideState, event: PayTunnel) -> TicketToRideState:
    tunnel = state.tunnel
    if tunnel is None or tunnel.surcharge is None:
        raise IllegalEvent(N_("No tunnel is waiting for payment"))
    if not event.cards:
        # The player gives the tunnel up: the cards stay in hand, the turn is over.
        state = evolve(state, tunnel=None, discard=state.discard + tunnel.revealed)
        return _end_turn(state)
    pays_surcharge(event.cards, Payment(tunnel.color, 0), tunnel.surcharge)
    check_in_hand(usable_cards(state), tunnel.cards + event.cards + tunnel.takings.cite_cards)
    return _finish_tunnel(state, event.cards, event.shared)


def _finish_tunnel(state: TicketToRideState, extra: tuple[str, ...],
                   shared: tuple[str, ...] | None = None) -> TicketToRideState:
    tunnel = state.tunnel
    assert tunnel is not None
    state = spend_claim(state, tunnel.cards, tunnel.takings, tunnel.shared)
    state = spend_cards(state, extra, shared)
    state = evolve(state, tunnel=None, discard=state.discard + tunnel.revealed)
    return _place_trains(state, state.board.track(tunnel.track), tunnel.cards + extra,
                         tunnel.takings)


# --- A turn: build a station (Europe) ----------------------------------------------------------


def station_cost(state: TicketToRideState) -> int | None:
    """Cards the current player's next station costs, or None when they have none left (in
    team play the team has the map's stations, as the tally counts them)."""
    rules = state.board.rules
    built = sum(len(state.players[seat].stations) for seat in side_seats(state))
    return rules.station_costs[built] if built < rules.stations else None


def station_cities(state: TicketToRideState) -> set[str]:
    return {city for player in state.players for city in player.stations}


def _build_station(state: TicketToRideState, event: BuildStation) -> TicketToRideState:
    _check_turn(state)
    board = state.board
    cost = station_cost(state)
    if cost is None:
        raise IllegalEvent(N_("No station left to build"))
    city = board.place(event.city)
    if city is None or board.is_country(city):
        raise IllegalEvent(N_("There is no city {city}"), city=event.city)
    if city in station_cities(state):
        raise IllegalEvent(N_("{city} already has a station"), city=city)
    if city in depot_cities(state):
        raise IllegalEvent(N_("{city} already has a depot"), city=city)
    pays_for_set(event.cards, cost, board.rules.cards.special)
    check_in_hand(usable_cards(state), event.cards)
    state = spend_cards(state, event.cards, event.shared)
    player = state.player()
    player = evolve(player, stations=player.stations + (city,))
    state = evolve(state, players=_with(state, player), discard=state.discard + event.cards)
    return _end_turn(state)


# --- Depots and warehouses (Europe 1912) --------------------------------------------------------


def _depot_move(state: TicketToRideState, event: PlaceDepot | StoreCard | TakeWarehouse
                ) -> TicketToRideState:
    """A depot placed, a card put in a warehouse, a warehouse taken (see `live_depots`)."""
    setup = isinstance(event, PlaceDepot) and state.depots is not None and bool(
        state.depots.to_place)
    if not setup and not isinstance(event, TakeWarehouse) and state.phase is Phase.PLAY:
        _check_turn(state)
    state, turn_over = depot_move(state, event)
    return _end_turn(state) if turn_over else state


# --- Märklin: placing a passenger after a claim, moving one as a turn's action -----------------


def _place_passenger(state: TicketToRideState, event: PlacePassenger) -> TicketToRideState:
    if waiting_for_choice(state):  # the warehouse of the claim is asked first
        raise IllegalEvent(N_("Take a warehouse's cards, or not, first"))
    return _end_turn(place_passenger(state, event.city))


def _move_passenger(state: TicketToRideState, event: MovePassenger) -> TicketToRideState:
    _check_turn(state)
    return _end_turn(move_passenger(state, event.start, event.stops, event.cards))


# --- Rails & Sails: exchanging pieces, the whole turn -----------------------------------------


def _exchange_pieces(state: TicketToRideState, event: ExchangePieces) -> TicketToRideState:
    _check_turn(state)
    return _end_turn(exchange(state, event))


# --- Passing, the end of a turn, the last round ------------------------------------------------


def can_act(state: TicketToRideState) -> bool:
    """Whether the current player has anything to do but pass."""
    from .moves import affordable_claims, station_payment  # the search lives with the moves

    return (can_draw_card(state) or bool(state.tickets) or bool(affordable_claims(state))
            or station_payment(state) is not None or can_take_ferry_card(state)
            or bool(movable(state)))


def no_second_card(state: TicketToRideState) -> bool:
    """The deck and the discards are empty and no face-up card may be the second card: the
    player passes to end the turn. Face-up cards the companion has not seen may be any: the
    players' word is taken."""
    return (state.phase is Phase.PLAY and state.drawn == 1 and not state.deck
            and not state.discard and not any_card_left(state) and state.tunnel is None
            and all(card == UNKNOWN or counts_double(card) for card in state.display))


def _pass(state: TicketToRideState, event: Pass) -> TicketToRideState:
    if no_second_card(state):
        return _end_turn(state)  # no second card to draw: the turn is over
    _check_turn(state)
    if can_act(state):
        raise IllegalEvent(N_("Pass only when nothing else is possible"))
    state = _end_turn(evolve(state, passes=state.passes + 1))
    if state.passes >= len(state.players):
        return evolve(state, phase=Phase.OVER)  # nobody can do anything any more
    return state


def _end_turn(state: TicketToRideState) -> TicketToRideState:
    """The last round starts when a player ends a turn with few trains left (wagons and boats
    together); then every player, that one included, plays one more turn (two on maps that say
    so)."""
    rules = state.board.rules
    state = end_of_turn(state)
    turns_left = state.turns_left
    if turns_left is None:
        if state.player().trains + state.player().boats <= rules.end_trains:
            laps = 2 if rules.last_round == "two-more-turns-each" else 1
            turns_left = laps * len(state.players)
    else:
        turns_left -= 1
    state = evolve(state, drawn=0, turns_left=turns_left,
                    current=state.order.next_seat(state.current))
    if turns_left == 0:
        return evolve(state, phase=Phase.OVER)
    return state


# --- The winner --------------------------------------------------------------------------------


def is_over(state: TicketToRideState) -> bool:
    return state.phase is Phase.OVER


def result(state: TicketToRideState) -> TallyResult:
    """The final count, exactly as the tally of the same table."""
    # Imported here: the final count brings the scoring of every map's variants, which a
    # game being played or resumed does not need before its end.
    from .final_table import live_result

    return live_result(state)


# --- Applying an event -------------------------------------------------------------------------

_HANDLERS: dict[type[Any], Callable[[TicketToRideState, Any], TicketToRideState]] = {
    Deal: _deal,
    Reshuffle: _reshuffle,
    ReplaceFaceUp: _replace_face_up,
    KeepTickets: _keep_tickets,
    DrawCard: _draw_card,
    TakeFerryCard: _take_ferry_card,
    DrawTickets: _draw_tickets,
    ClaimRoute: _claim_route,
    RevealTunnel: _reveal_tunnel,
    PayTunnel: _pay_tunnel,
    BuildStation: _build_station,
    PlacePassenger: _place_passenger,
    MovePassenger: _move_passenger,
    Pass: _pass,
    PlaceDepot: _depot_move,
    StoreCard: _depot_move,
    TakeWarehouse: _depot_move,
    ExchangePieces: _exchange_pieces,
}


def apply(state: TicketToRideState, event: TicketToRideEvent) -> TicketToRideState:
    """The state after `event`, or IllegalEvent with the reason (the state is unchanged)."""
    handler = rule_for(_HANDLERS, event, over=state.phase is Phase.OVER,
                       foreign=N_("Not a Ticket to Ride move"))
    if face_up_to_replace(state) and not isinstance(event, ReplaceFaceUp):
        raise IllegalEvent(N_("Three locomotives face up: replace the face-up cards first"))
    if needs_reshuffle(state) and not isinstance(event, (Reshuffle, ReplaceFaceUp)):
        raise IllegalEvent(N_("Shuffle the discards into a new deck first"))
    if not isinstance(event, Pass):
        state = evolve(state, passes=0) if state.passes else state
    return handler(state, event)


# --- Checks shared by the actions --------------------------------------------------------------


def _check_turn(state: TicketToRideState, drawing: bool = False) -> None:
    if state.phase is Phase.START_TICKETS:
        raise IllegalEvent(N_("Choose your starting tickets first"))
    if state.phase is not Phase.PLAY:
        raise IllegalEvent(N_("Deal the cards first"))
    if state.tunnel is not None:
        raise IllegalEvent(N_("Finish claiming the tunnel first"))
    if placing_passenger(state):
        raise IllegalEvent(N_("Place a passenger or say no first"))
    if state.player().offered:
        raise IllegalEvent(N_("Choose the tickets to keep first"))
    if state.drawn and not drawing:
        raise IllegalEvent(N_("Draw your second card"))
    problem = turn_problem(state, drawing)
    if problem is not None:
        raise problem


def _check_same_cards(expected: Sequence[str], given: Sequence[str], reason: str) -> None:
    """`given` is `expected` in some order; at the table unseen cards ("?") stand for any."""
    if not same_cards(expected, given, unseen_before_covers=False):
        raise IllegalEvent(reason)


def _with(state: TicketToRideState, player: Player) -> tuple[Player, ...]:
    seat = state.current
    return state.players[:seat] + (player,) + state.players[seat + 1 :]
