"""An NXP NTAG213 or NTAG215 sticker (NFC Forum Type 2 Tag) as the MFRC522 simulator sees it:
a 7-byte UID over two cascade levels, SAK 0x00, GET_VERSION, READ of four pages with roll-over,
WRITE of one page acknowledged with a 4-bit ACK, static and dynamic lock bits honoured.

Facts from the NXP NTAG213/215/216 data sheet (Rev. 3.x), checked against public copies of it
and of the NTAG213F/216F sibling sheet:
- ATQA 00 44h and SAK 00h after the CL2 select (section 9.4 "ATQA and SAK responses").
- The UID's 7 bytes and two check bytes fill page 00h, 01h and the first byte of 02h; BCC0 =
  CT ^ SN0 ^ SN1 ^ SN2, BCC1 = SN3 ^ SN4 ^ SN5 ^ SN6; SN0 is NXP's manufacturer id 04h
  (section 8.5.1).
- Page 02h bytes 2-3 are the static lock bytes: bit Lx locks page x (03h to 0Fh) read-only
  (section 8.5.2); the dynamic lock bytes follow the user memory (page 28h on NTAG213, 82h on
  NTAG215) and lock 2 pages a bit on NTAG213, 16 on NTAG215 (section 8.5.3).
- GET_VERSION 60h answers 00 04 04 02 01 00 xx 03: vendor NXP, type NTAG, subtype 50 pF,
  version 1.0, storage size 0Fh (NTAG213, 144 bytes) or 11h (NTAG215, 504 bytes), protocol
  ISO/IEC 14443-3 (section 10.1; 11h as an NTAG215 reports it in published dumps).
- READ 30h returns 16 bytes, four pages from the address, rolling over to page 00h past the
  last page; an address past the last page gets a NAK (section 10.2). The password pages read
  as zeros.
- WRITE A2h writes one 4-byte page, pages 02h to the last; a page outside, or a locked page,
  gets a NAK (section 10.4). ACK is Ah, NAK for an invalid argument 0h (section 9.3). After a
  NAK the tag falls back to IDLE.
- The capability container (page 03h) reads E1 10 12 00 on NTAG213 and E1 10 3E 00 on
  NTAG215: NDEF magic, version 1.0, data area of 12h*8 = 144 or 3Eh*8 = 496 bytes, free
  access. Fresh from the factory page 04h holds a Lock Control TLV then an empty NDEF TLV on
  NTAG213 (01 03 A0 0C 34 03 00 FE) and an empty NDEF TLV on NTAG215 (03 00 FE).
"""

from __future__ import annotations

from dataclasses import dataclass

from drivers.rfid import iso14443 as picc
from drivers.rfid import type2_tag as t2t
from drivers.sim.picc_card import CardReply, PiccCard, nak

NTAG_SAK = 0x00
NXP = 0x04


@dataclass(frozen=True)
class NtagModel:
    """What tells one NTAG from another."""

    name: str
    storage_size: int  # GET_VERSION byte 6
    pages: int  # pages 00h to pages-1
    user_pages: int  # from page 04h
    cc_size: int  # capability container byte 2: the NDEF data area in units of 8 bytes
    dynamic_lock_pages: int  # pages one dynamic lock bit locks
    factory_user_data: bytes  # what page 04h onwards holds when the sticker is new

    @property
    def version(self) -> bytes:
        return bytes([0x00, NXP, 0x04, 0x02, 0x01, 0x00, self.storage_size, 0x03])

    @property
    def dynamic_lock_page(self) -> int:
        return t2t.FIRST_USER_PAGE + self.user_pages

    @property
    def password_pages(self) -> tuple[int, int]:
        """PWD and PACK, the last two pages: they read as zeros."""
        return self.pages - 2, self.pages - 1


NTAG213 = NtagModel("NTAG213", 0x0F, 0x2D, 36, 0x12, 2,
                    bytes([0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE]))
NTAG215 = NtagModel("NTAG215", 0x11, 0x87, 126, 0x3E, 16, bytes([0x03, 0x00, 0xFE]))
NTAG_MODELS = {model.name: model for model in (NTAG213, NTAG215)}

