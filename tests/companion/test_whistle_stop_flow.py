"""Whistle Stop at the table, input by input, without hardware."""

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
from companion.games.whistle_stop.flow import SHARES, WhistleStopFlow
from companion.i18n.catalog import _COMPANION_KEYWORDS, ROOT, po_path
from companion.i18n.translate import LOCALE_DIR
from companion.screens.model import Screen, Style
from companion.screens.render import cuts, render
from companion.state.journal import Journal
from companion.table.app import TableApp
from companion.table.session import GameSession
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.whistle_stop import RULES
from engine.games.whistle_stop.rules import handout
from engine.games.whistle_stop.state import Phase, Settings, WhistleStopState

from .fakes import Card, MemoryRegistry, MemorySession

GAME = "whistle-stop"
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def uid(share: str) -> str:
    return f"5E{SHARES.index(share):02X}0000"


def make_app(names: tuple[str, ...] = NAMES[:2], session: MemorySession | None = None,
             language: str = "en") -> tuple[TableApp, Deck, Clock]:
    uids = {("share", share): [uid(share)] for share in SHARES}
    cards = {uid(share): Card(GAME, "share", share) for share in SHARES}
    cards["F0F0F0F0"] = Card("game-of-trains", "wagon", "12")
    cards["F1A70000"] = Card("*", "player", "Ana")
    clock = Clock()
    app = TableApp(
        session=session or MemorySession(RULES, names),
        flow=WhistleStopFlow(language),
        registry=MemoryRegistry(cards),
        gettext=lambda text: text,
        explain=str,
        enrollable=lambda: [("Red 1", Card(GAME, "share", "red-1"))],
        clock=clock,
    )
    return app, Deck(uids), clock


def state(app: TableApp) -> WhistleStopState:
    return cast(WhistleStopState, app.session.state)


def session(app: TableApp) -> MemorySession:
    return cast(MemorySession, app.session)


def play(app: TableApp, deck: Deck, seed: int,
         watch: Callable[[Screen], None] | None = None) -> int:
    """Enter a whole simulated game into the app; return the inputs it took."""
    refusals: list[str] = []

    def send(item: Input) -> None:
        app.handle(item)
        if app.flash and app.flash.screen.style is Style.REFUSAL:
            refusals.append(app.flash.screen.title)
        if watch is not None:
            watch(app.screen())
            watch(app.flow.screen(state(app)))

    inputs = 0
    names = [p.name for p in state(app).players]
    for goal in physical_moves(RULES, names, seed):
        inputs += enter_move(
            goal,
            lambda g: autopilot.next_input(
                app.flow, state(app), g,
                lambda kind, value: deck.pick(kind, value, app.flow.in_play())),
            send,
            lambda: len(app.session.history()),
        )
        assert not refusals, refusals
    return inputs


def real_game(names: tuple[str, ...], seed: int) -> WhistleStopState:
    return RULES.replay(RULES.new_game(names), physical_moves(RULES, names, seed))


def placed(app: TableApp) -> None:
    """Past the setup pages and the placement (lowest free station each time)."""
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    while state(app).phase is Phase.PLACEMENT:
        app.handle(Press("ok"))


def handed_out(app: TableApp, clock: Clock) -> None:
    placed(app)
    app.handle(Press("ok"))
    clock.now += 3


def choose(app: TableApp, label: str) -> None:
    """Open the turn's menu (from the main screen) and choose `label`."""
    if app.screen().menu is None:
        app.handle(Press("ok"))
    for _ in range(10):
        menu = app.screen().menu
        assert menu is not None
        if menu.items[menu.selected] == label:
            app.handle(Press("ok"))
            return
        app.handle(Press("down"))
    raise AssertionError(f"{label} is not in the menu")


# --- Whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_entered_with_the_buttons_and_taps_scores_like_the_real_one(
        players: int, seed: int) -> None:
    names = NAMES[:players]
    app, deck, _ = make_app(names)
    play(app, deck, seed)
    table = state(app)
    assert table.phase is Phase.OVER
    assert RULES.result(table) == RULES.result(real_game(names, seed))
    assert app.flow.in_play() == {uid(f"{s.company}-{s.number}")
                                  for p in table.players for s in p.shares}


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_every_player_count_can_be_followed_at_the_table(players: int, seed: int) -> None:
    names = NAMES[:players]
    app, deck, _ = make_app(names)
    play(app, deck, seed)
    assert RULES.result(state(app)) == RULES.result(real_game(names, seed))


# --- Setup, placement, the round track ------------------------------------------------------


