"""Freight Train "Refill a lane" at the table: the players check the board, the table asks.

"Au début de sa phase, si deux voies ou plus sont complètement vides dans la zone de fret
principale, alors le joueur a la possibilité de remplir une, et une seule voie." The table
cannot see the lanes: it never offers or refuses a refill on its own idea of them.
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.inputs import Press, Tap
from companion.games.freight_train.flow import FreightTrainFlow
from companion.games.freight_train.ui import Action
from companion.screens.model import Style
from companion.screens.render import cuts
from companion.table.app import TableApp
from engine.games.freight_train.events import RefillLane
from engine.games.freight_train.state import FreightTrainState, Phase

from .test_freight_train_flow import Clock, make_app


def at_play(lanes: tuple[int, ...]) -> tuple[TableApp, Clock]:
    """Ana to play, the record of the main yard's lanes holding `lanes` wagons."""
    app, _, clock = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    clock.now += 3
    state: FreightTrainState = app.session.state
    main = tuple(lane[:count] for lane, count in zip(state.main_yard, lanes))
    app.session.state = replace(state, main_yard=main)  # type: ignore[assignment]
    return app, clock


def open_refill(app: TableApp) -> None:
    app.handle(Press("ok"))                            # the menu
    menu = app.screen().menu
    assert menu is not None and "Refill a lane" in menu.items
    for _ in range(menu.items.index("Refill a lane")):
        app.handle(Press("down"))
    app.handle(Press("ok"))


def test_the_players_are_asked_and_a_no_changes_nothing() -> None:
    # Two empty lanes as recorded: still the players are asked, never told.
    app, clock = at_play((5, 5, 3, 0, 0))
    before = app.session.state
    open_refill(app)
    screen = app.screen()
    assert screen.title == "Two lanes empty?" and screen.style is Style.PROMPT
    assert screen.hints == "ok:refilled  back:no"
    assert screen.body == ("If so, draw 5 wagons.", "Departure? Tap it.")
    app.handle(Tap("0A000000"))                        # a wagon: answer first
    assert app.screen().style is Style.REFUSAL
    clock.now += 3
    app.handle(Press("back"))
    assert app.screen().title == "No refill: lanes not empty"
    assert app.session.state == before and len(app.session.history()) == 1  # the deal only
    clock.now += 3
    assert app.screen().title == "Tap 3 wagons"


def test_a_yes_offers_the_refill_whatever_the_record_of_the_lanes_says() -> None:
    # 15 wagons, spread over all five lanes in the record (no lane empty there).
    app, clock = at_play((3, 3, 3, 3, 3))
    open_refill(app)
    app.handle(Press("ok"))                            # yes: two lanes were empty, refilled
    event, _ = app.session.history()[-1]
    assert isinstance(event, RefillLane) and event.checked and len(event.drawn) == 5
    state: FreightTrainState = app.session.state
    assert state.wagons_in_main_yard() == 20 and state.refilled_this_phase


def test_no_refill_is_offered_when_the_count_rules_it_out() -> None:
    app, clock = at_play((5, 5, 5, 1, 0))             # 16 wagons: two lanes cannot be empty
    app.handle(Press("ok"))
    menu = app.screen().menu
    assert menu is not None and "Refill a lane" not in menu.items
    app.handle(Press("back"))
    app.handle(Tap("DE9A0000"))                        # the departure card needs a refill
    assert app.screen().title == "Departure comes in a refill"


def test_the_departure_card_tapped_starts_the_check_then_the_refill() -> None:
    app, clock = at_play((4, 4, 4, 3, 0))
    app.handle(Tap("DE9A0000"))
    assert app.screen().title == "Two lanes empty?"
    assert app.screen().body[-1] == "Departure card drawn!"
    app.handle(Press("ok"))
    event, _ = app.session.history()[-1]
    assert isinstance(event, RefillLane) and "departure" in event.drawn



def test_the_check_is_said_whole_in_both_languages() -> None:
    for language, title in (("en", "Two lanes empty?"), ("fr", "Deux voies vides ?")):
        app, clock = at_play((5, 5, 3, 0, 0))
        app.flow = FreightTrainFlow(language)
        app.handle(Press("ok"))
        for _ in range(app.flow.actions(app.session.state).index(Action.REFILL)):  # type: ignore[attr-defined]
            app.handle(Press("down"))
        app.handle(Press("ok"))
        screen = app.screen()
        assert screen.title == title and cuts(screen) == []
        assert screen.body[-1] == app.flow.words.departure_line(False)
        app.handle(Tap("DE9A0000"))                    # the departure card drawn in the refill
        clock.now += 30                                # past its announcement
        screen = app.screen()
        assert screen.body[-1] == app.flow.words.departure_line(True) and cuts(screen) == []
