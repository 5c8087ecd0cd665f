"""Old West played turn by turn: starting cities, Cités, routes scored for the Cités' owners
at each claim, and Alvin."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.ticket_to_ride.deal import unplayable
from engine.games.ticket_to_ride.events import ClaimRoute, TicketToRideEvent
from engine.games.ticket_to_ride.live_old_west import (  # fmt: skip
    alvin_options,
    capture_points,
    cite_options,
    loses_start,
    route_scorers,
    start_options,
)
from engine.games.ticket_to_ride.mapfile import parse_map
from engine.games.ticket_to_ride.rules import apply, result
from engine.games.ticket_to_ride.state import TicketToRideState
from tests.engine.ticket_to_ride_examples import EXAMPLES, example_map, playing, with_hand

BOARD = example_map("old-west-example")
L = "locomotive"


def claim(state: TicketToRideState, track: str, extra: tuple[str, ...] = (), **choices: Any
          ) -> TicketToRideState:
    """The current player claims `track` with cards of its colour (red on a gray one), holding
    `extra` cards besides (for a Cité)."""
    chosen = state.board.track(track)
    color = "red" if chosen.color == "gray" else chosen.color
    cards = (color,) * chosen.length
    return apply(with_hand(state, *cards, *extra), ClaimRoute(track, cards, **choices))


def points(state: TicketToRideState) -> list[int]:
    return [player.route_points for player in state.players]


def test_old_west_maps_are_played_turn_by_turn() -> None:
    assert unplayable(BOARD) is None
    assert playing(BOARD).alvin is not None and playing(BOARD).alvin.city == "Dustwell"


def test_the_first_claim_places_the_starting_city_on_one_of_its_ends() -> None:
    state = playing(BOARD)
    track = BOARD.track("Abilene-Bisbee")
    assert start_options(state, track) == ("Abilene", "Bisbee")
    with pytest.raises(IllegalEvent, match="Choose your starting city: Abilene, Bisbee"):
        claim(state, track.id)
    state = claim(state, track.id, start="Abilene")
    assert state.players[0].cites == (("Abilene", 0),) and state.players[0].claims == (1,)
    # Bisbee is reached by a route now; Dustwell is Alvin's: no starting city for Ben there.
    assert start_options(state, BOARD.track("Bisbee-Dustwell")) == ()
    with pytest.raises(IllegalEvent, match="Bisbee cannot be your starting city"):
        claim(state, "Bisbee-Dustwell", start="Bisbee")
    # Only a first claim places one.
    later = claim(claim(state, "Hays-Juniper", start="Juniper"), "Abilene-Carson")
    assert later.players[0].cites == (("Abilene", 0),)


def test_a_cite_costs_two_cards_of_one_colour_and_stands_on_an_end_of_the_route() -> None:
    state = playing(BOARD)
    with pytest.raises(IllegalEvent, match="Pay with 2 card"):
        claim(state, "Abilene-Bisbee", ("blue", "green"), start="Abilene", cite="Bisbee",
              cite_cards=("blue", "green"))
    with pytest.raises(IllegalEvent, match="No Cité of yours may stand in Abilene"):
        claim(state, "Abilene-Bisbee", ("blue", L), start="Abilene", cite="Abilene",
              cite_cards=("blue", L))
    with pytest.raises(IllegalEvent, match="not in your hand"):
        apply(with_hand(state, "red", "red"), ClaimRoute(
            "Abilene-Bisbee", ("red", "red"), start="Abilene", cite="Bisbee",
            cite_cards=("blue", L)))
    discards = len(state.discard)
    state = claim(state, "Abilene-Bisbee", ("blue", L), start="Abilene", cite="Bisbee",
                  cite_cards=("blue", L))
    ana = state.players[0]
    assert ana.cites == (("Abilene", 0), ("Bisbee", 1)) and ana.hand == ()
    assert len(state.discard) == discards + 4
    # Never in Alvin's city, one Cité a city.
    ben_track = BOARD.track("Bisbee-Dustwell")
    assert cite_options(state, ben_track) == ()


def test_at_most_three_cites_each_the_starting_city_included() -> None:
    state = claim(playing(BOARD), "Abilene-Bisbee", ("blue", "blue"), start="Abilene",
                  cite="Bisbee", cite_cards=("blue", "blue"))
    state = claim(state, "Goldfield-Hays", start="Goldfield")
    state = claim(state, "Bisbee-Carson#1", ("blue", "blue"), cite="Carson",
                  cite_cards=("blue", "blue"))
    state = claim(state, "Idaho Springs-Juniper")
    assert cite_options(state, BOARD.track("Carson-Deadwood")) == ()
    with pytest.raises(IllegalEvent, match="No Cité of yours may stand in Deadwood"):
        claim(state, "Carson-Deadwood", ("blue", "blue"), cite="Deadwood",
              cite_cards=("blue", "blue"))


def test_a_route_scores_for_the_cites_at_its_ends_when_it_is_claimed() -> None:
    state = claim(playing(BOARD), "Bisbee-Carson#1", ("blue", "blue"), start="Bisbee",
                  cite="Carson", cite_cards=("blue", "blue"))
    assert points(state) == [1, 0]  # placed after the claim: the claim scores for Ana anyway
    state = claim(state, "Goldfield-Hays", start="Goldfield")
    state = claim(state, "Abilene-Bisbee", ("blue", "blue"), cite="Abilene",
                  cite_cards=("blue", "blue"))
    assert points(state) == [1 + 2, 2]
    state = claim(state, "Abilene-Carson")  # Ben's, between two of Ana's Cités: twice for Ana
    assert points(state) == [1 + 2 + 4 + 4, 2]
    state = claim(state, "Deadwood-Goldfield")  # Ana's, into Ben's starting city: Ben scores
    assert points(state) == [11, 2 + 2]
    assert [score.breakdown["routes"] for score in result(state).players] == points(state)


def test_whom_a_claim_scores_for_is_known_before_it_is_made() -> None:
    """The screens name who scores a route before and as it is claimed: the engine says it
    the same way it scores it."""
    state = playing(BOARD)
    plays = [("Bisbee-Carson#1", ("blue", "blue"), {"start": "Bisbee", "cite": "Carson",
                                                      "cite_cards": ("blue", "blue")}),
             ("Goldfield-Hays", (), {"start": "Goldfield"}),
             ("Abilene-Bisbee", ("blue", "blue"), {"cite": "Abilene",
                                                    "cite_cards": ("blue", "blue")}),
             ("Abilene-Carson", (), {}),
             ("Deadwood-Goldfield", (), {})]
    expected = [(0,), (1,), (0,), (0, 0), (1,)]
    for (track, extra, choices), seats in zip(plays, expected):
        chosen = BOARD.track(track)
        assert route_scorers(state, chosen, choices.get("start", "")) == seats, track
        before = points(state)
        state = claim(state, track, extra, **choices)
        gained = [after - was for after, was in zip(points(state), before)]
        assert gained == [seats.count(seat) * BOARD.rules.points_for(chosen.length)
                          for seat in range(2)]


def test_a_first_claim_with_no_end_fit_loses_the_starting_city() -> None:
    state = claim(playing(BOARD), "Abilene-Bisbee", start="Abilene")
    # Ben's first claim: Bisbee is reached, Dustwell is Alvin's.
    assert loses_start(state, BOARD.track("Bisbee-Dustwell"))
    assert not loses_start(state, BOARD.track("Goldfield-Hays"))
    state = claim(state, "Bisbee-Dustwell")
    assert state.players[1].cites == ()
    # Later claims are not first claims, Ana's or Ben's: nothing more to lose.
    assert not loses_start(state, BOARD.track("Carson-Dustwell#1"))
    assert not loses_start(claim(state, "Hays-Juniper"), BOARD.track("Carson-Dustwell#1"))


def test_alvin_is_captured_moved_to_a_cite_and_taken_again_by_another_player() -> None:
    state = playing(BOARD)
    track = BOARD.track("Carson-Dustwell#1")
    assert alvin_options(state, track, start="Carson") == ("Carson",)
    with pytest.raises(IllegalEvent, match="Move Alvin to one of your Cités: Carson"):
        claim(state, track.id, start="Carson")
    state = claim(state, track.id, start="Carson", alvin_to="Carson")
    assert state.alvin is not None and (state.alvin.city, state.alvin.holder) == ("Carson", 0)
    assert state.players[0].alvin_captures == 1
    assert [capture_points(state, seat) for seat in (0, 1)] == [10, 0]
    # Ben's route into Carson captures him; Ben moves him to his starting city.
    state = claim(state, "Abilene-Carson", start="Abilene", alvin_to="Abilene")
    assert (state.alvin.city, state.alvin.holder) == ("Abilene", 1)
    assert points(state) == [2 + 4, 4]  # Ana's Cité and Ben's starting city both score
    # Ana's route into Abilene takes him back; with no other Cité she puts him in Carson.
    state = claim(state, "Abilene-Bisbee", alvin_to="Carson")
    assert (state.alvin.city, state.alvin.holder) == ("Carson", 0)
    # The holder's own route into his city captures nothing.
    state = claim(state, "Goldfield-Hays")
    before = state.players[0].alvin_captures
    state = claim(state, "Bisbee-Carson#1")
    assert state.players[0].alvin_captures == before == 2
    with pytest.raises(IllegalEvent, match="Alvin does not move"):
        claim(state, "Hays-Juniper", alvin_to="Abilene")
    scores = {score.name: score.breakdown["alvin"] for score in result(state).players}
    assert scores == {"Ana": 2 * 10 + 10, "Ben": 10}


def test_a_captor_with_no_cite_leaves_alvin_where_he_is() -> None:
    state = claim(playing(BOARD), "Abilene-Bisbee", start="Abilene")
    state = claim(state, "Bisbee-Dustwell")  # no starting city possible for Ben, no Cité
    assert state.alvin is not None and (state.alvin.city, state.alvin.holder) == ("Dustwell", 1)
    assert state.players[1].cites == () and state.players[1].alvin_captures == 1


def test_the_claim_with_its_old_west_choices_survives_its_json() -> None:
    event = ClaimRoute("Abilene-Bisbee", ("red", "red"), start="Abilene", cite="Bisbee",
                       cite_cards=("blue", L), alvin_to="Abilene")
    assert TicketToRideEvent.from_json(event.to_json()) == event


def test_a_map_without_starting_cities_asks_none() -> None:
    raw = tomllib.loads((EXAMPLES / "old-west-example.toml").read_text(encoding="utf-8"))
    raw["rules"]["old_west"]["start_cities"] = False
    state = playing(parse_map(raw))
    assert start_options(state, state.board.track("Abilene-Bisbee")) == ()
    state = claim(state, "Abilene-Bisbee")
    assert state.players[0].cites == ()
    with pytest.raises(IllegalEvent, match="Abilene cannot be your starting city"):
        claim(playing(parse_map(raw)), "Abilene-Bisbee", start="Abilene")


@pytest.mark.parametrize(("change", "field"), [
    (lambda raw: raw["rules"]["old_west"].pop("alvin_start"), "rules.old_west.alvin_start"),
    (lambda raw: raw["rules"]["old_west"].update(alvin_start="Nowhere"),
     "rules.old_west.alvin_start"),
])  # fmt: skip
def test_a_map_switching_old_west_on_without_its_data_is_refused_naming_the_field(
        change: Any, field: str) -> None:
    raw = tomllib.loads((EXAMPLES / "old-west-example.toml").read_text(encoding="utf-8"))
    change(raw)
    with pytest.raises(InvalidInput, match=field.replace(".", r"\.")):
        parse_map(raw)


def test_a_map_with_shares_but_no_company_on_any_route_is_refused() -> None:
    raw = tomllib.loads((EXAMPLES / "stocks-example.toml").read_text(encoding="utf-8"))
    for route in raw["routes"]:
        route.pop("companies", None)
    with pytest.raises(InvalidInput, match=r"rules\.stocks: no route names a company"):
        parse_map(raw)
