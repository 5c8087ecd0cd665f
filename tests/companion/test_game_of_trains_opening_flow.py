"""The Game of Trains opening at the table, tap by tap (the publisher's rules, on by default).

The fact followed: "clockwise from the first, players draw 1, 2, 3 and 4 cards (first, second,
third, fourth player); then, clockwise from the first, each keeps one of the drawn cards to
replace a wagon of their line and discards the others face down; the replaced wagons go face up
beside the draw pile (two equal abilities there are discarded at once)."
"""

from __future__ import annotations

from companion.flows.inputs import Hold, Press, Tap
from companion.games.game_of_trains.flow import GameOfTrainsFlow
from companion.screens.model import Style
from companion.table.app import TableApp
from engine.games.game_of_trains.events import OpeningDraw, OpeningKeep
from engine.games.game_of_trains.state import Phase

from ..engine.trains_box import TEST_BOX
from .test_game_of_trains_flow import NAMES, Clock, deal, make_app, state, uid

LINES = ((84, 70, 60, 50, 40, 30, 20), (1, 2, 3, 4, 5, 6, 83), (82, 81, 79, 78, 77, 76, 75))


def opened(players: int = 3) -> tuple[TableApp, Clock]:
    """The deal tapped, with every wagon's ability given (the tests of learning them at the
    table are in test_game_of_trains_learning)."""
    app, _, clock = make_app(NAMES[:players], abilities=TEST_BOX)
    deal(app, LINES[:players])
    clock.now += 3
    return app, clock


def refused(app: TableApp, clock: Clock) -> str:
    screen = app.screen()
    assert screen.style is Style.REFUSAL, screen
    clock.now += 3
    return screen.title


def test_each_player_taps_the_cards_drawn_one_two_then_three() -> None:
    """"clockwise from the first, players draw 1, 2, 3 and 4 cards"."""
    app, clock = opened()
    screen = app.screen()
    assert screen.title == "ANA: draw 1 card" and screen.top == "Opening · Deck 63"
    # Nothing to take back yet: a click of back does nothing, a hold undoes.
    assert screen.progress == (0, 1) and screen.hints == "tap:wagon  hold:undo"
    app.handle(Tap(uid(10)))
    assert app.session.history()[-1][0] == OpeningDraw(0, (10,))
    assert app.screen().title == "BEN: draw 2 cards"
    app.handle(Tap(uid(11)))
    assert app.screen().body == ("11",) and app.screen().progress == (1, 2)
    assert app.screen().hints == "tap:wagon back:cancel"
    app.handle(Tap(uid(11)))
    assert refused(app, clock) == "11 already counted"
    app.handle(Press("back"))                      # takes back the card tapped
    assert app.screen().progress == (0, 2)
    app.handle(Tap(uid(12)))
    app.handle(Tap(uid(11)))
    assert app.session.history()[-1][0] == OpeningDraw(1, (12, 11))
    assert app.screen().title == "CLEO: draw 3 cards"
    app.handle(Tap(uid(84)))                       # a wagon of a line: only said where it is
    assert app.screen().title == "84: Ana, place 1"
    clock.now += 3
    app.handle(Tap(uid(10)))                       # a card Ana drew
    assert app.screen().title == "10: drawn by Ana"
    clock.now += 3
    for card in (13, 14, 15):
        app.handle(Tap(uid(card)))
    table = state(app)
    assert [p.drawn for p in table.players] == [(10,), (12, 11), (13, 14, 15)]
    assert table.phase is Phase.OPENING_KEEP and len(table.deck) == 63 - 6


