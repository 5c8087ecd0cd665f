"""A card's identity written on its tag as it is enrolled and read back before the table says
so: NTAG213/215 stickers through the simulated chip and the real driver, and what a second
companion with its own registry reads from them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.cards import Card
from companion.screens.model import Style
from companion.table.build import Table
from companion.table.questions import EnrolQuestion
from companion.table.tag_identity import enrolled_notice, write_and_verify
from drivers.rfid.mfrc522_pcd import NoAnswer
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator

from .fakes import TagTexts
from .hands import Hands, simulated_table

STICKER = "04C0FFEE000001"
COAL = Card("freight-train", "wagon", "coal")


def test_write_and_verify_is_true_only_when_the_text_reads_back() -> None:
    assert write_and_verify(TagTexts(), "0BADF00D", "tc1|x|y|z")
    assert not write_and_verify(TagTexts(keeps=False), "0BADF00D", "tc1|x|y|z")
    assert not write_and_verify(TagTexts(fails=NoAnswer()), "0BADF00D", "tc1|x|y|z")
    assert not write_and_verify(TagTexts(fails=OSError("SPI")), "0BADF00D", "tc1|x|y|z")
    other = TagTexts()
    other.on_reader = "01020304"  # another tag took its place before the read-back
    other.texts["01020304"] = "tc1|x|y|z"
    assert not write_and_verify(other, "0BADF00D", "tc1|x|y|z")


def test_the_notice_says_whether_the_tag_carries_the_card() -> None:
    same = str
    assert enrolled_notice(same, "Coal", True) == "Enrolled: Coal · written on the tag"
    assert enrolled_notice(same, "Coal", False) == "Enrolled: Coal · tag not written"
    assert enrolled_notice(same, "Coal", None) == "Enrolled: Coal"


# -- through the simulated chip and the real driver --------------------------------------------


def hand_built(text: str) -> bytes:
    payload = b"\x02en" + text.encode("utf-8")
    record = bytes([0xD1, 0x01, len(payload)]) + b"T" + payload
    return bytes([0x03, len(record)]) + record + b"\xfe"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with simulated_table(tmp_path / "first", "freight-train", ("Ana", "Ben"), "en") as opened:
        yield opened


def chip(table: Table) -> Mfrc522ChipSimulator:
    reader = table.drivers.sim.reader
    assert isinstance(reader, Mfrc522ChipSimulator)
    return reader


def playing(table: Table) -> Hands:
    hands = Hands(table)
    while table.app.session.state.phase.name == "DEAL":
        hands.press("ok")
    return hands


def lay_unknown_sticker(table: Table, hands: Hands, model: str) -> None:
    """Lay a fresh sticker on the reader and leave it there, as one does while enrolling."""
    chip(table).ntag(STICKER, model)
    chip(table).place(STICKER)
    hands.pump(1)
    assert isinstance(table.app.question, EnrolQuestion)


@pytest.mark.parametrize("model", ["NTAG213", "NTAG215"])
def test_a_sticker_enrolled_at_the_table_carries_its_card(table: Table, model: str) -> None:
    hands = playing(table)
    lay_unknown_sticker(table, hands, model)
    hands.press("ok")  # the first kind offered: coal
    assert table.registry.lookup(STICKER) == COAL
    assert hands.screen() == ("Enrolled: Coal · written on the tag", Style.NOTICE)
    expected = hand_built(COAL.to_text())
    assert chip(table).ntag(STICKER).user_memory()[: len(expected)] == expected


def test_a_sticker_lifted_mid_write_leaves_the_card_enrolled_and_says_so(table: Table) -> None:
    hands = playing(table)
    lay_unknown_sticker(table, hands, "NTAG213")
    chip(table).lift_after_writes(STICKER, 2)
    hands.press("ok")
    assert table.registry.lookup(STICKER) == COAL  # the registry is the source of truth
    assert hands.screen() == ("Enrolled: Coal · tag not written", Style.NOTICE)
    sticker = chip(table).ntag(STICKER)
    assert sticker.writes == 2 and sticker.user_memory()[:3] == b"\x03\x00\xfe"  # empty


def test_a_second_companion_reads_a_sticker_it_has_never_seen(
        table: Table, tmp_path: Path) -> None:
    hands = playing(table)
    lay_unknown_sticker(table, hands, "NTAG215")
    hands.press("ok")
    written = chip(table).ntag(STICKER)
    with simulated_table(tmp_path / "second", "freight-train", ("Cleo", "Dan"),
                         "en") as second:
        assert second.registry.lookup(STICKER) is None  # its own registry: never enrolled
        chip(second).ntag(STICKER, "NTAG215").memory[:] = written.memory  # the same sticker
        other_hands = playing(second)
        other_hands.tap(STICKER)
        assert second.app.question is None  # nothing asked: the sticker said what it is
        assert second.registry.lookup(STICKER) == COAL
