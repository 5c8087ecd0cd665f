"""Ticket to Ride turn by turn (USA and Europe): each rule of the text, one test each."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.deal import long_tickets, new_game, regular_tickets, train_deck
from engine.games.ticket_to_ride.events import (
    BuildStation,
    ClaimRoute,
    Deal,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    ReplaceFaceUp,
    Reshuffle,
    RevealTunnel,
)
from engine.games.ticket_to_ride.face_up import face_up_to_replace, needs_reshuffle
from engine.games.ticket_to_ride.rules import apply
from engine.games.ticket_to_ride.state import Phase, TicketToRideState

L = "locomotive"


def dealt(map_name: str = "usa", players: int = 2) -> TicketToRideState:
    state = new_game(("Ana", "Ben", "Cleo", "Dan", "Eve")[:players], map_name)
    board = state.board
    return apply(state, Deal(train_deck(board), regular_tickets(board), long_tickets(board)))


def playing(map_name: str = "usa", players: int = 2, **changes: Any) -> TicketToRideState:
    state = dealt(map_name, players)
    while state.phase is Phase.START_TICKETS:
        player = state.player()
        state = apply(state, KeepTickets((player.offered + player.offered_long)[:2]))
    return replace(state, **changes)


def with_hand(state: TicketToRideState, *cards: str, seat: int = 0, **changes: Any
              ) -> TicketToRideState:
    players = list(state.players)
    players[seat] = replace(players[seat], hand=tuple(sorted(cards)), **changes)
    return replace(state, players=tuple(players))


def test_setup_deals_four_cards_five_face_up_and_three_tickets() -> None:
    state = dealt()
    assert [len(p.hand) for p in state.players] == [4, 4]
    assert len(state.display) == 5
    assert [len(p.offered) for p in state.players] == [3, 3]
    assert len(state.deck) == 110 - 8 - 5
    europe = dealt("europe")
    assert [(len(p.offered), len(p.offered_long)) for p in europe.players] == [(3, 1), (3, 1)]


def test_starting_tickets_keep_two_of_three_and_europe_long_tickets_leave() -> None:
    state = dealt()
    offered = state.player().offered
    with pytest.raises(IllegalEvent, match="Keep at least 2"):
        apply(state, KeepTickets(offered[:1]))
    state = apply(state, KeepTickets(offered[:2]))
    assert state.tickets[-1] == offered[2]  # returned under the pile
    europe = dealt("europe")
    player = europe.player()
    europe = apply(europe, KeepTickets(player.offered[:2]))
    assert player.offered_long[0] not in europe.long_tickets + europe.tickets


def test_drawn_tickets_keep_at_least_one() -> None:
    state = apply(playing(), DrawTickets())
    offered = state.player().offered
    assert len(offered) == 3
    with pytest.raises(IllegalEvent, match="Keep at least 1"):
        apply(state, KeepTickets(()))
    with pytest.raises(IllegalEvent, match="Choose the tickets to keep first"):
        apply(state, DrawCard(DECK, state.deck[0]))
    state = apply(state, KeepTickets(offered[2:]))
    assert state.current == 1 and state.tickets[-2:] == offered[:2]


def test_a_face_up_locomotive_counts_as_two_cards() -> None:
    state = playing(display=(L, "red", "red", "blue", "blue"))
    state = apply(state, DrawCard(0, L))
    assert state.current == 1 and L in state.players[0].hand


def test_a_face_up_locomotive_cannot_be_the_second_card() -> None:
    state = playing(display=("red", L, "red", "blue", "blue"))
    state = apply(state, DrawCard(0, "red"))
    assert state.current == 0 and state.drawn == 1
    with pytest.raises(IllegalEvent, match="cannot be your second card"):
        apply(state, DrawCard(0, L))
    state = apply(state, DrawCard(DECK, state.deck[0]))  # a blind locomotive would be fine
    assert state.current == 1


def test_three_face_up_locomotives_replace_the_display() -> None:
    state = playing(display=("red", L, L, "blue", "blue"), deck=(L, "green", "green", "green",
                                                                 "white", "white", "black"))
    state = apply(state, DrawCard(0, "red"))
    assert state.display == (L, L, "blue", "blue", L) and face_up_to_replace(state)
    with pytest.raises(IllegalEvent, match="replace the face-up cards first"):
        apply(state, DrawCard(DECK, "green"))
    state = apply(state, ReplaceFaceUp())
    assert state.display == ("green", "green", "green", "white", "white")
    assert state.discard[-5:] == (L, L, "blue", "blue", L)
    assert not face_up_to_replace(state)
    with pytest.raises(IllegalEvent, match="3 locomotives must be face up"):
        apply(state, ReplaceFaceUp())


def test_at_the_table_the_players_say_when_three_locomotives_show() -> None:
    state = new_game(("Ana", "Ben"), "usa")
    state = apply(state, Deal(("?",) * 110, ("?",) * 30))
    assert not face_up_to_replace(state)             # the face-up cards are unseen
    state = apply(state, ReplaceFaceUp())            # the players' word is taken
    assert state.display == ("?",) * 5 and len(state.deck) == 110 - 8 - 10
    assert state.discard == ("?",) * 5
    state = playing(display=("red", L, "?", "blue", "green"))
    with pytest.raises(IllegalEvent, match="3 locomotives must be face up"):
        apply(state, ReplaceFaceUp())


def test_the_deck_runs_out_while_the_face_up_cards_are_replaced() -> None:
    state = playing(display=(L, L, L, "red", "blue"), deck=("green", "white"),
                    discard=("black",) * 6)
    assert face_up_to_replace(state) and not needs_reshuffle(state)
    state = apply(state, ReplaceFaceUp())
    assert state.display == ("green", "white") and needs_reshuffle(state)
    state = apply(state, Reshuffle(("black",) * 6 + (L, L, L, "red", "blue")))
    assert state.display == ("green", "white", "black", "black", "black")


def test_the_deck_is_reshuffled_from_the_discards() -> None:
    state = playing(deck=("red",), discard=("blue", "green"))
    state = apply(state, DrawCard(DECK, "red"))
    with pytest.raises(IllegalEvent, match="Shuffle the discards"):
        apply(state, DrawCard(DECK, "blue"))
    state = apply(state, Reshuffle(("green", "blue")))
    state = apply(state, DrawCard(DECK, "green"))
    assert state.current == 1


def test_claiming_a_route_pays_cards_and_trains_and_scores() -> None:
    state = with_hand(playing(), "yellow", "yellow", "yellow", "yellow", L, L)
    state = apply(state, ClaimRoute("Seattle-Helena", ("yellow",) * 4 + (L, L)))
    ana = state.players[0]
    assert (ana.trains, ana.route_points, ana.hand) == (39, 15, ())
    with pytest.raises(IllegalEvent, match="already claimed"):
        apply(with_hand(state, *("yellow",) * 6, seat=1),
              ClaimRoute("Seattle-Helena", ("yellow",) * 6))


def test_gray_routes_take_any_one_colour() -> None:
    state = with_hand(playing(), "red", "blue", "red")
    with pytest.raises(IllegalEvent, match="one colour"):
        apply(state, ClaimRoute("Los Angeles-Phoenix", ("red", "blue", "red")))
    with pytest.raises(IllegalEvent, match="not in your hand"):
        apply(state, ClaimRoute("Los Angeles-Phoenix", ("red", "red", "red")))
    state = with_hand(state, "red", "red", L)
    assert apply(state, ClaimRoute("Los Angeles-Phoenix", ("red", "red", L))).current == 1


def test_double_routes_in_small_and_large_games() -> None:
    two = with_hand(playing(), "white", "white", seat=1)
    two = apply(with_hand(two, "green", "green"), ClaimRoute("Pittsburgh-New York#1",
                                                             ("green", "green")))
    with pytest.raises(IllegalEvent, match="only one track"):
        apply(two, ClaimRoute("Pittsburgh-New York#2", ("white", "white")))
    four = playing(players=4)
    four = apply(with_hand(four, "green", "green"), ClaimRoute("Pittsburgh-New York#1",
                                                               ("green", "green")))
    four = replace(four, current=0)
    four = with_hand(four, "white", "white")
    with pytest.raises(IllegalEvent, match="two tracks of one route"):
        apply(four, ClaimRoute("Pittsburgh-New York#2", ("white", "white")))
    four = with_hand(replace(four, current=1), "white", "white", seat=1)
    assert apply(four, ClaimRoute("Pittsburgh-New York#2", ("white", "white"))).owners[
        "Pittsburgh-New York#2"] == 1


def test_not_enough_trains() -> None:
    state = with_hand(playing(), *("yellow",) * 6, trains=5)
    with pytest.raises(IllegalEvent, match="Not enough trains"):
        apply(state, ClaimRoute("Seattle-Helena", ("yellow",) * 6))


def test_the_last_round_gives_everyone_one_more_turn() -> None:
    state = with_hand(playing(players=3), "yellow", "yellow", trains=3)
    state = apply(state, ClaimRoute("New York-Boston#1", ("yellow", "yellow")))
    assert state.players[0].trains == 1 and state.turns_left == 3
    for _ in range(2):
        state = apply(state, DrawCard(DECK, state.deck[0]))
        state = apply(state, DrawCard(DECK, state.deck[0]))
    assert state.current == 0 and state.phase is Phase.PLAY  # Ana plays once more
    state = apply(state, DrawCard(DECK, state.deck[0]))
    state = apply(state, DrawCard(DECK, state.deck[0]))
    assert state.phase is Phase.OVER


def test_tunnels_reveal_three_cards_and_may_be_given_up() -> None:
    state = with_hand(playing("europe"), "yellow", "yellow", "yellow", L, L)
    state = replace(state, deck=("yellow", L, "red", "blue"))
    state = apply(state, ClaimRoute("Zürich-München", ("yellow", "yellow")))
    assert state.tunnel is not None and state.current == 0
    state = apply(state, RevealTunnel(("yellow", L, "red")))
    assert state.tunnel is not None and state.tunnel.surcharge == 2
    with pytest.raises(IllegalEvent, match="yellow cards or locomotives"):
        apply(state, PayTunnel(("yellow", "red")))
    paid = apply(state, PayTunnel(("yellow", L)))
    assert paid.players[0].hand == (L,) and paid.owners["Zürich-München"] == 0
    assert set(("yellow", L, "red")) <= set(paid.discard)
    given_up = apply(state, PayTunnel(()))
    assert given_up.players[0].hand == state.players[0].hand and given_up.current == 1
    assert "Zürich-München" not in given_up.owners


def test_a_tunnel_with_no_match_is_claimed_at_once() -> None:
    state = with_hand(playing("europe"), "yellow", "yellow")
    state = replace(state, deck=("red", "blue", "green", "white"))
    state = apply(state, ClaimRoute("Zürich-München", ("yellow", "yellow")))
    state = apply(state, RevealTunnel(("red", "blue", "green")))
    assert state.tunnel is None and state.owners["Zürich-München"] == 0


def test_ferries_need_their_locomotives() -> None:
    state = with_hand(playing("europe"), "red", "red", L)
    with pytest.raises(IllegalEvent, match="ferry needs 2"):
        apply(state, ClaimRoute("London-Amsterdam", ("red", L)))
    state = with_hand(state, L, L)
    assert apply(state, ClaimRoute("London-Amsterdam", (L, L))).owners["London-Amsterdam"] == 0


def test_stations_cost_one_two_three_cards() -> None:
    state = with_hand(playing("europe"), "red", "blue", "blue", "green", "green", L)
    state = apply(state, BuildStation("Wien", ("red",)))
    state = with_hand(replace(state, current=0), *state.players[0].hand)
    with pytest.raises(IllegalEvent, match="2 card"):
        apply(state, BuildStation("Roma", ("blue",)))
    with pytest.raises(IllegalEvent, match="already has a station"):
        apply(state, BuildStation("vienna", ("blue", "blue")))
    state = apply(state, BuildStation("Roma", ("blue", "blue")))
    state = replace(state, current=0)
    state = apply(state, BuildStation("Riga", ("green", "green", L)))
    assert state.players[0].stations == ("Wien", "Roma", "Riga")
    state = with_hand(replace(state, current=0), "red")
    with pytest.raises(IllegalEvent, match="No station left"):
        apply(state, BuildStation("Paris", ("red",)))
    with pytest.raises(IllegalEvent):
        apply(with_hand(playing("usa"), "red"), BuildStation("Denver", ("red",)))


def test_at_the_table_unseen_cards_are_declared() -> None:
    state = new_game(("Ana", "Ben"), "usa")
    state = apply(state, Deal(("?",) * 110, ("?",) * 30))
    assert state.players[0].hand == ("?",) * 4
    state = apply(state, KeepTickets(("Denver-El Paso", "Boston-Miami")))
    with pytest.raises(IllegalEvent, match="was not offered"):
        apply(state, KeepTickets(("Denver-El Paso", "Duluth-Houston")))
    state = apply(state, KeepTickets(("Duluth-Houston", "Chicago-Santa Fe")))
    state = apply(state, ClaimRoute("Seattle-Portland#1", ("red",)))
    assert state.players[0].hand == ("?",) * 3
    with pytest.raises(IllegalEvent, match="Scan the face-up card"):
        apply(state, DrawCard(0, "?"))
    state = apply(state, DrawCard(0, "red"))
    state = apply(state, DrawCard(DECK, "?"))
    assert sorted(state.players[1].hand).count("?") == 5


def test_wrong_events() -> None:
    state = playing()
    with pytest.raises(IllegalEvent, match="already dealt"):
        apply(state, Deal(train_deck(state.board), regular_tickets(state.board)))
    with pytest.raises(IllegalEvent, match="That card is"):
        apply(state, DrawCard(DECK, "purple" if state.deck[0] != "purple" else "red"))
    with pytest.raises(IllegalEvent, match="There is no route"):
        apply(state, ClaimRoute("Paris-Wien", ()))
    with pytest.raises(IllegalEvent, match="2 to 5 players"):
        new_game(("Ana",), "usa")
