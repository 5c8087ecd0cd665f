"""Off the Rails at the table, input by input, without hardware."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows.automaton import Deck, enter_move, physical_moves
from companion.flows.inputs import Hold, Input, Press, Tap
from companion.games import autopilot
from companion.games.off_the_rails.autopilot import split_gems
from companion.games.off_the_rails.flow import OffTheRailsFlow
from companion.i18n.translate import translator
from companion.screens.model import Screen, Style
from companion.screens.render import cuts, render
from companion.table.app import TableApp
from engine.events import Event
from engine.games.off_the_rails import RULES
from engine.games.off_the_rails.components import CAVE_IN_CARD, deposit_cards
from engine.games.off_the_rails.events import DrawDeposit, MoveCarts, TakeActions
from engine.games.off_the_rails.state import Era, OffTheRailsState, Step

from .fakes import Card, MemoryRegistry, MemorySession

GAME = "off-the-rails"
NAMES = ("Ana", "Ben", "Cleo", "Dan")
CAVE_IN_UID = "CA0E0000"
FOREIGN_UID = "F0F0F0F0"
PLAYER_UID = "F1A70000"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def uid(card: str) -> str:
    return f"0D{deposit_cards().index(card):02X}0000"


def deck_and_cards() -> tuple[Deck, dict[str, Card]]:
    uids = {("deposit", card): [uid(card)] for card in deposit_cards()}
    uids[(CAVE_IN_CARD, "")] = [CAVE_IN_UID]
    cards = {uid(card): Card(GAME, "deposit", card) for card in deposit_cards()}
    cards[CAVE_IN_UID] = Card(GAME, CAVE_IN_CARD)
    cards[FOREIGN_UID] = Card("freight-train", "wagon", "coal")
    cards[PLAYER_UID] = Card("*", "player", "Ana")
    return Deck(uids), cards


def make_app(names: tuple[str, ...] = NAMES[:2], options: dict[str, Any] | None = None,
             session: MemorySession | None = None,
             language: str = "en") -> tuple[TableApp, Deck, Clock]:
    deck, cards = deck_and_cards()
    clock = Clock()
    app = TableApp(
        session=session or MemorySession(RULES, names, **(options or {})),
        flow=OffTheRailsFlow(language),
        registry=MemoryRegistry(cards),
        gettext=translator(language).gettext,
        explain=str,
        enrollable=lambda: [("Red 1", Card(GAME, "deposit", "red-1"))],
        clock=clock,
    )
    return app, deck, clock


def state(app: TableApp) -> OffTheRailsState:
    result: OffTheRailsState = app.session.state
    return result


class Player:
    """Enters the simulated physical game into the app, input by input, as the screen asks."""

    def __init__(self, app: TableApp, deck: Deck, seed: int,
                 options: dict[str, Any] | None = None) -> None:
        self.app, self.deck = app, deck
        names = [p.name for p in state(app).players]
        self.moves = physical_moves(RULES, names, seed, options)
        self.refusals: list[str] = []
        self.inputs = 0
        self.screens: list[Screen] = []

    def send(self, item: Input) -> None:
        self.app.handle(item)
        screen = self.app.screen()
        self.screens.append(screen)
        if screen.style is Style.REFUSAL:
            self.refusals.append(screen.title)

    def next_input(self, goal: Event) -> Input:
        return autopilot.next_input(self.app.flow, state(self.app), goal,
            lambda kind, value: self.deck.pick(kind, value, self.app.flow.in_play()))

    def enter(self, goal: Event) -> None:
        self.inputs += enter_move(goal, self.next_input, self.send,
                                  lambda: len(self.app.session.history()))
        assert not self.refusals, self.refusals

    def until(self, done: Any) -> Event:
        """Enter moves until `done(state)`; returns the next move still to enter."""
        for goal in self.moves[len(self.app.session.history()):]:
            if done(state(self.app)):
                return goal
            self.enter(goal)
        raise AssertionError("the game ended first")

    def to_the_end(self) -> None:
        for goal in self.moves[len(self.app.session.history()):]:
            self.enter(goal)


def real_result(names: tuple[str, ...], seed: int, options: dict[str, Any] | None = None) -> Any:
    moves = physical_moves(RULES, names, seed, options)
    return RULES.result(RULES.replay(RULES.new_game(names, **(options or {})), moves))


# --- Whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, None),
    (2, 2, {"settings": {"dice_chasm": True}}),
    (3, 3, None),
    (3, 4, {"settings": {"bumper": True, "dice_chasm": True}}),
    (4, 5, None),
    (4, 6, {"settings": {"dice_chasm": True}}),
])  # fmt: skip
def test_a_whole_game_entered_by_taps_and_presses_scores_like_the_real_one(
        players: int, seed: int, options: dict[str, Any] | None) -> None:
    names = NAMES[:players]
    app, deck, _ = make_app(names, options)
    player = Player(app, deck, seed, options)
    player.to_the_end()
    assert state(app).step is Step.OVER
    assert RULES.result(state(app)) == real_result(names, seed, options)
    # The table never saw the removed cards, yet it knows every card that was drawn.
    assert set(state(app).removed) == {"?"}
    assert player.inputs < 7 * len(player.moves)


def test_every_screen_of_a_game_fits_the_panel() -> None:
    app, deck, _ = make_app(NAMES[:3], {"settings": {"dice_chasm": True}})
    player = Player(app, deck, 7, {"settings": {"dice_chasm": True}})
    player.to_the_end()
    for _ in range(4):
        player.send(Press("ok"))  # the tally pages
    assert_fits(player.screens)


def assert_fits(screens: list[Screen]) -> None:
    for screen in screens:
        assert len(screen.hints) <= 21, screen.hints
        # The context line drops its last " · " parts whole when a name is long.
        assert not [cut for cut in cuts(screen) if cut.part == "top"], screen.top
        for line in screen.body:
            assert len(line) <= 21, line
        if screen.menu is not None:
            assert len(screen.title) <= 21, screen.title
            for item in screen.menu.items:  # a list to move in keeps a column for its marks
                assert len(item) <= (21 if screen.menu.selected < 0 else 20), item


# --- Setup and the deposit cards ---------------------------------------------------------------


def start(app: TableApp) -> None:
    while state(app).step is Step.SETUP:
        app.handle(Press("ok"))


def test_setup_pages_guide_the_sorting_then_the_opening_supply() -> None:
    app, _, _ = make_app(NAMES[:4], {"settings": {"bumper": True}})
    titles = []
    while state(app).step is Step.SETUP:
        titles.append(app.screen().title)
        body = " ".join(app.screen().body)
        if titles[-1] == "Deck: 20 cards":
            assert "piles of 12, 4 and 4" in body
        if titles[-1] == "Cave-in card":
            assert "the 12 on top" in body
        app.handle(Press("ok"))
    assert titles[0] == "Deposit cards" and titles[-1] == "Modes"
    assert state(app).step is Step.OPENING
    assert state(app).deck == ("?",) * 21
    assert app.screen().title == "Reveal an opening card"


def test_a_tapped_deposit_card_asks_its_stones_then_says_where_they_go() -> None:
    app, _, clock = make_app()
    start(app)
    app.handle(Tap(uid("red-3")))
    assert app.screen().title == "Red 3: 1 stone"
    app.handle(Press("up"))
    app.handle(Press("up"))
    assert app.screen().title == "Red 3: 3 stones"
    app.handle(Press("ok"))
    assert state(app).step is Step.REFILL
    screen = app.screen()
    assert screen.title == "Red mine, space 3"
    assert screen.body == ("Put 3 stones from the", "bag there.")
    app.handle(Press("ok"))
    assert state(app).step is Step.OPENING and state(app).drawn == ("red-3",)
    assert app.screen().progress == (1, 4)
    app.handle(Tap(uid("red-3")))                       # the same card again
    assert app.screen().style is Style.REFUSAL
    assert app.screen().title == "Red 3 already drawn"
    clock.now += 3
    app.handle(Tap(uid("red-5")))                       # one card per mine in the opening
    assert app.screen().title == "A red card is already out"
    app.handle(Tap(CAVE_IN_UID))
    assert app.screen().title == "The cave-in card is in the deck"
    app.handle(Tap(uid("blue-1")))
    app.handle(Press("back"))                           # a mistaken tap: nothing counted
    assert state(app).drawn == ("red-3",) and app.screen().title == "Reveal an opening card"
    assert len(app.session.history()) == 3


def test_taps_out_of_phase_and_foreign_tags_are_refused() -> None:
    app, _, _ = make_app()
    app.handle(Tap(uid("red-1")))                        # during the setup pages
    assert app.screen().title == "Not now: finish this first"
    start(app)
    app.handle(Tap(FOREIGN_UID))
    assert app.screen().title == "Not an Off the Rails card"
    app.handle(Tap(PLAYER_UID))
    assert app.screen().title == "Not an Off the Rails card"
    for card in ("red-1", "blue-2", "green-3", "yellow-4"):
        app.handle(Tap(uid(card)))
        app.handle(Press("ok"))
        assert app.screen().title != "Not now: finish this first"
        app.handle(Tap(uid("red-8")))                    # the stones are not out yet
        assert app.screen().title == "Put the stones out first: ok"
        app.handle(Press("ok"))
    assert state(app).step is Step.ACTIONS
    app.handle(Tap(uid("red-8")))
    assert app.screen().title == "Cards are drawn in phase 3"
    assert len(app.session.history()) == 9


def test_unknown_tag_offers_to_enrol_it() -> None:
    app, _, _ = make_app()
    start(app)
    app.handle(Tap("12345678"))
    assert app.screen().style is Style.CONFIRM and "12345678" in app.screen().top
    app.handle(Press("ok"))
    assert app.registry.lookup("12345678") == Card(GAME, "deposit", "red-1")


def test_the_card_choices_are_the_box() -> None:
    choices = OffTheRailsFlow("en").card_choices()
    assert len(choices) == 33
    assert choices[0] == ("Red 1", "deposit", "red-1")
    assert choices[-1] == ("Cave-in card", "cave-in", "")


def test_the_cave_in_card_where_the_rule_forbids_it_is_explained() -> None:
    app, deck, _ = make_app()
    player = Player(app, deck, 1)
    player.until(lambda s: s.step is Step.SUPPLY)
    app.handle(Tap(CAVE_IN_UID))                         # the first card of the deck
    assert app.screen().style is Style.REFUSAL
    assert app.screen().title == "The cave-in card cannot be this card"
    assert state(app).step is Step.SUPPLY


def test_the_cave_in_card_announces_the_last_turns() -> None:
    app, deck, clock = make_app(NAMES[:3])
    player = Player(app, deck, 3)
    goal = player.until(lambda s: False if not s.deck else s.deck_draws >= 8
                        and s.step is Step.SUPPLY and not s.mission_taken)
    while not (isinstance(goal, DrawDeposit) and goal.card == CAVE_IN_CARD):
        player.enter(goal)
        goal = player.moves[len(app.session.history())]
    drawer = state(app).player().name
    app.handle(Tap(CAVE_IN_UID))
    screen = app.screen()
    assert screen.style is Style.ANNOUNCE and screen.title == "Cave-in card!"
    assert state(app).era is Era.LAST_TURNS
    order = [state(app).player(s).name for s in (state(app).current, *state(app).still_to_play)]
    assert order[-1] == drawer and len(order) == 3
    assert " ".join(screen.body[1:]) == "Last turns: " + ", ".join(order)
    app.handle(Tap(uid("red-1")))                        # the announcement first
    assert app.screen().title == "Not now: finish this first"
    clock.now += 3
    app.handle(Press("ok"))
    assert app.screen().style is Style.PROMPT
    assert app.screen().top == f"{order[0].upper()} · Then: " + ", ".join(order[1:])
    assert app.screen().title.endswith("last turn: 1/4")


# --- A turn ------------------------------------------------------------------------------------


def at_first_actions(names: tuple[str, ...] = NAMES[:2]) -> tuple[TableApp, Deck, Clock]:
    app, deck, clock = make_app(names)
    start(app)
    for card in ("red-1", "blue-2", "green-3", "yellow-4"):
        app.handle(Tap(uid(card)))
        app.handle(Press("ok"))
        app.handle(Press("ok"))
    assert state(app).step is Step.ACTIONS
    return app, deck, clock


def choose(app: TableApp, label: str) -> None:
    """Move the cursor to the item that starts with `label` and press ok."""
    for _ in range(10):
        menu = app.flow.screen(state(app)).menu
        assert menu is not None
        if menu.items[menu.selected].startswith(label):
            app.handle(Press("ok"))
            return
        app.handle(Press("down"))
    raise AssertionError(f"no {label!r} in {app.screen().menu}")


def test_the_four_actions_are_chosen_from_a_list() -> None:
    app, _, _ = at_first_actions()
    menu = app.screen().menu
    assert menu is not None
    assert menu.items == ("Lay a rail", "Upgrade a rail", "Place a cart", "Done (0/4)")
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    assert app.screen().title == "Ana: action 3/4"
    app.handle(Press("back"))                            # takes the last one away
    choose(app, "Place a cart")
    menu = app.screen().menu
    assert menu is not None and "Adjust a die ±1" in menu.items    # a cart is on the board
    assert menu.items[menu.selected] == "Place a cart ×1"          # the cursor stays
    app.handle(Press("ok"))
    menu = app.screen().menu
    assert menu is not None and not any(i.startswith("Place") for i in menu.items)
    choose(app, "Adjust a die")
    assert state(app).step is Step.CARTS
    event, _ = app.session.history()[-1]
    assert event == TakeActions(("lay-rail", "place-cart", "place-cart", "adjust-die"))
    assert state(app).players[0].on_board == 2


def test_fewer_than_four_actions_and_no_cart_skips_phase_2() -> None:
    app, _, _ = at_first_actions()
    app.handle(Press("back"))
    assert app.screen().title == "Hold back to undo"
    choose(app, "Done")
    assert state(app).step is Step.SUPPLY
    assert app.screen().title == "Ana: draw a card"


def test_carts_home_with_their_gems_and_derailments() -> None:
    app, _, clock = at_first_actions()
    for _ in range(2):
        choose(app, "Place a cart")
    choose(app, "Done")
    assert app.screen().title == "Ana: carts moved"
    menu = app.screen().menu
    assert menu is not None and menu.items[0] == "Nothing to report"
    choose(app, "A cart came home")
    assert app.screen().title == "Rock: 0"
    app.handle(Press("ok"))                              # no rock
    for _ in range(6):
        app.handle(Press("up"))                          # rubies: five at most
    assert app.screen().title == "Five stones fill a cart"
    clock.now += 3
    assert app.screen().title == "Ruby: 5"
    app.handle(Press("down"))
    app.handle(Press("ok"))
    app.handle(Press("up"))                              # an emerald
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    assert app.screen().title == "Cart home: 5 gems"
    clock.now += 3
    choose(app, "Derailed: Ana")
    assert app.screen().title == "Ana: a cart derailed"
    menu = app.flow.screen(state(app)).menu
    assert menu is not None
    assert menu.items == ("Done",)                       # both carts are accounted for
    choose(app, "Done")
    ana = state(app).players[0]
    assert ana.gems == {"ruby": 4, "emerald": 1}
    assert (ana.reserve, ana.on_board) == (2, 0)
    event, _ = app.session.history()[-1]
    assert event == MoveCarts(1, {"ruby": 4, "emerald": 1}, (0,))


def test_back_in_phase_2_takes_the_last_entry_away() -> None:
    app, _, _ = at_first_actions()
    choose(app, "Place a cart")
    choose(app, "Done")
    choose(app, "Derailed: Ana")
    app.handle(Press("back"))
    menu = app.screen().menu
    assert menu is not None and menu.items[0] == "Nothing to report"
    choose(app, "A cart came home")
    app.handle(Press("back"))                            # leaves the unloading
    assert app.screen().title == "Ana: carts moved"
    choose(app, "Nothing to report")
    assert state(app).players[0].on_board == 1 and state(app).step is Step.SUPPLY


def test_a_mission_is_confirmed_once_a_turn() -> None:
    app, _, clock = at_first_actions()
    choose(app, "Done")
    app.handle(Press("ok"))
    assert app.screen().style is Style.CONFIRM and app.screen().title == "Mission for Ana?"
    app.handle(Press("back"))
    assert state(app).players[0].missions == 0
    app.handle(Press("ok"))
    app.handle(Press("ok"))
    assert app.screen().title == "Mission for Ana"
    assert state(app).players[0].missions == 1
    clock.now += 3
    assert "Mission taken" in app.screen().body
    app.handle(Press("ok"))
    assert app.screen().title == "Only one mission a turn"


def test_undo_asks_first_and_gives_the_card_back() -> None:
    app, _, clock = at_first_actions()
    choose(app, "Done")
    app.handle(Tap(uid("red-2")))
    app.handle(Press("ok"))
    assert state(app).step is Step.REFILL
    moves = len(app.session.history())
    app.handle(Hold("back"))
    assert app.screen().style is Style.CONFIRM
    app.handle(Press("back"))                            # no: nothing changes
    assert len(app.session.history()) == moves
    app.handle(Hold("back"))
    app.handle(Press("ok"))
    assert len(app.session.history()) == moves - 1
    assert state(app).step is Step.SUPPLY and "red-2" not in state(app).drawn
    clock.now += 3
    app.handle(Tap(uid("red-2")))                        # counted no more
    assert app.screen().style is not Style.REFUSAL
    assert app.screen().title == "Red 2: 1 stone"


# --- The cave-ins ------------------------------------------------------------------------------


def test_the_first_cave_ins_and_the_dice_chasm() -> None:
    options = {"settings": {"dice_chasm": True}}
    app, deck, _ = make_app(NAMES[:2], options)
    player = Player(app, deck, 2, options)
    goal = player.until(lambda s: s.step is Step.REVEAL)
    assert app.screen().title == "Reveal a set-aside card"
    app.handle(Tap(uid(state(app).drawn[0])))            # a card already used
    assert app.screen().title.endswith("already drawn")
    player.enter(goal)
    assert app.screen().top == "First cave-ins 1/4"
    player.until(lambda s: s.era is Era.CAVE_INS)
    if state(app).step is Step.OVER:
        return
    assert app.screen().style is Style.ANNOUNCE and app.screen().title == "Cave-ins begin"
    app.handle(Press("ok"))
    player.until(lambda s: s.step is Step.SUPPLY)
    assert app.screen().title.endswith("draw a token")
    choose(app, "Green")
    assert app.screen().title == "Die: 1"
    app.handle(Press("up"))
    app.handle(Press("up"))
    app.handle(Press("ok"))
    assert state(app).step is Step.CAVE_IN
    assert app.screen().title == "Green → 3 or next"
    pending = state(app).pending
    assert pending is not None and pending.space == 3


# --- A power cut -------------------------------------------------------------------------------


def restarted(app: TableApp) -> TableApp:
    """A new app on the same session, as after a power cut: the flow only has the draft."""
    session = app.session
    assert isinstance(session, MemorySession)
    again, _, _ = make_app(session=session)
    return again


@pytest.mark.parametrize("where", ["actions", "stones", "gems", "announce"])
def test_the_move_being_entered_survives_a_restart(where: str) -> None:
    app, deck, _ = make_app(NAMES[:3])
    player = Player(app, deck, 3)
    if where == "announce":
        goal = player.until(lambda s: s.era is Era.LAST_TURNS)
    else:
        step = {"actions": Step.ACTIONS, "stones": Step.SUPPLY, "gems": Step.CARTS}[where]
        goal = player.until(lambda s: s.step is step and s.deck_draws > 2 and (
            step is not Step.SUPPLY or not s.mission_taken))
        if where == "gems":
            while not (isinstance(goal, MoveCarts) and goal.home):
                player.enter(goal)
                goal = player.until(lambda s: s.step is Step.CARTS)
        for _ in range(3):
            item = player.next_input(goal)
            assert not isinstance(item, Press) or item.button != "back"
            player.send(item)
    before = app.flow.screen(state(app))
    app = restarted(app)
    assert app.flow.screen(state(app)) == before
    player.app = app
    player.to_the_end()
    assert RULES.result(state(app)) == real_result(NAMES[:3], 3)


# --- The end -----------------------------------------------------------------------------------


def test_the_final_tally_shows_each_breakdown_then_the_winner() -> None:
    app, deck, _ = make_app(NAMES[:3])
    player = Player(app, deck, 4)
    player.to_the_end()
    tally = RULES.result(state(app))
    for score in tally.players:
        screen = app.screen()
        assert screen.title == f"{score.name}: {score.total}"
        assert screen.menu is not None
        assert screen.menu.items[-2:] == (f"Carts: {score.breakdown['carts']}",
                                          f"Missions: {score.breakdown['missions']}")
        assert str(score.breakdown["gems"]) in screen.menu.items[0]
        app.handle(Press("ok"))
    ranking = app.screen()
    assert ranking.style is Style.ANNOUNCE
    winner = tally.winners[0]
    assert ranking.title == (f"{winner} wins!" if len(tally.winners) == 1
                             else "Tie: " + ", ".join(tally.winners))
    app.handle(Tap(uid("red-1")))
    assert app.screen().title == "Not now: finish this first"


def test_gems_split_cart_by_cart() -> None:
    assert split_gems({"ruby": 4, "gold": 3}, 2) == [{"ruby": 4, "gold": 1}, {"gold": 2}]
    assert split_gems({}, 1) == [{}]


# --- Any input, any time -----------------------------------------------------------------------

UIDS = [uid("red-1"), uid("red-2"), uid("blue-5"), uid("green-8"), uid("yellow-3"),
        CAVE_IN_UID, FOREIGN_UID, PLAYER_UID, "0BADCAFE"]
INPUTS = st.one_of(
    st.sampled_from(UIDS).map(Tap),
    st.sampled_from(["up", "down", "ok", "back"]).map(Press),
    st.just(Hold("back")),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**16), known=st.integers(0, 140),
       inputs=st.lists(INPUTS, max_size=60), dice=st.booleans())
def test_any_inputs_only_ever_give_screens_and_refusals(
        players: int, seed: int, known: int, inputs: list[Input], dice: bool) -> None:
    options = {"settings": {"dice_chasm": dice}}
    app, deck, clock = make_app(NAMES[:players], options)
    player = Player(app, deck, seed, options)
    for goal in player.moves[:known]:
        player.enter(goal)
    session = app.session
    assert isinstance(session, MemorySession)
    for item in inputs:
        app.handle(item)
        clock.now += 0.5
        app.screen()
        assert session.state == RULES.replay(session.start, [e for e, _ in session.log])
    render(app.screen())
    assert_fits([app.flow.screen(session.state)])


# --- French ------------------------------------------------------------------------------------

def _fields(text: str) -> list[str]:
    import string

    return [field for _, field, _, _ in string.Formatter().parse(text) if field]


@pytest.fixture
def french() -> None:
    """The screens in French: the shared catalogue holds this game's translations."""


