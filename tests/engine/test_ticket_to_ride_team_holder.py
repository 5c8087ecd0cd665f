"""Team play: a payment says which of its cards came from the team's holder and which from the
player's hand, and the engine takes each from where the player took it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride import RULES, map_from_toml
from engine.games.ticket_to_ride.events import (
    BuildStation,
    ClaimRoute,
    PayTunnel,
    RevealTunnel,
    TicketToRideEvent,
)
from engine.games.ticket_to_ride.live_teams import holder_splits
from engine.games.ticket_to_ride.state import TicketToRideState

from .test_ticket_to_ride_live_teams import started
from .ticket_to_ride_live import EXAMPLES

TEXT = (EXAMPLES / "teams-example.toml").read_text("utf-8")
#: The team example with its Amber - Bamboo route a tunnel and three stations a player.
TUNNELS = map_from_toml(TEXT.replace(
    'to = "Bamboo", length = 2, colors = ["red", "blue"] }',
    'to = "Bamboo", length = 2, colors = ["red", "blue"], tunnel = true }').replace(
    'name = "teams-example"', 'name = "teams-tunnels"').replace(
    "[rules]\n", "[rules]\nstations = 3\nstation_costs = [1, 2, 3]\n"))
RED_2 = "Granite-Ivory"


def holding(state: TicketToRideState, hand: tuple[str, ...], holder: tuple[str, ...]
            ) -> TicketToRideState:
    """The current player (North's first) holding `hand`, North's holder `holder`."""
    teams = (replace(state.teams[0], hand=holder),) + state.teams[1:]
    players = (replace(state.players[0], hand=hand),) + state.players[1:]
    return replace(state, teams=teams, players=players)


def test_a_claim_paid_from_the_hand_leaves_the_holder_as_it_is() -> None:
    state = holding(started(), ("red", "red", "white"), ("red", "blue"))
    state = RULES.apply(state, ClaimRoute(RED_2, ("red", "red"), shared=()))
    assert state.teams[0].hand == ("red", "blue")
    assert state.players[0].hand == ("white",)
    assert state.owners[RED_2] == 0


def test_a_claim_takes_from_the_holder_the_cards_said_and_the_rest_from_the_hand() -> None:
    state = holding(started(), ("?", "?", "locomotive"), ("red", "locomotive"))
    state = RULES.apply(state, ClaimRoute(RED_2, ("red", "locomotive"), shared=("locomotive",)))
    assert state.teams[0].hand == ("red",)
    assert state.players[0].hand == ("?", "locomotive"), "the red came from an unseen card"


def test_the_ways_to_pay_are_listed_the_most_from_the_holder_first() -> None:
    state = holding(started(), ("red", "red", "white"), ("red", "blue"))
    assert holder_splits(state, ("red", "red")) == (("red",), ())
    mixed = holding(started(), ("?",), ("red", "locomotive"))
    assert holder_splits(mixed, ("red", "locomotive")) == (
        ("red", "locomotive"), ("red",), ("locomotive",))
    assert holder_splits(holding(started(), ("red", "red"), ()), ("red", "red")) == ((),)


def test_there_is_no_holder_outside_team_play() -> None:
    state = RULES.new_game(("Ana", "Ben"), "usa")
    assert holder_splits(state, ("red",)) == ()


@pytest.mark.parametrize(("shared", "reason"), [
    (("blue",), "Those cards are not among the cards paid"),
    (("red", "red"), "Those cards are not in the team's holder"),
    ((), "Those cards are not in your hand"),
])  # fmt: skip
def test_a_split_the_cards_cannot_make_is_refused(shared: tuple[str, ...], reason: str) -> None:
    state = holding(started(), ("red", "white"), ("red", "blue"))
    with pytest.raises(IllegalEvent) as refused:
        RULES.apply(state, ClaimRoute(RED_2, ("red", "red"), shared=shared))
    assert refused.value.reason == reason


def test_a_tunnel_takes_its_cards_and_its_extra_cards_from_where_each_was_said() -> None:
    state = RULES.new_game(("Ana", "Ben", "Cleo", "Dan"), TUNNELS, teams=("North", "South"))
    state = replace(state, phase=started().phase, deck=("red", "white", "white") * 10)
    state = holding(state, ("red", "red", "white"), ("red", "red"))
    state = RULES.apply(state, ClaimRoute("Amber-Bamboo#1", ("red", "red"), shared=("red",)))
    assert state.tunnel is not None and state.tunnel.shared == ("red",)
    state = RULES.apply(state, RevealTunnel(("red", "white", "white")))
    state = RULES.apply(state, PayTunnel(("red",), shared=()))
    assert state.owners["Amber-Bamboo#1"] == 0
    assert state.teams[0].hand == ("red",), "one red from the holder for the claim"
    assert state.players[0].hand == ("white",), "one for the claim, one extra from the hand"


def test_a_station_takes_its_cards_from_where_it_was_said() -> None:
    state = RULES.new_game(("Ana", "Ben", "Cleo", "Dan"), TUNNELS, teams=("North", "South"))
    state = replace(state, phase=started().phase)
    state = holding(state, ("blue",), ("blue",))
    state = RULES.apply(state, BuildStation("Jade", ("blue",), shared=()))
    assert state.players[0].hand == () and state.teams[0].hand == ("blue",)


def test_a_move_recorded_without_the_answer_reads_as_before_the_holder_first() -> None:
    recorded = {"kind": "claim-route", "track": RED_2, "cards": ["red", "red"]}
    event = TicketToRideEvent.from_json(recorded)
    assert event == ClaimRoute(RED_2, ("red", "red"))
    state = RULES.apply(holding(started(), ("red", "red", "white"), ("red", "blue")), event)
    assert state.teams[0].hand == ("blue",) and state.players[0].hand == ("red", "white")
