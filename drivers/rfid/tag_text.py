"""A short text kept on the tag itself, whatever the tag: MIFARE Classic keeps it where
SimpleMFRC522 does (blocks 8-10 behind key A), an NFC Forum Type 2 tag (NTAG213/215/216) as an
NDEF Text record, which phones read too. The SAK of the select says which (ISO 14443-3: bit 3
for MIFARE Classic, 00h for a Type 2 tag).

Each store works on a card the reader has just selected, and leaves it halted.
"""

from __future__ import annotations

from typing import Protocol

from drivers.rfid import iso14443 as picc
from drivers.rfid import ndef, type2_tag
from drivers.rfid.mfrc522_pcd import CardError, FrameError, Mfrc522Pcd, SelectedCard

TEXT_BLOCKS = (8, 9, 10)  # where SimpleMFRC522 keeps its text: sector 2, key A
TEXT_BYTES = len(TEXT_BLOCKS) * picc.MIFARE_BLOCK_SIZE
TEXT_ENCODING = "latin-1"  # one byte per character, as SimpleMFRC522 reads it back (chr(byte))
_MIFARE_CLASSIC_SAK_BIT = 0x08
_TYPE2_SAK = 0x00
CLASSIC_NAME = "MIFARE Classic"


class WrongCard(CardError):
    """The card on the reader is not the one the caller meant."""


class UnsupportedTag(CardError):
    """A tag that keeps no text this reader knows how to write (neither MIFARE Classic nor an
    NFC Forum Type 2 tag)."""


class TextStore(Protocol):
    def read(self, pcd: Mfrc522Pcd, card: SelectedCard) -> tuple[str, str]:
        """What the tag is ("MIFARE Classic", "NTAG215"...) and the text on it (empty when it
        keeps none)."""

    def write(self, pcd: Mfrc522Pcd, card: SelectedCard, text: str) -> None:
        """Write `text`, then read it back. Raises ValueError for a text the tag cannot hold,
        CardError subclasses, FrameError when what reads back differs."""


def store_for(card: SelectedCard) -> TextStore:
    if card.sak & _MIFARE_CLASSIC_SAK_BIT:
        return CLASSIC
    if card.sak == _TYPE2_SAK:
        return TYPE2
    raise UnsupportedTag(f"card {card.uid_hex} (SAK {card.sak:02X}h) keeps no text here")


class ClassicText:
    """Blocks 8-10 of a MIFARE Classic, 48 Latin-1 characters padded with spaces."""

    def read(self, pcd: Mfrc522Pcd, card: SelectedCard) -> tuple[str, str]:
        text = self._session(pcd, card, None).decode(TEXT_ENCODING).rstrip(" \x00")
        return CLASSIC_NAME, text

    def write(self, pcd: Mfrc522Pcd, card: SelectedCard, text: str) -> None:
        payload = text.encode(TEXT_ENCODING)  # raises UnicodeEncodeError, a ValueError
        if len(payload) > TEXT_BYTES:
            raise ValueError(f"at most {TEXT_BYTES} characters fit on a card, not {len(payload)}")
        payload = payload.ljust(TEXT_BYTES, b" ")
        if self._session(pcd, card, payload) != payload:
            raise FrameError("the text read back differs from the text written")

    @staticmethod
    def _session(pcd: Mfrc522Pcd, card: SelectedCard, payload: bytes | None) -> bytes:
        """Authenticate with key A, write `payload` (unless None), read the blocks back."""
        pcd.authenticate(card, TEXT_BLOCKS[0])
        try:
            if payload is not None:
                for index, block in enumerate(TEXT_BLOCKS):
                    size = picc.MIFARE_BLOCK_SIZE
                    pcd.write_block(block, payload[size * index: size * (index + 1)])
            data = b"".join(pcd.read_block(block) for block in TEXT_BLOCKS)
            pcd.halt()  # while Crypto1 is on: an authenticated card wants it encrypted
            return data
        finally:
            pcd.stop_crypto()


class Type2Text:
    """The first NDEF Text record of a Type 2 tag's data area, written in English ("en")."""

    def read(self, pcd: Mfrc522Pcd, card: SelectedCard) -> tuple[str, str]:
        try:
            name = self._name(pcd, card)
            try:
                tag = type2_tag.identify(pcd, name)
            except type2_tag.NotNdef:
                return name, ""  # never formatted for NDEF: it keeps no text
            message = type2_tag.read_message(pcd, tag)
            found = ndef.first_text(message) if message is not None else None
        except ndef.NdefError as error:
            raise FrameError(f"card {card.uid_hex}: {error}") from error
        finally:
            pcd.halt()
        return name, found or ""

    def write(self, pcd: Mfrc522Pcd, card: SelectedCard, text: str) -> None:
        message = ndef.text_record(text)
        try:
            tag = type2_tag.identify(pcd, self._name(pcd, card))
            type2_tag.write_message(pcd, tag, message)
            # Read afresh: what `identify` read of the data area before the write is stale.
            written = type2_tag.read_message(pcd, type2_tag.identify(pcd, tag.name))
        finally:
            pcd.halt()
        if written != message:
            raise FrameError("the text read back differs from the text written")

    @staticmethod
    def _name(pcd: Mfrc522Pcd, card: SelectedCard) -> str:
        """What GET_VERSION says the tag is."""
        found = type2_tag.version(pcd)
        if found is None:  # no GET_VERSION (an older Ultralight): it fell idle, wake it again
            pcd.wake_up()
            if pcd.select().uid != card.uid:
                raise WrongCard(f"card {card.uid_hex} left the reader")
        return type2_tag.name_of(found)


CLASSIC = ClassicText()
TYPE2 = Type2Text()
