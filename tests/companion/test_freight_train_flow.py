"""Freight Train at the table, input by input, without hardware."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows.automaton import Deck, enter_move, physical_moves
from companion.flows.base import Reaction
from companion.flows.inputs import Hold, Input, Press, Tap
from companion.games import autopilot
from companion.games.freight_train.flow import FreightTrainFlow
from companion.screens.model import Screen, Style
from companion.screens.render import cuts, render
from companion.table.app import TableApp
from engine.events import Event
from engine.games.freight_train import RULES
from engine.games.freight_train.cards import WAGON_TYPES
from engine.games.freight_train.events import (
    BringLocomotive,
    MoveFromYard,
    Rearrange,
    TakeFromMainYard,
)
from engine.games.freight_train.state import YARD_TARGETS, Phase, Settings

from .fakes import Card, MemoryRegistry, MemorySession

NAMES = ("Ana", "Ben", "Cleo")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def freight_deck() -> tuple[Deck, dict[str, Card]]:
    uids: dict[tuple[str, str], list[str]] = {}
    cards: dict[str, Card] = {}
    for index, wagon in enumerate(WAGON_TYPES):
        uids[("wagon", wagon)] = [f"0A{index:02X}{copy:02X}00" for copy in range(16)]
        for uid in uids[("wagon", wagon)]:
            cards[uid] = Card("freight-train", "wagon", wagon)
    uids[("departure", "")] = ["DE9A0000"]
    cards["DE9A0000"] = Card("freight-train", "departure")
    return Deck(uids), cards


def make_app(names: tuple[str, ...] = NAMES, **options: Any) -> tuple[TableApp, Deck, Clock]:
    deck, cards = freight_deck()
    clock = Clock()
    app = TableApp(
        session=MemorySession(RULES, names, **options),
        flow=FreightTrainFlow("en"),
        registry=MemoryRegistry(cards),
        gettext=lambda text: text,
        explain=str,
        enrollable=lambda: [("Coal", Card("freight-train", "wagon", "coal"))],
        clock=clock,
    )
    return app, deck, clock


def play(app: TableApp, deck: Deck, seed: int) -> int:
    """Enter a whole simulated game into the app; return the inputs it took."""
    refusals = []

    def send(item: Input) -> None:
        app.handle(item)
        if app.flash and app.flash.screen.style is Style.REFUSAL:
            refusals.append(app.flash.screen.title)

    inputs = 0
    for goal in physical_moves(RULES, [p.name for p in app.session.state.players], seed):
        inputs += enter_move(
            goal,
            lambda g: autopilot.next_input(app.flow, app.session.state, g,
                                          lambda kind, value: deck.pick(kind, value,
                                                                        app.flow.in_play())),
            send,
            lambda: len(app.session.history()),
        )
        assert not refusals, refusals
    return inputs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_entered_by_taps_and_presses_scores_like_the_real_one(seed: int) -> None:
    app, deck, _ = make_app()
    play(app, deck, seed)
    table = app.session.state
    assert table.phase is Phase.OVER
    real = RULES.replay(RULES.new_game(NAMES), physical_moves(RULES, NAMES, seed))
    assert RULES.result(table) == RULES.result(real)
    # the players chose other orders of entry than the take's, and the table followed
    assert any(event.entry_order for event, _ in app.session.history()
               if isinstance(event, TakeFromMainYard))
    assert [p.yard_size() for p in table.players] == [p.yard_size() for p in real.players]


def test_a_tapped_wagon_asks_where_it_goes_and_counts_it() -> None:
    app, deck, clock = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))             # the setup pages, then the deal
    assert app.screen().title == "Day 1 begins"
    clock.now += 3                          # the notice goes by itself
    assert app.screen().title == "Tap 3 wagons" and app.screen().top.startswith("ANA · D1 · R1")
    coal = deck.uids[("wagon", "coal")]
    app.handle(Tap(coal[0]))
    screen = app.screen()
    assert screen.title == "Coal" and screen.menu is not None
    assert screen.menu.items[0] == "Train (0)"  # the title names the wagon
    app.handle(Press("ok"))
    assert app.screen().style is Style.NOTICE and "(1)" in app.screen().title
    clock.now += 3
    assert app.screen().title == "Wagon 2 of 3"
    app.handle(Tap(coal[0]))
    assert app.screen().style is Style.REFUSAL and "already counted" in app.screen().title
    app.handle(Tap(coal[1]))
    app.handle(Press("ok"))
    app.handle(Tap(coal[2]))
    app.handle(Press("ok"))
    ana = app.session.state.players[0]
    assert ana.trains == {"coal": 3}
    assert app.session.state.current == 1


def test_undo_asks_first_and_restores_the_counted_cards() -> None:
    app, deck, clock = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    coal = deck.uids[("wagon", "coal")]
    for uid in coal[:3]:
        app.handle(Tap(uid))
        app.handle(Press("ok"))
    moves = len(app.session.history())
    app.handle(Hold("back"))
    assert app.screen().style is Style.CONFIRM
    app.handle(Press("back"))                 # no: nothing changes
    assert len(app.session.history()) == moves
    app.handle(Hold("back"))
    app.handle(Press("ok"))
    assert len(app.session.history()) == moves - 1
    assert app.session.state.players[0].trains == {}
    clock.now += 3
    app.handle(Tap(coal[0]))                  # counted no more
    assert app.screen().style is not Style.REFUSAL


def test_unknown_tag_offers_to_enrol_it() -> None:
    app, _, _ = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    app.handle(Tap("12345678"))
    assert app.screen().style is Style.CONFIRM and "12345678" in app.screen().top
    app.handle(Press("ok"))
    assert app.registry.lookup("12345678") == Card("freight-train", "wagon", "coal")


def test_refusals_change_nothing() -> None:
    app, deck, _ = make_app()
    app.handle(Tap(deck.uids[("wagon", "coal")][0]))  # during setup
    assert app.screen().style is Style.REFUSAL
    assert app.session.history() == []
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    app.handle(Tap("DE9A0000"))                        # no two empty lanes yet
    assert "refill" in app.screen().title.lower()


def test_an_illegal_move_is_explained_not_raised() -> None:
    app, _, _ = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    app._react(Reaction(TakeFromMainYard((9, 9, 9), ("coal",) * 3, ("train",) * 3)))
    assert app.screen().style is Style.REFUSAL
    assert app.screen().title == "There is no lane 10"
    assert len(app.session.history()) == 1


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_every_player_count_can_be_followed_at_the_table(players: int, seed: int) -> None:
    names = ("Ana", "Ben", "Cleo", "Dan", "Eve")[:players]
    app, deck, _ = make_app(names)
    play(app, deck, seed)
    real = RULES.replay(RULES.new_game(names), physical_moves(RULES, names, seed))
    assert RULES.result(app.session.state) == RULES.result(real)


def test_after_the_final_count_holding_ok_opens_a_new_game() -> None:
    app, deck, _ = make_app()
    play(app, deck, 2)
    app.new_game = lambda: "the lobby"
    app.handle(Hold("ok"))
    assert app.next_app == "the lobby"


# --- The order wagons enter a yard track -------------------------------------------------------


def ready(app: TableApp, clock: Clock) -> None:
    """Past the day's setup pages and the deal, with the notice gone: Ana to play."""
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))
    clock.now += 3


