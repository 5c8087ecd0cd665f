"""NTAG213/215 stickers: the simulated sticker answers as the data sheet says, and the reader
keeps a text on it as an NDEF Text record, written and read back through the simulated chip."""

from __future__ import annotations

import pytest

from drivers.rfid import iso14443 as picc
from drivers.rfid import type2_tag as t2t
from drivers.rfid.mfrc522_pcd import FrameError, NoAnswer
from drivers.rfid.mfrc522_reader import CardText, Mfrc522Reader
from drivers.sim.ntag_card import NTAG213, NTAG215
from drivers.sim.picc_card import CardState
from drivers.supervision import Backoff

from .driver_helpers import Events, ManualChip, SimulatedMfrc522

UID = "04A1B2C3D4E5F6"
TEXT = "tc1|freight-train|wagon|coal"


def hand_built(text: str) -> bytes:
    """The data area holding `text`, byte by byte as the NFC Forum specifications lay it out."""
    payload = bytes([0x02]) + b"en" + text.encode("utf-8")  # status: UTF-8, 2-letter language
    record = bytes([0xD1, 0x01, len(payload)]) + b"T" + payload  # MB ME SR, TNF 1, type "T"
    return bytes([0x03, len(record)]) + record + bytes([0xFE])  # NDEF TLV, terminator TLV


@pytest.fixture
def reader(sim_mfrc522: SimulatedMfrc522, events: Events):  # type: ignore[no-untyped-def]
    reader = sim_mfrc522.reader(events, backoff=Backoff(0.01, 0.05))
    reader.start()
    yield reader
    reader.close()


# -- the simulated sticker, command by command -------------------------------------------------


def selected(model: str = "NTAG213") -> ManualChip:
    manual = ManualChip()
    manual.chip.ntag(UID, model)
    manual.chip.place(UID)
    assert manual.pcd.wake_up() == bytes([0x44, 0x00])  # ATQA 00 44h, least significant first
    return manual


def test_a_sticker_answers_both_cascade_levels_with_its_check_bytes_and_sak_00() -> None:
    manual = selected()
    pcd = manual.pcd
    uid = bytes.fromhex(UID)
    level1 = pcd.transceive(bytes([0x93, 0x20])).data
    assert level1 == bytes([0x88]) + uid[:3] + bytes([0x88 ^ uid[0] ^ uid[1] ^ uid[2]])
    sak = pcd.transceive(picc.with_crc(bytes([0x93, 0x70]) + level1)).data
    assert sak == picc.with_crc(bytes([0x04]))  # UID not complete: cascade level 2 follows
    level2 = pcd.transceive(bytes([0x95, 0x20])).data
    assert level2 == uid[3:] + bytes([uid[3] ^ uid[4] ^ uid[5] ^ uid[6]])
    sak = pcd.transceive(picc.with_crc(bytes([0x95, 0x70]) + level2)).data
    assert sak == picc.with_crc(bytes([0x00]))
    card = manual.chip.ntag(UID)
    assert card.page(0) == level1[1:4] + level1[4:] and card.page(1) == uid[3:]
    assert card.page(2)[0] == level2[4]  # BCC1 opens page 2, as the data sheet lays it out


@pytest.mark.parametrize("model, storage, cc", [
    ("NTAG213", 0x0F, "E1 10 12 00"), ("NTAG215", 0x11, "E1 10 3E 00")])
def test_get_version_and_the_capability_container_tell_213_from_215(
        model: str, storage: int, cc: str) -> None:
    manual = selected(model)
    card = manual.pcd.select()
    assert card.sak == 0x00 and card.uid_hex == UID
    assert t2t.version(manual.pcd) == bytes([0x00, 0x04, 0x04, 0x02, 0x01, 0x00, storage, 0x03])
    assert t2t.read_pages(manual.pcd, 3)[:4] == bytes.fromhex(cc)


def test_a_read_rolls_over_past_the_last_page_and_hides_the_password() -> None:
    manual = selected()
    manual.pcd.select()
    card = manual.chip.ntag(UID)
    card.memory[4 * 0x2B: 4 * 0x2D] = b"PWD!PK\x00\x00"
    last = NTAG213.pages - 1  # 2Ch
    data = t2t.read_pages(manual.pcd, last - 1)
    assert data[:8] == bytes(8)  # PWD and PACK read as zeros
    assert data[8:] == card.page(0) + card.page(1)
    with pytest.raises(FrameError, match="NAK 0h"):
        t2t.read_pages(manual.pcd, NTAG213.pages)
    assert card.state is CardState.IDLE  # a NAK sends the tag back to IDLE


@pytest.mark.parametrize("page", [0, 1, NTAG213.pages, 0x80])
def test_writes_outside_the_writable_pages_are_refused(page: int) -> None:
    manual = selected()
    manual.pcd.select()
    before = bytes(manual.chip.ntag(UID).memory)
    with pytest.raises(FrameError, match="write refused"):
        t2t.write_page(manual.pcd, page, b"ABCD")
    assert bytes(manual.chip.ntag(UID).memory) == before


