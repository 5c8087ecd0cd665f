""""Undo the last move?" says which move, in English and French: the claim of Ticket to Ride
with its player and route, the wagons of Freight Train with who took them."""

from __future__ import annotations

from typing import Any

import pytest

from companion.flows.inputs import Hold, Press
from companion.games.freight_train.flow import FreightTrainFlow
from companion.table.undo_words import undo_question
from engine.games.freight_train.events import TakeFromMainYard
from engine.games.ticket_to_ride.events import ClaimRoute

from .tour import Step, tour


def asked(step: Step) -> str:
    """The undo question's title at this step, the question then declined."""
    step.app.handle(Hold("back"))
    title = step.app.screen().title
    step.app.handle(Press("back"))
    assert step.app.question is None
    return title


def first_asked(game: str, language: str, kind: type) -> tuple[Step, str]:
    found: list[tuple[Step, str]] = []

    def see(step: Step) -> None:
        if not found and step.moved and isinstance(step.app.session.history()[-1][0], kind):
            found.append((step, asked(step)))

    for _screen in tour(game, language, see=see):
        if found:
            break
    assert found, f"no {kind.__name__} in the game"
    return found[0]


@pytest.mark.parametrize(("language", "template"), [
    ("en", "Undo: {name} claims {a} – {b}?"), ("fr", "Annuler : {name} prend {a} – {b} ?")])
def test_undo_names_the_route_claimed_and_its_player(language: str, template: str) -> None:
    step, title = first_asked("ticket-to-ride", language, ClaimRoute)
    event = step.app.session.history()[-1][0]
    assert isinstance(event, ClaimRoute)
    state = step.after
    a, b = state.board.track(event.track).ends
    assert title == template.format(name=state.players[state.owners[event.track]].name, a=a, b=b)


@pytest.mark.parametrize(("language", "template"), [
    ("en", "Undo: {name} takes {wagons}?"), ("fr", "Annuler : {name} prend {wagons} ?")])
def test_undo_names_the_wagons_taken_and_who_took_them(language: str, template: str) -> None:
    step, title = first_asked("freight-train", language, TakeFromMainYard)
    event = step.app.session.history()[-1][0]
    assert isinstance(event, TakeFromMainYard)
    flow = step.app.flow
    assert isinstance(flow, FreightTrainFlow)
    wagons = ", ".join(flow.words.wagon(wagon) for wagon in event.wagons)
    assert title == template.format(name=step.before.players[step.before.current].name,
                                    wagons=wagons)


def test_a_move_no_game_names_is_the_last_move() -> None:
    class Silent:
        """A flow that names no move."""

    history: list[tuple[Any, tuple[str, ...]]] = [(object(), ())]
    assert undo_question(Silent(), None, history, str, "ok") == ("Undo the last move?", ())
    assert undo_question(Silent(), None, [], str, "ok") == ("Undo the last move?", ())


def test_a_move_too_long_for_the_title_is_said_under_it() -> None:
    class Wordy:
        def move_words(self, state: Any, event: Any) -> str:
            return "Ana moves Container, Coal, Hopper, Livestock, Tank"

    history: list[tuple[Any, tuple[str, ...]]] = [(object(), ())]
    assert undo_question(Wordy(), None, history, str, "ok:yes  back:no") == (
        "Undo the last move?", ("Ana moves Container, Coal, Hopper, Livestock, Tank",))
