"""Freight Train read exactly as written: the order of entry into the yard, rule 6 of the end
of a day, and what a pass costs. Each test quotes the sentence of the rules text it checks."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.freight_train.cards import DEPARTURE, MIXED
from engine.games.freight_train.events import FreightTrainEvent, Rearrange, TakeFromMainYard
from engine.games.freight_train.rules import apply, may_rearrange, pass_cost
from engine.games.freight_train.state import FreightTrainState, Phase, Settings
from engine.games.freight_train.tally import longest_trains, pay_day, tally

from .freight_train_helpers import started, with_player

# --- The order wagons enter a yard -------------------------------------------------------------


def lane_start() -> FreightTrainState:
    """Day 1, Ana to play; lane 1 opens with a coal then a tank, lane 2 with a box."""
    state = started()
    main = list(state.main_yard)
    main[0] = ("coal", "tank") + main[0][2:]
    main[1] = ("box",) + main[1][1:]
    return replace(state, main_yard=tuple(main))


def test_wagons_taken_from_one_lane_may_enter_the_yard_in_either_order() -> None:
    """"Il peut placer les wagons dans sa zone de fret dans n'importe quel ordre qu'il
    souhaite." Coal and tank can only be taken coal first; both orders on the track are
    reachable."""
    state = lane_start()
    track = state.players[0].yard[0]
    take = TakeFromMainYard((0, 0, 1), ("coal", "tank", "box"), ("yard:0", "yard:0", "train"))
    as_taken = apply(state, take).players[0].yard[0]
    reversed_entry = apply(state, replace(take, entry_order=(1, 0))).players[0].yard[0]
    # the last wagon in is at the open (left) end, the others pushed right
    assert as_taken == ("tank", "coal") + track
    assert reversed_entry == ("coal", "tank") + track
    assert apply(state, replace(take, entry_order=(0, 1))).players[0].yard[0] == as_taken


def test_the_entry_order_only_reorders_within_each_track() -> None:
    """"Durant le même tour un joueur peut faire entrer des wagons sur les deux voies." Each
    track receives its own wagons whatever order the three enter in."""
    state = lane_start()
    take = TakeFromMainYard((0, 0, 1), ("coal", "tank", "box"), ("yard:1", "yard:0", "yard:1"))
    yard = state.players[0].yard
    after = apply(state, replace(take, entry_order=(2, 1, 0))).players[0].yard
    assert after == (("tank",) + yard[0], ("coal", "box") + yard[1])
    assert apply(state, take).players[0].yard == (("tank",) + yard[0], ("box", "coal") + yard[1])


@pytest.mark.parametrize("order", [(0,), (0, 0), (0, 2), (1, 0, 2), (0, 5), (-1, 0)])
def test_the_entry_order_lists_each_wagon_going_into_the_yard_once(
        order: tuple[int, ...]) -> None:
    """"Il doit ensuite les placer dans des trains ou bien dans sa zone de fret": every wagon
    placed in the yard enters it once, and a wagon placed in a train does not."""
    state = lane_start()
    take = TakeFromMainYard((0, 0, 1), ("coal", "tank", "box"), ("yard:0", "yard:0", "train"),
                            order)
    with pytest.raises(IllegalEvent, match="order of entry"):
        apply(state, take)


def test_a_journalled_take_without_an_entry_order_means_the_order_of_the_take() -> None:
    """"Il peut placer les wagons dans sa zone de fret dans n'importe quel ordre": an event
    written before the order was recorded still loads, and enters in the order taken."""
    old_json = {"kind": "take-from-main-yard", "lanes": [0, 0, 1],
                "wagons": ["coal", "tank", "box"], "targets": ["yard:0", "yard:0", "train"]}
    event = FreightTrainEvent.from_json(json.loads(json.dumps(old_json)))
    assert isinstance(event, TakeFromMainYard) and event.entry_order == ()
    assert event.yard_entries() == (0, 1)
    state = lane_start()
    assert apply(state, event).players[0].yard[0][:2] == ("tank", "coal")
    chosen = replace(event, entry_order=(1, 0))
    assert FreightTrainEvent.from_json(json.loads(json.dumps(chosen.to_json()))) == chosen


# --- Rule 6: a tie for the second-longest train ------------------------------------------------

def test_a_tie_for_second_cancels_the_whole_type_by_default() -> None:
    """"Si deux joueurs sont à égalité pour le deuxième plus long train d'un type donné de
    wagon, aucun joueur ne reçoit de jetons pour ce type de wagon." Nobody: the leader too."""
    assert longest_trains({"Ana": 5, "Ben": 3, "Cleo": 3}) == {}
    assert longest_trains({"Ana": 5, "Ben": 3, "Cleo": 3, "Dan": 1}) == {}


