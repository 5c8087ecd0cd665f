"""The Game of Trains at the table, input by input, without hardware."""

from __future__ import annotations

import gettext
import io
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import cast

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows.automaton import Deck, enter_move, physical_moves
from companion.flows.inputs import Hold, Input, Press, Tap
from companion.games import autopilot
from companion.games.game_of_trains.flow import GameOfTrainsFlow
from companion.i18n.catalog import _COMPANION_KEYWORDS, ROOT, po_path
from companion.i18n.translate import LOCALE_DIR
from companion.screens.model import Style
from companion.screens.render import cuts, render
from companion.state.journal import Journal
from companion.table.app import TableApp
from companion.table.session import GameSession
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.cards import REMOVED_AT, WAGONS, Ability
from engine.games.game_of_trains.events import Deal, DrawCard
from engine.games.game_of_trains.state import GameOfTrainsState, Phase, Settings

from ..engine.trains_box import TEST_BOX
from .fakes import Card, MemoryRegistry, MemorySession

GAME = "game-of-trains"
NAMES = ("Ana", "Ben", "Cleo", "Dan")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def uid(card: int) -> str:
    return f"6A{card:02X}0000"


def deck_and_cards() -> tuple[Deck, dict[str, Card]]:
    uids = {("wagon", str(card)): [uid(card)] for card in WAGONS}
    cards = {uid(card): Card(GAME, "wagon", str(card)) for card in WAGONS}
    cards["F0F0F0F0"] = Card("freight-train", "wagon", "coal")
    cards["F1A70000"] = Card("*", "player", "Ana")
    return Deck(uids), cards


def make_app(names: tuple[str, ...] = NAMES[:2], session: MemorySession | None = None,
             opening: bool = True, abilities: tuple[Ability, ...] = ()
             ) -> tuple[TableApp, Deck, Clock]:
    """The table; the tests of the turns after the opening start without it. With
    `abilities` the whole deck's are known from the start (else the table asks each)."""
    deck, cards = deck_and_cards()
    clock = Clock()
    settings = Settings(opening=opening, abilities=abilities)
    app = TableApp(
        session=session or MemorySession(RULES, names, settings=settings),
        flow=GameOfTrainsFlow("en"),
        registry=MemoryRegistry(cards),
        gettext=lambda text: text,
        explain=str,
        enrollable=lambda: [("Wagon 1", Card(GAME, "wagon", "1"))],
        clock=clock,
    )
    return app, deck, clock


def state(app: TableApp) -> GameOfTrainsState:
    result: GameOfTrainsState = app.session.state
    return result


def play(app: TableApp, deck: Deck, seed: int, last_tap_busy: bool = False) -> int:
    """Enter a whole simulated game into the app; return the inputs it took.

    With `last_tap_busy` the hands never put the tag just tapped down again at once (as the
    demo's automaton does), so the flow must find another way.
    """
    refusals: list[str] = []
    last: list[str] = []

    def send(item: Input) -> None:
        if isinstance(item, Tap):
            last[:] = [item.uid]
        app.handle(item)
        if app.flash and app.flash.screen.style is Style.REFUSAL:
            refusals.append(app.flash.screen.title)

    def uid_for(kind: str, value: str) -> str:
        busy = app.flow.in_play() | (set(last) if last_tap_busy else set())
        return deck.pick(kind, value, busy)

    inputs = 0
    names = [p.name for p in state(app).players]
    for goal in physical_moves(RULES, names, seed):
        inputs += enter_move(
            goal,
            lambda g: autopilot.next_input(app.flow, state(app), g, uid_for),
            send,
            lambda: len(app.session.history()),
        )
        assert not refusals, refusals
    return inputs


def real_game(names: tuple[str, ...], seed: int) -> GameOfTrainsState:
    return RULES.replay(RULES.new_game(names), physical_moves(RULES, names, seed))


def deal(app: TableApp, lines: tuple[tuple[int, ...], ...]) -> None:
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    for line in lines:
        for card in line:
            app.handle(Tap(uid(card)))


LINES = ((84, 70, 60, 50, 40, 30, 20), (1, 2, 3, 4, 5, 6, 83))


