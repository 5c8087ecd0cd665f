"""A MIFARE Classic 1K card as the MFRC522 simulator sees it: ISO 14443-3 states, cascade
levels for 4-, 7- and 10-byte UIDs, and 64 blocks of memory behind key A / key B.

Crypto1 is not modelled: the chip simulator passes frames through in clear, but tells the card
whether the chip's Crypto1 unit is on, and the card only talks to a reader whose encryption
state matches its own, as a real card would.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from drivers.rfid import iso14443 as picc

BLOCKS = 64
TRANSPORT_TRAILER = bytes([0xFF] * 6) + bytes([0xFF, 0x07, 0x80, 0x69]) + bytes([0xFF] * 6)
_ATQA_BY_UID_LENGTH = {4: bytes([0x04, 0x00]), 7: bytes([0x44, 0x00]), 10: bytes([0x84, 0x00])}
#: The SAK bit that says "MIFARE Classic": the cards that answer MFAuthent.
MIFARE_CLASSIC_SAK = 0x08


class CardState(Enum):
    IDLE = "idle"
    READY = "ready"
    ACTIVE = "active"
    AUTHENTICATED = "authenticated"
    HALT = "halt"


@dataclass(frozen=True)
class CardReply:
    """What a simulated card answers: its bytes, the last one maybe partial."""

    data: bytes
    last_bits: int = 0  # valid bits in the last byte, 0 = all eight


def is_trailer(block: int) -> bool:
    return block % 4 == 3


class CardMemory:
    """The 64 blocks of a card, each a bytearray made on its first use: a demo's box holds
    hundreds of cards whose memory is never read, and a real card keeps its memory on the
    card, not in the Pi's."""

    def __init__(self, manufacturer: bytes) -> None:
        self._manufacturer = manufacturer
        self._blocks: dict[int, bytearray] = {}

    def __len__(self) -> int:
        return BLOCKS

    def __getitem__(self, block: int) -> bytearray:
        if not 0 <= block < BLOCKS:
            raise IndexError(f"a card has blocks 0 to {BLOCKS - 1}, not {block}")
        data = self._blocks.get(block)
        if data is None:
            data = self._blocks[block] = bytearray(
                self._manufacturer if block == 0
                else TRANSPORT_TRAILER if is_trailer(block) else bytes(16))
        return data

    def used(self) -> int:
        """How many blocks have been looked at or written so far."""
        return len(self._blocks)


