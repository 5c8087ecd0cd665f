"""The tallies of the smaller games refuse what the box or the rules cannot hold.

Freight Train's trains are read by id or documented name only; counts are added up across the
whole table (as Off the Rails' gems are); numbers have upper bounds said with their reason;
The Game of Trains' tally and live game accept the same wagons; Whistle Stop's assumed round
track starts on coal.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.freight_train.cards import LOCOMOTIVES, WAGON_TYPES
from engine.games.game_of_trains.rules import Deal
from engine.games.game_of_trains.rules import apply as apply_trains
from engine.games.game_of_trains.rules import new_game as trains_game
from engine.games.whistle_stop.events import BuyUpgrade, HandOut, PlaceTrain
from engine.games.whistle_stop.rules import apply, handout, new_game
from engine.games.whistle_stop.state import Phase, WhistleStopState
from engine.registry import GAMES

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def freight(*players: dict[str, Any], day: int = 1, **settings: bool) -> dict[str, Any]:
    table: dict[str, Any] = {"game": "freight-train", "day": day, "players": list(players)}
    if settings:
        table["settings"] = settings
    return GAMES["freight-train"].tally(table).to_json()


def refusal(game: str, table: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as error:
        GAMES[game].tally({"game": game, **table})
    return str(error.value)


def breakdowns(result: dict[str, Any]) -> list[dict[str, int]]:
    return [player["breakdown"] for player in result["players"]]


# --- Freight Train: the trains' keys ------------------------------------------------------------


def test_a_wagon_type_in_capitals_is_the_same_type() -> None:
    # Before, "Coal" was a type of its own: both players led and scored 3.
    result = freight({"name": "A", "trains": {"coal": 3}}, {"name": "B", "trains": {"Coal": 2}})
    assert breakdowns(result) == [{"coal": 3}, {"coal": 1}]
    assert result["winners"] == ["A"]


def test_the_french_name_is_the_same_type() -> None:
    result = freight({"name": "A", "trains": {"Charbon": 3}}, {"name": "B", "trains": {"coal": 2}},
                     {"name": "C", "trains": {"Réfrigéré": 1, "mixed train": 2}})
    assert breakdowns(result) == [{"coal": 3}, {"coal": 1}, {"reefer": 3, "mixed": 3}]


def test_one_player_naming_a_train_twice_is_refused() -> None:
    message = refusal("freight-train", {"day": 1, "players": [
        {"name": "A", "trains": {"coal": 3, "charbon": 2}}, {"name": "B"}]})
    assert message == "players[0].trains.charbon: names the same as coal: give it once"


@pytest.mark.parametrize("key", ["departure", "Kohle", "yard", "coal wagon", ""])
def test_a_key_that_is_not_a_train_is_refused_with_what_is_accepted(key: str) -> None:
    message = refusal("freight-train", {"day": 1, "players": [
        {"name": "A", "trains": {key: 3}}, {"name": "B"}]})
    assert message == (f"players[0].trains.{key}: not a train: use {', '.join(WAGON_TYPES)}, "
                       "mixed, or their English or French names")


def test_a_mixed_train_in_any_case_scores_nothing_when_mixed_trains_do_not_score() -> None:
    # Before, "Mixed" scored 3 as a wagon type of its own with the setting off.
    result = freight({"name": "A", "trains": {"mixed": 3}}, {"name": "B", "trains": {"Mixed": 2}},
                     mixed_train_scores=False)
    assert breakdowns(result) == [{}, {}]


# --- Freight Train: what the box holds ------------------------------------------------------


def test_a_wagon_type_counts_across_the_table() -> None:
    # Two players each with 9 coal: the two-player game has 9 coal wagons in all.
    message = refusal("freight-train", {"day": 1, "players": [
        {"name": "A", "trains": {"coal": 9}}, {"name": "B", "trains": {"Coal": 9}}]})
    assert message == ("players[1].trains.Coal: with 2 players the game has 9 coal wagons "
                       "(got 18 in all)")
    freight({"name": "A", "trains": {"coal": 5}}, {"name": "B", "trains": {"coal": 4}})


def test_all_the_wagons_count_across_the_table_trains_and_yards() -> None:
    first = {"name": "A", "trains": dict.fromkeys(WAGON_TYPES[:8], 9), "yard": 16}
    second = {"name": "B", "trains": dict.fromkeys(WAGON_TYPES[8:], 9) | {"mixed": 11},
              "yard": 16}
    message = refusal("freight-train", {"day": 1, "players": [first, second]})
    assert message == ("players[1]: with 2 players the game has 99 wagons (got 142 in the trains "
                       "and yards)")


def test_a_mixed_train_takes_a_wagon_of_each_of_its_types_from_the_box() -> None:
    # All 9 coal wagons of the two-player game are in A's train: B's mixed train of 11 would
    # need a tenth.
    message = refusal("freight-train", {"day": 1, "players": [
        {"name": "A", "trains": {"coal": 9}}, {"name": "B", "trains": {"mixed": 11}}]})
    assert message == ("players: the mixed trains need one wagon of each of their types: 11 "
                       "wagons where the other trains leave 10 (with 2 players the game has 9 "
                       "of each type)")
    freight({"name": "A", "trains": {"coal": 8}}, {"name": "B", "trains": {"mixed": 11}})
    freight({"name": "A", "trains": {"coal": 9}}, {"name": "B", "trains": {"mixed": 10}})


def test_two_mixed_trains_fit_only_where_two_wagons_of_each_type_are_left() -> None:
    # Coal 8 and tank 8 leave one coal and one tank: two full mixed trains need two of each.
    table = {"day": 1, "players": [{"name": "A", "trains": {"coal": 8, "mixed": 11}},
                                   {"name": "B", "trains": {"tank": 8, "mixed": 11}}]}
    assert "need one wagon of each of their types: 22 wagons where the other trains leave 20" \
        in refusal("freight-train", table)
    table["players"][1]["trains"]["mixed"] = 9  # one of each type but coal and tank
    GAMES["freight-train"].tally({"game": "freight-train", **table})


@pytest.mark.parametrize(("players", "day"), [(2, 1), (2, 3), (5, 1), (3, 2)])
def test_a_player_runs_one_train_per_locomotive(players: int, day: int) -> None:
    most = LOCOMOTIVES[players] + min(day, 2)
    trains = dict.fromkeys([*WAGON_TYPES, "mixed"][: most + 1], 1)
    others = [{"name": name} for name in NAMES[1:players]]
    message = refusal("freight-train", {"day": day, "players": [
        {"name": "A", "trains": trains}, *others]})
    assert message == (f"players[0].trains: on day {day} with {players} players a player has "
                       f"at most {most} locomotives, one per train (got {most + 1} trains)")
    trains.popitem()
    freight({"name": "A", "trains": trains}, *others, day=day)


@pytest.mark.parametrize(("day", "most"), [(1, 5), (2, 37), (3, 64)])
def test_tokens_held_before_a_day_are_bounded(day: int, most: int) -> None:
    freight({"name": "A", "tokens": most}, {"name": "B"}, day=day)
    message = refusal("freight-train", {"day": day, "players": [
        {"name": "A", "tokens": most + 1}, {"name": "B"}]})
    assert message == (f"players[0].tokens: must be at most {most}, the most a player can hold "
                       f"before day {day}'s tally: 5 to start, then 3 for each train and 8 for "
                       f"a full yard on day 1 (got {most + 1})")


def test_a_billion_tokens_are_refused() -> None:
    assert "must be at most 64" in refusal("freight-train", {"day": 3, "players": [
        {"name": "A", "tokens": 10**9}, {"name": "B"}]})


# --- The Game of Trains: one range for the tally and the game -----------------------------------


@pytest.mark.parametrize("wagon", [0, 7, 84, 85, 88, 89])
def test_the_tally_accepts_the_wagons_the_game_accepts(wagon: int) -> None:
    lines = ((1, 2, 3, 4, 5, 6, wagon), (8, 9, 10, 11, 12, 13, 14))
    try:
        apply_trains(trains_game(("Ana", "Ben")), Deal(lines, (0,) * 70))
        live = True
    except IllegalEvent:
        live = False
    try:
        GAMES["game-of-trains"].tally({"players": [{"name": "A", "train": list(lines[0])},
                                                   {"name": "B", "train": list(lines[1])}]})
        tallied = True
    except InvalidInput:
        tallied = False
    assert live == tallied == (1 <= wagon <= 84)


# --- Whistle Stop ----------------------------------------------------------------------------


def whistle(**player: Any) -> str:
    return refusal("whistle-stop", {"players": [{"name": "A", **player}, {"name": "B"}]})


def test_upgrade_stars_are_bounded_by_three_upgrades() -> None:
    assert whistle(upgrade_stars=28) == ("players[0].upgrade_stars: must be at most 27: 3 "
                                         "upgrade spaces, at most 9 stars each (got 28)")
    GAMES["whistle-stop"].tally({"players": [{"name": "A", "upgrade_stars": 27}, {"name": "B"}]})


def test_tokens_left_are_bounded_by_what_a_game_hands_out() -> None:
    assert whistle(tokens=77) == (
        "players[0].tokens: must be at most 76: 4 coal to start, then in each of at most 12 "
        "rounds 2 from the round track and 1 more for each of 4 moves (a stop gives at most 2) "
        "(got 77)")
    GAMES["whistle-stop"].tally({"players": [{"name": "A", "tokens": 76}, {"name": "B"}]})


def placed(players: int) -> WhistleStopState:
    state = new_game(NAMES[:players])
    station = 1
    while state.phase is Phase.PLACEMENT:
        state = apply(state, PlaceTrain(station))
        station += 1
    return state


def test_the_live_game_refuses_an_upgrade_the_tally_would() -> None:
    state = apply(placed(2), HandOut())
    with pytest.raises(IllegalEvent, match="An upgrade shows 0 to 9 stars"):
        apply(state, BuyUpgrade(10))
    assert apply(state, BuyUpgrade(9)).players[0].upgrades == (9,)


@pytest.mark.parametrize(("players", "rounds"), [(2, 12), (3, 11), (4, 10), (5, 9)])
def test_the_assumed_round_track_hands_out_coal_in_round_one(players: int, rounds: int) -> None:
    # "la case indiquant le nombre de joueurs": the spaces marked with a player count are coal
    # spaces; before, 3 players started on a whistle.
    state = placed(players)
    assert state.round == 1 and handout(state) == ("coal", 2)
    assert state.last_round() == rounds