def take_to(app: TableApp, clock: Clock, uid: str, target: str) -> None:
    """Tap a wagon and choose where it goes among the places the screen offers."""
    app.handle(Tap(uid))
    menu = app.screen().menu
    assert menu is not None
    wanted = {"train": "train", "yard:0": "track 1", "yard:1": "track 2"}[target]
    place = next(i for i, label in enumerate(menu.items) if wanted in label.lower())
    for _ in range(place):
        app.handle(Press("down"))
    app.handle(Press("ok"))
    clock.now += 3


def enter(app: TableApp, deck: Deck, goal: Event) -> None:
    """Enter one move as the automated players do, input by input."""
    enter_move(goal, lambda g: autopilot.next_input(
        app.flow, app.session.state, g,
        lambda kind, value: deck.pick(kind, value, app.flow.in_play())),
        app.handle, lambda: len(app.session.history()))


def wagon(deck: Deck, kind: str, copy: int = 0) -> str:
    return deck.uids[("wagon", kind)][copy]


@pytest.mark.parametrize(("downs", "open_end", "entry_order"),
                         [(0, ("tank", "coal"), ()), (1, ("coal", "tank"), (1, 0))])
def test_different_wagons_onto_one_track_ask_which_enters_first(
        downs: int, open_end: tuple[str, str], entry_order: tuple[int, ...]) -> None:
    """"Il peut placer les wagons dans sa zone de fret dans n'importe quel ordre qu'il
    souhaite": the screen asks which enters first, and either answer is recorded."""
    app, deck, clock = make_app()
    ready(app, clock)
    take_to(app, clock, wagon(deck, "coal"), "yard:0")
    take_to(app, clock, wagon(deck, "tank"), "yard:0")
    take_to(app, clock, wagon(deck, "box"), "train")
    screen = app.screen()
    assert screen.title == "First onto track 1?" and screen.menu is not None
    assert screen.menu.items == ("Coal", "Tank") and screen.hints == "ok:first back:cancel"
    assert len(app.session.history()) == 1                  # nothing recorded yet
    for _ in range(downs):
        app.handle(Press("down"))
    app.handle(Press("ok"))
    event, _ = app.session.history()[-1]
    assert isinstance(event, TakeFromMainYard) and event.entry_order == entry_order
    ana = app.session.state.players[0]
    assert ana.yard[0][:2] == open_end                      # the last one in at the open end
    assert ana.trains == {"box": 1}


