"""NDEF Text records and Type 2 TLVs, against messages built by hand from the specifications."""

from __future__ import annotations

import pytest

from drivers.rfid import ndef


def test_a_text_record_is_one_short_well_known_record() -> None:
    assert ndef.text_record("Hi") == bytes([0xD1, 0x01, 0x05, 0x54, 0x02, 0x65, 0x6E, 0x48, 0x69])
    assert ndef.text_record("Café", "fr")[4:] == b"\x02frCaf\xc3\xa9"  # UTF-8


def test_a_long_text_takes_a_four_byte_payload_length_and_reads_back() -> None:
    text = "é" * 200  # 400 bytes of UTF-8
    message = ndef.text_record(text)
    assert message[0] == 0xC1 and message[2:6] == (403).to_bytes(4, "big")
    assert ndef.first_text(message) == text


def test_a_utf16_text_record_and_other_records_are_read() -> None:
    uri = bytes([0x91, 0x01, 0x04, 0x55, 0x04]) + b"a.b"  # MB SR, well-known "U", first
    payload = bytes([0x82]) + b"de" + "Zug".encode("utf-16")
    text = bytes([0x51, 0x01, len(payload), 0x54]) + payload  # ME SR
    assert ndef.first_text(uri + text) == "Zug"
    assert ndef.first_text(uri[:0] + bytes([0xD1, 0x01, 0x04, 0x55, 0x04]) + b"a.b") is None
    assert ndef.first_text(b"") is None


@pytest.mark.parametrize("message", [
    bytes([0xD1, 0x01, 0x09, 0x54, 0x02]),                  # shorter than its payload length
    bytes([0x51, 0x01, 0x01, 0x54, 0x00]),                  # no MB on the first record
    bytes([0x91, 0x01, 0x01, 0x54, 0x00]),                  # no ME anywhere
    bytes([0xD1, 0x01, 0x03, 0x54, 0x05, 0x65, 0x6E]),      # language longer than the payload
])
def test_broken_messages_are_refused(message: bytes) -> None:
    with pytest.raises(ndef.NdefError):
        ndef.first_text(message)


def test_the_tlv_length_grows_to_three_bytes_at_255() -> None:
    assert ndef.ndef_tlv(b"ab") == b"\x03\x02ab\xfe"
    framed = ndef.ndef_tlv(bytes(300))
    assert framed[:4] == bytes([0x03, 0xFF, 0x01, 0x2C]) and framed[-1] == 0xFE
    assert ndef.find_message(framed) == bytes(300)


def test_find_message_skips_null_lock_and_memory_tlvs_and_stops_at_the_terminator() -> None:
    area = bytes([0x00, 0x01, 0x03, 0xA0, 0x0C, 0x34, 0x02, 0x00]) + ndef.ndef_tlv(b"xy")
    assert ndef.find_message(area) == b"xy"
    assert ndef.find_message(bytes([0x00, 0xFE, 0x03, 0x02, 0x61, 0x62])) is None
    assert ndef.find_message(bytes([0x03, 0x00, 0xFE])) == b""


@pytest.mark.parametrize("area", [b"", b"\x00\x00", b"\x03", b"\x03\xff\x01", b"\x03\x05ab",
                                  b"\x01\x03\xa0"])
def test_an_area_cut_inside_a_tlv_asks_for_more(area: bytes) -> None:
    with pytest.raises(ndef.Truncated):
        ndef.find_message(area)


def test_an_unknown_tlv_is_refused() -> None:
    with pytest.raises(ndef.NdefError, match="unknown TLV 42h"):
        ndef.find_message(b"\x42\x01\x00")