def dealt_app() -> tuple[TableApp, Deck, Clock]:
    app, deck, clock = make_app(opening=False, abilities=TEST_BOX)
    deal(app, LINES)
    clock.now += 3
    return app, deck, clock


# --- Whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_entered_by_taps_and_presses_ends_like_the_real_one(
        players: int, seed: int) -> None:
    names = NAMES[:players]
    app, deck, _ = make_app(names)
    play(app, deck, seed)
    table = state(app)
    real = real_game(names, seed)
    assert table.phase is Phase.OVER
    assert [p.line for p in table.players] == [p.line for p in real.players]
    assert RULES.result(table) == RULES.result(real)
    assert app.screen().style is Style.ANNOUNCE
    assert app.screen().title == f"{real.players[real.winner or 0].name} wins!"


@pytest.mark.parametrize("seed", [3, 4, 7])
def test_hands_that_never_tap_the_same_tag_twice_in_a_row_still_get_through(seed: int) -> None:
    names = NAMES[:4]
    app, deck, _ = make_app(names)
    play(app, deck, seed, last_tap_busy=True)
    assert RULES.result(state(app)) == RULES.result(real_game(names, seed))


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_every_player_count_can_be_followed_at_the_table(players: int, seed: int) -> None:
    names = NAMES[:players]
    app, deck, _ = make_app(names)
    play(app, deck, seed, last_tap_busy=seed % 2 == 0)
    assert RULES.result(state(app)) == RULES.result(real_game(names, seed))


# --- The moves, screen by screen ------------------------------------------------------------


def test_the_deal_is_tapped_line_by_line_and_laid_out_highest_first() -> None:
    app, _, clock = make_app(opening=False)
    assert app.screen().title == "Shuffle the wagons"
    app.handle(Press("ok"))
    assert app.screen().title == "7 wagons each"
    app.handle(Press("ok"))
    assert app.screen().title == "ANA: tap 7 wagons"
    app.handle(Tap(uid(20)))
    app.handle(Tap(uid(84)))
    assert app.screen().body == ("84 20",) and app.screen().progress == (2, 7)
    app.handle(Tap(uid(84)))
    assert app.screen().style is Style.REFUSAL and app.screen().title == "84 already counted"
    clock.now += 3
    app.handle(Press("back"))                      # takes back the last wagon tapped
    assert app.screen().body == ("20",)
    for card in (84, 70, 60, 50, 40, 30):
        app.handle(Tap(uid(card)))
    assert app.screen().title == "BEN: tap 7 wagons"
    for card in LINES[1]:
        app.handle(Tap(uid(card)))
    assert app.screen().title == "Dealt: Ana starts"
    table = state(app)
    assert table.phase is Phase.PLAY
    assert table.players[0].line == LINES[0]
    assert table.players[1].line == (83, 6, 5, 4, 3, 2, 1)
    assert len(table.deck) == 84 - 14 and set(table.deck) == {0}
    clock.now += 3
    screen = app.screen()
    assert screen.title == "Tap the wagon drawn" and screen.top.startswith("ANA · ")
    assert screen.body == ("84 70 60 50 40 30 20", "No face-up card")
    assert screen.top == "ANA · T1 · Deck 70"


def test_a_wagon_tapped_at_the_setup_pages_starts_the_deal() -> None:
    app, _, _ = make_app()
    app.handle(Tap(uid(12)))
    assert app.screen().title == "ANA: tap 7 wagons" and app.screen().body == ("12",)


def test_draw_then_tap_the_replaced_wagon() -> None:
    app, _, clock = dealt_app()
    app.handle(Tap(uid(10)))                       # drawn from the deck
    screen = app.screen()
    assert screen.title == "Drew 10" and screen.menu is not None
    assert screen.menu.items[0] == "Replace 84 (1)"
    app.handle(Tap(uid(84)))                       # the wagon it replaces goes face up
    assert app.screen().title == "Ana: 10 in, 84 face up"
    table = state(app)
    assert table.players[0].line == (10, 70, 60, 50, 40, 30, 20)
    assert table.face_up == (84,) and table.current == 1
    clock.now += 3
    assert app.screen().body[1] == "Face up: 84"