def test_each_keeps_one_in_place_of_a_wagon_and_the_others_are_discarded() -> None:
    """"then, clockwise from the first, each keeps one of the drawn cards to replace a wagon of
    their line and discards the others face down; the replaced wagons go face up"."""
    app, clock = opened()
    for card in (10, 11, 12, 13, 14, 15):
        app.handle(Tap(uid(card)))
    screen = app.screen()
    assert screen.title == "ANA: keep one" and screen.body[0] == "Drew: 10"
    app.handle(Tap(uid(11)))                       # Ben's card
    assert refused(app, clock) == "Ana did not draw wagon 11"
    app.handle(Tap(uid(83)))                       # Ben's wagon: not his turn to keep
    assert refused(app, clock) == "Ana keeps a card now"
    app.handle(Tap(uid(10)))
    screen = app.screen()
    assert screen.title == "Keep 10" and screen.menu is not None
    assert screen.menu.items[0] == "Replace 84 (1)"
    app.handle(Tap(uid(84)))
    assert app.screen().title == "Ana: 10 in, 84 face up"
    assert app.session.history()[-1][0] == OpeningKeep(0, 10, 1)
    clock.now += 3
    app.handle(Tap(uid(6)))                        # Ben: the wagon first, then the card kept
    assert app.screen().title == "Replace 6"
    app.handle(Tap(uid(12)))
    assert app.session.history()[-1][0] == OpeningKeep(1, 12, 2)
    clock.now += 3
    app.handle(Tap(uid(14)))                       # Cleo: the card, then the place by buttons
    app.handle(Press("down"))
    app.handle(Press("ok"))
    assert app.session.history()[-1][0] == OpeningKeep(2, 14, 2)
    table = state(app)
    assert table.players[0].line == (10, 70, 60, 50, 40, 30, 20)
    assert table.players[1].line == (83, 12, 5, 4, 3, 2, 1)
    assert table.players[2].line == (82, 14, 79, 78, 77, 76, 75)
    assert table.discard == (11, 13, 15) and table.face_up == (84, 6, 81)
    assert table.phase is Phase.PLAY and table.current == 0
    clock.now += 3
    assert app.screen().title == "Tap the wagon drawn"
    assert app.screen().top == "ANA · T1 · Deck 57"


def test_two_equal_abilities_going_face_up_are_discarded_and_said_so() -> None:
    """"the replaced wagons go face up beside the draw pile (two equal abilities there are
    discarded at once)"."""
    assert TEST_BOX[84 - 1] is TEST_BOX[4 - 1]
    app, clock = opened(players=2)
    for card in (10, 11, 12, 10, 84):
        app.handle(Tap(uid(card)))
    clock.now += 3
    app.handle(Tap(uid(11)))
    app.handle(Tap(uid(4)))
    assert app.screen().title == "Ben: 4 and 84 discarded"
    table = state(app)
    assert table.face_up == () and table.discard == (12, 84, 4)


def test_undo_and_restart_in_the_middle_of_the_opening() -> None:
    app, clock = opened(players=2)
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(11)))
    restarted, _, _ = make_app(session=app.session)  # type: ignore[arg-type]
    assert restarted.screen().body == ("11",)    # the draw being tapped survives
    restarted.handle(Tap(uid(12)))
    restarted.handle(Tap(uid(10)))
    again, _, clock = make_app(session=app.session)  # type: ignore[arg-type]
    assert again.screen().title == "Keep 10"      # so does the card kept
    again.handle(Hold("back"))
    again.handle(Press("ok"))                     # undo takes Ben's draw back
    assert state(again).phase is Phase.OPENING_DRAW and state(again).current == 1
    clock.now += 3
    assert again.screen().title == "BEN: draw 2 cards"
    assert again.screen().progress == (0, 2)


def test_a_broken_opening_draft_starts_the_step_afresh() -> None:
    app, _ = opened(players=2)
    app.session.draft = {"drawing": [[99, "x"]], "kept": 5}
    restarted, _, _ = make_app(session=app.session)  # type: ignore[arg-type]
    assert restarted.screen().title == "ANA: draw 1 card"
    assert restarted.screen().progress == (0, 1)


def test_the_opening_reads_in_french() -> None:
    app, clock = opened(players=2)
    app.flow = GameOfTrainsFlow("fr")
    assert app.screen().title == "ANA : piochez 1 carte"
    assert app.screen().top == "Début · pioche 70"
    app.handle(Tap(uid(10)))
    assert app.screen().title == "BEN : piochez 2 cartes"
    for card in (11, 12):
        app.handle(Tap(uid(card)))
    assert app.screen().title == "ANA : gardez-en une"
    app.handle(Tap(uid(11)))
    assert refused(app, clock) == "Ana n'a pas pioché le wagon 11"