def test_three_tied_for_second_read_like_two() -> None:
    """"Si deux joueurs sont à égalité pour le deuxième plus long train ... aucun joueur ne
    reçoit de jetons pour ce type de wagon": three tied for second are still a tie."""
    lengths = {"Ana": 6, "Ben": 2, "Cleo": 2, "Dan": 2}
    assert longest_trains(lengths) == {}
    assert longest_trains(lengths, tie_for_second_cancels_type=False) == {"Ana": 3}


def test_the_other_reading_cancels_only_second_place() -> None:
    """Rules 3 and 4 say "aucun joueur ne touche de jetons pour la deuxième place"; with the
    setting off, rule 6 is read that way: the leader keeps 3 tokens."""
    assert longest_trains({"Ana": 5, "Ben": 3, "Cleo": 3},
                          tie_for_second_cancels_type=False) == {"Ana": 3}


@pytest.mark.parametrize("cancels", [True, False])
def test_rules_one_to_five_are_the_same_under_both_readings(cancels: bool) -> None:
    """"Le joueur qui a le train le plus long ... reçoit 3 jetons. Le joueur qui a le deuxième
    train le plus long ... reçoit 1 jeton." Ties for first follow rules 3 to 5, where second
    place is never paid, so a tie behind them changes nothing."""
    assert longest_trains({"Ana": 5, "Ben": 3, "Cleo": 1}, cancels) == {"Ana": 3, "Ben": 1}
    assert longest_trains({"Ana": 5}, cancels) == {"Ana": 3}
    assert longest_trains({"Ana": 5, "Ben": 5, "Cleo": 3, "Dan": 3}, cancels) == {
        "Ana": 2, "Ben": 2}
    assert longest_trains({"Ana": 5, "Ben": 5, "Cleo": 5, "Dan": 2, "Eve": 2}, cancels) == {
        "Ana": 1, "Ben": 1, "Cleo": 1}
    assert longest_trains({"Ana": 4, "Ben": 4, "Cleo": 4, "Dan": 4}, cancels) == {}


def test_the_mixed_trains_follow_rule_6_too() -> None:
    """"Aucun joueur ne reçoit de jetons pour ce type de wagon": the mixed trains compete as
    their own category, with the same tie rules."""
    trains = {"Ana": {MIXED: 6, "coal": 2}, "Ben": {MIXED: 3}, "Cleo": {MIXED: 3}}
    paid = pay_day(trains, {}, day=2)
    assert paid == {"Ana": {"coal": 3}, "Ben": {}, "Cleo": {}}
    lenient = pay_day(trains, {}, day=2, tie_for_second_cancels_type=False)
    assert lenient["Ana"] == {MIXED: 3, "coal": 3}


def finish_day(state: FreightTrainState) -> FreightTrainState:
    """The departure card is drawn now and everyone passes."""
    state = replace(state, departure_drawn=True,
                    deck=tuple(card for card in state.deck if card != DEPARTURE),
                    still_to_play=state.order.after(state.round_first, state.current))
    while state.phase is Phase.PLAY:
        state = apply(state, Rearrange(state.player().yard))
    return state


