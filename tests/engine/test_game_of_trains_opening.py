"""The Game of Trains opening, from the publisher's rules (the French text is silent on it).

The fact it follows: "clockwise from the first, players draw 1, 2, 3 and 4 cards (first,
second, third, fourth player); then, clockwise from the first, each keeps one of the drawn
cards to replace a wagon of their line and discards the others face down; the replaced wagons
go face up beside the draw pile (two equal abilities there are discarded at once)."
"""

from __future__ import annotations

import random

import pytest

from engine.codec import from_jsonable, to_jsonable
from engine.games.game_of_trains import RULES, next_step, why_illegal
from engine.games.game_of_trains.cards import WAGONS, Ability
from engine.games.game_of_trains.events import (
    Deal,
    DrawCard,
    DrawReplacement,
    GameOfTrainsEvent,
    LearnAbility,
    OpeningDraw,
    OpeningKeep,
    Reshuffle,
    UseAbility,
)
from engine.games.game_of_trains.rules import apply, new_game
from engine.games.game_of_trains.state import GameOfTrainsState, Phase, Settings

from .trains_box import TEST_BOX

NAMES = ("Ana", "Ben", "Cleo")
LINES = (
    (70, 60, 50, 40, 30, 20, 1),
    (80, 75, 65, 55, 45, 35, 2),
    (84, 83, 82, 81, 79, 78, 77),
)
#: The top of the deck, in the order the cards come.
TOP = (3, 4, 5, 6, 7, 8, 9, 10)


def dealt(first: int = 0, deck: tuple[int, ...] | None = None,
          settings: Settings | None = None) -> GameOfTrainsState:
    """Ana, Ben and Cleo dealt the lines above; `first` plays first."""
    rest = tuple(card for card in WAGONS if card not in sum(LINES, ()) + TOP)
    return apply(new_game(NAMES, settings, first=first), Deal(LINES, deck or TOP + rest))


def play(state: GameOfTrainsState, *events: GameOfTrainsEvent) -> GameOfTrainsState:
    for event in events:
        state = apply(state, event)
    return state


def reason(state: GameOfTrainsState, event: GameOfTrainsEvent) -> str:
    return str(why_illegal(state, event))


def all_drawn(first: int = 0, settings: Settings | None = None) -> GameOfTrainsState:
    """Everyone has drawn: Ana (first) 3; Ben 4, 5; Cleo 6, 7, 8."""
    state = dealt(first, settings=settings)
    seats = [(first + k) % 3 for k in range(3)]
    cards = iter(TOP)
    for count, seat in enumerate(seats, start=1):
        state = apply(state, OpeningDraw(seat, tuple(next(cards) for _ in range(count))))
    return state


def test_clockwise_from_the_first_players_draw_one_two_then_three_cards() -> None:
    """The publisher's rules: "clockwise from the first, players draw 1, 2, 3 and 4 cards
    (first, second, third, fourth player)"."""
    state = dealt(first=1)
    assert state.phase is Phase.OPENING_DRAW and state.current == 1
    assert str(next_step(state)) == "Ben: draw 1 from the deck"
    state = apply(state, OpeningDraw(1, (3,)))
    assert str(next_step(state)) == "Cleo: draw 2 from the deck"
    state = apply(state, OpeningDraw(2, (4, 5)))
    assert str(next_step(state)) == "Ana: draw 3 from the deck"
    state = apply(state, OpeningDraw(0, (6, 7, 8)))
    assert [p.drawn for p in state.players] == [(6, 7, 8), (3,), (4, 5)]
    assert state.deck[0] == 9 and state.phase is Phase.OPENING_KEEP and state.current == 1


def test_four_players_draw_up_to_four() -> None:
    names = NAMES + ("Dan",)
    lines = LINES + ((76, 74, 73, 72, 71, 69, 68),)
    rest = tuple(c for c in WAGONS if c not in sum(lines, ()))
    state = apply(new_game(names), Deal(lines, rest))
    for seat in range(4):
        state = apply(state, OpeningDraw(seat, state.deck[: seat + 1]))
    assert [len(p.drawn) for p in state.players] == [1, 2, 3, 4]


def test_then_each_keeps_one_discards_the_others_and_the_replaced_wagon_goes_face_up() -> None:
    """The publisher's rules: "then, clockwise from the first, each keeps one of the drawn
    cards to replace a wagon of their line and discards the others face down; the replaced
    wagons go face up"."""
    state = all_drawn()
    assert str(next_step(state)) == "Ana: keep a drawn card in place of a wagon"
    state = apply(state, OpeningKeep(0, 3, 2))            # Ana's 3 replaces her 60
    assert state.players[0].line == (70, 3, 50, 40, 30, 20, 1)
    assert state.face_up == (60,) and state.discard == () and state.current == 1
    state = apply(state, OpeningKeep(1, 5, 7))            # Ben keeps 5, discards 4
    assert state.players[1].line[-1] == 5 and state.discard == (4,)
    state = apply(state, OpeningKeep(2, 6, 2))            # Cleo keeps 6, discards 7 and 8
    assert state.discard == (4, 7, 8)
    assert state.face_up == (60, 2, 83)
    assert state.phase is Phase.PLAY and state.current == 0
    assert all(not p.drawn for p in state.players)
    # The table learns what the cards face up can do, then the first player takes the first
    # turn, as without the opening.
    assert str(next_step(state)) == "Which ability does wagon 60 have?"
    state = play(state, LearnAbility(60, Ability.LOCK), LearnAbility(2, Ability.REMOVE_LAST),
                 LearnAbility(83, Ability.SWAP_ADJACENT))
    assert str(next_step(state)) == "Ana: draw a wagon or use a face-up card"