def test_lock_bits_make_pages_read_only_for_good() -> None:
    manual = selected("NTAG215")
    manual.pcd.select()
    t2t.write_page(manual.pcd, 5, b"ABCD")
    t2t.write_page(manual.pcd, 2, bytes([0xFF, 0xFF, 0x20, 0x00]))  # L5: page 5 read-only
    card = manual.chip.ntag(UID)
    bcc1 = picc.bcc(bytes.fromhex(UID)[3:])
    assert card.page(2)[:2] == bytes([bcc1, 0x48])  # BCC1 and "internal" never change
    with pytest.raises(FrameError):
        t2t.write_page(manual.pcd, 5, b"WXYZ")
    assert card.page(5) == b"ABCD"
    manual.pcd.wake_up()
    manual.pcd.select()
    t2t.write_page(manual.pcd, 2, bytes(4))  # lock bits never clear
    assert card.locked(5) and not card.locked(6)
    dynamic = NTAG215.dynamic_lock_page
    t2t.write_page(manual.pcd, dynamic, bytes([0x01, 0x00, 0x00, 0x00]))  # pages 16 to 31
    assert card.locked(16) and card.locked(31) and not card.locked(32)


def test_a_fresh_sticker_holds_the_factory_tlvs() -> None:
    assert NTAG213.factory_user_data == bytes.fromhex("0103A00C340300FE")
    manual = selected("NTAG213")
    assert manual.chip.ntag(UID).user_memory()[:8] == NTAG213.factory_user_data
    assert manual.chip.ntag("04000000000001", "NTAG215").user_memory()[:3] == b"\x03\x00\xfe"


# -- the reader: text written, checked byte by byte, read back ---------------------------------


@pytest.mark.parametrize("model", ["NTAG213", "NTAG215"])
def test_a_text_written_on_a_sticker_is_a_text_record_and_reads_back(
        sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, model: str) -> None:
    card = sim_mfrc522.chip.ntag(UID, model)
    sim_mfrc522.chip.place(UID)
    assert reader.read_text() == CardText(UID, "")  # fresh from the factory: no text yet
    reader.write_text(UID, TEXT)
    expected = hand_built(TEXT)
    assert card.user_memory()[: len(expected)] == expected
    pages = -(-len(expected) // 4)
    assert card.writes == pages + 1  # written once, its first page twice: empty, then final
    found = reader.read_text()
    assert found == CardText(UID, TEXT) and found.kind == model


def test_a_sticker_written_over_keeps_only_the_new_text(
        sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader) -> None:
    sim_mfrc522.chip.ntag(UID)
    sim_mfrc522.chip.place(UID)
    reader.write_text(UID, "tc1|ticket-to-ride|ticket|europe-01 Amsterdam – Wilno")
    reader.write_text(UID, "Zoë")
    assert reader.read_text() == CardText(UID, "Zoë")


def test_a_text_too_long_for_an_ntag213_is_refused_and_fits_an_ntag215(
        sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader) -> None:
    long_text = "x" * 140  # 140 + record and TLV overhead > 144 bytes
    card = sim_mfrc522.chip.ntag(UID, "NTAG213")
    sim_mfrc522.chip.place(UID)
    before = card.user_memory()
    with pytest.raises(ValueError, match="do not fit the 144 bytes of an NTAG213"):
        reader.write_text(UID, long_text)
    assert card.user_memory() == before and card.writes == 0
    sim_mfrc522.chip.remove()
    big = sim_mfrc522.chip.ntag("04112233445566", "NTAG215")
    sim_mfrc522.chip.place("04112233445566")
    reader.write_text("04112233445566", long_text)
    assert reader.read_text() == CardText("04112233445566", long_text)
    assert big.user_memory()[:2] == bytes([0x03, 7 + 140])


def test_other_tlvs_before_the_text_are_skipped(
        sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader) -> None:
    card = sim_mfrc522.chip.ntag(UID, "NTAG215")
    area = (bytes([0x00, 0x00])                        # NULL TLVs
            + bytes([0x01, 0x03, 0xA0, 0x0C, 0x34])    # lock control TLV
            + bytes([0x02, 0x03, 0x00, 0x00, 0x00])    # memory control TLV
            + hand_built("Wagon de charbon"))
    card.memory[16: 16 + len(area)] = area
    sim_mfrc522.chip.place(UID)
    assert reader.read_text() == CardText(UID, "Wagon de charbon")


def test_a_sticker_lifted_mid_write_reads_empty_never_half_written(
        sim_mfrc522: SimulatedMfrc522, events: Events) -> None:
    reader = sim_mfrc522.reader(events, backoff=Backoff(0.01, 0.05))
    reader.start()
    try:
        sim_mfrc522.chip.ntag(UID)
        sim_mfrc522.chip.place(UID)
        reader.write_text(UID, "tc1|freight-train|wagon|coal")
        sim_mfrc522.chip.lift_after_writes(UID, 3)
        with pytest.raises(NoAnswer):
            reader.write_text(UID, "tc1|freight-train|wagon|wine", timeout=0.2)
        assert sim_mfrc522.chip.present() == ()
        sim_mfrc522.chip.place(UID)
        assert reader.read_text() == CardText(UID, "")
    finally:
        reader.close()


def test_a_sticker_without_an_ndef_container_reads_as_no_text_and_refuses_a_write(
        sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader) -> None:
    card = sim_mfrc522.chip.ntag(UID)
    card.memory[12:16] = bytes(4)  # never formatted for NDEF
    sim_mfrc522.chip.place(UID)
    assert reader.read_text() == CardText(UID, "")
    with pytest.raises(t2t.NotNdef):
        reader.write_text(UID, TEXT)
    assert card.writes == 0


def test_the_reader_tells_a_mifare_classic_from_a_sticker(
        sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    reader.write_text("DEADBEEF", TEXT)
    found = reader.read_text()
    assert found == CardText("DEADBEEF", TEXT) and found.kind == "MIFARE Classic"
    assert sim_mfrc522.chip.card("DEADBEEF").text().rstrip() == TEXT.encode()
