"""The Game of Trains: the deal, both actions, each ability, the other rules, the win, the tally."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.game_of_trains import RULES, Ability, ability_uses, next_step, why_illegal
from engine.games.game_of_trains.cards import WAGONS
from engine.games.game_of_trains.events import (
    Deal,
    DrawCard,
    DrawReplacement,
    GameOfTrainsEvent,
    Reshuffle,
    UseAbility,
)
from engine.games.game_of_trains.rules import apply, new_game
from engine.games.game_of_trains.state import GameOfTrainsState, Phase, Settings
from engine.registry import GAMES

from .trains_box import TEST_BOX

# In the tests' box, wagon n carries the ((n - 1) % 8)-th ability:
SWAP_ADJACENT, SWAP_OVER_ONE, MOVE_RIGHT, MOVE_LEFT = 9, 10, 11, 12
REMOVE_FIRST, REMOVE_MIDDLE, REMOVE_LAST, LOCK = 13, 14, 15, 16
ANA_LINE = (70, 60, 50, 40, 30, 20, 1)
BEN_LINE = (80, 75, 65, 55, 45, 35, 2)
#: The play rules are tested from a table that skips the opening (tested on its own).
NO_OPENING = Settings(abilities=TEST_BOX, opening=False)


def play(state: GameOfTrainsState, *events: GameOfTrainsEvent) -> GameOfTrainsState:
    for event in events:
        state = apply(state, event)
    return state


def dealt(deck: tuple[int, ...] | None = None, face_up: tuple[int, ...] = ()) -> GameOfTrainsState:
    """Ana and Ben, lines as above (already descending), `face_up` beside the deck."""
    lines = (ANA_LINE, BEN_LINE)
    rest = tuple(card for card in WAGONS if card not in ANA_LINE + BEN_LINE)
    state = apply(new_game(("Ana", "Ben"), NO_OPENING), Deal(lines, rest))
    deck = deck if deck is not None else tuple(c for c in rest if c not in face_up)
    return replace(state, deck=deck, face_up=face_up,
                   discard=tuple(c for c in rest if c not in deck and c not in face_up))


def line(state: GameOfTrainsState, seat: int = 0) -> tuple[int, ...]:
    return state.players[seat].line


# --- Setup -------------------------------------------------------------------------------------


def test_no_ability_is_known_unless_given() -> None:
    assert new_game(("A", "B")).abilities == (None,) * 84
    given = new_game(("A", "B"), NO_OPENING)
    assert given.ability(SWAP_ADJACENT) is Ability.SWAP_ADJACENT
    assert given.ability(LOCK) is Ability.LOCK


def test_two_to_four_players() -> None:
    for names in (("A",), ("A", "B", "C", "D", "E")):
        with pytest.raises(IllegalEvent, match="2 to 4 players"):
            new_game(names)
    with pytest.raises(IllegalEvent, match="all 84 wagons, or of none"):
        new_game(("A", "B"), Settings(abilities=(Ability.LOCK,)))


def test_deal_lays_each_line_in_descending_order() -> None:
    lines = ((1, 2, 3, 4, 5, 6, 7), (84, 8, 9, 10, 11, 12, 13))
    state = apply(new_game(("Ana", "Ben")), Deal(lines, (0,) * 70))
    assert line(state) == (7, 6, 5, 4, 3, 2, 1)
    assert line(state, 1) == (84, 13, 12, 11, 10, 9, 8)
    assert state.phase is Phase.OPENING_DRAW and len(state.unseen()) == 70
    skipped = apply(new_game(("Ana", "Ben"), NO_OPENING), Deal(lines, (0,) * 70))
    assert skipped.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("lines", "deck", "message"),
    [
        (((1, 2, 3, 4, 5, 6),), (0,) * 77, "seven wagons to each player"),
        (((1, 2, 3, 4, 5, 6, 7), (7, 8, 9, 10, 11, 12, 13)), (0,) * 70, "dealt twice"),
        (((1, 2, 3, 4, 5, 6, 85), (8, 9, 10, 11, 12, 13, 14)), (0,) * 70, "not 85"),
        (((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14)), (0,) * 69, "other 70 wagons"),
        (((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14)), (1,) + (0,) * 69, "dealt twice"),
    ],
)
def test_bad_deals_are_refused(
    lines: tuple[tuple[int, ...], ...], deck: tuple[int, ...], message: str
) -> None:
    assert message in str(why_illegal(new_game(("Ana", "Ben")), Deal(lines, deck)))


# --- Action 1: draw a card ---------------------------------------------------------------------


def test_drawn_card_replaces_a_wagon_which_goes_face_up() -> None:
    state = dealt(deck=(3, 4, 5))
    state = apply(state, DrawCard(3, 7))
    assert line(state) == (70, 60, 50, 40, 30, 20, 3)
    assert state.face_up == (1,) and state.deck == (4, 5) and state.current == 1


def test_drawn_card_must_be_the_top_card() -> None:
    state = dealt(deck=(3, 4))
    assert "top card is wagon 3, not 4" in str(why_illegal(state, DrawCard(4, 1)))
    assert "Position 8" in str(why_illegal(state, DrawCard(3, 8)))


def test_unseen_deck_takes_the_scanned_card_if_it_can_be_there() -> None:
    state = dealt(deck=(0, 0))
    state = replace(state, discard=tuple(c for c in state.discard if c not in (3, 4)))
    assert state.unseen() == {3, 4}
    assert why_illegal(state, DrawCard(3, 1)) is None
    assert "Wagon 50 is not in the deck" in str(why_illegal(state, DrawCard(50, 1)))


def test_two_equal_abilities_face_up_are_both_discarded() -> None:
    state = dealt(deck=(17, 18), face_up=(SWAP_ADJACENT,))
    # Ana replaces wagon 1 (a swap-adjacent card, like wagon 9): both are discarded.
    state = apply(state, DrawCard(17, 7))
    assert state.face_up == () and state.discard[-2:] == (SWAP_ADJACENT, 1)


# --- Action 2: the abilities --------------------------------------------------------------------


def test_swap_adjacent() -> None:
    state = apply(dealt(face_up=(SWAP_ADJACENT,)), UseAbility(SWAP_ADJACENT, 6))
    assert line(state) == (70, 60, 50, 40, 30, 1, 20)
    assert state.face_up == () and state.discard[-1] == SWAP_ADJACENT
    assert "Position 7" in str(why_illegal(dealt(face_up=(9,)), UseAbility(9, 7)))


def test_swap_over_one() -> None:
    state = apply(dealt(face_up=(SWAP_OVER_ONE,)), UseAbility(SWAP_OVER_ONE, 1))
    assert line(state) == (50, 60, 70, 40, 30, 20, 1)
    assert why_illegal(dealt(face_up=(10,)), UseAbility(10, 6)) is not None


def test_move_two_places_right() -> None:
    state = apply(dealt(face_up=(MOVE_RIGHT,)), UseAbility(MOVE_RIGHT, 2))
    assert line(state) == (70, 50, 40, 60, 30, 20, 1)
    assert why_illegal(dealt(face_up=(11,)), UseAbility(11, 6)) is not None


def test_move_two_places_left() -> None:
    state = apply(dealt(face_up=(MOVE_LEFT,)), UseAbility(MOVE_LEFT, 7))
    assert line(state) == (70, 60, 50, 40, 1, 30, 20)
    assert why_illegal(dealt(face_up=(12,)), UseAbility(12, 2)) is not None


@pytest.mark.parametrize(
    ("card", "position", "removed"),
    [(REMOVE_FIRST, 1, (70, 80)), (REMOVE_MIDDLE, 4, (40, 55)), (REMOVE_LAST, 7, (1, 2))],
)
def test_every_player_removes_the_wagon_at_a_position(
    card: int, position: int, removed: tuple[int, int]
) -> None:
    state = dealt(deck=(3, 4, 5), face_up=(card,))
    state = apply(state, UseAbility(card))
    assert state.discard[-2:] == removed and state.refilling == (0, 1)
    assert line(state)[position - 1] == 0 and line(state, 1)[position - 1] == 0
    assert str(next_step(state)) == f"Ana: draw a wagon for position {position}"
    assert "Replace the removed wagons first" in str(why_illegal(state, DrawCard(3, 1)))
    state = play(state, DrawReplacement(3), DrawReplacement(4))
    assert line(state)[position - 1] == 3 and line(state, 1)[position - 1] == 4
    assert state.refilling == () and state.current == 1 and state.deck == (5,)
    assert "No wagon is waiting" in str(why_illegal(state, DrawReplacement(5)))


def test_removal_takes_no_position() -> None:
    assert "Position 3" in str(why_illegal(dealt(face_up=(13,)), UseAbility(13, 3)))


def test_removal_starts_with_its_user_then_clockwise() -> None:
    names = ("Ana", "Ben", "Cleo")
    lines = (ANA_LINE, BEN_LINE, (84, 83, 82, 81, 79, 78, 77))
    state = apply(new_game(names, NO_OPENING, first=1), Deal(lines, (0,) * 63))
    state = replace(state, face_up=(REMOVE_FIRST,), deck=(0,) * 62)
    assert apply(state, UseAbility(REMOVE_FIRST)).refilling == (1, 2, 0)


def test_a_locked_wagon_is_spared_until_its_owners_next_turn() -> None:
    state = dealt(deck=(3, 4, 5, 6), face_up=(LOCK,))
    state = apply(state, UseAbility(LOCK, 7))
    assert state.players[0].locked == 1
    # Ben removes the last wagons: Ana's is locked, only Ben replaces his.
    state = replace(state, face_up=(REMOVE_LAST,))
    state = apply(state, UseAbility(REMOVE_LAST))
    assert state.refilling == (1,) and line(state)[6] == 1
    state = apply(state, DrawReplacement(3))
    assert state.current == 0 and state.players[0].locked == 0


def test_removal_with_every_wagon_locked_ends_the_action() -> None:
    state = replace(dealt(face_up=(REMOVE_LAST,)), players=tuple(
        replace(p, locked=p.line[6]) for p in dealt().players))
    state = apply(state, UseAbility(REMOVE_LAST))
    assert state.refilling == () and state.current == 1


def test_only_face_up_cards_can_be_used() -> None:
    state = dealt()
    assert "Wagon 9 is not face up" in str(why_illegal(state, UseAbility(9, 1)))
    assert ability_uses(state) == ()
    assert str(next_step(state)) == "Ana: draw a wagon"
    state = dealt(face_up=(SWAP_ADJACENT, REMOVE_FIRST))
    assert len(ability_uses(state)) == 7
    assert str(next_step(state)) == "Ana: draw a wagon or use a face-up card"


# --- Reshuffle ---------------------------------------------------------------------------------


def test_empty_deck_is_reshuffled_from_the_discard_pile() -> None:
    state = apply(dealt(deck=(3,)), DrawCard(3, 7))
    assert state.needs_reshuffle() and "shuffle" in str(next_step(state))
    assert "new deck first" in str(why_illegal(state, DrawCard(4, 1)))
    assert "discarded cards" in str(why_illegal(state, Reshuffle((4, 5))))
    assert "discarded cards" in str(why_illegal(state, Reshuffle((50,) + (0,) * 67)))
    fresh = tuple(reversed(state.discard))
    state = apply(state, Reshuffle(fresh))
    assert state.deck == fresh and state.discard == ()
    assert "not empty" in str(why_illegal(state, Reshuffle(())))


def test_table_reshuffle_with_unseen_cards() -> None:
    state = apply(dealt(deck=(3,)), DrawCard(3, 7))
    state = apply(state, Reshuffle((0,) * len(state.discard)))
    assert state.unseen() == frozenset(c for c in WAGONS if c not in (
        *line(state), *line(state, 1), *state.face_up))


def test_reshuffle_in_the_middle_of_replacements() -> None:
    state = apply(dealt(deck=(3,), face_up=(REMOVE_FIRST,)), UseAbility(REMOVE_FIRST))
    state = apply(state, DrawReplacement(3))
    assert state.needs_reshuffle() and state.refilling == (1,)
    state = apply(state, Reshuffle(tuple(sorted(state.discard))))
    state = apply(state, DrawReplacement(state.deck[0]))
    assert state.current == 1 and 0 not in line(state, 1)


# --- The win -----------------------------------------------------------------------------------


def test_an_ascending_line_wins_at_once() -> None:
    state = replace(dealt(deck=(84, 3)), players=(
        replace(dealt().players[0], line=(1, 20, 30, 40, 50, 60, 5)), dealt().players[1]))
    state = apply(state, DrawCard(84, 7))
    assert RULES.is_over(state) and state.winner == 0
    assert RULES.result(state).winners == ("Ana",)
    assert str(next_step(state)) == "Ana wins: the train is in order!"
    assert "The game is over" in str(why_illegal(state, DrawCard(3, 1)))


def test_a_replacement_can_make_another_player_win() -> None:
    base = dealt(deck=(84, 3), face_up=(REMOVE_LAST,))
    ben = replace(base.players[1], line=(2, 35, 45, 55, 65, 75, 80))
    state = apply(replace(base, players=(base.players[0], ben)), UseAbility(REMOVE_LAST))
    state = play(state, DrawReplacement(84))
    assert not RULES.is_over(state)  # Ana's own line is still out of order
    state = apply(state, DrawReplacement(3))
    assert state.winner is None and state.current == 1
    ben = replace(state.players[1], line=(2, 35, 45, 55, 65, 75, 0))
    state = replace(state, players=(state.players[0], ben), refilling=(1,), refill_position=7,
                    deck=(81,))
    assert apply(state, DrawReplacement(81)).winner == 1


# --- The tally ---------------------------------------------------------------------------------


def tally(*trains: list[Any]) -> dict[str, Any]:
    players = [{"name": name, "train": train} for name, train in zip("ABCD", trains)]
    return GAMES["game-of-trains"].tally({"game": "game-of-trains", "players": players}).to_json()


def test_tally_winners_are_the_ascending_lines() -> None:
    result = tally([12, 30, 41, 50, 66, 80, 84], [7, 6, 5, 4, 3, 2, 1])
    assert result["winners"] == ["A"]
    assert [(p["total"], p["breakdown"]) for p in result["players"]] == [
        (1, {"ascending": 1}), (0, {"ascending": 0})]
    assert tally([2, 1, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 14, 13])["winners"] == []
    assert tally([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])["winners"] == ["A", "B"]


@pytest.mark.parametrize(
    ("trains", "message"),
    [
        (([1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14]),
         "players[0].train: a train has 7 wagons (got 6)"),
        (([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 7]),
         "players[1].train[6]: wagon 7 is also in A's train"),
        (([1, 2, 3, 4, 5, 6, 7, 7], [8, 9, 10, 11, 12, 13, 14]), "players[0].train: a train"),
        # Wagons 85-88 are refused by the table's game, so by the tally too.
        (([12, 30, 41, 50, 66, 80, 85], [1, 2, 3, 4, 5, 6, 7]),
         "players[0].train[6]: wagons are numbered 1 to 84"),
        (([12, 30, 41, 50, 66, 80, 88], [1, 2, 3, 4, 5, 6, 7]),
         "players[0].train[6]: wagons are numbered 1 to 84"),
        (([0, 30, 41, 50, 66, 80, 84], [1, 2, 3, 4, 5, 6, 7]),
         "players[0].train[0]: wagons are numbered 1 to 84"),
        (([0, 30, 41, 50, 66, 80, 81], [1, 2, 3, 4, 5, 6, 7]), "players[0].train[0]: wagons"),
        ((["1", 30, 41, 50, 66, 80, 81], [1, 2, 3, 4, 5, 6, 7]), "players[0].train[0]: wagons"),
        (([1, 2, 3, 4, 5, 6, 7],), "players: The Game of Trains is for 2 to 4 players"),
    ],
)
def test_tally_refusals(trains: tuple[list[Any], ...], message: str) -> None:
    with pytest.raises(InvalidInput) as error:
        tally(*trains)
    assert str(error.value).startswith(message)


def test_tally_needs_the_train() -> None:
    with pytest.raises(InvalidInput, match=r"players\[0\].train: is missing"):
        GAMES["game-of-trains"].tally({"players": [{"name": "A"}, {"name": "B"}]})


def test_registered() -> None:
    assert GAMES["game-of-trains"] is RULES and RULES.players == range(2, 5)
