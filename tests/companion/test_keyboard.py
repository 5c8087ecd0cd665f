"""The desktop's typed lines: one for every gesture the table understands, all in the docs
(docs/at-the-table.md)."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from companion.desktop import keyboard
from companion.desktop.demo import DEMO_DRIVERS
from companion.desktop.keyboard import HOLDS, KEYS, QUIT, Keyboard
from companion.flows.inputs import BUTTONS, Hold, Input, Press, Tap
from companion.games.cards import Card
from companion.games.ticket_to_ride.ticket_tags import map_ticket_codes
from companion.screens.model import Style
from companion.table.build import Table, open_table
from engine.games.freight_train.state import Phase

from .hands import Hands, simulated_table

ROOT = Path(__file__).resolve().parents[2]
#: The page with the table of typed lines.
TYPED_LINES_PAGE = ROOT / "docs" / "at-the-table.md"
#: A long press the table acts on: `isinstance(item, Hold) and item.button == "ok"`.
_HOLD_TEST = re.compile(r"isinstance\(item, Hold\) and item\.button == \"(\w+)\"")


def held_buttons_the_table_reads() -> set[str]:
    """Every button whose long press some screen acts on, found in the companion's code."""
    found: set[str] = set()
    for source in (ROOT / "companion").rglob("*.py"):
        found.update(_HOLD_TEST.findall(source.read_text(encoding="utf-8")))
    return found


def gestures() -> set[Input]:
    pressed: set[Input] = {Press(button) for button in BUTTONS}
    return pressed | {Hold(button) for button in held_buttons_the_table_reads()}


def typed(word: str) -> Input:
    """The gesture a typed line stands for, per the keyboard's tables."""
    if word.lower() in KEYS:
        return Press(KEYS[word.lower()])
    if word.lower() in HOLDS:
        return Hold(HOLDS[word.lower()])
    return Tap(word.upper())


def test_the_code_holds_back_and_ok() -> None:
    # The scan above must find what the table reads, or the next test proves nothing.
    assert held_buttons_the_table_reads() == {"back", "ok"}


def test_every_gesture_has_a_typed_line() -> None:
    words = [*KEYS, *HOLDS]
    assert gestures() <= {typed(word) for word in words}
    assert typed("new") == Hold("ok") and typed("oo") == Hold("ok")
    assert typed("bb") == Hold("back")


def documented_typed_lines() -> dict[str, str]:
    """The docs' table of typed lines: each typed word and what the table says it does."""
    text = TYPED_LINES_PAGE.read_text(encoding="utf-8")
    table = text[text.index("| type | does |"):].split("\n\n", 1)[0]
    lines: dict[str, str] = {}
    for row in table.splitlines()[2:]:
        _, typed_cell, does, _ = row.split("|", 3)
        for word in re.findall(r"`([^`]+)`", typed_cell):
            lines[word] = does.strip()
        if "Enter" in typed_cell:
            lines[""] = does.strip()
    return lines


def test_the_docs_table_lists_a_line_for_every_gesture() -> None:
    documented = documented_typed_lines()
    for gesture in gestures():
        assert any(typed(word) == gesture for word in documented), gesture
    # Rows other than taps show words the keyboard knows, not words it would take for a tag.
    buttons = {word for word, does in documented.items() if not does.startswith("tap")}
    assert buttons and buttons <= set(KEYS) | set(HOLDS) | QUIT
    assert set(documented) >= QUIT | {"uu", "game"}
    assert "new" in documented and "oo" in documented


class _Recorder:
    """Stands in front of the app to see which inputs reach it."""

    def __init__(self, table: Table) -> None:
        self.seen: list[Input] = []
        app = table.loop.app
        original = app.handle

        def handle(item: Input) -> None:
            self.seen.append(item)
            original(item)

        app.handle = handle  # type: ignore[method-assign]


#: What each typed line gives the table. `ok` acts when pressed, so a held `ok` is first a
#: press, then the long press, as on the Pi; `back` acts on release, so a held one is not.
SEEN: dict[str, list[Input]] = {
    "new": [Press("ok"), Hold("ok")],
    "bb": [Hold("back")],
    "menu": [Hold("back")],
    "o": [Press("ok")],
    "d": [Press("down")],
}


@pytest.mark.parametrize("word", sorted(SEEN))
def test_a_typed_line_reaches_the_table_as_its_gesture(tmp_path: Path, word: str) -> None:
    with simulated_table(tmp_path, "freight-train", ("Ana", "Ben"), "en") as table:
        recorder = _Recorder(table)
        typist = Keyboard(table, threading.Event(), stream=None)
        # The keyboard holds a button as long as a finger would; the loop runs here meanwhile.
        acting = threading.Thread(target=typist.act, args=(word,))
        acting.start()
        Hands(table).pump(len(SEEN[word]))
        acting.join()
        assert recorder.seen == SEEN[word]
        assert recorder.seen[-1] == typed(word)


def test_the_module_says_how_to_type_a_new_game() -> None:
    assert "new" in (keyboard.__doc__ or "")


