"""Freight Train, rule by rule, as the rules text states them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalEvent
from engine.games.freight_train.cards import DEPARTURE, UNKNOWN
from engine.games.freight_train.end_of_day import cards_to_shuffle
from engine.games.freight_train.events import (
    BringLocomotive,
    MoveFromYard,
    Rearrange,
    RefillLane,
    StartDay,
    TakeFromMainYard,
)  # fmt: skip
from engine.games.freight_train.rules import apply, new_game, result
from engine.games.freight_train.state import FreightTrainState, Phase, Settings
from engine.games.freight_train.trains import legal_targets
from engine.seating import FirstPlayerRule

from .freight_train_helpers import lanes, started, with_player


def refused(state: FreightTrainState, event: object, reason: str) -> None:
    """The event is refused with this reason and the state object is left as it was."""
    before = state
    with pytest.raises(IllegalEvent) as caught:
        apply(state, event)  # type: ignore[arg-type]
    assert reason in str(caught.value)
    assert state == before


# --- Setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "per_type", "locomotives"),
                         [(2, 9, 7), (3, 12, 6), (4, 14, 5), (5, 16, 5)])
def test_setup_by_player_count(players: int, per_type: int, locomotives: int) -> None:
    state = new_game(tuple(f"P{i}" for i in range(players)))
    assert len(state.deck) == 11 * per_type
    assert all(p.tokens == 5 and p.locomotives == locomotives for p in state.players)
    assert state.bank == -5 * players  # tokens are conserved: the bank lent them


def test_player_counts_outside_the_box_are_refused() -> None:
    with pytest.raises(IllegalEvent, match="2 to 5"):
        new_game(("Solo",))
    with pytest.raises(IllegalEvent, match="2 to 5"):
        new_game(tuple("ABCDEF"))


def test_first_day_layout() -> None:
    state = started()
    assert state.phase is Phase.PLAY
    assert all(len(lane) == 5 for lane in state.main_yard)
    assert all(len(p.yard[0]) == len(p.yard[1]) == 6 for p in state.players)
    assert state.deck.count(DEPARTURE) == 1


def test_departure_must_be_in_the_bottom_half_on_day_one() -> None:
    state = new_game(("Ana", "Ben"))
    pool = list(state.deck)
    main = lanes(*pool[:25])
    yards = ((tuple(pool[25:31]), tuple(pool[31:37])), (tuple(pool[37:43]), tuple(pool[43:49])))
    rest = tuple(pool[49:])
    refused(state, StartDay(main, (DEPARTURE,) + rest, yards), "must lie between cards")
    bottom = rest[: len(rest) // 2] + (DEPARTURE,) + rest[len(rest) // 2 :]
    assert apply(state, StartDay(main, bottom, yards)).phase is Phase.PLAY


def test_start_day_refuses_cards_that_are_not_in_the_game() -> None:
    state = new_game(("Ana", "Ben"))
    pool = list(state.deck)
    main = lanes(*(["coal"] * 25))  # only 9 coal wagons with two players
    yards = ((tuple(pool[25:31]), tuple(pool[31:37])), (tuple(pool[37:43]), tuple(pool[43:49])))
    refused(state, StartDay(main, tuple(pool[49:]) + (DEPARTURE,), yards), "not the same cards")


# --- The optional refill ------------------------------------------------------------------------


def emptied(state: FreightTrainState, *empty: int) -> FreightTrainState:
    main = tuple(() if index in empty else lane for index, lane in enumerate(state.main_yard))
    return replace(state, main_yard=main)


def test_refill_needs_two_empty_lanes() -> None:
    state = emptied(started(), 0)
    refused(state, RefillLane(0, state.deck[:5]), "two or more lanes are empty")


def test_refill_draws_five_from_the_top_once_a_phase() -> None:
    state = emptied(started(), 0, 1)
    after = apply(state, RefillLane(1, state.deck[:5]))
    assert after.main_yard[1] == state.deck[:5]
    assert after.deck == state.deck[5:]
    refused(emptied(after, 2, 3), RefillLane(2, after.deck[:5]), "Only one lane")


def test_refill_must_match_the_deck() -> None:
    state = emptied(started(), 0, 1)
    wrong = ("tank",) + state.deck[1:5] if state.deck[0] != "tank" else ("coal",) + state.deck[1:5]
    refused(state, RefillLane(0, wrong), "That card is")
    refused(state, RefillLane(2, state.deck[:5]), "Lane 3 is not empty")


def test_a_refill_the_players_checked_follows_the_board_not_the_record() -> None:
    """"si deux voies ou plus sont complètement vides": only the players see the lanes. With
    15 wagons left in the main yard (three full lanes' worth) the record may spread them over
    all five lanes; the players' check wins and the record gives way."""
    state = started()
    spread = tuple(lane[:3] for lane in state.main_yard)
    state = replace(state, main_yard=spread)
    assert state.empty_lanes() == () and state.wagons_in_main_yard() == 15
    refused(state, RefillLane(4, state.deck[:5]), "two or more lanes are empty")
    after = apply(state, RefillLane(4, state.deck[:5], checked=True))
    assert after.main_yard[4] == state.deck[:5] and after.wagons_in_main_yard() == 20
    assert [len(lane) for lane in after.main_yard] == [5, 5, 5, 0, 5]
    assert [c for lane in after.main_yard[:3] for c in lane] == [c for lane in spread for c in lane]
    # A record that already agrees is kept as it is.
    agreed = emptied(started(), 0, 1)
    assert apply(agreed, RefillLane(1, agreed.deck[:5], checked=True)).main_yard[2:] == \
        agreed.main_yard[2:]


def test_a_checked_refill_is_refused_when_the_count_rules_two_empty_lanes_out() -> None:
    state = started()
    state = replace(state, main_yard=tuple(lane[:4] if i else lane[:0]
                                           for i, lane in enumerate(state.main_yard)))
    assert state.wagons_in_main_yard() == 16
    refused(state, RefillLane(0, state.deck[:5], checked=True),
            "Two lanes cannot be empty: 16 wagons are in the main yard")
    assert RefillLane.from_json({"kind": "refill-lane", "lane": 0, "drawn": []}).checked is False


def test_departure_card_is_replaced_and_the_round_is_finished() -> None:
    state = emptied(started(first=0), 0, 1)
    state = replace(state, current=1, deck=("coal", "tank", DEPARTURE, "box", "flat", "auto", "x"))
    after = apply(state, RefillLane(0, ("coal", "tank", DEPARTURE, "box", "flat", "auto")))
    assert after.main_yard[0] == ("coal", "tank", "box", "flat", "auto")
    assert after.departure_drawn and after.still_to_play == (2, 3)
    assert after.current == 1  # Ben still takes his action
    after = apply(after, BringLocomotive())
    assert after.current == 2
    after = apply(after, BringLocomotive())
    after = apply(after, BringLocomotive())
    assert after.phase is Phase.DEAL and after.day == 2
    assert [t.day for t in after.tallies] == [1]


def test_departure_drawn_by_last_player_ends_the_day_after_that_phase() -> None:
    state = emptied(started(first=0), 0, 1)
    state = replace(state, current=3, deck=(DEPARTURE, "coal", "tank", "box", "flat", "auto"))
    after = apply(state, RefillLane(0, (DEPARTURE, "coal", "tank", "box", "flat", "auto")))
    assert after.still_to_play == ()
    assert apply(after, BringLocomotive()).phase is Phase.DEAL


# --- Action 1: three wagons from the main yard -----------------------------------------------


def test_take_three_from_the_open_ends() -> None:
    state = started()
    lane0, lane1 = state.main_yard[0], state.main_yard[1]
    event = TakeFromMainYard((0, 0, 1), (lane0[0], lane0[1], lane1[0]),
                             ("yard:0", "yard:0", "yard:1"))
    after = apply(state, event)
    ana = after.players[0]
    assert after.main_yard[0] == lane0[2:] and after.main_yard[1] == lane1[1:]
    # wagons enter from the left and push the others right, in the order placed
    assert ana.yard[0][:2] == (lane0[1], lane0[0])
    assert ana.yard[1][0] == lane1[0]
    assert after.current == 1


def test_take_must_be_exactly_three() -> None:
    state = started()
    lane = state.main_yard[0]
    refused(state, TakeFromMainYard((0, 0), lane[:2], ("yard:0", "yard:0")), "exactly three")


def test_take_needs_three_wagons_in_the_main_yard() -> None:
    state = emptied(started(), 0, 1, 2, 3)
    state = replace(state, main_yard=state.main_yard[:4] + (state.main_yard[4][:2],))
    lane = state.main_yard[4]
    refused(state, TakeFromMainYard((4, 4, 4), lane + ("coal",), ("yard:0",) * 3),
            "refill a lane first")


def test_take_from_an_empty_lane_is_refused() -> None:
    state = emptied(started(), 0)
    refused(state, TakeFromMainYard((0, 1, 1), ("coal",) * 3, ("yard:0",) * 3), "Lane 1 is empty")


def test_declared_wagon_must_match_the_card() -> None:
    state = started()
    first = state.main_yard[0][0]
    other = "tank" if first != "tank" else "coal"
    refused(state, TakeFromMainYard((0, 1, 2), (other, state.main_yard[1][0],
                                                state.main_yard[2][0]), ("yard:0",) * 3),
            f"That card is {first}, not {other}")


# --- Forming trains -----------------------------------------------------------------------------


def test_one_train_per_type_and_a_locomotive_each() -> None:
    state = with_player(started(), 0, locomotives=1, trains={"coal": 2})
    ana = state.players[0]
    assert legal_targets(ana, "coal", into_yard=False) == ("train",)
    assert legal_targets(ana, "tank", into_yard=False) == ()
    state = replace(state, main_yard=(("tank", "coal", "coal"),) + state.main_yard[1:])
    refused(state, TakeFromMainYard((0, 0, 0), ("tank", "coal", "coal"),
                                    ("train", "train", "train")), "No free locomotive")


def test_mixed_train_takes_one_wagon_of_each_type() -> None:
    state = with_player(started(), 0, mixed=("coal",))
    state = replace(state, main_yard=(("coal", "tank", "box"),) + state.main_yard[1:])
    refused(state, TakeFromMainYard((0, 0, 0), ("coal", "tank", "box"),
                                    ("mixed", "mixed", "mixed")), "already has a coal")
    after = apply(state, TakeFromMainYard((0, 0, 0), ("coal", "tank", "box"),
                                          ("train", "mixed", "mixed")))
    assert after.players[0].mixed == ("coal", "tank", "box")
    assert after.players[0].trains == {"coal": 1}


def test_a_yard_track_holds_eight() -> None:
    state = with_player(started(), 0, yard=(("coal",) * 7, ()))
    state = replace(state, main_yard=(("tank", "box", "flat"),) + state.main_yard[1:])
    refused(state, TakeFromMainYard((0, 0, 0), ("tank", "box", "flat"),
                                    ("yard:0", "yard:0", "yard:1")), "Track 1 of your yard is full")


# --- Action 2: from the player's yard into trains --------------------------------------------


def test_move_from_yard_up_to_four_into_trains_only() -> None:
    state = with_player(started(), 0, yard=(("coal", "coal", "tank"), ("box",)))
    after = apply(state, MoveFromYard((0, 0, 1, 0), ("coal", "coal", "box", "tank"),
                                      ("train", "train", "train", "mixed")))
    ana = after.players[0]
    assert ana.trains == {"coal": 2, "box": 1} and ana.mixed == ("tank",)
    assert ana.yard == ((), ())
    refused(state, MoveFromYard((0,), ("coal",), ("yard:1",)), "must go into trains")
    refused(state, MoveFromYard((), (), ()), "one to four")
    refused(state, MoveFromYard((1, 1), ("box", "box"), ("train", "train")), "Track 2")


# --- Action 3: rearranging (and passing) ------------------------------------------------------


def test_rearrange_costs_a_token_and_keeps_the_cards() -> None:
    state = with_player(started(), 0, yard=(("coal", "tank"), ("box",)))
    after = apply(state, Rearrange((("box", "coal", "tank"), ())))
    assert after.players[0].yard == (("box", "coal", "tank"), ())
    assert after.players[0].tokens == 4 and after.bank == state.bank + 1
    refused(state, Rearrange((("box", "coal"), ())), "not the same cards")
    refused(state, Rearrange((("coal",) * 9, ())), "at most eight")


def test_passing_costs_a_token_too() -> None:
    state = with_player(started(), 0, yard=(("coal",), ()))
    assert apply(state, Rearrange((("coal",), ()))).players[0].tokens == 4


def test_without_tokens_a_player_may_only_pass_for_free() -> None:
    state = with_player(started(), 0, yard=(("coal", "tank"), ()), tokens=0)
    refused(state, Rearrange((("tank", "coal"), ())), "may only pass")
    assert apply(state, Rearrange((("coal", "tank"), ()))).players[0].tokens == 0
    lenient = replace(state, settings=Settings(tokens_below_zero=True))
    assert apply(lenient, Rearrange((("tank", "coal"), ()))).players[0].tokens == -1


# --- Action 4: a locomotive -------------------------------------------------------------------


def test_one_locomotive_a_day_on_days_one_and_two() -> None:
    state = started()
    after = apply(state, BringLocomotive())
    assert after.players[0].locomotives == 6
    again = replace(after, current=0)
    refused(again, BringLocomotive(), "already brought a locomotive today")
    refused(replace(state, day=3), BringLocomotive(), "days 1 and 2 only")


# --- End of day, next day ----------------------------------------------------------------------


def finish_day(state: FreightTrainState) -> FreightTrainState:
    """Draw the departure card now and let everyone pass."""
    state = replace(state, departure_drawn=True,
                    deck=tuple(card for card in state.deck if card != DEPARTURE),
                    still_to_play=state.order.after(state.round_first, state.current))
    while state.phase is Phase.PLAY:
        state = apply(state, Rearrange(state.player().yard))
    return state


def test_end_of_day_one_pays_trains_and_yard_pairs() -> None:
    state = started()
    state = with_player(state, 0, trains={"coal": 4}, mixed=("tank", "box"))
    state = with_player(state, 1, trains={"coal": 2}, yard=(("coal",) * 5, ()))
    state = with_player(state, 2, yard=((), ()))
    after = finish_day(state)
    paid = after.tallies[0].paid
    assert paid[0] == {"coal": 3, "mixed": 3, "yard": 6}  # 12 yard wagons: 6 pairs
    assert paid[1] == {"coal": 1, "yard": 2}               # 5 wagons: 2 pairs
    assert paid[2] == {}
    ana = after.players[0]
    assert ana.yard == state.players[0].yard               # yards stay
    # trains and the main yard go back to the deck; the departure card is set aside
    assert len(cards_to_shuffle(after)) == len(state.deck) - 1 + 25 + 4 + 2 + 2


def test_day_two_pays_nothing_for_yards_and_day_three_charges_each_wagon() -> None:
    state = with_player(replace(started(), day=2), 0, yard=(("coal",) * 3, ()))
    assert "yard" not in finish_day(state).tallies[0].paid[0]
    state = with_player(replace(started(), day=3), 0, yard=(("coal",) * 3, ()), tokens=5)
    state = with_player(state, 1, yard=(("coal",) * 5, ("tank",) * 4), tokens=5)
    after = finish_day(state)
    assert after.tallies[0].paid[0]["yard"] == -3
    # Ben passed (one token) and holds 4: the 9-wagon penalty takes no more than that
    assert after.tallies[0].paid[1]["yard"] == -4
    assert after.players[1].tokens == 0
    assert after.phase is Phase.OVER


def test_next_day_reshuffles_and_grants_a_locomotive_to_who_did_not_bring_one() -> None:
    state = apply(started(), BringLocomotive())  # Ana brings one on day 1
    state = finish_day(state)
    before = [p.locomotives for p in state.players]
    deck = list(cards_to_shuffle(state))
    third = len(deck) - 25
    laid = lanes(*deck[:25])
    rest = deck[25:]
    order = tuple(rest[: third * 2 // 3]) + (DEPARTURE,) + tuple(rest[third * 2 // 3 :])
    after = apply(state, StartDay(laid, order))
    assert [p.locomotives for p in after.players] == [before[0], *[n + 1 for n in before[1:]]]
    assert not any(p.brought_locomotive_today for p in after.players)
    assert all(p.trains == {} and p.mixed == () for p in after.players)
    too_high = tuple(rest[:5]) + (DEPARTURE,) + tuple(rest[5:])
    refused(state, StartDay(laid, too_high), "must lie between cards")


def test_token_passes_left_each_round() -> None:
    state = started(first=0)
    for _ in range(4):
        state = apply(state, Rearrange(state.player().yard))
    assert (state.round, state.round_first, state.current) == (2, 1, 1)


def test_optional_turn_sequence_continues_around_the_table() -> None:
    state = replace(started(first=0), settings=Settings(turn_sequence=FirstPlayerRule.CONTINUOUS))
    for _ in range(4):
        state = apply(state, Rearrange(state.player().yard))
    assert (state.round, state.current) == (2, 0)
    state = replace(state, current=2)
    after = finish_day(state)      # seat 3 plays last: seat 0, on its left, opens day 2
    assert after.current == 0 and after.last_of_previous_day == 3


def test_result_breakdown_adds_up_to_the_tokens() -> None:
    state = with_player(started(), 0, trains={"coal": 4})
    state = apply(state, Rearrange(state.player().yard))
    final = result(finish_day(state))
    ana = final.players[0]
    assert sum(ana.breakdown.values()) == ana.total
    assert ana.breakdown["rearranging"] == -1 and ana.breakdown["coal"] == 3


def test_a_finished_game_refuses_more_events() -> None:
    state = finish_day(replace(started(), day=3))
    refused(state, BringLocomotive(), "The game is over")


# --- At the table: cards the companion has not seen -------------------------------------------


def table_game() -> FreightTrainState:
    state = new_game(("Ana", "Ben"))
    unknown_yards = (((UNKNOWN,) * 6, (UNKNOWN,) * 6),) * 2
    deck = (UNKNOWN,) * (len(state.deck) - 25 - 24 + 1)
    return apply(state, StartDay(lanes(*(UNKNOWN,) * 25), deck, unknown_yards))


def test_unseen_cards_take_the_identity_scanned() -> None:
    state = table_game()
    after = apply(state, TakeFromMainYard((0, 0, 1), ("coal", "coal", "tank"),
                                          ("train", "train", "mixed")))
    assert after.players[0].trains == {"coal": 2} and after.players[0].mixed == ("tank",)


def test_a_type_cannot_be_scanned_more_often_than_it_has_cards() -> None:
    state = with_player(table_game(), 0, trains={"coal": 8})
    refused(state, TakeFromMainYard((0, 0, 1), ("coal", "coal", "tank"),
                                    ("train", "train", "mixed")), "All 9 coal wagons")


def test_an_unscanned_wagon_cannot_join_a_train() -> None:
    refused(table_game(), TakeFromMainYard((0, 1, 2), (UNKNOWN,) * 3, ("train",) * 3),
            "Scan the wagon")


def test_the_departure_card_is_tapped_during_a_refill_at_the_table() -> None:
    state = emptied(table_game(), 0, 1)
    after = apply(state, RefillLane(0, (UNKNOWN, DEPARTURE, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN)))
    assert after.departure_drawn and len(after.main_yard[0]) == 5
