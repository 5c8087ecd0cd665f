"""The Game of Trains: abilities the table learns from the cards instead of guessing them.

The text: "Il y a 8 capacités différentes, qui sont expliquées dans les règles" (it lists
none), and "Si à un moment donné il y a deux cartes avec des capacités identiques à côté de la
pioche, ces deux cartes sont défaussées !"
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalEvent
from engine.games.game_of_trains import RULES, Ability, ability_uses, next_step, why_illegal
from engine.games.game_of_trains.cards import WAGONS
from engine.games.game_of_trains.events import (
    Deal,
    DrawCard,
    GameOfTrainsEvent,
    LearnAbility,
    UseAbility,
)
from engine.games.game_of_trains.rules import apply, new_game
from engine.games.game_of_trains.state import GameOfTrainsState, Settings

from .trains_box import TEST_BOX

ANA_LINE = (70, 60, 50, 40, 30, 20, 1)
BEN_LINE = (80, 75, 65, 55, 45, 35, 2)


def dealt(settings: Settings | None = None, deck: tuple[int, ...] = (3, 4, 5, 6)
          ) -> GameOfTrainsState:
    """Ana and Ben without the opening; `deck` on top, nothing known unless `settings` say."""
    settings = replace(settings or Settings(), opening=False)
    rest = tuple(card for card in WAGONS if card not in ANA_LINE + BEN_LINE + deck)
    return apply(new_game(("Ana", "Ben"), settings), Deal((ANA_LINE, BEN_LINE), deck + rest))


def play(state: GameOfTrainsState, *events: GameOfTrainsEvent) -> GameOfTrainsState:
    for event in events:
        state = apply(state, event)
    return state


def test_a_card_face_up_with_an_unknown_ability_cannot_be_used_until_learned() -> None:
    state = apply(dealt(), DrawCard(3, 7))                 # Ana's 1 goes face up
    assert state.face_up == (1,) and state.unknown_face_up() == (1,)
    assert str(next_step(state)) == "Which ability does wagon 1 have?"
    assert str(why_illegal(state, UseAbility(1, 1))) == "Say wagon 1's ability first"
    assert ability_uses(state) == ()
    state = apply(state, LearnAbility(1, Ability.SWAP_ADJACENT))
    assert state.ability(1) is Ability.SWAP_ADJACENT and state.unknown_face_up() == ()
    assert len(ability_uses(state)) == 6
    assert apply(state, UseAbility(1, 1)).players[1].line[:2] == (75, 80)


def test_no_pair_is_discarded_while_an_ability_is_unknown() -> None:
    state = play(dealt(), DrawCard(3, 7), DrawCard(4, 7))  # Ana's 1, then Ben's 2 face up
    assert state.face_up == (1, 2) and state.discard == ()
    state = apply(state, LearnAbility(1, Ability.LOCK))
    assert state.face_up == (1, 2) and state.discard == ()  # 2 may be anything yet
    before = state
    state = apply(state, LearnAbility(2, Ability.LOCK))     # now a known pair: both go
    assert state.face_up == () and state.discard[-2:] == (1, 2)
    assert before.face_up == (1, 2)


def test_a_known_card_laid_beside_its_known_twin_is_discarded_at_once() -> None:
    state = play(dealt(), DrawCard(3, 7), LearnAbility(1, Ability.LOCK),
                 LearnAbility(2, Ability.LOCK))             # 2 learned before it is seen
    state = apply(state, DrawCard(4, 7))                    # Ben's 2 meets the 1
    assert state.face_up == () and state.discard[-2:] == (1, 2)


def test_different_abilities_stay_face_up() -> None:
    state = play(dealt(), DrawCard(3, 7), DrawCard(4, 7), LearnAbility(1, Ability.LOCK),
                 LearnAbility(2, Ability.REMOVE_LAST))
    assert state.face_up == (1, 2) and state.discard == ()


def test_an_ability_is_learned_once_and_only_for_a_wagon() -> None:
    state = apply(dealt(), LearnAbility(12, Ability.LOCK))
    assert str(why_illegal(state, LearnAbility(12, Ability.LOCK))) == (
        "Wagon 12's ability is known already")
    assert "not 85" in str(why_illegal(state, LearnAbility(85, Ability.LOCK)))
    assert LearnAbility.from_json({"kind": "learn-ability", "card": 12, "ability": "lock"}) \
        == LearnAbility(12, Ability.LOCK)
    with pytest.raises(ValueError):
        LearnAbility.from_json({"kind": "learn-ability", "card": 12, "ability": "fly"})


def test_abilities_given_before_the_game_are_known_from_the_start() -> None:
    remembered = new_game(("Ana", "Ben"), {"known": {"12": "lock", "40": "swap-adjacent"}})
    assert remembered.ability(12) is Ability.LOCK and remembered.ability(40) is not None
    assert remembered.ability(13) is None
    whole = new_game(("Ana", "Ben"), Settings(abilities=TEST_BOX, known={9: Ability.LOCK}))
    assert whole.ability(9) is Ability.SWAP_ADJACENT  # the configured deck comes first
    assert None not in whole.abilities
    with pytest.raises(IllegalEvent, match="not 90"):
        new_game(("Ana", "Ben"), {"known": {"90": "lock"}})
    with pytest.raises(IllegalEvent, match="Unknown settings"):
        new_game(("Ana", "Ben"), {"known": {"12": "fly"}})


def test_a_game_replayed_from_its_events_learns_the_same() -> None:
    start = dealt()
    events = [DrawCard(3, 7), LearnAbility(1, Ability.LOCK), DrawCard(4, 7),
              LearnAbility(2, Ability.LOCK)]
    assert RULES.replay(start, events) == play(start, *events)