def test_draw_and_choose_the_place_with_the_buttons() -> None:
    app, _, _ = dealt_app()
    app.handle(Tap(uid(10)))
    app.handle(Press("down"))
    app.handle(Press("down"))
    app.handle(Press("ok"))
    assert state(app).players[0].line == (84, 70, 10, 50, 40, 30, 20)


def test_the_replaced_wagon_may_be_tapped_before_the_drawn_one() -> None:
    app, _, _ = dealt_app()
    app.handle(Tap(uid(70)))
    assert app.screen().title == "Replace 70"
    app.handle(Tap(uid(60)))                       # changed my mind: this one
    assert app.screen().title == "Replace 60"
    app.handle(Tap(uid(65)))
    assert state(app).players[0].line == (84, 70, 65, 50, 40, 30, 20)


def test_two_face_up_cards_of_one_ability_are_both_discarded_and_said_so() -> None:
    app, _, clock = dealt_app()
    assert TEST_BOX[84 - 1] is TEST_BOX[4 - 1]     # wagons 84 and 4 carry the same ability
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(84)))
    clock.now += 3
    app.handle(Tap(uid(11)))                       # Ben replaces his 4
    app.handle(Tap(uid(4)))
    assert app.screen().title == "Ben: 4 and 84 discarded"
    table = state(app)
    assert table.face_up == () and table.discard == (84, 4)
    clock.now += 3
    app.handle(Tap(uid(84)))
    assert app.screen().title == "84 is in the discard pile"


def swap_neighbours_face_up() -> tuple[TableApp, Deck, Clock]:
    """Ana's 9 (swap neighbours) goes face up; Ben is to play."""
    app, deck, clock = make_app(opening=False, abilities=TEST_BOX)
    deal(app, ((84, 70, 60, 50, 40, 30, 9), (1, 2, 3, 4, 5, 6, 83)))
    assert TEST_BOX[9 - 1] is Ability.SWAP_ADJACENT
    app.handle(Tap(uid(20)))
    app.handle(Tap(uid(9)))
    clock.now += 3
    return app, deck, clock


def test_a_face_up_card_tapped_offers_its_uses() -> None:
    app, _, clock = swap_neighbours_face_up()
    app.handle(Tap(uid(9)))
    screen = app.screen()
    assert screen.title == "Swap neighbours" and screen.menu is not None
    assert screen.menu.items[:2] == ("83 and 6", "6 and 5")
    app.handle(Tap(uid(4)))                        # a wagon of the line picks its first pair
    assert app.screen().menu.selected == 2         # type: ignore[union-attr]
    app.handle(Tap(uid(5)))                        # the other one of the pair keeps it
    assert app.screen().menu.selected == 2         # type: ignore[union-attr]
    app.handle(Tap(uid(5)))                        # the same one again: its other pair
    assert app.screen().menu.selected == 1         # type: ignore[union-attr]
    app.handle(Press("down"))
    app.handle(Press("ok"))
    assert app.screen().title == "Ben: Swapped 5 and 4"
    table = state(app)
    assert table.players[1].line == (83, 6, 4, 5, 3, 2, 1)
    assert table.face_up == () and table.discard == (9,)


def test_a_face_up_card_can_be_chosen_with_the_buttons() -> None:
    app, _, _ = swap_neighbours_face_up()
    app.handle(Press("ok"))
    screen = app.screen()
    assert screen.title == "Use a face-up card" and screen.menu is not None
    assert screen.menu.items == ("9 Swap neighbours",)
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    assert state(app).players[1].line == (6, 83, 5, 4, 3, 2, 1)