def test_two_equal_abilities_going_face_up_are_discarded_at_once() -> None:
    """The publisher's rules: "the replaced wagons go face up beside the draw pile (two equal
    abilities there are discarded at once)"."""
    assert TEST_BOX[60 - 1] is TEST_BOX[84 - 1]            # 60 and 84 share an ability
    state = all_drawn(settings=Settings(abilities=TEST_BOX))
    state = apply(state, OpeningKeep(0, 3, 2))            # Ana's 60 face up
    state = apply(state, OpeningKeep(1, 4, 7))            # Ben's 2 face up, 5 discarded
    state = apply(state, OpeningKeep(2, 6, 1))            # Cleo's 84 meets the 60
    assert state.face_up == (2,)
    assert state.discard == (5, 7, 8, 60, 84)
    assert state.phase is Phase.PLAY


def test_unknown_abilities_going_face_up_stay_until_the_table_says_they_are_equal() -> None:
    """Nothing is discarded on a guess: the pair goes the moment both abilities are known."""
    state = all_drawn()
    state = play(state, OpeningKeep(0, 3, 2), OpeningKeep(1, 4, 7), OpeningKeep(2, 6, 1))
    assert state.face_up == (60, 2, 84) and state.discard == (5, 7, 8)
    assert state.unknown_face_up() == (60, 2, 84)
    assert str(next_step(state)) == "Which ability does wagon 60 have?"
    state = play(state, LearnAbility(60, Ability.LOCK), LearnAbility(2, Ability.REMOVE_LAST))
    assert state.face_up == (60, 2, 84)
    state = apply(state, LearnAbility(84, Ability.LOCK))
    assert state.face_up == (2,) and state.discard == (5, 7, 8, 60, 84)


def test_the_opening_is_refused_out_of_order_with_a_reason() -> None:
    state = dealt()
    assert reason(state, OpeningDraw(1, (3,))) == "Ana draws now"
    assert reason(state, OpeningDraw(0, (3, 4))) == "Ana draws 1 from the deck, not 2"
    assert reason(state, OpeningDraw(0, ())) == "Ana draws 1 from the deck, not 0"
    assert reason(state, OpeningDraw(0, (4,))) == "The top card is wagon 3, not 4"
    assert reason(state, OpeningKeep(0, 3, 1)) == "Everyone draws before anyone keeps a card"
    assert reason(state, DrawCard(3, 1)) == "Finish the opening first"
    assert reason(state, UseAbility(60, 1)) == "Finish the opening first"
    assert reason(state, DrawReplacement(3)) == "Finish the opening first"
    assert reason(state, Reshuffle(())) == "Finish the opening first"
    before = new_game(NAMES)
    assert reason(before, OpeningDraw(0, (3,))) == "Deal the cards first"


def test_an_illegal_keep_is_refused_with_a_reason() -> None:
    state = all_drawn()
    assert reason(state, OpeningKeep(0, 4, 1)) == "Ana did not draw wagon 4"   # Ben's card
    assert reason(state, OpeningKeep(0, 60, 1)) == "Ana did not draw wagon 60"
    assert reason(state, OpeningKeep(1, 4, 1)) == "Ana keeps a card now"        # wrong player
    assert reason(state, OpeningKeep(0, 3, 8)) == "Position 8 does not fit this action"
    assert reason(state, OpeningDraw(0, (9,))) == "Everyone has drawn already"
    state = play(state, OpeningKeep(0, 3, 1), OpeningKeep(1, 4, 1), OpeningKeep(2, 6, 1))
    assert reason(state, OpeningKeep(0, 3, 1)) == "The opening is over"


def test_cards_scanned_from_an_unseen_deck_must_be_unaccounted_for() -> None:
    """At the table the deck is unseen (0): the drawn cards are read from the scanned tags."""
    state = dealt(deck=(0,) * (84 - 21))
    assert reason(state, OpeningDraw(0, (70,))) == "Wagon 70 is not in the deck"
    state = apply(state, OpeningDraw(0, (12,)))
    assert reason(state, OpeningDraw(1, (12, 13))) == "Wagon 12 is not in the deck"
    assert reason(state, OpeningDraw(1, (13, 13))) == "Wagon 13 is not in the deck"
    state = apply(state, OpeningDraw(1, (13, 14)))
    assert 12 not in state.unseen() and len(state.deck) == 84 - 21 - 3


def test_the_setting_turns_the_opening_off() -> None:
    rest = tuple(card for card in WAGONS if card not in sum(LINES, ()))
    state = apply(new_game(NAMES, Settings(opening=False)), Deal(LINES, rest))
    assert state.phase is Phase.PLAY and state.face_up == ()
    assert reason(state, OpeningDraw(0, (rest[0],))) == "The opening is over"
    assert new_game(NAMES, {"opening": False}).settings.opening is False
    assert new_game(NAMES).settings.opening is True


@pytest.mark.parametrize("first", [0, 1, 2])
def test_replaying_the_journalled_opening_gives_the_same_game(first: int) -> None:
    events: list[GameOfTrainsEvent] = []
    state = new_game(NAMES, first=first)
    rng = random.Random(first)
    while state.phase is not Phase.PLAY:
        event = RULES.random_event(state, rng)
        events.append(GameOfTrainsEvent.from_json(event.to_json()))
        state = apply(state, event)
    assert RULES.replay(new_game(NAMES, first=first), events) == state
    assert from_jsonable(GameOfTrainsState, to_jsonable(state)) == state
