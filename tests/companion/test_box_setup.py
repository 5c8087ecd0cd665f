"""Setting up a whole box at the table, through the simulated reader and buttons: one tap a
card, the presses counted; a setup interrupted and resumed after the table is reopened."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.flows.inputs import Press, Tap
from companion.games.box import box_contents, box_size
from companion.games.cards import Card
from companion.i18n.translate import translator
from companion.screens.model import Style
from companion.screens.render import cuts
from companion.state.tags import TagRegistry
from companion.table.box_setup import BoxSetup, keep_identity
from companion.table.build import Table
from companion.table.system_menu import Entry, SystemMenu

from .fakes import TagTexts
from .hands import Hands
from .test_system_menu import open_lobby

HINT_WIDTH = 21


class CountingHands(Hands):
    """Hands that count what they do: taps, and presses (a hold is a press)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.taps = 0
        self.presses = 0

    def press(self, button: str) -> None:
        self.presses += 1
        super().press(button)

    def hold_back(self) -> None:
        self.presses += 1
        super().hold_back()

    def tap(self, uid: str) -> None:
        self.taps += 1
        super().tap(uid)


@pytest.fixture
def lobby(tmp_path: Path) -> Iterator[Table]:
    """A new table on its lobby's first screen."""
    opened = open_lobby(tmp_path)
    yield opened
    opened.close()


def setup_of(table: Table) -> BoxSetup:
    app = table.loop.app
    assert isinstance(app, BoxSetup), app
    return app


def open_setup(hands: Hands) -> None:
    """From the lobby's first screen: the system menu, then its last entry, "Set up a box"."""
    hands.hold_back()
    menu = hands.table.loop.app
    assert isinstance(menu, SystemMenu) and menu.entries[-1] is Entry.SET_UP_BOX
    hands.press("up")
    assert menu.screen().menu is not None and menu.screen().menu.selected == len(menu.entries) - 1
    hands.press("ok")


def choose(hands: Hands, wanted: str) -> None:
    """Move the list on screen to `wanted` the shorter way round, and take it."""
    screen = setup_of(hands.table).screen()
    assert screen.menu is not None
    items, here = screen.menu.items, screen.menu.selected
    there = items.index(wanted)
    forward = (there - here) % len(items)
    button, steps = ("down", forward) if forward <= len(items) - forward else (
        "up", len(items) - forward)
    for _ in range(steps):
        hands.press(button)
    hands.press("ok")


def uid(number: int) -> str:
    return f"04{number:06X}"


def walk_whole_box(hands: CountingHands, first: int = 0) -> int:
    """Tap a fresh tag for every card the screen names until the table leaves the setup; the
    number of tags tapped."""
    number = first
    while isinstance(hands.table.loop.app, BoxSetup):
        hands.tap(uid(number))
        number += 1
    return number - first


@pytest.mark.parametrize(("game", "board", "path"), [
    ("freight-train", None, ["Freight Train"]),
    ("ticket-to-ride", "europe", ["Ticket to Ride", "Europe"]),
])
def test_a_whole_box_costs_one_tap_a_card_and_a_press_per_twenty_cards(
        lobby: Table, game: str, board: str | None, path: list[str]) -> None:
    table = lobby
    hands = CountingHands(table)
    open_setup(hands)
    for item in path:
        choose(hands, item)
    size = box_size(box_contents(game, "en", board))
    assert walk_whole_box(hands) == size == hands.taps
    assert hands.presses * 20 <= size, hands.presses
    menu = table.loop.app
    assert isinstance(menu, SystemMenu)
    assert menu.screen().title == f"Box complete: {size} tags"
    enrolled = table.registry.all(game)
    assert len(enrolled) == size
    expected = {entry.card: entry.copies for entry in box_contents(game, "en", board)}
    counts: dict[Card, int] = {}
    for _uid, card in enrolled:
        counts[card] = counts.get(card, 0) + 1
    assert counts == expected


def test_a_setup_interrupted_resumes_where_it_stopped_after_the_table_reopens(
        tmp_path: Path) -> None:
    table = open_lobby(tmp_path)
    try:
        hands = CountingHands(table)
        open_setup(hands)
        choose(hands, "Ticket to Ride")
        choose(hands, "Europe")
        for number in range(30):
            hands.tap(uid(number))
        screen = setup_of(table).screen()
        assert screen.title == "Green train card" and screen.top == "7/12 · 126 left"
        assert screen.body[0] == "Done: Green 6/12"
    finally:
        table.close()  # the power goes: no ok pressed
    table = open_lobby(tmp_path)
    try:
        hands = CountingHands(table)
        open_setup(hands)
        choose(hands, "Ticket to Ride")  # the game and map left last are offered first
        choose(hands, "Europe")
        assert hands.presses == 5
        screen = setup_of(table).screen()
        assert (screen.title, screen.top) == ("Green train card", "7/12 · 126 left")
        assert walk_whole_box(hands, first=30) == 126
        assert len(table.registry.all("ticket-to-ride")) == 156
    finally:
        table.close()


