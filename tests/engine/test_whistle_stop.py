"""Whistle Stop: setup, rounds, turns, the end, and the tally, rule by rule."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.whistle_stop import RULES, Settings, next_step, why_illegal
from engine.games.whistle_stop.events import (
    BuyUpgrade,
    EndTurn,
    GainFame,
    GainTokens,
    HandOut,
    Move,
    PlaceTrain,
    TakeShare,
    WhistleStopEvent,
)
from engine.games.whistle_stop.rules import apply, new_game
from engine.games.whistle_stop.state import Phase, WhistleStopState
from engine.registry import GAMES

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def play(state: WhistleStopState, *events: WhistleStopEvent) -> WhistleStopState:
    for event in events:
        state = apply(state, event)
    return state


def placed(players: int = 2, **kwargs: Any) -> WhistleStopState:
    """A game with every train on the east coast, waiting for the first hand-out."""
    state = new_game(NAMES[:players], **kwargs)
    station = 1
    while state.phase is Phase.PLACEMENT:
        state = apply(state, PlaceTrain(station))
        station += 1
    return state


def started(players: int = 2, **kwargs: Any) -> WhistleStopState:
    return apply(placed(players, **kwargs), HandOut())


# --- Setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "trains"), [(2, 5), (3, 5), (4, 4), (5, 3)])
def test_trains_per_player_by_count(players: int, trains: int) -> None:
    state = new_game(NAMES[:players])
    assert [p.to_place for p in state.players] == [trains] * players
    assert len(state.placing) == trains * players


def test_placement_starts_right_of_first_player_and_goes_counter_clockwise() -> None:
    state = new_game(NAMES[:5], first=1)
    assert state.placing[:6] == (0, 4, 3, 2, 1, 0)
    assert state.current == 0


def test_starting_coal_by_seat_from_the_first_player() -> None:
    state = new_game(NAMES[:5], first=3)
    assert [p.coal for p in state.players] == [3, 3, 4, 2, 2]


def test_player_count_is_checked() -> None:
    with pytest.raises(IllegalEvent, match="2 to 5 players"):
        new_game(NAMES[:1])


def test_one_train_per_station() -> None:
    state = apply(new_game(NAMES[:2]), PlaceTrain(5))
    with pytest.raises(IllegalEvent, match="Station 5 already has a train"):
        apply(state, PlaceTrain(5))
    with pytest.raises(IllegalEvent, match="numbered 1 to 16"):
        apply(state, PlaceTrain(17))


def test_after_placement_the_first_player_opens_round_one() -> None:
    state = placed(3, first=2)
    assert state.phase is Phase.PLAY and state.current == 2 and state.round == 1
    assert [p.on_map for p in state.players] == [5, 5, 5]
    with pytest.raises(IllegalEvent, match="All trains are already placed"):
        apply(state, PlaceTrain(16))


# --- Rounds ------------------------------------------------------------------------------------


def test_first_round_uses_the_space_for_the_player_count() -> None:
    track = ("whistle", "coal", "coal", "whistle", "coal")
    settings = Settings(round_track=track, start_space={2: 2, 3: 1, 4: 0, 5: 0})
    state = started(2, settings=settings)
    assert [(p.coal, p.whistles) for p in state.players] == [(4, 0), (4, 0)]
    assert state.track_space() == 2 and state.last_round() == 3


def test_whistle_space_hands_one_whistle_each() -> None:
    settings = Settings(round_track=("whistle",) * 3, start_space={2: 0})
    state = started(2, settings=settings)
    assert [(p.coal, p.whistles) for p in state.players] == [(2, 1), (2, 1)]


def test_hand_out_once_a_round_and_before_any_turn() -> None:
    state = placed()
    assert "Hand out" in str(why_illegal(state, Move("coal")))
    state = apply(state, HandOut())
    assert "already handed out" in str(why_illegal(state, HandOut()))


def test_round_track_without_a_space_for_the_table_is_refused() -> None:
    with pytest.raises(IllegalEvent, match="no space for 5 players"):
        new_game(NAMES, settings=Settings(start_space={2: 0}))


# --- A turn ------------------------------------------------------------------------------------


def test_a_move_spends_one_token() -> None:
    state = play(started(), Move("coal"), Move("coal"))
    assert state.player().coal == 2 and state.moves == 2


def test_at_most_four_tokens_a_turn() -> None:
    state = play(started(), GainTokens(coal=3), *[Move("coal")] * 4)
    with pytest.raises(IllegalEvent, match="At most 4 tokens a turn"):
        apply(state, Move("coal"))


def test_no_move_without_the_token() -> None:
    with pytest.raises(IllegalEvent, match="Ana has no whistle token"):
        apply(started(), Move("whistle"))
    with pytest.raises(IllegalEvent, match="coal or a whistle"):
        apply(started(), Move("steam"))


def test_ending_a_turn_without_a_move_gains_a_whistle() -> None:
    state = play(started(), EndTurn())
    assert state.players[0].whistles == 1 and state.current == 1
    state = play(state, Move("coal"), EndTurn())
    assert state.players[1].whistles == 0


def test_no_train_on_the_map_means_no_move() -> None:
    state = started()
    ana = replace(state.players[0], on_map=0, arrived=5)
    state = replace(state, players=(ana, state.players[1]))
    assert "no train on the map" in str(why_illegal(state, Move("coal")))
    assert "no move possible" in str(next_step(state))


def test_upgrades_two_a_turn_three_on_a_board() -> None:
    state = play(started(), BuyUpgrade(3), BuyUpgrade(2))
    assert "At most 2 upgrades" in str(why_illegal(state, BuyUpgrade(1)))
    state = play(state, EndTurn(), EndTurn(), HandOut(), BuyUpgrade(4))
    assert state.players[0].upgrades == (3, 2, 4)
    assert "No free upgrade space" in str(why_illegal(state, BuyUpgrade(1)))


def test_buying_an_opponents_upgrade_moves_it() -> None:
    state = play(started(), BuyUpgrade(5), EndTurn())
    state = apply(state, BuyUpgrade(5, from_seat=0))
    assert state.players[0].upgrades == () and state.players[1].upgrades == (5,)
    assert "Ana has no upgrade of 2 stars" in str(why_illegal(state, BuyUpgrade(2, from_seat=0)))
    assert why_illegal(state, BuyUpgrade(5, from_seat=1)) is not None


def test_a_share_is_held_once() -> None:
    state = apply(started(), TakeShare("Blue", 3))
    assert state.players[0].shares[0].company == "blue"
    assert "Ana holds share 3 of blue" in str(why_illegal(state, TakeShare("blue", 3)))
    assert why_illegal(state, TakeShare("blue", 0)) is not None


def test_fame_and_tokens_gained_are_positive() -> None:
    state = play(started(), GainFame(7), GainTokens(coal=1, whistles=2))
    assert state.player().fame == 7
    assert (state.player().coal, state.player().whistles) == (5, 2)
    assert why_illegal(state, GainFame(0)) is not None
    assert why_illegal(state, GainTokens()) is not None


# --- The end -----------------------------------------------------------------------------------


def test_the_game_ends_after_the_last_space_of_the_track() -> None:
    settings = Settings(round_track=("coal", "coal"), start_space={2: 0})
    state = play(started(settings=settings), EndTurn(), EndTurn())
    assert state.round == 2 and not state.handed_out
    state = play(state, HandOut(), EndTurn(), EndTurn())
    assert RULES.is_over(state)
    assert "The game is over" in str(why_illegal(state, HandOut()))


def test_a_last_train_arriving_ends_the_game_with_that_round() -> None:
    state = started(3, first=0)
    ben = replace(state.players[1], on_map=1, arrived=4)
    state = replace(state, players=(state.players[0], ben, state.players[2]))
    state = play(state, EndTurn(), Move("coal", arrived=True))
    assert state.last_train_arrived and state.still_to_play == (2,)
    state = apply(state, EndTurn())
    assert state.current == 2 and not RULES.is_over(state)
    state = apply(state, EndTurn())
    assert RULES.is_over(state)


def test_last_train_of_the_first_player_still_lets_the_round_finish() -> None:
    state = started(2)
    ana = replace(state.players[0], on_map=1, arrived=4)
    state = replace(state, players=(ana, state.players[1]))
    state = play(state, Move("coal", arrived=True), EndTurn())
    assert state.current == 1 and not RULES.is_over(state)
    assert "last round" in str(next_step(state))
    assert RULES.is_over(apply(state, EndTurn()))


# --- What the table does next -------------------------------------------------------------------


def test_prompts_follow_the_game() -> None:
    state = new_game(NAMES[:2])
    assert str(next_step(state)) == "Ben: place a train on an east-coast station"
    state = placed()
    assert str(next_step(state)) == "Round 1: Ana hands out 2 coal to each player"
    assert next_step(state).seat == 0
    settings = Settings(round_track=("whistle",), start_space={2: 0})
    assert "1 whistle" in str(next_step(placed(settings=settings)))
    state = apply(state, HandOut())
    assert str(next_step(state)) == "Ana: 4 moves left; end the turn, refill to 3 tiles"


# --- The tally ---------------------------------------------------------------------------------


def tally(*players: dict[str, Any]) -> dict[str, Any]:
    return GAMES["whistle-stop"].tally({"game": "whistle-stop", "players": list(players)}).to_json()


def test_tally_every_line() -> None:
    result = tally(
        {"name": "A", "fame": 20, "shares": [{"company": "blue", "number": 3}],
         "upgrade_stars": 4, "gold": 7, "common_resources": 2, "rare_resources": 1,
         "tokens": 5, "special_tiles": 0},
        {"name": "B"},
    )
    a = result["players"][0]
    assert a["breakdown"] == {
        "fame": 20, "shares": 15, "upgrades": 4, "gold": 7, "resources": 5, "tokens": 2,
        "special_tiles": 0,
    }
    assert a["total"] == 53 and result["winners"] == ["A"]
    assert result["players"][1]["total"] == 0


def test_tally_share_tie_goes_to_the_lowest_numbered_share() -> None:
    result = tally(
        {"name": "A", "shares": [{"company": "red", "number": 2}, {"company": "red", "number": 9}]},
        {"name": "B", "shares": [{"company": "red", "number": 1}, {"company": "red", "number": 8}]},
        {"name": "C", "shares": [{"company": "red", "number": 3}]},
    )
    assert [p["breakdown"]["shares"] for p in result["players"]] == [0, 15, 0]


def test_tally_each_company_is_a_majority_of_its_own() -> None:
    result = tally(
        {"name": "A", "shares": [{"company": "red", "number": 2}]},
        {"name": "B", "shares": [{"company": "blue", "number": 5}]},
    )
    assert [p["breakdown"]["shares"] for p in result["players"]] == [15, 15]


def test_tally_special_tiles_never_take_fame_below_zero() -> None:
    result = tally({"name": "A", "fame": 4, "special_tiles": 2}, {"name": "B", "special_tiles": 1})
    assert [p["total"] for p in result["players"]] == [0, 0]
    assert result["players"][0]["breakdown"]["special_tiles"] == -4
    result = tally({"name": "A", "fame": 25, "special_tiles": 2}, {"name": "B"})
    assert result["players"][0]["total"] == 5


def test_tally_tie_break_most_shares_then_shared() -> None:
    result = tally(
        {"name": "A", "fame": 15, "shares": [{"company": "red", "number": 1}]},
        {"name": "B", "fame": 30},
    )
    assert result["winners"] == ["A"]
    assert tally({"name": "A", "fame": 3}, {"name": "B", "fame": 3})["winners"] == ["A", "B"]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([{"name": "A", "shares": [{"company": "red", "number": 4}]},
          {"name": "B", "shares": [{"company": "Red", "number": 4}]}],
         "players[1].shares[0]: share 4 of Red is held twice"),
        ([{"name": "A", "shares": [{"company": "red", "number": 4},
                                   {"company": "red", "number": 4}]}, {"name": "B"}],
         "players[0].shares[1]: share 4 of red is held twice"),
        ([{"name": "A", "gold": -1}, {"name": "B"}], "players[0].gold: must be at least 0"),
        ([{"name": "A", "shares": [{"company": "red"}]}, {"name": "B"}],
         "players[0].shares[0].number: is missing"),
        ([{"name": "A"}], "players: Whistle Stop is for 2 to 5 players"),
    ],
)
def test_tally_refusals(players: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(InvalidInput) as error:
        tally(*players)
    assert str(error.value).startswith(message)


def test_registered() -> None:
    assert GAMES["whistle-stop"] is RULES
    assert RULES.players == range(2, 6) and RULES.rule_notes