def test_setup_pages_then_placement_counter_clockwise_from_the_right_of_the_first() -> None:
    app, _, clock = make_app(NAMES[:4])
    screen = app.screen()
    assert screen.title == "4 trains each"
    assert screen.body == ("Starting coal: Ana 2,", "Ben 2, Cleo 3, Dan 3")
    app.handle(Press("ok"))
    assert app.screen().body[0] == "Counter-clockwise"
    app.handle(Press("ok"))
    screen = app.screen()
    assert screen.title == "Dan places a train" and screen.top == "Placement 1/16"
    assert screen.menu is not None and screen.menu.items[:2] == ("Station 1", "Station 2")
    app.handle(Press("back"))                     # nothing placed yet: the pages again
    assert app.screen().progress == (2, 2)
    app.handle(Press("ok"))
    app.handle(Press("down"))
    app.handle(Press("ok"))
    assert app.screen().title == "Station 2: Dan"
    clock.now += 3
    screen = app.screen()
    assert screen.title == "Cleo places a train" and screen.top == "Placement 2/16"
    assert screen.menu is not None and "Station 2" not in screen.menu.items
    app.handle(Press("up"))                       # the list wraps round
    app.handle(Press("ok"))
    assert state(app).stations[15] == 2 and state(app).stations[1] == 3


def test_each_round_says_what_to_hand_out() -> None:
    app, _, clock = make_app()
    placed(app)
    clock.now += 3
    token, count = handout(state(app))
    screen = app.screen()
    # Two players start on the assumed track's first space: a game of 12 rounds.
    assert screen.title == f"{count} {token} each" and screen.top == "Round 1/12"
    assert screen.body[0].startswith("Round 1: Ana hands")
    assert screen.hints == "ok:handed out"
    before = [p.tokens for p in state(app).players]
    app.handle(Press("ok"))
    assert [p.tokens for p in state(app).players] == [t + count for t in before]
    assert app.screen().title == "Tap a share taken" and app.screen().top.startswith("ANA · ")


def test_the_last_round_of_the_track_is_announced() -> None:
    app, _, clock = make_app()
    placed(app)
    clock.now += 3
    table = state(app)
    session(app).state = replace(table, round=table.last_round())
    screen = app.screen()
    assert screen.style is Style.ANNOUNCE and screen.title == "Last round!"
    assert screen.top == "Last round"


# --- A turn ---------------------------------------------------------------------------------


def test_a_move_paid_with_coal_then_the_menu_opens_on_it_again() -> None:
    app, _, clock = make_app()
    handed_out(app, clock)
    coal = state(app).players[0].coal
    assert app.screen().body == (f"Coal {coal} · Whistle 0", "Moves 0/4, upgr. 0/2",
                                 "Trains 5 · Arrived 0")
    app.handle(Press("ok"))
    assert app.screen().menu is not None
    assert app.screen().menu.items[:2] == ("Move (coal)", "Arrival (coal)")
    app.handle(Press("ok"))
    assert app.screen().title == f"Coal spent, {coal - 1} left"
    assert state(app).moves == 1
    clock.now += 3
    app.handle(Press("ok"))
    app.handle(Press("ok"))                       # the same action again: two inputs
    assert state(app).moves == 2 and state(app).players[0].coal == coal - 2


def test_a_share_is_tapped_as_it_is_taken_and_only_once() -> None:
    app, _, clock = make_app()
    handed_out(app, clock)
    app.handle(Tap(uid("red-3")))
    assert app.screen().title == "Red 3 taken (1)"
    assert app.flow.in_play() == {uid("red-3")}
    clock.now += 3
    app.handle(Tap(uid("red-3")))
    assert app.screen().style is Style.REFUSAL and app.screen().title == "Red 3: Ana has it"
    clock.now += 3
    app.handle(Tap(uid("red-5")))
    assert app.screen().title == "Red 5 taken (2)"
    assert [(s.company, s.number) for s in state(app).players[0].shares] == [("red", 3),
                                                                            ("red", 5)]


def test_tokens_gained_coal_then_whistles() -> None:
    app, _, clock = make_app()
    handed_out(app, clock)
    before = state(app).players[0]
    choose(app, "Gain tokens")
    assert app.screen().title == "Coal +0" and app.screen().progress == (1, 2)
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    assert app.screen().title == "Gain at least one token"
    clock.now += 3
    app.handle(Press("back"))                     # back to the coal
    app.handle(Press("up"))
    app.handle(Press("up"))
    app.handle(Press("ok"))
    assert app.screen().title == "Whistle +0"
    app.handle(Press("up"))
    app.handle(Press("ok"))
    assert app.screen().title == "Coal +2 · Whistle +1"
    after = state(app).players[0]
    assert (after.coal, after.whistles) == (before.coal + 2, before.whistles + 1)


