"""A simulated card's memory: every block reads as on a fresh MIFARE Classic 1K, but only the
blocks used take room in the simulator."""

from __future__ import annotations

import pytest

from drivers.rfid import iso14443 as picc
from drivers.sim.mifare_card import BLOCKS, TRANSPORT_TRAILER, SimCard


def test_a_fresh_card_holds_its_uid_transport_trailers_and_zeros() -> None:
    uid = bytes.fromhex("DEADBEEF")
    card = SimCard(uid)
    assert card.memory.used() == 0
    assert bytes(card.memory[0][:8]) == uid + bytes([picc.bcc(uid), 0x08, 0x04, 0x00])
    assert [bytes(card.memory[block]) for block in (3, 7, 63)] == [TRANSPORT_TRAILER] * 3
    assert bytes(card.memory[8]) == bytes(16)
    assert card.memory.used() == 5
    assert len(card.memory) == BLOCKS == len(list(card.memory))


def test_a_seven_byte_uid_fills_only_its_seven_bytes() -> None:
    uid = bytes.fromhex("04A1B2C3D4E5F6")
    assert bytes(SimCard(uid).memory[0]) == uid + bytes(9)


def test_what_is_written_into_a_block_stays_and_cards_do_not_share_blocks() -> None:
    first, second = SimCard(bytes.fromhex("01020304")), SimCard(bytes.fromhex("05060708"))
    first.memory[8][:4] = b"TEST"
    first.memory[11][0:6] = bytes(6)
    assert first.text()[:4] == b"TEST" and bytes(first.memory[11][:6]) == bytes(6)
    assert second.text() == bytes(48) and bytes(second.memory[11]) == TRANSPORT_TRAILER


@pytest.mark.parametrize("block", [-1, BLOCKS])
def test_a_block_outside_the_card_is_refused(block: int) -> None:
    with pytest.raises(IndexError, match="blocks 0 to 63"):
        SimCard(bytes.fromhex("01020304")).memory[block]
