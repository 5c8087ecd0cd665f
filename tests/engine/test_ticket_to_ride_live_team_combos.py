"""Team play together with shares, meeples, Old West, depots and Märklin, played turn by turn.

Each example map of those rules is played in teams of two (`team_map`): the team is the owner
and the scoring unit, each player plays their own turn with their own trains.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.deal import unplayable
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    DrawCard,
    MovePassenger,
    PlaceDepot,
    PlacePassenger,
    StoreCard,
    TakeWarehouse,
)  # fmt: skip
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.live_passengers import next_stops
from engine.games.ticket_to_ride.state import Phase, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

from .ticket_to_ride_live import TEAM_MAPS, checked_result, play, team_map

PEOPLE = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
NORTH, SOUTH = 0, 1


def team_ready(name: str, first: int = 0) -> TicketToRideState:
    """Two teams (North: Ana and Ben, South: Cleo and Dan) past the setup, everyone holding
    plenty of locomotives and the team holders empty."""
    state = RULES.new_game(PEOPLE[:4], team_map(name), first=first, teams=("North", "South"))
    rng = random.Random(0)
    while (state.phase is not Phase.PLAY or state.player().offered
           or (state.depots is not None and state.depots.to_place)):
        state = RULES.apply(state, RULES.random_event(state, rng))
    players = tuple(replace(p, hand=("locomotive",) * 30) for p in state.players)
    teams = tuple(replace(team, hand=()) for team in state.teams)
    return replace(state, players=players, teams=teams, current=0)


def claim(state: TicketToRideState, seat: int, track_id: str, **takings: Any
          ) -> TicketToRideState:
    """`seat` claims a track, paid with locomotives, taking what `takings` says."""
    state = replace(state, current=seat)
    length = state.board.track(track_id).length
    return RULES.apply(state, ClaimRoute(track_id, ("locomotive",) * length, **takings))


def entry(state: TicketToRideState, team: int) -> dict[str, Any]:
    return final_table(state)["players"][team]  # type: ignore[no-any-return]


def _shuffled(table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The table with its teams and each team's members in another order."""
    teams = [dict(team) for team in table["players"]]
    rng.shuffle(teams)
    for team in teams:
        team["members"] = rng.sample(team["members"], len(team["members"]))
    return {**table, "players": teams}


def test_every_combination_is_now_played_turn_by_turn() -> None:
    for name in TEAM_MAPS:
        assert team_map(name).rules.team_size == 2
        assert unplayable(team_map(name)) is None, name


@pytest.mark.parametrize("name", sorted(TEAM_MAPS))
def test_random_games_agree_with_the_tally_in_any_order(name: str) -> None:
    board = team_map(name)
    for people, seed in itertools.product((4, 6), range(4)):
        state, _ = play(board, people, seed)
        result = checked_result(state)
        table = final_table(state)
        rng = random.Random(seed)
        by_name = {p.name: p for p in tally(_shuffled(table, rng)).players}
        assert all(by_name[p.name] == p for p in result.players), "the order does not matter"
        assert [p.name for p in result.players] == [team.name for team in state.teams]
        assert all(p.trains >= 0 for p in state.players)


# --- Pennsylvania: the team holds its members' shares -----------------------------------------


def test_a_team_s_shares_rank_together() -> None:
    state = team_ready("stocks-example")
    state = claim(state, 0, "Ashford-Bramley", company="ARR")
    state = claim(state, 2, "Glenwood-Irwin", company="ARR")
    state = claim(state, 1, "Kingsley-Linden#1", company="ARR")
    assert entry(state, NORTH)["shares"] == {"ARR": [1, 3]}
    assert entry(state, SOUTH)["shares"] == {"ARR": [2]}
    result = checked_result(state)
    # Two shares against one: North takes ARR's first payout (12), South its second (8),
    # although South's share was taken before Ben's.
    assert result.players[NORTH].breakdown["stocks"] == 12
    assert result.players[SOUTH].breakdown["stocks"] == 8


# --- Germany: the team holds its members' meeples --------------------------------------------


def test_a_team_s_meeples_count_together_for_the_majorities() -> None:
    state = team_ready("meeples-example")
    state = claim(state, 0, "Altdorf-Brunnen", meeples=("red", ""))
    state = claim(state, 2, "Brunnen-Dorfen", meeples=("", "red"))
    state = claim(state, 1, "Altdorf-Celle", meeples=("blue", "red"))
    assert entry(state, NORTH)["meeples"] == {"blue": 1, "red": 2}
    assert entry(state, SOUTH)["meeples"] == {"red": 1}
    result = checked_result(state)
    # Red: North most (20), South second (10); blue: North alone (20).
    assert result.players[NORTH].breakdown["meeples"] == 40
    assert result.players[SOUTH].breakdown["meeples"] == 10