def test_fame_and_upgrades() -> None:
    app, _, clock = make_app()
    handed_out(app, clock)
    choose(app, "Gain fame")
    for _ in range(4):
        app.handle(Press("up"))
    app.handle(Press("ok"))
    assert app.screen().title == "Fame +5" and state(app).players[0].fame == 5
    clock.now += 3
    choose(app, "Buy an upgrade")
    assert app.screen().menu is not None
    assert app.screen().menu.items == ("From the supply",)
    app.handle(Press("ok"))
    assert app.screen().title == "Stars: 1"
    app.handle(Press("up"))
    app.handle(Press("up"))
    app.handle(Press("ok"))
    assert app.screen().title == "Upgrade of 3 stars"
    assert state(app).players[0].upgrades == (3,)
    clock.now += 3
    choose(app, "End the turn")
    choose(app, "Buy an upgrade")                 # Ben buys Ana's upgrade
    assert app.screen().menu is not None
    assert app.screen().menu.items == ("From the supply", "From Ana: 3 stars")
    app.handle(Press("down"))
    app.handle(Press("ok"))
    assert app.screen().title == "Pay Ana a rare resource"
    assert state(app).players[0].upgrades == () and state(app).players[1].upgrades == (3,)


def test_a_turn_without_a_move_gains_a_whistle() -> None:
    app, _, clock = make_app()
    handed_out(app, clock)
    whistles = state(app).players[0].whistles
    choose(app, "End the turn")
    assert app.screen().title == "Ana: No move: +1 whistle"
    assert state(app).players[0].whistles == whistles + 1 and state(app).current == 1


def test_the_last_train_is_announced_with_the_players_still_to_play() -> None:
    app, _, clock = make_app(NAMES[:3])
    handed_out(app, clock)
    table = state(app)
    ana = replace(table.players[0], on_map=1)
    session(app).state = replace(table, players=(ana, *table.players[1:]))
    choose(app, "Arrival (coal)")
    assert app.screen().title == "Train on the resources"
    clock.now += 3
    screen = app.screen()
    assert screen.style is Style.ANNOUNCE and screen.title == "Last train in!"
    assert screen.body == ("Ana: all trains in", "Still to play: Ben,", "Cleo")
    app.handle(Press("ok"))
    assert app.screen().title == "Tap a share taken" and app.screen().top == "ANA · Last round"


def test_the_final_tally_one_player_a_page_then_the_ranking() -> None:
    app, deck, clock = make_app()
    play(app, deck, 2)
    clock.now += 3
    result = RULES.result(state(app))
    first = result.players[0]
    screen = app.screen()
    assert screen.top == "Final result" and screen.title == f"{first.name}: {first.total}"
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    screen = app.screen()
    assert screen.style is Style.ANNOUNCE and screen.menu is not None
    assert screen.title == (f"{result.winners[0]} wins!" if len(result.winners) == 1
                            else f"Tie: {', '.join(result.winners)}")
    assert screen.menu.items[0].startswith("1. ")
    app.handle(Press("ok"))
    assert app.screen().title == "Still to add"


# --- Refusals, undo, restart ----------------------------------------------------------------


def test_refusals_change_nothing() -> None:
    app, _, clock = make_app()
    app.handle(Tap(uid("red-1")))                 # during the setup
    assert app.screen().title == "Not now: finish this first"
    placed(app)
    for item, reason in ((Tap("F0F0F0F0"), "Not a Whistle Stop card"),
                         (Tap("F1A70000"), "Not a Whistle Stop card"),
                         (Tap(uid("red-1")), "Not now: finish this first")):
        clock.now += 3
        app.handle(item)
        assert app.screen().style is Style.REFUSAL and app.screen().title == reason
    assert not any(p.shares for p in state(app).players)


def test_undo_asks_first_and_frees_the_share() -> None:
    app, _, clock = make_app()
    handed_out(app, clock)
    app.handle(Tap(uid("blue-2")))
    moves = len(app.session.history())
    app.handle(Hold("back"))
    assert app.screen().style is Style.CONFIRM
    app.handle(Press("ok"))
    assert len(app.session.history()) == moves - 1
    assert app.flow.in_play() == set() and state(app).players[0].shares == ()
    clock.now += 3
    app.handle(Tap(uid("blue-2")))
    assert state(app).players[0].shares != ()


def test_the_number_being_entered_survives_a_restart() -> None:
    app, _, clock = make_app()
    handed_out(app, clock)
    choose(app, "Gain tokens")
    app.handle(Press("up"))
    app.handle(Press("ok"))
    app.handle(Press("up"))
    restarted, _, _ = make_app(session=session(app))
    assert restarted.screen().title == "Whistle +1"
    restarted.handle(Press("ok"))
    assert restarted.screen().title == "Coal +1 · Whistle +1"


