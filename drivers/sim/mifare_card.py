"""A MIFARE Classic 1K card as the MFRC522 simulator sees it: ISO 14443-3 states, cascade
levels for 4-, 7- and 10-byte UIDs, and 64 blocks of memory behind key A / key B.

Crypto1 is not modelled: the chip simulator passes frames through in clear, but tells the card
whether the chip's Crypto1 unit is on, and the card only talks to a reader whose encryption
state matches its own, as a real card would.
"""

from __future__ import annotations

from drivers.rfid import iso14443 as picc
from drivers.sim.picc_card import CardReply, CardState, PiccCard, nak

BLOCKS = 64
TRANSPORT_TRAILER = bytes([0xFF] * 6) + bytes([0xFF, 0x07, 0x80, 0x69]) + bytes([0xFF] * 6)
#: The SAK bit that says "MIFARE Classic": the cards that answer MFAuthent.
MIFARE_CLASSIC_SAK = 0x08


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


class SimCard(PiccCard):
    """One MIFARE Classic 1K card. Not thread-safe on its own: the chip simulator serialises
    access."""

    def __init__(self, uid: bytes, *, sak: int = MIFARE_CLASSIC_SAK) -> None:
        super().__init__(uid, sak=sak)
        manufacturer = bytearray(16)
        manufacturer[: len(uid)] = uid
        if len(uid) == 4:
            manufacturer[4:8] = bytes([picc.bcc(uid), sak]) + self.atqa
        self.memory = CardMemory(bytes(manufacturer))
        self._sector: int | None = None
        self._pending_write: int | None = None

    def power_cycle(self) -> None:
        super().power_cycle()
        self._sector = None
        self._pending_write = None

    def text(self, blocks: tuple[int, ...] = (8, 9, 10)) -> bytes:
        return b"".join(bytes(self.memory[b]) for b in blocks)

    # -- radio -------------------------------------------------------------------------------

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

    def _active(self, frame: bytes) -> CardReply | None:
        if self.state is CardState.AUTHENTICATED:
            return self._authenticated(frame)
        if len(frame) == 4 and frame[0] in (picc.MIFARE_READ, picc.MIFARE_WRITE):
            self._unexpected()
            return nak(picc.MIFARE_NAK)
        return self._unexpected()

    def _authenticated(self, frame: bytes) -> CardReply | None:
        if self._pending_write is not None:
            block, self._pending_write = self._pending_write, None
            if len(frame) != 18 or not picc.crc_ok(frame):
                return self._unexpected()
            self.memory[block][:] = frame[:16]
            self.writes += 1
            return nak(picc.MIFARE_ACK)
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
            return nak(picc.MIFARE_ACK)
        if command in (picc.MIFARE_READ, picc.MIFARE_WRITE):
            self._unexpected()
            return nak(picc.MIFARE_NAK)
        return self._unexpected()