class SimCard:
    """One card. Not thread-safe on its own: the chip simulator serialises access."""

    def __init__(self, uid: bytes, *, sak: int = 0x08) -> None:
        if len(uid) not in picc.UID_LENGTHS:
            raise ValueError(f"a UID has 4, 7 or 10 bytes, not {len(uid)}")
        if uid[0] == picc.CASCADE_TAG:
            raise ValueError("a UID may not start with the cascade tag 0x88")
        self.uid = bytes(uid)
        self.sak = sak
        self.atqa = _ATQA_BY_UID_LENGTH[len(uid)]
        self._parts = picc.cascade_parts(self.uid)
        manufacturer = bytearray(16)
        manufacturer[: len(uid)] = uid
        if len(uid) == 4:
            manufacturer[4:8] = bytes([picc.bcc(uid), sak]) + self.atqa
        self.memory = CardMemory(bytes(manufacturer))
        self.state = CardState.IDLE
        self._level = 0
        self._sector: int | None = None
        self._pending_write: int | None = None

    @property
    def uid_hex(self) -> str:
        return picc.uid_hex(self.uid)

    def power_cycle(self) -> None:
        """The card left the field or the field was switched off."""
        self.state = CardState.IDLE
        self._level = 0
        self._sector = None
        self._pending_write = None

    def text(self, blocks: tuple[int, ...] = (8, 9, 10)) -> bytes:
        return b"".join(bytes(self.memory[b]) for b in blocks)

    # -- radio -------------------------------------------------------------------------------

    def receive(self, frame: bytes, tx_last_bits: int, encrypted: bool) -> CardReply | None:
        """React to a frame from the reader; return the answer, or None for silence."""
        if tx_last_bits == picc.SHORT_FRAME_BITS and len(frame) == 1:
            return self._short_frame(frame[0])
        if tx_last_bits != 0 or self.state in (CardState.IDLE, CardState.HALT):
            # Bit-oriented anticollision is not modelled; sleeping cards ignore other frames.
            return self._unexpected()
        if self.state is CardState.READY:
            return self._anticollision_or_select(frame)
        if encrypted != (self.state is CardState.AUTHENTICATED):
            return self._unexpected()
        if self.state is CardState.ACTIVE:
            return self._active(frame)
        return self._authenticated(frame)

    def authenticate(self, mode: int, block: int, key: bytes, uid4: bytes) -> bool:
        """The chip's MFAuthent command against this card."""
        usable = (
            self.state in (CardState.ACTIVE, CardState.AUTHENTICATED)
            and block < BLOCKS
            and mode in (picc.MIFARE_AUTH_KEY_A, picc.MIFARE_AUTH_KEY_B)
            # Only a MIFARE Classic (SAK bit 3) knows MFAuthent; an NTAG sticker ignores it.
            and bool(self.sak & MIFARE_CLASSIC_SAK)
        )
        if usable:
            trailer = self.memory[block - block % 4 + 3]
            expected = trailer[0:6] if mode == picc.MIFARE_AUTH_KEY_A else trailer[10:16]
            usable = bytes(expected) == key and uid4 == self.uid[-4:]
        if not usable:
            self._unexpected()
            return False
        self.state = CardState.AUTHENTICATED
        self._sector = block // 4
        self._pending_write = None
        return True

    def _unexpected(self) -> CardReply | None:
        # ISO 14443-3: READY and ACTIVE cards fall back to IDLE on any unexpected frame;
        # that is why the `mfrc522` library, which never halts a card, reads it only on
        # every other poll.
        if self.state is not CardState.HALT:
            self.power_cycle()
        return None  # silence

    def _short_frame(self, command: int) -> CardReply | None:
        wakes = (command == picc.REQA and self.state is CardState.IDLE) or (
            command == picc.WUPA and self.state in (CardState.IDLE, CardState.HALT)
        )
        if not wakes:
            return self._unexpected()
        self.state = CardState.READY
        self._level = 0
        return CardReply(self.atqa)

    def _anticollision_or_select(self, frame: bytes) -> CardReply | None:
        part = self._parts[self._level]
        code = picc.SELECT_CODES[self._level]
        if frame == bytes([code, picc.NVB_ANTICOLLISION]):
            return CardReply(part + bytes([picc.bcc(part)]))
        expected = bytes([code, picc.NVB_SELECT]) + part + bytes([picc.bcc(part)])
        if len(frame) == 9 and picc.crc_ok(frame) and frame[:7] == expected:
            if self._level + 1 < len(self._parts):
                self._level += 1
                return CardReply(picc.with_crc(bytes([picc.SAK_UID_INCOMPLETE])))
            self.state = CardState.ACTIVE
            return CardReply(picc.with_crc(bytes([self.sak])))
        return self._unexpected()

    def _active(self, frame: bytes) -> CardReply | None:
        if frame == picc.with_crc(picc.HLTA):
            self.state = CardState.HALT
            return None
        if len(frame) == 4 and frame[0] in (picc.MIFARE_READ, picc.MIFARE_WRITE):
            self._unexpected()
            return CardReply(bytes([picc.MIFARE_NAK]), 4)
        return self._unexpected()

    def _authenticated(self, frame: bytes) -> CardReply | None:
        if self._pending_write is not None:
            block, self._pending_write = self._pending_write, None
            if len(frame) != 18 or not picc.crc_ok(frame):
                return self._unexpected()
            self.memory[block][:] = frame[:16]
            return CardReply(bytes([picc.MIFARE_ACK]), 4)
        if frame == picc.with_crc(picc.HLTA):
            self.state = CardState.HALT
            self._sector = None
            return None
        if len(frame) != 4 or not picc.crc_ok(frame):
            return self._unexpected()
        command, block = frame[0], frame[1]
        in_sector = block < BLOCKS and block // 4 == self._sector
        if command == picc.MIFARE_READ and in_sector:
            data = bytearray(self.memory[block])
            if is_trailer(block):
                data[0:6] = bytes(6)  # key A never reads back
            return CardReply(picc.with_crc(bytes(data)))
        if command == picc.MIFARE_WRITE and in_sector and block != 0:
            self._pending_write = block
            return CardReply(bytes([picc.MIFARE_ACK]), 4)
        if command in (picc.MIFARE_READ, picc.MIFARE_WRITE):
            self._unexpected()
            return CardReply(bytes([picc.MIFARE_NAK]), 4)
        return self._unexpected()