def test_a_restart_during_the_setup_keeps_the_page_and_a_broken_draft_is_forgotten() -> None:
    app, _, _ = make_app()
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    restarted, _, _ = make_app(session=session(app))
    assert restarted.screen().title == "Ben places a train"
    session(app).draft = {"mode": "nonsense", "coal": "x"}
    again, _, _ = make_app(session=session(app))
    assert again.screen().title == "5 trains each"


# --- No input breaks it ---------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(
    st.sampled_from([Press("up"), Press("down"), Press("ok"), Press("back"), Hold("back")]),
    st.sampled_from(SHARES).map(lambda share: Tap(uid(share))),
    st.sampled_from([Tap("F0F0F0F0"), Tap("F1A70000"), Tap("0BADCAFE")]),
    st.just("restart"),
), max_size=150), st.integers(0, 5))
def test_no_sequence_of_inputs_breaks_the_table(inputs: list[Input | str], head: int) -> None:
    """Random taps and presses, and restarts (the draft restored) at random moments."""
    names = NAMES[:3]
    app, deck, clock = make_app(names)
    moves: list[Event] = physical_moves(RULES, names, head)[:head * 20]
    for goal in moves:
        enter_move(goal, lambda g: autopilot.next_input(
            app.flow, state(app), g,
            lambda kind, value: deck.pick(kind, value, app.flow.in_play())),
            app.handle, lambda: len(app.session.history()))
    for item in inputs:
        if isinstance(item, str):
            app, _, clock = make_app(names, session=session(app))
            continue
        before = len(app.session.history())
        app.handle(item)
        after = app.session.history()
        if len(after) > before:
            assert len(after) == before + 1
            RULES.replay(RULES.new_game(names), [event for event, _ in after])
        app.screen()
        clock.now += random.Random(len(after)).choice((0, 3))


# --- Words and settings ---------------------------------------------------------------------


def french_catalog() -> Catalog:
    """The French catalogue with this game's incoming translations (until they are merged)."""
    catalog = read_po(po_path("fr").open("rb"), locale="fr")
    incoming = LOCALE_DIR / "fr" / "incoming" / f"{GAME}.po"
    if incoming.exists():
        for message in read_po(incoming.open("rb"), locale="fr"):
            if message.id:
                catalog.delete(message.id, context=message.context)
                catalog.add(message.id, message.string, context=message.context)
    return catalog


def french() -> gettext.GNUTranslations:
    compiled = io.BytesIO()
    write_mo(compiled, french_catalog())
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def test_every_message_of_the_flow_has_a_french_translation() -> None:
    catalog = french_catalog()
    missing = []
    game_folder = "companion/games/whistle_stop"
    for path in (f"{game_folder}/messages.py", f"{game_folder}/words.py",
                 "companion/games/names.py"):
        for _, message, _, context in extract_from_file("python", str(ROOT / path),
                                                        keywords=_COMPANION_KEYWORDS):
            if path.endswith("names.py") and not (context or "").startswith(GAME):
                continue
            found = catalog.get(message, context=context)
            strings = found.string if found is not None else ""
            if found is None or found.fuzzy or not all(strings if isinstance(strings, tuple)
                                                       else (strings,)):
                missing.append(message)
    assert not missing


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_screen_of_a_whole_game_fits(language: str) -> None:
    names = NAMES[:3]
    app, deck, _ = make_app(names, language=language)
    titles: set[str] = set()

    def watch(screen: Screen) -> None:
        assert len(screen.hints) <= 21, screen.hints
        assert not [cut for cut in cuts(screen) if cut.part == "top"], screen.top
        assert all(len(line) <= 21 for line in screen.body), screen.body
        assert all(len(item) <= 21 for item in screen.menu.items) if screen.menu else True
        assert "{" not in screen.title + " ".join(screen.body), screen
        render(screen)
        titles.add(screen.title)

    play(app, deck, 1, watch)
    if language == "fr":
        assert {"Posez l'action prise", "Ana : ton coup"} <= titles


def test_the_settings_may_come_in_their_json_form(tmp_path: Path) -> None:
    track = ("whistle", "coal") * 5
    chosen = Settings(round_track=track, start_space={2: 4, 3: 3, 4: 2, 5: 1})
    with Journal(tmp_path / "journal.sqlite3") as journal:
        started = GameSession.start(journal, RULES, NAMES[:2], {"settings": chosen, "first": 1})
        assert started.state.settings == chosen
        resumed = GameSession.resume(journal, started.play, rules=RULES)
        assert resumed.state.settings == chosen and resumed.state.first == 1
    assert RULES.new_game(NAMES[:2], settings={}).settings == Settings()
    assert RULES.new_game(NAMES[:2], settings={"round_track": ["coal"] * 12}).settings == \
        Settings(round_track=("coal",) * 12)
    with pytest.raises(IllegalEvent):
        RULES.new_game(NAMES[:2], settings={"round_track": "coal"})