def test_a_removal_strikes_everyone_and_each_draws_a_replacement() -> None:
    app, _, clock = make_app(opening=False, abilities=TEST_BOX)
    # 13 carries "remove first"; Ana replaces it so it goes face up.
    assert TEST_BOX[13 - 1] is Ability.REMOVE_FIRST
    deal(app, ((84, 70, 60, 50, 40, 30, 13), (1, 2, 3, 4, 5, 6, 83)))
    app.handle(Tap(uid(20)))
    app.handle(Tap(uid(13)))
    clock.now += 3
    app.handle(Tap(uid(13)))
    screen = app.screen()
    assert screen.style is Style.CONFIRM and screen.title == "Remove first"
    app.handle(Press("ok"))
    assert REMOVED_AT[Ability.REMOVE_FIRST] == 1
    screen = app.screen()
    assert screen.title == "BEN draws" and screen.body[-1] == "Then: Ana"
    app.handle(Tap(uid(70)))                       # Ana's wagon: only said where it is
    assert app.screen().title == "70: Ana, place 2"
    app.handle(Tap(uid(77)))
    assert app.screen().title == "77: Ben, place 1"  # in whose line
    clock.now += 3
    assert app.screen().title == "ANA draws"
    app.handle(Tap(uid(55)))
    assert app.screen().title == "Ben: 55: Ana, place 1"  # the end of his turn
    table = state(app)
    assert table.players[1].line[0] == 77 and table.players[0].line[0] == 55
    assert table.current == 0 and not table.refilling


def test_a_locked_wagon_is_spared_by_a_removal() -> None:
    app, _, clock = make_app(opening=False, abilities=TEST_BOX)
    assert TEST_BOX[8 - 1] is Ability.LOCK
    deal(app, ((84, 70, 60, 50, 40, 30, 8), (2, 3, 4, 5, 6, 13, 83)))
    app.handle(Tap(uid(20)))                       # 8 (lock) goes face up
    app.handle(Tap(uid(8)))
    app.handle(Tap(uid(21)))                       # Ben's 13 (remove first) goes face up
    app.handle(Tap(uid(13)))
    app.handle(Tap(uid(8)))
    app.handle(Tap(uid(84)))                       # highlights "Lock 84"
    menu = app.screen().menu
    assert menu is not None and menu.items[menu.selected] == "Lock 84"
    app.handle(Press("ok"))
    assert app.screen().title == "Ana: 84 locked"  # the lock ends her turn
    clock.now += 3
    app.handle(Tap(uid(13)))
    assert app.screen().body[-1] == "Locked: 84"
    app.handle(Press("ok"))
    screen = app.screen()
    assert screen.title == "BEN draws" and not screen.body[-1].startswith("Then")
    app.handle(Tap(uid(77)))
    table = state(app)
    assert table.players[0].line[0] == 84 and table.players[1].line[0] == 77
    assert table.current == 0 and table.players[0].locked == 0


def test_the_win_is_announced_at_once() -> None:
    app, _, clock = dealt_app()
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(84)))
    clock.now += 3
    # Say Ben's line reads 80 2 3 4 5 6 7 by now: 1 for his 80, and it rises.
    ben = replace(state(app).players[1], line=(80, 2, 3, 4, 5, 6, 7))
    app.session.state = replace(  # type: ignore[misc]
        state(app), players=(state(app).players[0], ben))
    app.handle(Tap(uid(1)))
    app.handle(Tap(uid(80)))
    screen = app.screen()
    assert screen.style is Style.ANNOUNCE and screen.title == "Ben wins!"
    assert screen.body == ("Train in order", "1 2 3 4 5 6 7")
    app.handle(Press("ok"))
    assert app.screen().title == "Ana" and app.screen().body[1] == "Not in order"
    assert RULES.result(state(app)).winners == ("Ben",)


def test_an_empty_deck_asks_for_the_reshuffle() -> None:
    app, _, _ = make_app(opening=False, abilities=TEST_BOX)
    session = app.session
    table = state(app)
    deck = tuple(card for card in WAGONS if card > 14)
    table = RULES.apply(table, Deal(((14, 13, 12, 11, 10, 9, 8), (1, 2, 3, 4, 5, 6, 7)),
                                    deck))
    table = RULES.apply(table, DrawCard(deck[0], 7))   # keeps Ana's line out of order
    # Play it out until the deck is empty, then hand the app that table.
    while table.deck:
        table = RULES.apply(table, DrawCard(table.deck[0], 7 if table.current == 0 else 1))
        if table.phase is Phase.OVER:
            pytest.skip("the line came out in order")
    session.state = table  # type: ignore[misc]
    screen = app.screen()
    assert screen.style is Style.ANNOUNCE and screen.title == "Deck empty!"
    app.handle(Press("ok"))
    after = state(app)
    assert after.deck and set(after.deck) == {0} and after.discard == ()