@pytest.mark.usefixtures("french")
def test_a_french_game_fits_the_panel_with_its_accents() -> None:
    options = {"settings": {"dice_chasm": True, "bumper": True}}
    app, deck, _ = make_app(NAMES[:4], options, language="fr")
    player = Player(app, deck, 8, options)
    player.screens.append(app.screen())
    player.to_the_end()
    for _ in range(5):
        player.send(Press("ok"))
    assert_fits(player.screens)
    titles = {screen.title for screen in player.screens}
    assert "Carte éboulement !" in titles
    assert any(screen.top.startswith("Éboulements") for screen in player.screens)
    for screen in player.screens[:40]:
        render(screen)


def test_the_table_settings_arrive_in_their_json_form(tmp_path: Path) -> None:
    from companion.cli.run import _options
    from companion.config import load_config

    path = tmp_path / "companion.toml"
    path.write_text('[off-the-rails]\nbumper = true\ndice_chasm = true\n', encoding="utf-8")
    options = _options(load_config(path), GAME, NAMES[:2])
    table = RULES.new_game(NAMES[:2], **options)
    assert (table.settings.bumper, table.settings.dice_chasm) == (True, True)
    app, _, _ = make_app(NAMES[:2], options)
    titles = []
    while state(app).step is Step.SETUP:
        titles.append(app.screen().title)
        app.handle(Press("ok"))
    assert titles[-1] == "Modes"
    assert app.flow.screen(state(app)).top == "Opening supply"
