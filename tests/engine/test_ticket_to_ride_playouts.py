"""Random complete games of Ticket to Ride (USA and Europe): invariants at every step."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.ticket_to_ride import RULES, Map
from engine.games.ticket_to_ride.claims import route_entry
from engine.games.ticket_to_ride.deal import long_tickets, regular_tickets, train_deck
from engine.games.ticket_to_ride.events import TicketToRideEvent
from engine.games.ticket_to_ride.final_table import holdings, ticket_entry
from engine.games.ticket_to_ride.library import SHIPPED
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally
from engine.simulate import play_random

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def all_cards(state: TicketToRideState) -> Counter[str]:
    cards = Counter(state.deck) + Counter(state.display) + Counter(state.discard)
    for player in state.players:
        cards.update(player.hand)
    if state.tunnel is not None:
        cards.update(state.tunnel.revealed)
    return cards


def all_tickets(state: TicketToRideState) -> Counter[str]:
    tickets = Counter(state.tickets) + Counter(state.long_tickets)
    for player in state.players:
        tickets.update(player.tickets + player.offered + player.offered_long)
    return tickets


def check_invariants(state: TicketToRideState) -> None:
    board = state.board
    if state.phase is not Phase.DEAL:
        assert all_cards(state) == Counter(train_deck(board)), "train cards are conserved"
        regular = Counter(t for t in all_tickets(state) if not board.ticket(t).long)
        assert regular == Counter(regular_tickets(board)), "regular tickets are conserved"
        assert set(all_tickets(state)) <= set(regular_tickets(board) + long_tickets(board))
    owners: dict[str, int] = {}
    for seat, player in enumerate(state.players):
        assert player.trains >= 0, "trains never negative"
        used = sum(board.track(t).length for t in player.tracks)
        assert player.trains + used == board.rules.trains
        routes = [board.track(t).route for t in player.tracks]
        assert len(routes) == len(set(routes)), "never two tracks of one route"
        for track in player.tracks:
            assert track not in owners, "no track held twice"
            owners[track] = seat
        assert len(player.stations) <= board.rules.stations
        assert player.route_points == sum(board.rules.points_for(board.track(t).length)
                                          for t in player.tracks)
    assert owners == state.owners
    if len(state.players) < board.rules.double_routes_from:
        routes = [board.track(t).route for t in owners]
        assert len(routes) == len(set(routes)), "single use of double routes with 2-3 players"
    assert len(state.display) <= board.rules.cards.face_up


def table_of(state: TicketToRideState) -> dict[str, object]:
    """The final table as `companion tally` reads it (a map file's map given as itself)."""
    board = state.board
    players = []
    for holding in holdings(state):
        players.append({
            "name": holding.name,
            "routes": [route_entry(board, t) for t in holding.tracks],
            "tickets": [ticket_entry(t) for t in holding.tickets],
            "stations": list(holding.stations),
        })  # fmt: skip
    return {"game": "ticket-to-ride", "map": board.name if board.name in SHIPPED else board,
            "players": players}


def play_checked(map_name: str | Map, players: int, seed: int) -> TicketToRideState:
    rng = random.Random(seed)
    start = RULES.new_game(NAMES[:players], map_name, first=seed % players)
    state, events = start, []
    while not RULES.is_over(state):
        event = RULES.random_event(state, rng)
        wire = json.loads(json.dumps(event.to_json()))
        assert TicketToRideEvent.from_json(wire) == event, "every event survives its JSON"
        state = RULES.apply(state, event)
        check_invariants(state)
        events.append(event)
        assert len(events) < 3000, "the game ends"
    assert RULES.replay(start, events) == state, "replaying the log reproduces the game"
    result = RULES.result(state)
    for score in result.players:
        assert score.total == sum(score.breakdown.values())
    for score, player in zip(result.players, state.players):
        assert score.breakdown["routes"] == player.route_points
    assert tally(table_of(state)).to_json() == result.to_json(), "the tally agrees"
    return state


@settings(max_examples=12, deadline=None)
@given(map_name=st.sampled_from(["usa", "europe"]), players=st.integers(2, 5),
       seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant(map_name: str, players: int, seed: int) -> None:
    final = play_checked(map_name, players, seed)
    assert final.phase is Phase.OVER


@pytest.mark.parametrize("map_name", ["usa", "europe"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_seeds_end(map_name: str, players: int) -> None:
    for seed in range(3):
        start = RULES.new_game(NAMES[:players], map_name)
        playout = play_random(RULES, start, seed=seed)
        assert RULES.is_over(playout.final)
        assert any(p.trains <= 2 for p in playout.final.players) or playout.final.passes
