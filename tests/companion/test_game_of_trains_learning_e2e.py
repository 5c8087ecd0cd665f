"""Two Game of Trains games on the whole appliance: abilities learned as the cards appear in
the first, remembered in the state folder, never asked again in the second."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.flows.automaton import enter_move, physical_moves
from companion.flows.inputs import Input, Press, Tap
from companion.games import autopilot
from companion.games.game_of_trains.ui import Mode
from companion.screens.model import Style
from companion.state.abilities import remembered_abilities
from companion.table.build import Table
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.events import LearnAbility
from engine.games.game_of_trains.simulate import SIMULATED_BOX
from engine.games.game_of_trains.state import GameOfTrainsState

from .hands import Hands, simulated_table

GAME = "game-of-trains"
NAMES = ("Ana", "Ben")


def play_through(table: Table, seed: int) -> tuple[list[int], set[int]]:
    """Enter the simulated players' whole game with the hands; return the wagons asked and
    every wagon that lay face up.

    Whenever the table asks a card's ability, the hands first try to go on without answering
    (tap the card to use it, tap another, press back): the state must not change."""
    hands = Hands(table)
    app = table.app
    session = app.session
    play = table.journal.unfinished()
    assert play is not None
    options: dict[str, Any] = dict(play.setup.get("options") or {})
    asked: list[int] = []
    seen: set[int] = set()

    def game() -> GameOfTrainsState:
        result: GameOfTrainsState = session.state
        return result

    def send(item: Input) -> None:
        before, count = game(), session.event_count
        if app.flow.current_mode(before) is Mode.LEARN and before.unknown_face_up()[0] \
                not in asked:
            card = before.unknown_face_up()[0]
            asked.append(card)
            pending = len(before.face_up)
            for probe in (str(card), str(next(c for c in before.players[0].line if c))):
                hands.tap_card("wagon", probe)
                assert app.screen().style is Style.REFUSAL
            hands.press("back")
            # Nothing discarded, nothing used, nothing moved until the answer.
            assert game() == before and session.event_count == count
            assert len(game().face_up) == pending
        if isinstance(item, Tap):
            hands.tap(item.uid)
        else:
            assert isinstance(item, Press)
            hands.press(item.button)

    for goal in physical_moves(RULES, NAMES, seed, options):
        enter_move(goal,
                   lambda g: autopilot.next_input(
                       app.flow, game(), g,
                       lambda kind, value: hands.deck.pick(kind, value, app.flow.in_play())),
                   send, lambda: session.event_count)
        if isinstance(goal, LearnAbility):
            assert game().ability(goal.card) is goal.ability
        seen |= set(game().face_up)
    assert RULES.is_over(game())
    return asked, seen


def test_abilities_are_learned_as_cards_appear_and_remembered_for_the_next_game(
        tmp_path: Path) -> None:
    with simulated_table(tmp_path, GAME, NAMES, "en") as table:
        asked, _ = play_through(table, seed=6)
        history = [event for event, _ in table.app.session.history()]
    learned = {e.card: e.ability for e in history if isinstance(e, LearnAbility)}
    assert asked and set(asked) == set(learned)
    assert learned == {card: SIMULATED_BOX[card - 1] for card in learned}
    assert remembered_abilities(tmp_path) == dict(sorted(learned.items()))

    with simulated_table(tmp_path, GAME, NAMES, "en") as table:
        start = table.app.session.state
        assert {card: start.ability(card) for card in learned} == learned
        asked_again, seen_again = play_through(table, seed=6)
    # Cards learned in the first game came face up again and were not asked about.
    assert seen_again & set(learned) and not set(asked_again) & set(learned)
    assert set(remembered_abilities(tmp_path)) == set(learned) | set(asked_again)
