""""What is this tag?" from the system menu: any tag says what it is, then is enrolled as
another card, as a player's tag, or forgotten, after a confirmation."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from companion.flows.inputs import Press, Tap
from companion.games.cards import Card
from companion.i18n.translate import translator
from companion.screens.model import Screen, Style
from companion.screens.render import cuts
from companion.state.journal import Journal
from companion.state.paths import JOURNAL_FILE
from companion.state.tags import TagRegistry
from companion.table.session import GameSession
from companion.table.system_menu import Entry, SystemMenu
from companion.table.tag_check import TagCheck
from engine.registry import GAMES

from .fakes import TagTexts
from .hands import Hands
from .test_system_menu import open_lobby

COAL = Card("freight-train", "wagon", "coal")
UID = "04A31F2B"


def check(tmp_path: Path, language: str = "en", memory: TagTexts | None = None
          ) -> tuple[TagCheck, TagRegistry, Journal]:
    registry = TagRegistry(":memory:")
    journal = Journal(tmp_path / JOURNAL_FILE)
    controls = SimpleNamespace(language=language, registry=registry, tag_memory=memory,
                               journal=journal)
    return (TagCheck(controls, translator(language).gettext, lambda notice: notice,
                     clock=lambda: 0.0), registry, journal)


def press(app: TagCheck, *buttons: str) -> Screen:
    for button in buttons:
        app.handle(Press(button))
    return app._screen()


def choose(app: TagCheck, item: str) -> Screen:
    menu = app._screen().menu
    assert menu is not None, app._screen()
    app.choice = menu.items.index(item)
    return press(app, "ok")


def test_a_tag_enrolled_as_the_wrong_card_is_enrolled_again(tmp_path: Path) -> None:
    app, registry, journal = check(tmp_path)
    registry.enroll(UID, COAL)
    assert app.screen().title == "Tap a tag"
    app.handle(Tap(UID))
    screen = app.screen()
    assert (screen.top, screen.title) == (UID, "Coal wagon")
    screen = press(app, "ok")
    assert screen.menu is not None and screen.menu.items == (
        "Enrol as a card", "A player's tag", "Forget it")
    choose(app, "Enrol as a card")
    choose(app, "Ticket to Ride")
    choose(app, "Europe")
    screen = choose(app, "Ticket Paris – Wien 8")
    assert screen.title == "Enrol as Ticket Paris – Wien 8?" and screen.style is Style.CONFIRM
    assert registry.lookup(UID) == COAL  # nothing changes before the confirmation
    press(app, "ok")
    card = registry.lookup(UID)
    assert card is not None and card.kind == "ticket" and card.value.startswith("europe-")
    assert app.screen().title == "Enrolled: Ticket Paris – Wien 8"
    assert app._screen().title == "Tap a tag"  # ready for the next tag
    journal.close()


def test_a_tag_enrolled_again_carries_its_new_card_and_says_so(tmp_path: Path) -> None:
    for memory, said in ((TagTexts(on_reader=UID), "Enrolled: Box wagon · written on the tag"),
                         (TagTexts(fails=OSError("no key"), on_reader=UID),
                          "Enrolled: Box wagon · tag not written")):
        app, registry, journal = check(tmp_path, memory=memory)
        registry.enroll(UID, COAL)
        app.handle(Tap(UID))
        press(app, "ok")
        choose(app, "Enrol as a card")
        choose(app, "Freight Train")
        choose(app, "Box wagon")
        press(app, "ok")
        assert app.screen().title == said
        assert registry.lookup(UID) == Card("freight-train", "wagon", "box")
        journal.close()
    assert memory.texts == {}  # the tag that refused keeps nothing


def test_an_unknown_tag_says_so_and_a_tag_is_forgotten_after_a_confirmation(
        tmp_path: Path) -> None:
    app, registry, journal = check(tmp_path)
    app.handle(Tap("01020304"))
    screen = app.screen()
    assert screen.title == "Not enrolled"
    screen = press(app, "ok")
    assert screen.menu is not None and "Forget it" not in screen.menu.items
    registry.enroll(UID, COAL)
    press(app, "back")  # a tag is looked at while no change is under way
    app.handle(Tap(UID))
    press(app, "ok")
    screen = choose(app, "Forget it")
    assert screen.title == "Forget this tag?"
    press(app, "back")
    assert registry.lookup(UID) == COAL
    choose(app, "Forget it")
    press(app, "ok")
    assert registry.lookup(UID) is None and app.screen().title == "Tag forgotten"
    journal.close()


def test_a_personal_tag_for_a_player_the_journal_knows(tmp_path: Path) -> None:
    app, registry, journal = check(tmp_path)
    app.handle(Tap(UID))
    press(app, "ok")
    choose(app, "A player's tag")
    assert app.screen().title == "No player names yet"
    GameSession.start(journal, GAMES["whistle-stop"], ("Ana", "Ben"), {})
    registry.enroll("0A0B0C0D", Card("*", "player", "Cléo"))
    screen = choose(app, "A player's tag")
    assert screen.title == "Whose tag?" and screen.menu is not None
    assert screen.menu.items == ("Ana", "Ben", "Cléo")
    choose(app, "Ben")
    press(app, "ok")
    assert registry.lookup(UID) == Card("*", "player", "Ben")
    app.handle(Tap(UID))
    assert app.screen().title == "Ben's tag"
    journal.close()


def test_back_goes_back_step_by_step_and_leaves_from_the_first(tmp_path: Path) -> None:
    app, _registry, journal = check(tmp_path)
    app.handle(Tap(UID))
    press(app, "ok")
    choose(app, "Enrol as a card")
    choose(app, "Freight Train")
    assert press(app, "back").title == "Which game?"
    assert press(app, "back").title == "Change it:"
    assert press(app, "back").title == "Not enrolled"
    assert press(app, "back").title == "Tap a tag"
    app.handle(Tap(UID))
    press(app, "ok")
    choose(app, "Enrol as a card")
    app.handle(Tap("01020304"))
    assert app.screen().title == "Finish this first"
    press(app, "back", "back", "back")
    assert app.next_app is None
    app.handle(Press("back"))
    assert app.next_app == "" or app.next_app is None
    journal.close()


def test_no_word_is_cut(tmp_path: Path) -> None:
    for language in ("en", "fr"):
        app, registry, journal = check(tmp_path, language)
        registry.enroll(UID, Card("ticket-to-ride", "ticket", "world-01"))
        screens = [app.screen()]
        app.handle(Tap(UID))
        screens.append(app.screen())
        screens.append(press(app, "ok"))
        app.choice = 2
        screens.append(press(app, "ok"))
        press(app, "back")
        screens += [press(app, "ok"), press(app, "ok"), press(app, "ok")]
        for screen in screens:
            assert not cuts(screen), (screen, cuts(screen))
        journal.close()


def test_from_the_system_menu_and_back(tmp_path: Path) -> None:
    table = open_lobby(tmp_path)
    try:
        hands = Hands(table)
        hands.hold_back()
        menu = table.loop.app
        assert isinstance(menu, SystemMenu)
        hands.press("up")
        hands.press("up")
        assert menu.entries[menu.choice] is Entry.TAG_CHECK
        hands.press("ok")
        assert isinstance(table.loop.app, TagCheck)
        table.registry.enroll(UID, COAL)
        hands.tap(UID)
        assert table.loop.app.screen().title == "Coal wagon"
        hands.press("back")
        hands.press("back")
        assert table.loop.app is menu
    finally:
        table.close()