# --- Old West: one starting city, the map's Cités and Alvin per team --------------------------


def test_a_team_has_one_starting_city_its_cites_and_holds_alvin() -> None:
    state = team_ready("old-west-example")
    state = claim(state, 0, "Bisbee-Carson#1", start="Carson")
    # Ben's first claim is not his team's: no starting city to choose.
    with pytest.raises(IllegalEvent, match="cannot be your starting city"):
        claim(state, 1, "Abilene-Carson", start="Abilene")
    state = claim(state, 1, "Abilene-Carson", cite="Abilene",
                  cite_cards=("locomotive", "locomotive"))
    # Cleo captures Alvin in Dustwell; her route into North's Cité scores for North.
    state = claim(state, 2, "Carson-Dustwell#1")
    assert state.alvin is not None and state.alvin.holder == 2
    # Dan's route into Alvin's city does not take him from his own team.
    state = claim(state, 3, "Bisbee-Dustwell")
    assert state.alvin.holder == 2 and state.players[3].alvin_captures == 0
    # Ana takes him back to one of North's Cités, the one placed with the claim included.
    with pytest.raises(IllegalEvent, match="Move Alvin to one of your Cités"):
        claim(state, 0, "Dustwell-Eureka", alvin_to="Bisbee")
    state = claim(state, 0, "Dustwell-Eureka", cite="Eureka",
                  cite_cards=("locomotive", "locomotive"), alvin_to="Abilene")
    assert state.alvin.city == "Abilene" and state.alvin.holder == 0
    # North has placed the map's three Cités between Ana and Ben.
    with pytest.raises(IllegalEvent, match="No Cité of yours may stand in"):
        claim(state, 1, "Eureka-Fargo", cite="Fargo", cite_cards=("locomotive",) * 2)
    assert entry(state, NORTH)["cities"] == [
        {"city": "Carson", "claim": 0}, {"city": "Abilene", "claim": 2},
        {"city": "Eureka", "claim": 5}]
    assert entry(state, NORTH)["alvin"] is True
    result = checked_result(state)
    # Routes 1 + 4 (its own), 2 (Cleo's into Carson), 2: 9; Alvin: a capture and the end.
    assert result.players[NORTH].breakdown["routes"] == 9
    assert result.players[NORTH].breakdown["alvin"] == 20
    assert result.players[SOUTH].breakdown["routes"] == 2
    assert result.players[SOUTH].breakdown["alvin"] == 10


def test_a_cite_is_paid_from_the_team_s_holder_and_the_hand() -> None:
    state = team_ready("old-west-example")
    players = (replace(state.players[0], hand=("red", "red", "white")),) + state.players[1:]
    teams = (replace(state.teams[0], hand=("blue", "blue")),) + state.teams[1:]
    state = replace(state, players=players, teams=teams)
    state = RULES.apply(state, ClaimRoute("Abilene-Bisbee", ("red", "red"), start="Abilene",
                                          cite="Bisbee", cite_cards=("blue", "blue")))
    assert state.players[0].hand == ("white",) and state.teams[0].hand == ()
    assert entry(state, NORTH)["cities"] == [{"city": "Abilene", "claim": 0},
                                              {"city": "Bisbee", "claim": 1}]


# --- Europe 1912: the team holds one warehouse and one set of depots --------------------------


def test_a_team_holds_one_warehouse_and_the_map_s_depots() -> None:
    state = RULES.new_game(PEOPLE[:4], team_map("depots-example"), teams=("North", "South"))
    depots = state.depots
    assert depots is not None and depots.left == (5, 5) and len(depots.warehouses) == 2
    rng = random.Random(0)
    while state.phase is not Phase.PLAY:
        state = RULES.apply(state, RULES.random_event(state, rng))
    # From the last player counter-clockwise, one first depot per team: Dan's, then Ben's.
    assert state.depots is not None and state.depots.to_place == (3, 1)
    assert state.current == 3
    state = RULES.apply(state, PlaceDepot("Essen"))
    assert state.current == 1
    state = RULES.apply(state, PlaceDepot("Dover"))
    assert state.depots.placed == (("Essen", SOUTH), ("Dover", NORTH))
    assert state.depots.left == (4, 4) and state.current == 0


