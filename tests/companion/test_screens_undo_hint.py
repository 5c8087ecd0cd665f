"""The turn screen says every gesture that works on it: back held (undo) once a move is in the
history, in English and French."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.flows.inputs import Hold, Press
from companion.screens.model import Screen, Style
from companion.table.questions import UndoQuestion

from .tour import Step, tour

UNDO = {"en": "hold:undo", "fr": "tenir:annuler"}
#: Games whose turn screen has room for it beside its other gestures (Game of Trains and Off
#: the Rails' turn screens fill their hint line with what they already say).
GAMES = ("freight-train", "ticket-to-ride", "whistle-stop")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_turn_screen_names_undo_once_there_is_a_move_to_undo(game: str,
                                                                 language: str) -> None:
    after_moves: Counter[str] = Counter()
    checked: list[Screen] = []

    def see(step: Step) -> None:
        app, shown = step.app, step.screens[-1]
        if not step.moved or app.over or not app.session.history() or app.question:
            return
        if shown.style is Style.PROMPT and shown.menu is None and shown.beneath is None:
            after_moves[shown.hints] += 1
            if UNDO[language] in shown.hints and len(checked) < 3:
                checked.append(shown)
                app.handle(Hold("back"))  # the gesture the hint names works here
                assert isinstance(app.question, UndoQuestion)
                app.handle(Press("back"))
                assert app.question is None and app.screen() == shown

    for _screen in tour(game, language, see=see):
        pass
    turn_hints, moves = after_moves.most_common(1)[0]
    assert moves > 10
    assert UNDO[language] in turn_hints, after_moves
    assert checked
