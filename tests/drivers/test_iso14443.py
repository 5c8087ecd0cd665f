"""ISO 14443-3 helpers: CRC_A, BCC, cascade levels, UID parsing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drivers.rfid import iso14443 as picc


@pytest.mark.parametrize(
    ("data", "crc"),
    [(b"\x50\x00", "57cd"), (b"\x00\x00", "a01e"), (b"\x12\x34", "26cf")],
)
def test_crc_a_known_values(data: bytes, crc: str) -> None:
    assert picc.crc_a(data).hex() == crc


def test_bcc_is_the_xor_of_the_uid_bytes() -> None:
    assert picc.bcc(bytes.fromhex("DEADBEEF")) == 0x22


def test_cascade_parts_put_the_cascade_tag_before_all_but_the_last_level() -> None:
    assert picc.cascade_parts(bytes.fromhex("DEADBEEF")) == [bytes.fromhex("DEADBEEF")]
    assert picc.cascade_parts(bytes.fromhex("04A1B2C3D4E5F6")) == [
        bytes.fromhex("8804A1B2"), bytes.fromhex("C3D4E5F6")]
    assert len(picc.cascade_parts(bytes(range(1, 11)))) == 3
    with pytest.raises(ValueError):
        picc.cascade_parts(bytes(5))


@pytest.mark.parametrize(
    "text",
    ["DEADBEEF", "deadbeef", "DE:AD:BE:EF", "de ad be ef", " DE-AD-BE-EF ", "DE AD:BE EF"],
)
def test_parse_uid_tolerates_case_and_separators(text: str) -> None:
    assert picc.parse_uid(text) == bytes.fromhex("DEADBEEF")


def test_parse_uid_pads_single_digit_groups() -> None:
    assert picc.parse_uid("4 A3 1F 2") == bytes.fromhex("04A31F02")


@pytest.mark.parametrize("text", ["", "DEADBEE", "XYZ1", "DE:XY", "DEA:DBE"])
def test_parse_uid_refuses_what_is_not_hex_bytes(text: str) -> None:
    with pytest.raises(ValueError):
        picc.parse_uid(text)


@given(st.binary(min_size=1, max_size=10), st.sampled_from(["", ":", " ", "-"]))
def test_uid_hex_round_trips_through_parse(uid: bytes, separator: str) -> None:
    text = separator.join(f"{b:02x}" for b in uid)
    assert picc.uid_hex(picc.parse_uid(text)) == uid.hex().upper()


@given(st.binary(min_size=1, max_size=20))
def test_crc_ok_accepts_exactly_the_appended_crc(data: bytes) -> None:
    assert picc.crc_ok(picc.with_crc(data))