def test_a_team_mate_takes_a_warehouse_with_the_team_s_depot() -> None:
    state = team_ready("depots-example")
    assert state.depots is not None
    with pytest.raises(IllegalEvent, match="There is no player 3"):
        RULES.apply(state, StoreCard(2, state.deck[0]))
    top = state.deck[0]
    state = RULES.apply(state, StoreCard(SOUTH, top))
    assert state.depots.warehouses[SOUTH][-1] == top
    state = RULES.apply(state, DrawCard(DECK, state.deck[0]))
    state = RULES.apply(state, DrawCard(DECK, state.deck[0]))
    south_depot = next(city for city, owner in state.depots.placed if owner == SOUTH)
    track = next(t for t in state.board.tracks_at(south_depot)
                 if t.id not in state.owners and not t.tunnel)
    left = state.depots.left
    stored = state.depots.warehouses[SOUTH]
    state = claim(state, 1, track.id)
    assert state.depots.offer == (SOUTH,)
    state = RULES.apply(state, TakeWarehouse(SOUTH))
    assert state.depots.left == (left[NORTH] - 1, left[SOUTH])
    assert state.depots.warehouses[SOUTH] == ()
    assert state.players[1].hand.count(top) >= stored.count(top)
    assert entry(state, NORTH)["depots"] == left[NORTH] - 1
    result = checked_result(state)
    # South keeps more depots: the bonus is theirs alone.
    assert result.players[SOUTH].breakdown["depots"] == state.board.rules.depot_bonus
    assert result.players[NORTH].breakdown["depots"] == 0


def test_a_team_builds_the_map_s_stations_between_its_members() -> None:
    state = team_ready("depots-example")
    rules = state.board.rules
    state = replace(state, current=0)
    cities = [c for c in state.board.cities if all(c != d for d, _ in state.depots.placed)]
    state = RULES.apply(state, _station(cities[0], rules.station_costs[0]))
    state = replace(state, current=1)
    state = RULES.apply(state, _station(cities[1], rules.station_costs[1]))
    with pytest.raises(IllegalEvent, match="No station left to build"):
        RULES.apply(replace(state, current=0), _station(cities[2], 1))
    assert entry(state, NORTH)["stations"] == cities[:2]
    assert checked_result(state).players[NORTH].breakdown["stations"] == 0


def _station(city: str, cost: int) -> Any:
    from engine.games.ticket_to_ride.events import BuildStation

    return BuildStation(city, ("locomotive",) * cost)


# --- Märklin: a team mate's route is the team's own -------------------------------------------


def test_a_passenger_rides_a_team_mate_s_route_free_and_takes_tokens_for_the_team() -> None:
    state = team_ready("marklin-example")
    state = claim(state, 0, "Altheim-Bergdorf#1")
    state = RULES.apply(state, PlacePassenger("Altheim"))
    state = claim(state, 1, "Bergdorf-Eichtal#1")
    state = RULES.apply(state, PlacePassenger(""))
    state = claim(state, 2, "Eichtal-Fuchsau")
    state = RULES.apply(state, PlacePassenger(""))
    state = replace(state, current=0)
    fares = {stop.city: stop.fare for stop in next_stops(state, "Altheim", ("Bergdorf",))}
    assert fares == {"Eichtal": 0}, "Ben's route is North's own"
    state = RULES.apply(state, MovePassenger("Altheim", ("Bergdorf", "Eichtal"), ()))
    assert state.players[0].merchandise == (3, 2)
    ben = replace(state.players[1], hand=("passenger",))
    fares = {stop.city: stop.fare for stop in next_stops(
        replace(state, current=1, players=state.players[:1] + (ben,) + state.players[2:]),
        "Eichtal")}
    assert fares == {"Bergdorf": 0, "Fuchsau": 1}, "Cleo's route costs a passenger card"
    result = checked_result(state)
    assert result.players[NORTH].breakdown["merchandise"] == 5
    assert result.players[SOUTH].breakdown["merchandise"] == 0


def test_a_fare_is_paid_from_the_team_s_holder() -> None:
    state = team_ready("marklin-example")
    state = claim(state, 0, "Altheim-Fuchsau")
    state = RULES.apply(state, PlacePassenger("Altheim"))
    state = claim(state, 2, "Eichtal-Fuchsau")
    state = RULES.apply(state, PlacePassenger(""))
    players = (replace(state.players[0], hand=()),) + state.players[1:]
    teams = (replace(state.teams[0], hand=("passenger",)),) + state.teams[1:]
    state = replace(state, players=players, teams=teams, current=0)
    state = RULES.apply(state, MovePassenger("Altheim", ("Fuchsau", "Eichtal"), ("passenger",)))
    assert state.teams[0].hand == () and state.discard[-1] == "passenger"
    assert entry(state, NORTH)["merchandise"] == list(state.players[0].merchandise)