def room_on_track_2() -> tuple[TableApp, Deck, Clock]:
    """Ana to play again with five wagons on her second track (six were dealt)."""
    app, deck, clock = make_app()
    ready(app, clock)
    enter(app, deck, MoveFromYard((1,), ("flat",), ("train",)))
    while app.session.state.current != 0:
        enter(app, deck, Rearrange(app.session.state.player().yard))
    clock.now += 3
    return app, deck, clock


def test_three_different_wagons_take_two_answers_and_an_answer_can_be_taken_back() -> None:
    """"Il peut placer les wagons dans sa zone de fret dans n'importe quel ordre qu'il
    souhaite": with three different wagons onto one track, two answers settle the order."""
    app, deck, clock = room_on_track_2()
    for kind in ("coal", "tank", "box"):
        take_to(app, clock, wagon(deck, kind), "yard:1")
    assert app.screen().title == "First onto track 2?"
    app.handle(Tap(wagon(deck, "auto")))
    assert app.screen().title == "Say which enters first"   # a tap now is refused
    clock.now += 3
    app.handle(Press("down"))
    app.handle(Press("ok"))                                  # tank first
    assert app.screen().menu is not None and app.screen().menu.items == ("Coal", "Box")
    app.handle(Press("back"))                                # not tank after all
    assert app.screen().menu is not None and app.screen().menu.items == ("Coal", "Tank", "Box")
    app.handle(Press("down"))
    app.handle(Press("down"))
    app.handle(Press("ok"))                                  # box first
    app.handle(Press("ok"))                                  # then coal, tank last
    event, _ = app.session.history()[-1]
    assert isinstance(event, TakeFromMainYard) and event.entry_order == (2, 0, 1)
    assert app.session.state.players[0].yard[1][:3] == ("tank", "coal", "box")


def test_wagons_of_one_type_onto_a_track_need_no_order() -> None:
    """"N'importe quel ordre": two coal wagons look the same in either order, so the screen
    does not ask."""
    app, deck, clock = make_app()
    ready(app, clock)
    take_to(app, clock, wagon(deck, "coal", 0), "yard:0")
    take_to(app, clock, wagon(deck, "tank"), "yard:1")
    take_to(app, clock, wagon(deck, "coal", 1), "yard:0")
    event, _ = app.session.history()[-1]
    assert isinstance(event, TakeFromMainYard) and event.targets[1] == YARD_TARGETS[1]
    assert event.entry_order == ()


def test_an_unfinished_order_question_survives_a_restart() -> None:
    """The order chosen so far is part of the draft kept across a power cut."""
    app, deck, clock = room_on_track_2()
    for kind in ("coal", "tank", "box"):
        take_to(app, clock, wagon(deck, kind), "yard:1")
    app.handle(Press("ok"))                                  # coal first
    draft = app.flow.draft()
    again = FreightTrainFlow("en")
    again.restore(draft)
    screen = again.screen(app.session.state)
    assert screen.title == "First onto track 2?"
    assert screen.menu is not None and screen.menu.items == ("Tank", "Box")


# --- What a pass costs --------------------------------------------------------------------------


