"""A second card that may not be there: the deck and discards are empty and the face-up cards
are unseen, so only the players can say that none may be taken (all locomotives)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalEvent
from engine.games.ticket_to_ride.events import DrawCard, NoCardToTake, TicketToRideEvent
from engine.games.ticket_to_ride.rules import DECK, apply, second_card_unsure

from .test_ticket_to_ride_rules import L, playing

UNSEEN = "?"


def test_the_players_say_no_second_card_is_there_and_the_turn_ends() -> None:
    state = playing(deck=(), discard=(), display=(UNSEEN, UNSEEN, UNSEEN))
    state = apply(state, DrawCard(0, "red"))
    assert state.current == 0 and state.drawn == 1  # the companion cannot tell
    assert second_card_unsure(state)
    state = apply(state, NoCardToTake())
    assert state.current == 1 and state.drawn == 0
    assert state.players[0].hand.count("red") == 1 and state.display == (UNSEEN, UNSEEN)


def test_a_known_locomotive_face_up_leaves_the_question_to_the_unseen_cards() -> None:
    state = playing(deck=(), discard=(), display=(L, UNSEEN, "red"))
    state = apply(state, DrawCard(2, "red"))
    assert second_card_unsure(state)
    assert apply(state, NoCardToTake()).current == 1


@pytest.mark.parametrize("changes", [
    {"deck": ("blue",), "discard": ()},            # a blind card is always a second card
    {"deck": (), "discard": ()},                   # a red card the companion saw face up
    {"deck": (UNSEEN, UNSEEN), "discard": ("green",)},
])
def test_refused_when_the_companion_knows_a_second_card_is_there(changes: dict[str, object]
                                                                  ) -> None:
    state = playing(display=("red", UNSEEN, "red", UNSEEN, UNSEEN), **changes)
    state = apply(state, DrawCard(0, "red"))
    assert state.drawn == 1 and not second_card_unsure(state)
    with pytest.raises(IllegalEvent, match="A second card can still be taken"):
        apply(state, NoCardToTake())


def test_refused_before_the_first_card() -> None:
    state = playing(deck=(), discard=(), display=(UNSEEN, UNSEEN))
    assert not second_card_unsure(state)
    with pytest.raises(IllegalEvent, match="Draw a card first"):
        apply(state, NoCardToTake())


def test_when_the_companion_sees_only_locomotives_the_turn_ends_by_itself() -> None:
    state = playing(deck=(), discard=(), display=(L, "red", L))
    state = apply(state, DrawCard(1, "red"))
    assert state.current == 1 and not second_card_unsure(state)
    with pytest.raises(IllegalEvent):
        apply(state, NoCardToTake())


def test_a_journal_reads_the_event_back() -> None:
    event = NoCardToTake()
    assert event.to_json() == {"kind": "no-card-to-take"}
    assert TicketToRideEvent.from_json(event.to_json()) == event


def test_the_turn_ends_after_a_blind_card_that_empties_the_deck() -> None:
    state = playing(deck=(UNSEEN,), discard=(), display=(UNSEEN, UNSEEN))
    state = apply(state, DrawCard(DECK, "blue"))
    assert state.drawn == 1 and second_card_unsure(state)
    assert apply(state, NoCardToTake()).current == 1
