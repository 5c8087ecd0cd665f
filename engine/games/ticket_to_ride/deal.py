"""Setup: the cards and tickets of the box, a new table, and the deal (four cards each, five
face up, and each player's starting tickets). A map that switches a rule on without the data it
needs (`unplayable`) is refused here and goes to the tally.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from .board import LOCOMOTIVE, Map
from .events import Deal
from .face_up import check_same_cards, settle_display
from .library import resolve_map
from .live_boats import deal_boats, new_boat_cards, with_boats
from .live_depots import new_depots
from .live_old_west import alvin_at_start
from .live_passengers import laid_out
from .live_teams import seat_teams, table_sizes
from .special_cards import deck_cards, ferry_pile
from .state import Phase, Player, TicketToRideState


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


def deal(state: TicketToRideState, event: Deal) -> TicketToRideState:
    """Four cards each, five face up, and each player's starting tickets, from the top."""
    if state.phase is not Phase.DEAL:
        raise IllegalEvent(N_("The cards are already dealt"))
    board = state.board
    check_same_cards(train_deck(board), event.deck, N_("Those are not the train cards"))
    check_same_cards(regular_tickets(board), event.tickets, N_("Those are not the tickets"))
    check_same_cards(long_tickets(board), event.long_tickets,
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
