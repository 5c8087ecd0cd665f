"""Freight Train at the table, input by input, without hardware."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.app import TableApp
from companion.automaton import Deck, enter_move, physical_moves
from companion.flows.base import Reaction
from companion.flows.freight_train import FreightTrainFlow
from companion.inputs import Hold, Input, Press, Tap
from companion.screens.model import Style
from engine.games.freight_train import RULES
from engine.games.freight_train.cards import WAGON_TYPES
from engine.games.freight_train.events import TakeFromMainYard
from engine.games.freight_train.state import Phase

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


def make_app(names: tuple[str, ...] = NAMES) -> tuple[TableApp, Deck, Clock]:
    deck, cards = freight_deck()
    clock = Clock()
    app = TableApp(
        session=MemorySession(RULES, names),
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
            lambda g: app.flow.next_input(app.session.state, g,
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


def test_a_tapped_wagon_asks_where_it_goes_and_counts_it() -> None:
    app, deck, clock = make_app()
    while app.session.state.phase is Phase.DEAL:
        app.handle(Press("ok"))             # the setup pages, then the deal
    assert app.screen().title == "Day 1 begins"
    clock.now += 3                          # the notice goes by itself
    assert app.screen().title == "ANA to play"
    coal = deck.uids[("wagon", "coal")]
    app.handle(Tap(coal[0]))
    screen = app.screen()
    assert screen.title == "Coal" and screen.menu is not None
    assert screen.menu.items[0].startswith("Coal train")
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
