"""The rules no printed map puts together, played turn by turn: depots with merchandise, and
boats with depots, teams, locomotives or passenger cards (the maps of `tests/maps/`)."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride import RULES, Map, map_from_toml
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.deal import long_tickets, regular_tickets, train_deck, unplayable
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    Deal,
    DrawCard,
    KeepTickets,
    PlaceDepot,
    PlacePassenger,
    ReplaceFaceUp,
    StoreCard,
    TakeWarehouse,
    TicketToRideEvent,
)
from engine.games.ticket_to_ride.face_up import face_up_to_replace
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.live_boats import BOAT_PILE, boat_deck
from engine.games.ticket_to_ride.live_teams import table_sizes
from engine.games.ticket_to_ride.payment import boat_color
from engine.games.ticket_to_ride.state import BoatCards, Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

from .ticket_to_ride_live import NAMES, checked_result, play

MAPS = Path(__file__).resolve().parents[1] / "maps"
COMBINATIONS = ("depots-merchandise", "boats-depots", "boats-teams", "boats-locomotives",
                "boats-passengers")
L = "locomotive"


@cache
def board(name: str) -> Map:
    return map_from_toml((MAPS / f"{name}.toml").read_text("utf-8"))


def every_card(state: TicketToRideState) -> Counter[str]:
    cards = Counter(state.deck + state.display + state.discard)
    if state.boat_cards is not None:
        cards.update(state.boat_cards.deck + state.boat_cards.discard)
    for player in state.players:
        cards.update(player.hand)
    for team in state.teams:
        cards.update(team.hand)
    if state.depots is not None:
        for warehouse in state.depots.warehouses:
            cards.update(warehouse)
    if state.tunnel is not None:
        cards.update(state.tunnel.revealed)
    return cards


def dealt(name: str, players: int = 2) -> TicketToRideState:
    """A game past its starting tickets, every deck in sorted order (depots not yet placed)."""
    game = board(name)
    state = RULES.new_game(NAMES[:players], game)
    state = RULES.apply(state, Deal(train_deck(game), regular_tickets(game), long_tickets(game),
                                    boat_deck(game)))
    while state.phase is Phase.START_TICKETS:
        state = RULES.apply(state, KeepTickets(state.player().offered[:2]))
    return state


def holding(state: TicketToRideState, *cards: str, seat: int = 0) -> TicketToRideState:
    player = replace(state.players[seat], hand=tuple(sorted(cards)))
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:],
                   current=seat)


# --- Random complete games ------------------------------------------------------------------------


@pytest.mark.parametrize("name", COMBINATIONS)
def test_random_games_agree_with_the_tally_in_any_seat_order(name: str) -> None:
    game = board(name)
    assert unplayable(game) is None
    kinds: Counter[str] = Counter()
    for players, seed in itertools.product(table_sizes(game.rules), range(4)):
        state, events = play(game, players, seed)
        checked_result(state)
        assert every_card(state) == Counter(train_deck(game) + boat_deck(game))
        kinds.update(type(event).__name__ for event in events)
        kinds.update(_combined_moves(game, events))
    wanted = {
        "depots-merchandise": ("TakeWarehouse then PlacePassenger", "MovePassenger",
                               "StoreCard"),
        "boats-depots": ("StoreCard", "sea claim", "TakeWarehouse", "boat drawn"),
        "boats-teams": ("sea claim", "ExchangePieces", "boat drawn"),
        "boats-locomotives": ("ReplaceFaceUp", "sea claim"),
        "boats-passengers": ("ReplaceFaceUp", "MovePassenger", "sea claim"),
    }[name]
    for kind in wanted:
        assert kinds[kind], kind


def _combined_moves(game: Map, events: list[TicketToRideEvent]) -> list[str]:
    found = []
    for before, after in itertools.pairwise(events):
        if isinstance(before, TakeWarehouse) and isinstance(after, PlacePassenger):
            found.append("TakeWarehouse then PlacePassenger")
    for event in events:
        if isinstance(event, ClaimRoute) and game.track(event.track).sea:
            found.append("sea claim")
        if isinstance(event, DrawCard) and event.pile == BOAT_PILE:
            found.append("boat drawn")
    return found


# --- Three locomotives (or passenger cards) among six face-up cards from two decks ---------------


def row_of_six(name: str, display: tuple[str, ...], deck: tuple[str, ...],
               boats: tuple[str, ...], face_up: int) -> TicketToRideState:
    state = dealt(name)
    return replace(state, display=display, deck=deck, discard=(),
                   boat_cards=BoatCards(deck=boats, face_up=face_up))


def test_three_locomotives_among_six_have_each_card_discarded_to_its_deck_and_six_laid() -> None:
    state = row_of_six("boats-locomotives", (L, "boat:red", L, "red", L, "boat2:black"),
                       ("green", "yellow", L, "pink", "white"),
                       ("boat:white", "boat:pink", "boat2:red", "boat:green"), face_up=2)
    assert face_up_to_replace(state)
    with pytest.raises(IllegalEvent, match="replace the face-up cards first"):
        RULES.apply(state, DrawCard(DECK, "green"))
    after = RULES.apply(state, ReplaceFaceUp())
    assert after.display == ("green", "yellow", L, "boat:white", "boat:pink", "boat2:red")
    assert after.discard == (L, L, "red", L) and after.deck == ("pink", "white")
    assert after.boat_cards == BoatCards(deck=("boat:green",),
                                         discard=("boat:red", "boat2:black"), face_up=3)
    # Two locomotives and a joker: the row stays.
    kept = replace(state, display=(L, "boat:red", L, "red", "joker", "boat2:black"))
    assert not face_up_to_replace(kept)
    with pytest.raises(IllegalEvent, match="locomotives must be face up"):
        RULES.apply(kept, ReplaceFaceUp())


def test_the_row_stays_when_the_wagon_cards_left_could_not_do_better() -> None:
    # The wagon deck gives three of a new row: with only locomotives left it would show three.
    state = row_of_six("boats-locomotives", (L, "boat:red", L, "red", L, "boat2:black"),
                       (L, L, L, L), ("boat:white", "boat:pink", "boat2:red"), face_up=2)
    assert not face_up_to_replace(state)
    with pytest.raises(IllegalEvent, match="could not do better"):
        RULES.apply(state, ReplaceFaceUp())
    # With the boat deck nearly out the wagon deck gives five places: three other cards
    # might leave only two locomotives among them, two could not.
    cards = (L, L, "red", "green", "pink")
    short = replace(state, deck=cards, boat_cards=BoatCards(("boat:red",), face_up=2))
    after = RULES.apply(short, ReplaceFaceUp())
    assert after.display == cards + ("boat:red",)
    assert not face_up_to_replace(replace(short, deck=(L, L, L, "red", "green")))


def test_unseen_face_up_cards_go_to_their_decks_by_the_count_of_boat_cards_laid() -> None:
    state = row_of_six("boats-locomotives", ("?",) * 6, ("?",) * 10, ("?",) * 8, face_up=3)
    # A face-up boat card taken lowers the count; replaced from the boat deck it is back.
    taken = RULES.apply(state, DrawCard(2, "boat:red", ""))
    assert taken.boat_cards is not None and taken.boat_cards.face_up == 2
    assert len(taken.display) == 6 and len(taken.deck) == 9
    taken = RULES.apply(state, DrawCard(2, "boat:red", BOAT_PILE))
    assert taken.boat_cards is not None and taken.boat_cards.face_up == 3
    # The players say three locomotives are face up: three cards to each discard pile.
    after = RULES.apply(state, ReplaceFaceUp())
    assert after.discard == ("?",) * 3 and after.deck == ("?",) * 7
    assert after.boat_cards == BoatCards(deck=("?",) * 5, discard=("?",) * 3, face_up=3)


def test_three_passenger_cards_among_six_are_replaced_too() -> None:
    state = row_of_six("boats-passengers",
                       ("passenger", "boat:red", "passenger", "red", "passenger", "boat:black"),
                       ("green", "yellow", "pink", "white"),
                       ("boat:white", "boat:pink", "boat2:red"), face_up=2)
    assert face_up_to_replace(state)
    after = RULES.apply(state, ReplaceFaceUp())
    assert after.display == ("green", "yellow", "pink", "boat:white", "boat:pink", "boat2:red")
    assert after.discard == ("passenger", "passenger", "red", "passenger")
    boats_example = map_from_toml((MAPS.parents[1] / "examples" / "maps" / "boats-example.toml")
                                  .read_text("utf-8"))
    with pytest.raises(IllegalEvent, match="never replaced"):
        RULES.apply(replace(state, board=boats_example), ReplaceFaceUp())


# --- Boats with depots ----------------------------------------------------------------------------


def with_depots(name: str, cities: tuple[str, ...]) -> TicketToRideState:
    state = dealt(name)
    for city in cities:
        state = RULES.apply(state, PlaceDepot(city))
    return state


def test_a_warehouse_takes_the_wagon_deck_s_top_card_then_either_deck_is_drawn() -> None:
    state = with_depots("boats-depots", ("Gaviota", "Faro"))  # Ben's, then Ana's
    assert state.current == 0 and state.boat_cards is not None
    top_boat = state.boat_cards.deck[0]
    with pytest.raises(IllegalEvent, match="warehouse first"):
        RULES.apply(state, DrawCard(DECK, top_boat, BOAT_PILE))
    stored = RULES.apply(state, StoreCard(1, state.deck[0]))
    assert stored.depots is not None and stored.depots.warehouses[1] == state.deck[:1]
    drawn = RULES.apply(stored, DrawCard(DECK, top_boat, BOAT_PILE))
    assert top_boat in drawn.player().hand
    # The wagon deck out, nothing goes to a warehouse: the boat deck is drawn at once.
    empty = RULES.apply(replace(state, deck=()), DrawCard(DECK, top_boat, BOAT_PILE))
    assert empty.drawn == 1


def test_a_sea_route_to_a_depot_offers_its_warehouse() -> None:
    state = with_depots("boats-depots", ("Gaviota", "Faro"))
    assert state.depots is not None
    state = replace(state, depots=replace(state.depots, warehouses=((), ("red", "joker"))))
    state = holding(state, "boat:black", "boat:black")
    claimed = RULES.apply(state, ClaimRoute("Gaviota-Juncal", ("boat:black", "boat:black")))
    assert claimed.depots is not None and claimed.depots.offer == (1,)
    assert claimed.current == 0 and claimed.players[0].boats == state.players[0].boats - 2
    taken = RULES.apply(claimed, TakeWarehouse(1))
    assert taken.players[0].hand == ("joker", "red") and taken.current == 1
    assert taken.depots is not None and taken.depots.left == (1, 2)


# --- Boats in teams -------------------------------------------------------------------------------


def test_a_team_s_second_card_goes_to_its_holder_and_pays_a_sea_route_with_the_hand() -> None:
    game = board("boats-teams")
    state = dealt("boats-teams", players=4)
    assert state.boat_cards is not None and state.teams[0].seats == (0, 1)
    assert [p.boats for p in state.players] == [10] * 4
    state = holding(state, "boat:yellow")
    first = RULES.apply(state, DrawCard(DECK, state.deck[0], ""))
    second = RULES.apply(first, DrawCard(DECK, state.boat_cards.deck[0], BOAT_PILE))
    assert second.teams[0].hand == (state.boat_cards.deck[0],)
    shared = replace(second, teams=(replace(second.teams[0], hand=("boat:yellow",)),
                                    second.teams[1]), current=1)
    shared = holding(shared, "boat:yellow", seat=1)
    claimed = RULES.apply(shared, ClaimRoute("Faro-Isla", ("boat:yellow", "boat:yellow")))
    assert claimed.teams[0].hand == () and claimed.players[1].hand == ()
    assert claimed.players[1].boats == 8 and claimed.players[0].boats == 10
    # The tally allows a team its members' wagons and boats together.
    sea = [t.id for t in game.tracks if t.sea and t.number < 2]
    over = replace(claimed, players=(replace(claimed.players[0], tracks=tuple(sea[:3])),
                                     replace(claimed.players[1], tracks=tuple(sea[3:]))
                                     ) + claimed.players[2:], phase=Phase.OVER)
    used = sum(game.track(t).length for t in sea)
    assert used > game.rules.team_trains * 2
    assert tally(final_table(over)).players[0].name == "Ana & Ben"


# --- Depots with merchandise ----------------------------------------------------------------------


def test_a_claim_at_a_depot_asks_the_warehouse_then_the_passenger() -> None:
    state = with_depots("depots-merchandise", ("Hilo", "Alba"))  # Ben's Hilo, Ana's Alba
    assert state.depots is not None and state.current == 0
    state = replace(state, depots=replace(state.depots, warehouses=((), ("red",))))
    state = holding(state, "pink", "pink", "pink")
    claimed = RULES.apply(state, ClaimRoute("Essen-Hilo#1", ("pink", "pink", "pink")))
    assert claimed.depots is not None and claimed.depots.offer == (1,)
    assert claimed.passengers is not None and claimed.passengers.offer == ("Essen", "Hilo")
    with pytest.raises(IllegalEvent, match="warehouse"):
        RULES.apply(claimed, PlacePassenger("Hilo"))
    taken = RULES.apply(claimed, TakeWarehouse(1))
    assert taken.current == 0 and taken.players[0].hand == ("red",)
    with pytest.raises(IllegalEvent, match="Place a passenger"):
        RULES.apply(taken, PlaceDepot("Graz"))
    # A passenger on a city with a depot and the richest merchandise stack.
    placed = RULES.apply(taken, PlacePassenger("Hilo"))
    assert placed.players[0].riding == ("Hilo",) and placed.current == 1
    declined = RULES.apply(RULES.apply(claimed, TakeWarehouse(-1)), PlacePassenger(""))
    assert declined.players[0].riding == () and declined.current == 1


def test_a_claim_with_no_warehouse_to_take_asks_only_the_passenger() -> None:
    state = with_depots("depots-merchandise", ("Hilo", "Alba"))
    state = holding(state, "pink", "pink", "pink")
    claimed = RULES.apply(state, ClaimRoute("Essen-Hilo#1", ("pink", "pink", "pink")))
    assert claimed.depots is not None and claimed.depots.offer == ()
    assert RULES.apply(claimed, PlacePassenger("Essen")).current == 1
    assert all(boat_color(card) is None for card in claimed.deck)
