"""ISO/IEC 14443-3 type A facts shared by the MFRC522 driver and the card simulator."""

from __future__ import annotations

import re

REQA = 0x26  # wakes IDLE cards only
WUPA = 0x52  # wakes IDLE and HALT cards
SHORT_FRAME_BITS = 7
HLTA = bytes([0x50, 0x00])
CASCADE_TAG = 0x88
SELECT_CODES = (0x93, 0x95, 0x97)  # cascade levels 1, 2, 3
NVB_ANTICOLLISION = 0x20  # "I send two bytes, you send the rest"
NVB_SELECT = 0x70  # two bytes + four UID bytes + BCC
SAK_UID_INCOMPLETE = 0x04

MIFARE_AUTH_KEY_A = 0x60
MIFARE_AUTH_KEY_B = 0x61
MIFARE_READ = 0x30
MIFARE_WRITE = 0xA0
MIFARE_ACK = 0x0A  # a 4-bit answer
MIFARE_NAK = 0x04
MIFARE_BLOCK_SIZE = 16
DEFAULT_KEY = bytes([0xFF] * 6)

UID_LENGTHS = (4, 7, 10)

_SEPARATORS = re.compile(r"[\s:\-]+")
_HEX_GROUP = re.compile(r"[0-9A-Fa-f]{1,2}")
_HEX_RUN = re.compile(r"(?:[0-9A-Fa-f]{2})+")


def crc_a(data: bytes | bytearray, preset: int = 0x6363) -> bytes:
    """CRC_A (ITU-T V.41 reflected, preset 0x6363), least significant byte first."""
    crc = preset
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes([crc & 0xFF, (crc >> 8) & 0xFF])


def with_crc(data: bytes) -> bytes:
    return data + crc_a(data)


def crc_ok(frame: bytes | bytearray) -> bool:
    return len(frame) >= 3 and crc_a(frame[:-2]) == bytes(frame[-2:])


def bcc(data: bytes | bytearray) -> int:
    """The anticollision check byte: XOR of the four UID bytes of a cascade level."""
    value = 0
    for byte in data:
        value ^= byte
    return value


def cascade_parts(uid: bytes) -> list[bytes]:
    """The four bytes each cascade level sends: a cascade tag 0x88 precedes the first
    three UID bytes of every level but the last."""
    if len(uid) not in UID_LENGTHS:
        raise ValueError(f"a UID has 4, 7 or 10 bytes, not {len(uid)}")
    parts: list[bytes] = []
    rest = uid
    while len(rest) > 4:
        parts.append(bytes([CASCADE_TAG]) + rest[:3])
        rest = rest[3:]
    parts.append(rest)
    return parts


def uid_hex(uid: bytes) -> str:
    """The form UIDs take in events: upper-case hex, no separators, no BCC."""
    return uid.hex().upper()


def parse_uid(text: str) -> bytes:
    """Read a hex UID such as "DEADBEEF", "de:ad:be:ef" or "4 A3 1F 2" (groups of one or two
    digits between separators, as naive Arduino sketches print them). Raises ValueError."""
    stripped = text.strip()
    if not stripped:
        raise ValueError("empty UID")
    groups = [g for g in _SEPARATORS.split(stripped) if g]
    if len(groups) == 1:
        if not _HEX_RUN.fullmatch(groups[0]):
            raise ValueError(f"not an even run of hex digits: {text!r}")
        return bytes.fromhex(groups[0])
    if not all(_HEX_GROUP.fullmatch(g) for g in groups):
        raise ValueError(f"not hex bytes: {text!r}")
    return bytes(int(g, 16) for g in groups)