@pytest.mark.parametrize(("cancels", "ana_coal"), [(True, None), (False, 3)])
def test_the_end_of_a_day_pays_the_reading_in_force(cancels: bool, ana_coal: int | None) -> None:
    """"Si deux joueurs sont à égalité pour le deuxième plus long train d'un type donné de
    wagon, aucun joueur ne reçoit de jetons pour ce type de wagon." The engine's end of day
    pays what the setting says."""
    state = replace(started(), day=2, settings=Settings(tie_for_second_cancels_type=cancels))
    state = with_player(state, 0, trains={"coal": 5, "tank": 2})
    state = with_player(state, 1, trains={"coal": 3})
    state = with_player(state, 2, trains={"coal": 3, "tank": 1})
    paid = finish_day(state).tallies[-1].paid
    assert paid[0].get("coal") == ana_coal
    assert paid[0]["tank"] == 3 and paid[2]["tank"] == 1   # a lone second place still pays
    assert "coal" not in paid[1] and "coal" not in paid[2]


def tally_table(settings: dict[str, object] | None = None) -> dict[str, object]:
    table: dict[str, object] = {
        "game": "freight-train", "day": 2,
        "players": [{"name": "Ana", "tokens": 5, "trains": {"coal": 5}},
                    {"name": "Ben", "tokens": 5, "trains": {"coal": 3}},
                    {"name": "Cleo", "tokens": 5, "trains": {"coal": 3}}]}
    if settings is not None:
        table["settings"] = settings
    return table


def test_the_tally_command_reads_rule_6_as_the_setting_says() -> None:
    """"Aucun joueur ne reçoit de jetons pour ce type de wagon" by default; the setting
    `tie_for_second_cancels_type` in the table's `settings` chooses the other reading."""
    assert [p.total for p in tally(tally_table()).players] == [5, 5, 5]
    lenient = tally(tally_table({"tie_for_second_cancels_type": False}))
    assert [p.total for p in lenient.players] == [8, 5, 5]
    with pytest.raises(InvalidInput, match="tie_for_second_cancels_type"):
        tally(tally_table({"tie_for_second_cancels_type": "no"}))


# --- What a pass costs --------------------------------------------------------------------------


def broke(tokens_below_zero: bool) -> FreightTrainState:
    state = with_player(started(), 0, yard=(("coal", "tank"), ()), tokens=0)
    return replace(state, settings=Settings(tokens_below_zero=tokens_below_zero))


def test_passing_always_costs_a_token_when_tokens_may_go_below_zero() -> None:
    """"Cependant, réarranger sa zone de fret coûtera toujours 1 jeton, même si un joueur
    passe." With tokens allowed below zero, a player with none pays it too."""
    state = broke(tokens_below_zero=True)
    assert pass_cost(state, state.player()) == 1 and may_rearrange(state, state.player())
    after = apply(state, Rearrange(state.player().yard))
    assert after.players[0].tokens == -1 and after.bank == state.bank + 1


def test_without_that_setting_a_broke_player_passes_for_free_and_only_passes() -> None:
    """"Réarranger sa zone de fret coûte toujours 1 jeton": a player who has none cannot pay
    it, so (tokens not below zero) the pass is free and a real rearrangement is refused."""
    state = broke(tokens_below_zero=False)
    assert pass_cost(state, state.player()) == 0 and not may_rearrange(state, state.player())
    assert apply(state, Rearrange(state.player().yard)).players[0].tokens == 0
    with pytest.raises(IllegalEvent, match="may only pass"):
        apply(state, Rearrange((("tank", "coal"), ())))


@pytest.mark.parametrize("below_zero", [True, False])
def test_a_player_with_tokens_pays_one_either_way(below_zero: bool) -> None:
    """"Réarranger sa zone de fret coûtera toujours 1 jeton, même si un joueur passe.\""""
    state = replace(started(), settings=Settings(tokens_below_zero=below_zero))
    assert pass_cost(state, state.player()) == 1
    assert apply(state, Rearrange(state.player().yard)).players[0].tokens == 4