def broke_ana(below_zero: bool, stuck: bool = False) -> tuple[TableApp, Deck, Clock]:
    """Everybody passes until Ana holds no token, then Ana opens "Rearrange or pass"; unless
    `stuck`, Cleo brings a locomotive just before, so the table is not all passes."""
    app, deck, clock = make_app(settings=Settings(tokens_below_zero=below_zero))
    ready(app, clock)
    while app.session.state.players[0].tokens or app.session.state.current:
        state = app.session.state
        if not stuck and state.current == 2 and state.players[0].tokens == 0:
            enter(app, deck, BringLocomotive())
        else:
            enter(app, deck, Rearrange(state.player().yard))
        clock.now += 3
    app.handle(Press("ok"))
    for _ in range(10):
        if app.screen().menu is not None and "Rearrange or pass" in app.screen().menu.items[
                app.screen().menu.selected]:
            break
        app.handle(Press("down"))
    app.handle(Press("ok"))
    return app, deck, clock


@pytest.mark.parametrize(("below_zero", "price", "tokens_after"),
                         [(True, "Costs 1 token", -1), (False, "No token: pass only", 0)])
def test_the_pass_screen_says_what_the_engine_charges(below_zero: bool, price: str,
                                                      tokens_after: int) -> None:
    """"Réarranger sa zone de fret coûtera toujours 1 jeton, même si un joueur passe": the
    screen shows the price the engine takes, with tokens allowed below zero or not."""
    app, _, _ = broke_ana(below_zero)
    screen = app.screen()
    assert screen.title == "Rearrange or pass" and screen.body[-1] == price
    app.handle(Press("ok"))                                  # a pass: the split unchanged
    assert app.session.state.players[0].tokens == tokens_after


def test_without_a_token_the_pass_screen_offers_only_the_pass() -> None:
    """"No token left to rearrange: you may only pass": the screen moved the split and
    offered ok:pay for a rearrangement the engine then refused."""
    app, _, _ = broke_ana(False)
    screen = app.screen()
    assert screen.hints == "ok:pass  back:cancel"
    before = app.session.state.player().yard
    for button in ("up", "down", "up"):
        app.handle(Press(button))
        assert app.screen().body == screen.body          # the split does not move
    app.handle(Press("ok"))
    assert app.flash is None or app.flash.screen.style is not Style.REFUSAL
    assert app.session.state.players[0].yard == before and app.session.state.current == 1


def test_at_a_stuck_table_a_player_without_a_token_may_rearrange_for_nothing() -> None:
    """A whole round of passes: nobody can move. The rules are silent; the table lets a
    player without a token rearrange, free, so the game can go on."""
    app, _, _ = broke_ana(False, stuck=True)
    screen = app.screen()
    assert screen.body[-1] == "All passed: free" and screen.hints == "up/down  ok:done"
    app.handle(Press("down"))
    assert app.screen().body[0] == "Track 1: 5 · Track 2: 7"
    app.handle(Press("ok"))
    assert app.flash is None or app.flash.screen.style is not Style.REFUSAL
    ana = app.session.state.players[0]
    assert (len(ana.yard[0]), len(ana.yard[1]), ana.tokens) == (5, 7, 0)


def progress_row(screen: Screen) -> int:
    """The row the progress marks of `screen` are drawn from on the panel."""
    rows = [y for y, _marked, text in render(screen).info["lines"] if set(text) <= set("■□")]
    assert len(rows) == 1, rows
    return rows[0]


def test_moving_from_the_yard_keeps_the_marks_and_the_rows_in_place() -> None:
    """The yard's screen and each wagon's placing screen have their progress marks on the same
    rows, and a wagon's own train is offered in the same words whatever the wagon: the panel
    is sent the parts that change, so what stays in place costs nothing."""
    app, deck, clock = make_app()
    ready(app, clock)
    app.handle(Press("ok"))                                  # the menu
    menu = app.screen().menu
    assert menu is not None
    for _ in range(menu.items.index("From my yard")):
        app.handle(Press("down"))
    app.handle(Press("ok"))
    yard = app.screen()
    assert yard.title == "Tap your wagons" and yard.progress == (0, 4)
    assert not cuts(yard)                                    # one line, every word of it
    own_rows = []
    for kind in ("coal", "flat"):                            # the yard was dealt unseen
        app.handle(Tap(wagon(deck, kind)))
        source = app.screen()
        assert source.menu is not None and source.menu.items[0] == "From track 1"
        assert progress_row(source) == progress_row(yard)
        app.handle(Press("ok"))
        placing = app.screen()
        assert placing.title == app.flow.words.wagon(kind) and placing.menu is not None
        assert progress_row(placing) == progress_row(yard)
        own_rows.append(placing.menu.items[0])
        app.handle(Press("ok"))                              # onto its own train
        assert app.screen().style is Style.NOTICE
        clock.now += 3
    assert own_rows == ["Train (0)", "Train (0)"]
