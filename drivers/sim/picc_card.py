"""What every simulated ISO 14443-3 type A card does alike: its states, its answer to REQA and
WUPA, anticollision and select over every cascade level, HLTA, and falling silent on a frame it
does not expect. A card type adds what it answers once selected (`_active`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from drivers.rfid import iso14443 as picc

_ATQA_BY_UID_LENGTH = {4: bytes([0x04, 0x00]), 7: bytes([0x44, 0x00]), 10: bytes([0x84, 0x00])}


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


def nak(code: int) -> CardReply:
    """A 4-bit NAK (MIFARE and NFC Forum Type 2 tags answer refusals with four bits)."""
    return CardReply(bytes([code]), 4)


class PiccCard:
    """One card on the antenna. Not thread-safe on its own: the chip simulator serialises
    access."""

    def __init__(self, uid: bytes, *, sak: int) -> None:
        if len(uid) not in picc.UID_LENGTHS:
            raise ValueError(f"a UID has 4, 7 or 10 bytes, not {len(uid)}")
        if uid[0] == picc.CASCADE_TAG:
            raise ValueError("a UID may not start with the cascade tag 0x88")
        self.uid = bytes(uid)
        self.sak = sak
        self.atqa = _ATQA_BY_UID_LENGTH[len(uid)]
        self._parts = picc.cascade_parts(self.uid)
        self.state = CardState.IDLE
        self._level = 0
        #: Writes the card has accepted: a simulator lifts a card in the middle of a write.
        self.writes = 0

    @property
    def uid_hex(self) -> str:
        return picc.uid_hex(self.uid)

    def power_cycle(self) -> None:
        """The card left the field or the field was switched off."""
        self.state = CardState.IDLE
        self._level = 0

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
        if frame == picc.with_crc(picc.HLTA):
            self.power_cycle()
            self.state = CardState.HALT
            return None
        return self._active(frame)

    def authenticate(self, mode: int, block: int, key: bytes, uid4: bytes) -> bool:
        """The chip's MFAuthent command: only a MIFARE Classic knows it."""
        self._unexpected()
        return False

    def _active(self, frame: bytes) -> CardReply | None:
        """A frame to the selected card, HLTA aside."""
        return self._unexpected()

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
        self.power_cycle()
        self.state = CardState.READY
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