# --- Refusals, undo, restart ----------------------------------------------------------------


def test_refusals_change_nothing() -> None:
    app, _, clock = dealt_app()
    before = len(app.session.history())
    for item, reason in (
        (Tap("F0F0F0F0"), "Not a Game of Trains card"),
        (Tap("F1A70000"), "Not a Game of Trains card"),
        (Press("ok"), "No face-up card: draw"),
    ):
        app.handle(item)
        assert app.screen().style is Style.REFUSAL and app.screen().title == reason
        clock.now += 3
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(11)))
    assert app.screen().title == "Choose where it goes first"
    assert len(app.session.history()) == before


def test_undo_asks_first_and_takes_the_move_back() -> None:
    app, _, _ = dealt_app()
    app.handle(Tap(uid(10)))
    app.handle(Tap(uid(84)))
    assert state(app).current == 1
    app.handle(Hold("back"))
    assert app.screen().style is Style.CONFIRM
    app.handle(Press("back"))
    assert state(app).current == 1
    app.handle(Hold("back"))
    app.handle(Press("ok"))
    assert state(app).current == 0 and state(app).players[0].line == LINES[0]
    assert state(app).face_up == ()


def test_the_move_being_entered_survives_a_restart() -> None:
    app, _, _ = make_app(opening=False)
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    for card in LINES[0][:3]:
        app.handle(Tap(uid(card)))
    restarted, _, _ = make_app(session=app.session)  # type: ignore[arg-type]
    assert restarted.screen().body == ("84 70 60",)
    for card in LINES[0][3:] + LINES[1]:
        restarted.handle(Tap(uid(card)))
    assert state(restarted).phase is Phase.PLAY
    restarted.handle(Tap(uid(10)))
    again, _, clock = make_app(session=app.session)  # type: ignore[arg-type]
    clock.now += 3
    assert again.screen().title == "Drew 10"
    again.handle(Press("ok"))
    assert state(again).players[0].line[0] == 10


def test_a_broken_draft_starts_the_move_afresh() -> None:
    app, _, _ = dealt_app()
    app.session.draft = {"mode": "draw", "drawn": "x", "dealt": 5}
    restarted, _, _ = make_app(session=app.session)  # type: ignore[arg-type]
    assert restarted.screen().title == "Tap the wagon drawn"


def test_in_play_names_the_tags_being_entered() -> None:
    app, _, _ = make_app()
    app.handle(Tap(uid(5)))
    assert app.flow.in_play() == {uid(5)}
    flow = app.flow
    assert isinstance(flow, GameOfTrainsFlow)
    assert [kind for _, kind, _ in flow.card_choices()] == ["wagon"] * 84


# --- No input breaks it ---------------------------------------------------------------------


RESTART = "restart"


def session(app: TableApp) -> MemorySession:
    return cast(MemorySession, app.session)


def accepted_only(app: TableApp) -> Callable[[Input], None]:
    """Handle one input; the game changes only through moves the rules accept."""
    def handle(item: Input) -> None:
        before = list(app.session.history())
        app.handle(item)
        after = app.session.history()
        if len(after) == len(before) + 1:
            assert RULES.replay(RULES.new_game(NAMES[:3]), [e for e, _ in after])
        else:
            assert len(after) <= len(before)
        app.screen()
    return handle


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(
    st.sampled_from([Press("up"), Press("down"), Press("ok"), Press("back"), Hold("back")]),
    st.integers(1, 84).map(lambda card: Tap(uid(card))),
    st.sampled_from([Tap("F0F0F0F0"), Tap("F1A70000"), Tap("0BADCAFE")]),
    st.just(RESTART),
), max_size=120), st.integers(0, 5))
def test_no_sequence_of_inputs_breaks_the_table(inputs: list[Input | str], head: int) -> None:
    """Random taps and presses, and restarts (the draft restored) at random moments."""
    app, deck, clock = make_app(NAMES[:3])
    handle = accepted_only(app)
    # Start some games from the middle, where every mode can be reached.
    moves: list[Event] = physical_moves(RULES, NAMES[:3], head)[:head * 8]
    for goal in moves:
        enter_move(goal, lambda g: autopilot.next_input(
            app.flow, state(app), g,
            lambda kind, value: deck.pick(kind, value, app.flow.in_play())),
            handle, lambda: len(app.session.history()))
    for item in inputs:
        if isinstance(item, str):
            app, _, clock = make_app(session=session(app))
            handle = accepted_only(app)
            continue
        handle(item)
        clock.now += random.Random(len(app.session.history())).choice((0, 3))


