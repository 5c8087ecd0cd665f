"""Unknown tags and the card another companion wrote on them: read, confirmed or enrolled."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.flows.inputs import Press, Tap
from companion.games.cards import ANY_GAME
from companion.games.cards import Card as RealCard
from companion.games.freight_train.flow import FreightTrainFlow
from companion.screens.model import Style
from companion.table.app import TableApp
from companion.table.build import Table
from companion.table.questions import EnrolQuestion
from drivers.rfid.mfrc522_pcd import AuthError, Collision, FrameError
from engine.games.freight_train import RULES

from .fakes import Card, MemoryRegistry, MemorySession
from .hands import Hands, simulated_table

COAL = Card("freight-train", "wagon", "coal")


@dataclass(frozen=True)
class Found:
    uid: str
    text: str


class Memory:
    """A reader's view of the tag's memory: the text on it, or the error reading it raises."""

    def __init__(self, answer: Found | Exception | None) -> None:
        self.answer = answer

    def read_text(self, timeout: float = 0.3) -> Found | None:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    def write_text(self, uid: str, text: str, timeout: float = 0.3) -> None:
        raise AuthError("no key for this tag")


def make_app(answer: Found | Exception | None) -> TableApp:
    app = TableApp(
        session=MemorySession(RULES, ("Ana", "Ben")), flow=FreightTrainFlow("en"),
        registry=MemoryRegistry(), gettext=lambda text: text, explain=str,
        enrollable=lambda: [("Coal", COAL)], clock=lambda: 0.0, tag_memory=Memory(answer))
    return app


@pytest.mark.parametrize("error", [AuthError("block 8 refused key A"), Collision("two cards"),
                                   FrameError("CRC"), OSError("SPI bus gone")])
def test_a_tag_whose_memory_cannot_be_read_is_offered_for_enrolment(error: Exception) -> None:
    app = make_app(error)
    app.handle(Tap("0BADF00D"))
    assert isinstance(app.question, EnrolQuestion) and app.question.uid == "0BADF00D"
    assert app.screen().style is Style.CONFIRM
    app.handle(Press("ok"))
    assert app.registry.lookup("0BADF00D") == COAL
    assert app.screen().title == "Enrolled: Coal · tag not written"  # and the registry has it


def test_a_game_card_written_by_another_companion_is_enrolled_from_its_memory() -> None:
    app = make_app(Found("0BADF00D", RealCard("freight-train", "wagon", "coal").to_text()))
    app.handle(Tap("0BADF00D"))
    assert app.question is None
    assert app.registry.lookup("0BADF00D") == RealCard("freight-train", "wagon", "coal")


def test_a_personal_tag_from_another_table_names_its_player_only_once_confirmed() -> None:
    text = RealCard(ANY_GAME, "player", "Ana").to_text()
    app = make_app(Found("0BADF00D", text))
    app.handle(Tap("0BADF00D"))
    assert app.registry.lookup("0BADF00D") is None     # not yet
    screen = app.screen()
    assert screen.style is Style.CONFIRM and screen.title == "Is this Ana's tag?"
    app.handle(Press("back"))                          # not hers: nothing enrolled
    assert app.registry.lookup("0BADF00D") is None and app.question is None
    app.handle(Tap("0BADF00D"))
    app.handle(Press("ok"))
    assert app.registry.lookup("0BADF00D") == RealCard(ANY_GAME, "player", "Ana")
    assert app.screen().title == "Enrolled: Ana"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with simulated_table(tmp_path, "freight-train", ("Ana", "Ben"), "en") as opened:
        yield opened


@pytest.mark.parametrize("uid, sak, key", [
    ("0BADF00D", 0x08, bytes(6)),          # a MIFARE Classic with another companion's key
    ("04112233445566", 0x00, None),        # SAK 00h, yet no Type 2 memory answers
])
def test_an_unreadable_card_on_the_simulated_reader_is_offered_for_enrolment(
        table: Table, uid: str, sak: int, key: bytes | None) -> None:
    card = table.drivers.sim.reader.card(uid, sak=sak)  # type: ignore[union-attr]
    if key is not None:
        card.memory[11][0:6] = key         # the trailer of the sector that keeps the text
    hands = Hands(table)
    while table.app.session.state.phase.name == "DEAL":
        hands.press("ok")
    hands.tap(uid)
    question = table.app.question
    assert isinstance(question, EnrolQuestion) and question.uid == uid
    assert hands.screen()[1] is Style.CONFIRM
    hands.press("ok")
    assert table.registry.lookup(uid) == RealCard("freight-train", "wagon", "coal")