def test_back_takes_the_last_tag_back_and_a_known_tag_says_its_card(lobby: Table) -> None:
    table = lobby
    hands = CountingHands(table)
    open_setup(hands)
    choose(hands, "Freight Train")
    hands.tap(uid(1))
    hands.tap(uid(1))  # still the same tag: not counted twice
    assert setup_of(table).screen().top == "2/16 · 176 left"
    hands.press("back")
    screen = setup_of(table).screen()
    assert screen.top == "1/16 · 177 left" and screen.body[0] == "Taken back: Coal"
    assert table.registry.lookup(uid(1)) is None
    hands.tap(uid(2))
    hands.press("down")
    hands.tap(uid(3))
    hands.tap(uid(2))
    title, style = setup_of(table).screen().title, setup_of(table).screen().style
    assert (title, style) == ("Already enrolled", Style.REFUSAL)
    assert setup_of(table).screen().body == ("Coal wagon",)
    assert table.registry.lookup(uid(3)) == Card("freight-train", "wagon", "tank")
    hands.press("ok")  # leaves; the setup is kept
    menu = table.loop.app
    assert isinstance(menu, SystemMenu) and menu.screen().title == "Setup kept: 175 left"


def test_every_gesture_is_on_the_screen_and_no_word_is_cut(tmp_path: Path) -> None:
    for language in ("en", "fr"):
        controls = SimpleNamespace(state_dir=tmp_path, language=language,
                                   registry=TagRegistry(":memory:"), tag_memory=None)
        setup = BoxSetup(controls, translator(language).gettext, lambda notice: notice,
                         clock=lambda: 0.0)
        screens = [setup.screen()]
        setup.handle(Press("up"))
        setup.handle(Press("ok"))
        screens.append(setup.screen())
        setup.handle(Press("down"))
        setup.handle(Press("ok"))
        screens.append(setup.screen())
        for number in range(13):
            setup.handle(Tap(uid(number)))
        screens.append(setup.screen())
        setup.handle(Tap(uid(0)))
        screens.append(setup.screen())
        for screen in screens:
            assert not cuts(screen), (screen, cuts(screen))
            assert len(screen.hints) <= HINT_WIDTH
        walk = screens[2]
        assert "ok:" in walk.hints and "back:" in walk.hints and "↑↓" in walk.body[-1]


def test_every_card_of_every_shipped_map_is_named_whole(tmp_path: Path) -> None:
    from engine.games.ticket_to_ride.library import SHIPPED

    registry = TagRegistry(":memory:")
    for language in ("en", "fr"):
        controls = SimpleNamespace(state_dir=tmp_path, language=language, registry=registry,
                                   tag_memory=None)
        setup = BoxSetup(controls, translator(language).gettext, lambda notice: notice,
                         clock=lambda: 0.0)
        setup.game = "ticket-to-ride"
        registry.enroll(uid(10_000), Card("ticket-to-ride", "ticket", "world-01"))
        for board in SHIPPED:
            setup._open(board)
            walk = setup.walk
            assert walk is not None
            for position, entry in enumerate(walk.entries):
                walk.position = position
                setup.handle(Tap(uid(position)))  # enrolled: confirmed under the next card
                screens = [setup.screen()]
                setup.handle(Tap(uid(10_000)))  # another card's tag: named
                screens.append(setup.screen())
                setup.flash = None
                walk.position = position
                screens.append(setup.screen())  # the card itself, with the last answer
                setup.handle(Press("back"))  # taken back
                screens.append(setup.screen())
                for screen in screens:
                    assert not cuts(screen), (board, entry.label, cuts(screen))


def test_the_identity_is_written_on_the_tag_and_read_back(tmp_path: Path) -> None:
    memory = TagTexts()
    memory.on_reader = uid(5)
    assert keep_identity(memory, uid(5), "tc1|freight-train|wagon|coal")
    assert memory.texts[uid(5)] == "tc1|freight-train|wagon|coal"
    memory.on_reader = uid(6)  # another tag answered the read: not confirmed
    assert not keep_identity(memory, uid(5), "tc1|freight-train|wagon|coal")
    refusing = TagTexts(fails=OSError("not a MIFARE Classic"))
    assert not keep_identity(refusing, uid(5), "tc1|freight-train|wagon|coal")
    assert not keep_identity(None, uid(5), "tc1|freight-train|wagon|coal")
    controls = SimpleNamespace(state_dir=tmp_path, language="en",
                               registry=TagRegistry(":memory:"), tag_memory=refusing)
    setup = BoxSetup(controls, translator("en").gettext, lambda notice: notice,
                     clock=lambda: 0.0)
    setup.handle(Press("ok"))
    setup.handle(Tap(uid(7)))  # a tag that keeps nothing is enrolled all the same
    assert controls.registry.lookup(uid(7)) == Card("freight-train", "wagon", "coal")