# --- Words and settings -----------------------------------------------------------------------


def french_catalog() -> Catalog:
    """The French catalogue with this game's incoming translations (until they are merged)."""
    catalog = read_po(po_path("fr").open("rb"), locale="fr")
    incoming = LOCALE_DIR / "fr" / "incoming" / f"{GAME}.po"
    if incoming.exists():
        for message in read_po(incoming.open("rb")):
            if message.id:
                catalog.delete(message.id, context=message.context)
                catalog.add(message.id, message.string, context=message.context)
    return catalog


def french() -> gettext.GNUTranslations:
    compiled = io.BytesIO()
    write_mo(compiled, french_catalog())
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def flow_messages() -> set[tuple[str | None, str]]:
    found = set()
    game_folder = "companion/games/game_of_trains"
    for path in (f"{game_folder}/messages.py", f"{game_folder}/words.py",
                 "companion/games/names.py"):
        for _, message, _, context in extract_from_file("python", str(ROOT / path),
                                                        keywords=_COMPANION_KEYWORDS):
            if path.endswith("names.py") and not (context or "").startswith(GAME):
                continue
            found.add((context, message if isinstance(message, str) else message[0]))
    return found


def test_every_message_of_the_flow_has_a_french_translation() -> None:
    catalog = french_catalog()
    missing = []
    for context, message in flow_messages():
        found = catalog.get(message, context=context)
        if found is None or not found.string or found.fuzzy:
            missing.append(message)
    assert not missing


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_screen_of_a_whole_game_fits(language: str) -> None:
    names = NAMES[:3]
    app, deck, _ = make_app(names)
    app.flow = GameOfTrainsFlow(language)
    seen: set[str] = set()

    def send(item: Input) -> None:
        app.handle(item)
        screen = app.flow.screen(state(app))
        for shown in (app.screen(), screen):
            assert len(shown.hints) <= 21, shown.hints
            # The context line drops its last " · " parts whole when a name is long.
            assert not [cut for cut in cuts(shown) if cut.part == "top"], shown.top
            assert all(len(line) <= 21 for line in shown.body), shown.body
            assert "{" not in shown.title + " ".join(shown.body), shown
            render(shown)
            seen.add(shown.title)

    for goal in physical_moves(RULES, names, 3):
        enter_move(goal, lambda g: autopilot.next_input(
            app.flow, state(app), g,
            lambda kind, value: deck.pick(kind, value, app.flow.in_play())),
            send, lambda: len(app.session.history()))
    if language == "fr":
        winner = real_game(names, 3).players[state(app).winner or 0].name
        assert {"7 wagons chacun", "ANA : piochez 1 carte", "BEN : piochez 2 cartes",
                "ANA : gardez-en une", "Posez le wagon pioché", f"{winner} gagne !"} <= seen


def test_the_settings_may_come_in_their_json_form(tmp_path: Path) -> None:
    abilities = tuple(reversed(TEST_BOX))
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = GameSession.start(journal, RULES, NAMES[:2],
                                    {"settings": Settings(abilities), "first": 1})
        assert session.state.settings.abilities == abilities
        resumed = GameSession.resume(journal, session.play, rules=RULES)
        assert resumed.state.settings.abilities == abilities and resumed.state.current == 1
    assert RULES.new_game(NAMES[:2], settings={}).settings == Settings()
    with pytest.raises(IllegalEvent):
        RULES.new_game(NAMES[:2], settings={"abilities": ["fly"]})