#: Typed names and the card each taps at a Ticket to Ride table: boat cards (Rails & Sails) by
#: name as train cards are, in English and French; a colour alone is the train card.
TYPED_CARDS: dict[str, tuple[str, str]] = {
    "red": ("train", "red"),
    "Rouge": ("train", "red"),
    "red boat": ("transport-boat", "red"),
    "Bateau  Rouge": ("transport-boat", "red"),
    "pink 2-boat": ("transport-boat2", "pink"),
    "bateau double rose": ("transport-boat2", "pink"),
    "locomotive": ("locomotive", ""),
    "joker": ("train-joker", ""),
}


def test_cards_are_typed_by_their_names_in_each_language(tmp_path: Path) -> None:
    with simulated_table(tmp_path, "ticket-to-ride", ("Ana", "Ben"), "en") as table:
        typist = Keyboard(table, threading.Event(), stream=None)
        for word, (kind, value) in TYPED_CARDS.items():
            uid = typist.uid_of(word)
            assert uid is not None, word
            card = table.registry.lookup(uid)
            assert card is not None and (card.game, card.kind, card.value) == (
                "ticket-to-ride", kind, value), word
        assert typist.uid_of("red bote") is None


def test_a_boat_card_typed_by_name_reaches_the_table_as_its_tap(tmp_path: Path) -> None:
    with simulated_table(tmp_path, "ticket-to-ride", ("Ana", "Ben"), "fr") as table:
        recorder = _Recorder(table)
        typist = Keyboard(table, threading.Event(), stream=None)
        assert typist.uid_of("bateau vert") is not None, "else the table would wait for a tap"
        acting = threading.Thread(target=typist.act, args=("bateau vert",))
        acting.start()
        Hands(table).pump(1)
        acting.join()
        assert len(recorder.seen) == 1 and isinstance(recorder.seen[0], Tap)
        card = table.registry.lookup(recorder.seen[0].uid)
        assert card is not None and (card.kind, card.value) == ("transport-boat", "green")


# --- Cards by their printed names, and a card already in play ---------------------------------

#: Typed lines naming one coal wagon, and what the table answers to the second, per language.
ALREADY_COUNTED = {"en": ("coal", "Coal wagon", "Coal already counted"),
                   "fr": ("charbon", "wagon charbon", "Charbon déjà compté")}


@pytest.mark.parametrize("language", sorted(ALREADY_COUNTED))
def test_a_card_in_play_typed_again_is_answered_as_the_table_does(tmp_path: Path,
                                                                  language: str) -> None:
    first, again, answer = ALREADY_COUNTED[language]
    table = open_table(state_dir=tmp_path, game="freight-train", players=("Ana", "Ben"),
                       language=language, driver_config=DEMO_DRIVERS)
    try:
        # A box of one coal wagon: every copy of it is in play once it is counted.
        table.registry.enroll("C0A10001", Card("freight-train", "wagon", "coal"))
        hands = Hands(table)
        while table.app.session.state.phase is Phase.DEAL:
            hands.press("ok")
        typist = Keyboard(table, threading.Event(), stream=None, language=language)
        typing = threading.Thread(target=typist.act, args=(first,))
        typing.start()
        hands.pump(1)
        typing.join()
        hands.press("ok")  # where the wagon goes: the menu's first place
        assert "C0A10001" in table.app.flow.in_play()
        assert typist.uid_of(again) == "C0A10001", "else the table would wait for a tap"
        typing = threading.Thread(target=typist.act, args=(again,))
        typing.start()
        hands.pump(1)
        typing.join()
        screen = table.app.screen()
        assert screen.style is Style.REFUSAL and screen.title == answer
    finally:
        table.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_ticket_is_typed_by_its_cities_on_the_map_played(tmp_path: Path,
                                                            language: str) -> None:
    with simulated_table(tmp_path, "ticket-to-ride", ("Ana", "Ben"), language) as table:
        typist = Keyboard(table, threading.Event(), stream=None, language=language)
        board = table.app.session.state.board
        ticket = board.tickets[0]
        for typed_line in (" – ".join(ticket.places), " ".join(reversed(ticket.places)).upper()):
            uid = typist.uid_of(typed_line)
            assert uid is not None, typed_line
            card = table.registry.lookup(uid)
            assert card is not None and card.kind == "ticket"
            assert board.ticket(map_ticket_codes(board)[card.value]) == ticket
        assert typist.uid_of("Nowhere – Atlantis") is None


def test_a_player_s_name_is_typed_with_or_without_its_accents(tmp_path: Path) -> None:
    with simulated_table(tmp_path, "freight-train", ("Ana", "Ben"), "fr") as table:
        table.registry.enroll("F1A70002", Card("*", "player", "Cléo"))
        typist = Keyboard(table, threading.Event(), stream=None, language="fr")
        assert typist.uid_of("Cléo") == typist.uid_of("cleo") == typist.uid_of("CLEO") == (
            "F1A70002")
        assert typist.uid_of("zoe") is None