_STATIC_LOCKED_RANGE = range(3, 16)  # page x locked by bit x of page 02h bytes 2-3
_FIRST_DYNAMIC_PAGE = 16
_AUTH0_DISABLED = 0xFF  # CFG0 byte 3: no page is password protected


class NtagCard(PiccCard):
    """One NTAG sticker. `pages` is its whole memory, page by page."""

    def __init__(self, uid: bytes, model: NtagModel = NTAG213) -> None:
        if len(uid) != 7:
            raise ValueError(f"an NTAG has a 7-byte UID, not {len(uid)} bytes")
        super().__init__(uid, sak=NTAG_SAK)
        self.model = model
        memory = bytearray(4 * model.pages)
        bcc0 = picc.bcc(bytes([picc.CASCADE_TAG]) + uid[:3])
        memory[0:9] = uid[:3] + bytes([bcc0]) + uid[3:7] + bytes([picc.bcc(uid[3:7])])
        memory[9] = 0x48  # "internal", as NXP programs it
        memory[12:16] = bytes([t2t.CC_MAGIC, t2t.CC_VERSION, model.cc_size, 0x00])
        user = 4 * t2t.FIRST_USER_PAGE
        memory[user: user + len(model.factory_user_data)] = model.factory_user_data
        cfg0 = 4 * (model.dynamic_lock_page + 1)
        memory[cfg0 + 3] = _AUTH0_DISABLED
        self.memory = memory

    def page(self, number: int) -> bytes:
        return bytes(self.memory[4 * number: 4 * number + 4])

    def user_memory(self) -> bytes:
        start = 4 * t2t.FIRST_USER_PAGE
        return bytes(self.memory[start: start + 4 * self.model.user_pages])

    def locked(self, number: int) -> bool:
        """Whether a lock bit makes page `number` read-only."""
        if number in _STATIC_LOCKED_RANGE:
            bits = self.memory[10] | self.memory[11] << 8
            return bool(bits >> number & 1)
        last_user = self.model.dynamic_lock_page - 1
        if _FIRST_DYNAMIC_PAGE <= number <= last_user:
            lock = 4 * self.model.dynamic_lock_page
            bits = self.memory[lock] | self.memory[lock + 1] << 8
            return bool(bits >> ((number - _FIRST_DYNAMIC_PAGE) // self.model.dynamic_lock_pages)
                        & 1)
        return False

    # -- radio -------------------------------------------------------------------------------

    def _active(self, frame: bytes) -> CardReply | None:
        if len(frame) < 3 or not picc.crc_ok(frame):
            return self._refuse(t2t.NAK_CRC)
        command, arguments = frame[0], frame[1:-2]
        if command == t2t.GET_VERSION and not arguments:
            return CardReply(picc.with_crc(self.model.version))
        if command == t2t.READ and len(arguments) == 1:
            return self._read(arguments[0])
        if command == t2t.WRITE and len(arguments) == 5:
            return self._write(arguments[0], arguments[1:])
        return self._unexpected()

    def _refuse(self, code: int) -> CardReply:
        self._unexpected()
        return nak(code)

    def _read(self, start: int) -> CardReply:
        if start >= self.model.pages:
            return self._refuse(t2t.NAK_INVALID_ARGUMENT)
        data = b"".join(
            bytes(4) if number in self.model.password_pages else self.page(number)
            for number in ((start + i) % self.model.pages for i in range(4)))
        return CardReply(picc.with_crc(data))

    def _write(self, number: int, data: bytes) -> CardReply:
        if not 2 <= number < self.model.pages or self.locked(number):
            return self._refuse(t2t.NAK_INVALID_ARGUMENT)
        offset = 4 * number
        if number in (2, 3, self.model.dynamic_lock_page):
            # Lock bits and the capability container are one-time programmable: bits only
            # ever go from 0 to 1; the UID's check byte and "internal" never change.
            keep = 2 if number == 2 else 0
            for index in range(keep, 4):
                self.memory[offset + index] |= data[index]
        else:
            self.memory[offset: offset + 4] = data
        self.writes += 1
        return nak(t2t.ACK)
