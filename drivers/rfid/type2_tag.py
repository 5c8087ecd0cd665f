"""NFC Forum Type 2 tags (NXP NTAG213/215/216 and their kin) on our MFRC522 request path: what
the tag is (GET_VERSION, the capability container), and its NDEF data area read and written
page by page.

Values from the NXP NTAG213/215/216 data sheet: command codes (section 9.1: GET_VERSION 60h,
READ 30h, WRITE A2h), the 4-bit ACK Ah and NAKs 0h / 1h (section 9.3), GET_VERSION's storage
size byte 0Fh / 11h / 13h (section 10.1), the capability container in page 03h and the data
area from page 04h (NFC Forum Type 2 Tag specification, as the data sheet lays it out).
"""

from __future__ import annotations

from dataclasses import dataclass

from drivers.rfid import iso14443 as picc
from drivers.rfid import ndef
from drivers.rfid.mfrc522_pcd import LONG_TIMEOUT, CardError, FrameError, Mfrc522Pcd, NoAnswer

GET_VERSION = 0x60
READ = 0x30
WRITE = 0xA2
ACK = 0x0A
NAK_INVALID_ARGUMENT = 0x00
NAK_CRC = 0x01
PAGE_SIZE = 4
READ_PAGES = 4  # a READ answers four pages
CC_PAGE = 3
FIRST_USER_PAGE = 4
CC_MAGIC = 0xE1  # "an NDEF data area follows"
CC_VERSION = 0x10  # mapping version 1.0
CC_SIZE_UNIT = 8  # CC byte 2 counts the data area in units of 8 bytes
_NXP, _NTAG = 0x04, 0x04
#: GET_VERSION byte 6, the storage size, names the NTAG.
NTAG_BY_STORAGE = {0x0F: "NTAG213", 0x11: "NTAG215", 0x13: "NTAG216"}
GENERIC_NAME = "Type 2 tag"
#: Written to page 04h first: an empty NDEF message and the terminator. A sticker lifted
#: before the last page of a write then reads as empty, never as a mix of two texts.
_EMPTY_AREA = bytes([ndef.TLV_NDEF, 0x00, ndef.TLV_TERMINATOR, 0x00])


class NotNdef(CardError):
    """A Type 2 tag without an NDEF capability container (not formatted for NDEF)."""


class ReadOnlyTag(CardError):
    """The capability container says the tag may not be written."""


@dataclass(frozen=True)
class Type2Tag:
    """What the capability container (and GET_VERSION) say about a tag."""

    name: str  # "NTAG213", "NTAG215", "NTAG216" or GENERIC_NAME
    data_bytes: int  # the NDEF data area from page 04h
    writable: bool
    head: bytes  # the first 12 bytes of the data area, read with the capability container


def version(pcd: Mfrc522Pcd) -> bytes | None:
    """GET_VERSION's eight bytes; None when the tag does not know the command (it then falls
    back to IDLE and must be selected again)."""
    try:
        reply = pcd.transceive(picc.with_crc(bytes([GET_VERSION])))
    except NoAnswer:
        return None
    if len(reply.data) != 10 or not picc.crc_ok(reply.data):
        return None  # a NAK, or garbage: no version to trust
    return reply.data[:8]


def name_of(version_bytes: bytes | None) -> str:
    """The tag's name from its GET_VERSION answer."""
    if version_bytes is None or version_bytes[1:3] != bytes([_NXP, _NTAG]):
        return GENERIC_NAME
    return NTAG_BY_STORAGE.get(version_bytes[6], f"NTAG (storage size {version_bytes[6]:02X}h)")


def read_pages(pcd: Mfrc522Pcd, page: int) -> bytes:
    """READ: 16 bytes, the four pages from `page`. Raises FrameError for a NAK."""
    reply = pcd.transceive(picc.with_crc(bytes([READ, page])))
    if reply.last_bits == 4:
        raise FrameError(f"page {page}: read refused (NAK {reply.data[0] & 0x0F:X}h)")
    if len(reply.data) != 18 or not picc.crc_ok(reply.data):
        raise FrameError(f"page {page}: garbled read")
    return reply.data[:16]


def write_page(pcd: Mfrc522Pcd, page: int, data: bytes) -> None:
    """WRITE one 4-byte page. Raises FrameError unless the tag acknowledges it."""
    if len(data) != PAGE_SIZE:
        raise ValueError("a page is 4 bytes")
    reply = pcd.transceive(picc.with_crc(bytes([WRITE, page]) + data), timeout=LONG_TIMEOUT)
    if reply.last_bits != 4 or not reply.data or reply.data[0] & 0x0F != ACK:
        raise FrameError(f"page {page}: write refused")


def identify(pcd: Mfrc522Pcd, name: str) -> Type2Tag:
    """Read the capability container of the selected tag `name` (see `name_of`). Raises
    NotNdef when the tag is not formatted for NDEF."""
    pages = read_pages(pcd, CC_PAGE)
    cc = pages[:PAGE_SIZE]
    if cc[0] != CC_MAGIC:
        raise NotNdef(f"{name}: no NDEF capability container (page 3 reads {cc.hex(' ')})")
    return Type2Tag(name, cc[2] * CC_SIZE_UNIT, cc[3] & 0x0F == 0, pages[PAGE_SIZE:])


def read_message(pcd: Mfrc522Pcd, tag: Type2Tag) -> bytes | None:
    """The NDEF message of the data area; None when it holds none. Reads only as many pages
    as the message takes."""
    area = tag.head
    while True:
        try:
            return ndef.find_message(area[: tag.data_bytes])
        except ndef.Truncated:
            if len(area) >= tag.data_bytes:
                return None  # no terminator and no message: nothing written on it
        area += read_pages(pcd, FIRST_USER_PAGE + len(area) // PAGE_SIZE)


def write_message(pcd: Mfrc522Pcd, tag: Type2Tag, message: bytes) -> None:
    """Write `message` as the data area's NDEF TLV. Raises ValueError when it does not fit,
    ReadOnlyTag, FrameError (a page refused)."""
    area = ndef.ndef_tlv(message)
    if len(area) > tag.data_bytes:
        raise ValueError(f"{len(area)} bytes do not fit the {tag.data_bytes} bytes of an "
                         f"{tag.name}")
    if not tag.writable:
        raise ReadOnlyTag(f"{tag.name}: read-only")
    area += bytes(-len(area) % PAGE_SIZE)
    pages = [area[i: i + PAGE_SIZE] for i in range(0, len(area), PAGE_SIZE)]
    if len(pages) > 1:
        write_page(pcd, FIRST_USER_PAGE, _EMPTY_AREA)
    for index, data in enumerate(pages[1:], start=1):
        write_page(pcd, FIRST_USER_PAGE + index, data)
    write_page(pcd, FIRST_USER_PAGE, pages[0])
