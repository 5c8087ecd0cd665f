"""Pennsylvania's shares played turn by turn: the share taken with each claim, and the count."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    PayTunnel,
    RevealTunnel,
    TicketToRideEvent,
)  # fmt: skip
from engine.games.ticket_to_ride.live_stocks import share_options
from engine.games.ticket_to_ride.mapfile import parse_map
from engine.games.ticket_to_ride.rules import apply, result
from engine.games.ticket_to_ride.state import TicketToRideState
from engine.games.ticket_to_ride.stocks import stock_points
from tests.engine.ticket_to_ride_examples import example_map, playing, with_hand

BOARD = example_map("stocks-example")


def claim(state: TicketToRideState, track: str, company: str = "") -> TicketToRideState:
    """The current player claims `track` with cards of its colour (or red on a gray one)."""
    chosen = state.board.track(track)
    color = "red" if chosen.color == "gray" else chosen.color
    cards = (color,) * chosen.length
    return apply(with_hand(state, *cards), ClaimRoute(track, cards, company=company))


def test_a_claim_takes_the_first_share_left_of_the_company_named() -> None:
    state = claim(playing(BOARD), "Ashford-Carver", "BLL")
    assert state.players[0].shares == (("BLL", 1),)
    state = claim(state, "Carver-Easton#1", "BLL")
    assert state.players[1].shares == (("BLL", 2),)
    state = claim(state, "Bramley-Dunmore", "CVR")
    assert state.players[0].shares == (("BLL", 1), ("CVR", 1))


def test_only_a_company_of_the_route_may_be_named() -> None:
    state = playing(BOARD)
    with pytest.raises(IllegalEvent, match="has no share on this route"):
        claim(state, "Ashford-Bramley", "CVR")


def test_a_player_may_take_no_share() -> None:
    state = claim(playing(BOARD), "Ashford-Bramley")
    assert state.players[0].shares == ()
    assert state.players[0].tracks == ("Ashford-Bramley",)


def test_another_company_of_the_route_once_one_has_no_share_left() -> None:
    state = playing(BOARD)
    ben = replace(state.players[1], shares=(("DLW", 1), ("DLW", 2), ("DLW", 3)))
    state = replace(state, players=(state.players[0], ben))
    track = BOARD.track("Fairview-Hartley")
    assert share_options(BOARD.rules.stocks, state.players, track) == ("CVR",)
    with pytest.raises(IllegalEvent, match="DLW has no share left: take one of CVR"):
        claim(state, track.id, "DLW")
    state = claim(state, track.id, "CVR")
    assert state.players[0].shares == (("CVR", 1),)


def test_no_share_at_all_once_every_company_of_the_route_is_out() -> None:
    state = playing(BOARD)
    ben = replace(state.players[1], shares=tuple(("DLW", n) for n in (1, 2, 3)))
    state = replace(state, players=(state.players[0], ben))
    track = BOARD.track("Fairview-Glenwood")
    assert share_options(BOARD.rules.stocks, state.players, track) == ()
    with pytest.raises(IllegalEvent, match="No share is left on this route"):
        claim(state, track.id, "DLW")
    assert claim(state, track.id).players[0].shares == ()


def test_the_options_follow_the_route_and_the_piles() -> None:
    state = playing(BOARD)
    options = share_options(BOARD.rules.stocks, state.players, BOARD.track("Ashford-Linden"))
    assert options == ("CVR", "DLW")
    assert share_options(BOARD.rules.stocks, state.players, BOARD.track("Hartley-Jasper")) == ()


def test_a_tunnel_takes_its_share_only_once_it_is_claimed() -> None:
    board = parse_map({
        "name": "tunnel-shares", "cities": ["A", "B", "C"],
        "routes": [{"from": "A", "to": "B", "length": 2, "color": "red", "tunnel": True,
                    "companies": ["X"]},
                   {"from": "B", "to": "C", "length": 1, "color": "blue", "companies": ["X"]}],
        "tickets": [{"from": "A", "to": "C", "points": 4}, {"from": "A", "to": "B", "points": 2},
                    {"from": "B", "to": "C", "points": 1}, {"from": "C", "to": "A", "points": 5}],
        "rules": {"stocks": {"X": {"shares": 2, "payouts": [5, 2]}}},
    })  # fmt: skip
    start = with_hand(playing(board), "red", "red", "red")
    start = replace(start, deck=("red", "blue", "green") + start.deck[3:])
    state = apply(start, ClaimRoute("A-B", ("red", "red"), company="X"))
    state = apply(state, RevealTunnel(("red", "blue", "green")))
    assert state.tunnel is not None and state.tunnel.surcharge == 1
    assert state.players[0].shares == ()
    given_up = apply(state, PayTunnel(()))
    assert given_up.players[0].shares == () and given_up.owners == {}
    assert apply(state, PayTunnel(("red",))).players[0].shares == (("X", 1),)


def test_the_count_pays_the_most_shares_and_breaks_ties_by_the_lowest_share() -> None:
    state = playing(BOARD)
    ana = replace(state.players[0], shares=(("ARR", 2), ("ARR", 3), ("BLL", 2)))
    ben = replace(state.players[1], shares=(("ARR", 1), ("ARR", 4), ("BLL", 1), ("CVR", 1)))
    state = replace(state, players=(ana, ben))
    stocks = result(state).players
    # ARR: 2 each, Ben holds share 1: Ben 12, Ana 8. BLL: Ben 10, Ana 6. CVR: Ben 10.
    assert [score.breakdown["stocks"] for score in stocks] == [8 + 6, 12 + 10 + 10]
    assert stock_points(BOARD.rules.stocks, {"Ana": {"ARR": [2, 3], "BLL": [2]},
                                             "Ben": {"ARR": [1, 4], "BLL": [1], "CVR": [1]}}
                        ) == {"Ana": 14, "Ben": 32}


def test_the_claim_survives_its_json_and_older_claims_still_read() -> None:
    event = ClaimRoute("Ashford-Carver", ("red",) * 3, company="ARR")
    assert TicketToRideEvent.from_json(event.to_json()) == event
    older = {"kind": "claim-route", "track": "Ashford-Carver", "cards": ["red"] * 3}
    assert TicketToRideEvent.from_json(older) == ClaimRoute("Ashford-Carver", ("red",) * 3)
