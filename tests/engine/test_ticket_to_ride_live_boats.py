"""Rails & Sails turn by turn: two decks and six face-up cards, boats at sea, exchanges."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.ticket_to_ride import RULES, parse_map
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.deal import long_tickets, regular_tickets, train_deck, unplayable
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    Deal,
    DrawCard,
    ExchangePieces,
    KeepTickets,
    ReplaceFaceUp,
    Reshuffle,
)
from engine.games.ticket_to_ride.face_up import needs_reshuffle
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.live_boats import BOAT_PILE, boat_deck
from engine.games.ticket_to_ride.payment import boat_color, route_payment_problem
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

from .ticket_to_ride_live import NAMES, checked_result, example_map, play

BOATS = example_map("boats-example")


def dealt(players: int = 2) -> TicketToRideState:
    """A game on the example map past its starting tickets, every deck in sorted order."""
    state = RULES.new_game(NAMES[:players], BOATS)
    state = RULES.apply(state, Deal(train_deck(BOATS), regular_tickets(BOATS),
                                    long_tickets(BOATS), boat_deck(BOATS)))
    while state.phase is Phase.START_TICKETS:
        state = RULES.apply(state, KeepTickets(state.player().offered[:2]))
    return state


def holding(state: TicketToRideState, *cards: str, **changes: Any) -> TicketToRideState:
    seat = state.current
    player = replace(state.players[seat], hand=tuple(sorted(cards)), **changes)
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def every_card(state: TicketToRideState) -> Counter[str]:
    assert state.boat_cards is not None
    cards = Counter(state.deck + state.display + state.discard + state.boat_cards.deck
                    + state.boat_cards.discard)
    for player in state.players:
        cards.update(player.hand)
    if state.tunnel is not None:
        cards.update(state.tunnel.revealed)
    return cards


def test_the_deal_gives_wagon_and_boat_cards_and_six_face_up_from_both_decks() -> None:
    state = dealt()
    boats = BOATS.rules.boats
    assert boats is not None
    for player in state.players:
        sea = [card for card in player.hand if boat_color(card)]
        assert len(sea) == boats.hand and len(player.hand) - len(sea) == BOATS.rules.cards.hand
        assert (player.trains, player.boats) == (BOATS.rules.trains, boats.pieces)
        assert (player.box_wagons, player.box_boats) == (boats.box_wagons, boats.box_boats)
    assert len(state.display) == 6
    assert sum(1 for card in state.display if boat_color(card)) == 3
    assert every_card(state) == Counter(train_deck(BOATS) + boat_deck(BOATS))
    with pytest.raises(IllegalEvent, match="boat cards"):
        RULES.apply(RULES.new_game(NAMES[:2], BOATS),
                    Deal(train_deck(BOATS), regular_tickets(BOATS), long_tickets(BOATS)))


def test_blind_draws_from_either_deck_and_face_up_replaced_from_the_deck_named() -> None:
    state = dealt()
    assert state.boat_cards is not None
    top_boat, top_wagon = state.boat_cards.deck[0], state.deck[0]
    after = RULES.apply(state, DrawCard(DECK, top_boat, BOAT_PILE))
    assert after.player().hand.count(top_boat) == state.player().hand.count(top_boat) + 1
    assert after.boat_cards is not None and after.boat_cards.deck == state.boat_cards.deck[1:]
    assert after.deck == state.deck
    # A wagon card taken face up, replaced from the boat deck: the six may be any mix.
    taken = state.display[0]
    after = RULES.apply(state, DrawCard(0, taken, BOAT_PILE))
    assert after.display == state.display[1:] + (top_boat,)
    after = RULES.apply(state, DrawCard(0, taken, ""))
    assert after.display == state.display[1:] + (top_wagon,)
    with pytest.raises(IllegalEvent, match="not a boat card"):
        RULES.apply(replace(state, boat_cards=replace(state.boat_cards, deck=("?",))),
                    DrawCard(DECK, "red", BOAT_PILE))
    with pytest.raises(IllegalEvent, match="not a wagon card"):
        RULES.apply(replace(state, deck=("?",)), DrawCard(DECK, "boat:red", ""))


def test_an_empty_deck_refills_from_the_other_and_each_discard_makes_its_own_deck() -> None:
    state = dealt()
    assert state.boat_cards is not None
    state = replace(state, boat_cards=replace(state.boat_cards, deck=()))
    with pytest.raises(IllegalEvent, match="other"):
        RULES.apply(state, DrawCard(0, state.display[0], BOAT_PILE))
    emptied = replace(state, boat_cards=replace(state.boat_cards, discard=("boat:red",)))
    assert needs_reshuffle(emptied)
    with pytest.raises(IllegalEvent):
        RULES.apply(emptied, Reshuffle(("boat:red",)))  # the wagon deck is not the one empty
    after = RULES.apply(emptied, Reshuffle(("boat:red",), BOAT_PILE))
    assert after.boat_cards is not None and after.boat_cards.deck == ("boat:red",)
    assert after.deck == state.deck


def test_sea_routes_take_boats_and_boat_cards_which_go_to_their_own_discards() -> None:
    state = holding(dealt(), "boat2:yellow", "red", "red", "joker")
    after = RULES.apply(state, ClaimRoute("Faro-Isla", ("boat2:yellow",)))
    player = after.players[0]
    assert (player.trains, player.boats) == (state.player().trains, state.player().boats - 2)
    assert after.boat_cards is not None and after.boat_cards.discard == ("boat2:yellow",)
    after = RULES.apply(state, ClaimRoute("Alba-Brisa", ("joker", "red")))
    assert after.players[0].trains == state.player().trains - 2
    assert after.discard == ("joker", "red")
    short = holding(dealt(), "boat2:yellow", boats=1)
    with pytest.raises(IllegalEvent, match="Not enough boats"):
        RULES.apply(short, ClaimRoute("Faro-Isla", ("boat2:yellow",)))
    sea = BOATS.track("Faro-Isla")
    assert route_payment_problem(sea, ("boat:yellow",), ("joker", "boat")) is None, "one more"
    refused = route_payment_problem(sea, ("yellow",), ("joker", "boat"))
    assert refused is not None and refused.reason == "Sea routes take boat cards"
    with pytest.raises(IllegalEvent, match="Sea routes take boat cards"):
        RULES.apply(holding(dealt(), "yellow", "yellow"), ClaimRoute("Faro-Isla",
                                                                     ("yellow", "yellow")))


def test_an_exchange_swaps_pieces_with_the_box_and_is_the_whole_turn() -> None:
    state = dealt()
    player = state.player()
    after = RULES.apply(state, ExchangePieces("wagons", 3))
    changed = after.players[0]
    assert (changed.trains, changed.boats) == (player.trains - 3, player.boats + 3)
    assert (changed.box_wagons, changed.box_boats) == (player.box_wagons + 3,
                                                        player.box_boats - 3)
    assert after.current == 1, "the turn is over"
    back = RULES.apply(replace(after, current=0), ExchangePieces("boats", 8))
    assert back.players[0].boats == changed.boats - 8
    for give, count in (("wagons", 0), ("wagons", player.box_boats + 1), ("cards", 1)):
        with pytest.raises(IllegalEvent):
            RULES.apply(state, ExchangePieces(give, count))
    drawing = RULES.apply(state, DrawCard(DECK, state.deck[0], ""))
    with pytest.raises(IllegalEvent, match="second card"):
        RULES.apply(drawing, ExchangePieces("wagons", 1))


def test_the_last_round_counts_wagons_and_boats_together() -> None:
    state = holding(dealt(), "boat2:yellow", trains=2, boats=3)
    after = RULES.apply(state, ClaimRoute("Faro-Isla", ("boat2:yellow",)))
    assert after.turns_left == 2, "3 pieces left: the last round starts"
    state = holding(dealt(), "boat2:yellow", trains=2, boats=4)
    assert RULES.apply(state, ClaimRoute("Faro-Isla", ("boat2:yellow",))).turns_left is None


def test_the_face_up_cards_are_never_replaced_on_a_map_without_locomotives() -> None:
    state = dealt()
    assert BOATS.rules.cards.locomotives == 0
    with pytest.raises(IllegalEvent, match="never replaced"):
        RULES.apply(state, ReplaceFaceUp())
    # Even when the players' word is all the table has of the face-up cards.
    unseen = replace(state, display=("?",) * len(state.display))
    with pytest.raises(IllegalEvent, match="never replaced"):
        RULES.apply(unseen, ReplaceFaceUp())


def test_random_games_play_every_part_and_agree_with_the_tally() -> None:
    kinds: Counter[str] = Counter()
    for players, seed in itertools.product((2, 3, 4), range(5)):
        state, events = play(BOATS, players, seed)
        checked_result(state)
        assert every_card(state) == Counter(train_deck(BOATS) + boat_deck(BOATS))
        kinds.update(type(event).__name__ for event in events)
        kinds.update(f"reshuffle {event.pile or 'wagon'}" for event in events
                     if isinstance(event, Reshuffle))
        kinds.update("sea" for event in events if isinstance(event, ClaimRoute)
                     and BOATS.track(event.track).sea)
        kinds.update(f"draw {event.pile or 'wagon'}" for event in events
                     if isinstance(event, DrawCard) and event.index == DECK)
        kinds["last round"] += state.turns_left == 0
    for kind in ("ExchangePieces", "reshuffle wagon", "reshuffle boat", "sea", "draw boat",
                 "draw wagon", "last round"):
        assert kinds[kind], kind


MAP = {"name": "sea", "cities": ["A", "B"],
       "routes": [{"from": "A", "to": "B", "length": 2, "sea": True}]}
BOAT_RULES = {"pieces": 10, "box_wagons": 2, "box_boats": 2, "hand": 2, "per_color": 3,
              "doubles_per_color": 1}


def test_a_boat_map_names_what_it_lacks() -> None:
    cards = {"special": ["boat"], "locomotives": 0}
    bare = parse_map({**MAP, "rules": {"cards": cards}})
    assert "rules.boats" in (unplayable(bare) or "")
    assert unplayable(parse_map({**MAP, "rules": {"cards": cards, "boats": BOAT_RULES}})) is None
    for key in BOAT_RULES:
        partial = {k: v for k, v in BOAT_RULES.items() if k != key}
        with pytest.raises(InvalidInput, match=f"rules.boats.{key}"):
            parse_map({**MAP, "rules": {"cards": {"special": ["boat"]}, "boats": partial}})
    with pytest.raises(InvalidInput, match="rules.boats"):
        parse_map({"name": "land", "cities": ["A", "B"],
                   "routes": [{"from": "A", "to": "B", "length": 2}],
                   "rules": {"boats": BOAT_RULES}})
    locomotives = parse_map({**MAP, "rules": {"cards": {"special": ["boat"], "locomotives": 4},
                                              "boats": BOAT_RULES}})
    assert unplayable(locomotives) is None, "three locomotives face up are replaced live"


def test_the_tally_allows_a_player_all_their_pieces_and_no_more() -> None:
    state = dealt()
    sea = tuple(t.id for t in BOATS.tracks if t.sea and t.number < 2)

    def table_of(tracks: tuple[str, ...]) -> dict[str, Any]:
        ana = replace(state.players[0], tracks=tracks)
        return final_table(replace(state, players=(ana, state.players[1]), phase=Phase.OVER))

    assert BOATS.rules.boats is not None
    most = BOATS.rules.boats.pieces + BOATS.rules.boats.box_boats
    lengths = [BOATS.track(t).length for t in sea]
    assert sum(lengths[:4]) > BOATS.rules.trains and sum(lengths[:4]) <= most
    assert tally(table_of(sea[:4])).players[0].name == "Ana"
    # One more sea route: more boats than Ana's and those of her box.
    assert sum(lengths[:5]) > most
    with pytest.raises(InvalidInput, match=f"need {sum(lengths[:5])} boats; Ana can have "
                                           f"{most} at most"):
        tally(table_of(sea[:5]))
