"""NFC Data Exchange Format, as much as a tag that keeps a short text needs: a message of one
well-known Text record ("T"), and the TLV blocks that frame it in a Type 2 tag's data area.

Written here rather than taken from `ndeflib`: that library (pure Python, last released in
2019, untyped) encodes records but not the Type 2 TLV framing, which is half of the job, and
one Text record is a few lines. Generic: the text is whatever the caller keeps on the tag.

A record: a header byte (MB, ME, CF, SR, IL flags and the 3-bit TNF), the type length, the
payload length (one byte with SR, four otherwise), the type, the payload. A Text record's
payload: a status byte (bit 7 set for UTF-16, bits 5-0 the length of the language code), the
IANA language code in ASCII, the text. A TLV: a tag byte, a length (one byte, or FFh and two
bytes for 255 and more), the value; NULL (00h) and the terminator (FEh) have neither length
nor value.
"""

from __future__ import annotations

from dataclasses import dataclass

TNF_WELL_KNOWN = 0x01
TEXT_TYPE = b"T"
DEFAULT_LANGUAGE = "en"

_MB, _ME, _CF, _SR, _IL = 0x80, 0x40, 0x20, 0x10, 0x08
_TNF_MASK = 0x07
_UTF16 = 0x80
_LANGUAGE_LENGTH_MASK = 0x3F

TLV_NULL = 0x00
TLV_LOCK_CONTROL = 0x01
TLV_MEMORY_CONTROL = 0x02
TLV_NDEF = 0x03
TLV_PROPRIETARY = 0xFD
TLV_TERMINATOR = 0xFE
_THREE_BYTE_LENGTH = 0xFF


class NdefError(ValueError):
    """Bytes that are not the NDEF data they claim to be."""


class Truncated(NdefError):
    """The data ends inside a TLV: more of the tag's memory is needed."""


@dataclass(frozen=True)
class Record:
    tnf: int
    type: bytes
    payload: bytes
    id: bytes = b""


def text_record(text: str, language: str = DEFAULT_LANGUAGE) -> bytes:
    """An NDEF message of one Text record: `text` in UTF-8, tagged with `language`."""
    code = language.encode("ascii")
    if not 0 < len(code) <= _LANGUAGE_LENGTH_MASK:
        raise ValueError(f"a language code has 1 to 63 characters, not {len(code)}")
    payload = bytes([len(code)]) + code + text.encode("utf-8")
    return record(TNF_WELL_KNOWN, TEXT_TYPE, payload)


def record(tnf: int, record_type: bytes, payload: bytes) -> bytes:
    """One record that is a whole message (MB and ME set), short when its payload allows."""
    short = len(payload) < 0x100
    header = _MB | _ME | (_SR if short else 0) | tnf
    length = bytes([len(payload)]) if short else len(payload).to_bytes(4, "big")
    return bytes([header, len(record_type)]) + length + record_type + payload


def parse_message(message: bytes) -> list[Record]:
    """The records of an NDEF message (none for an empty NDEF TLV). Raises NdefError."""
    records: list[Record] = []
    if not message:
        return records
    at = 0
    while at < len(message):
        header = message[at]
        if bool(header & _MB) != (at == 0) or header & _CF:
            raise NdefError("chunked or misplaced records are not supported")
        at += 1
        fixed = 1 + (1 if header & _SR else 4) + (1 if header & _IL else 0)
        if at + fixed > len(message):
            raise NdefError("the message ends inside a record header")
        type_length = message[at]
        at += 1
        if header & _SR:
            payload_length = message[at]
            at += 1
        else:
            payload_length = int.from_bytes(message[at: at + 4], "big")
            at += 4
        id_length = 0
        if header & _IL:
            id_length = message[at]
            at += 1
        end = at + type_length + id_length + payload_length
        if end > len(message):
            raise NdefError("the message ends inside a record")
        record_type = message[at: at + type_length]
        at += type_length
        record_id = message[at: at + id_length]
        at += id_length
        records.append(Record(header & _TNF_MASK, record_type, message[at:end], record_id))
        at = end
        if header & _ME:
            return records
    raise NdefError("the message has no last record")


def text_of(payload: bytes) -> str:
    """The text of a Text record's payload, without its language code."""
    if not payload:
        raise NdefError("an empty Text record")
    status = payload[0]
    start = 1 + (status & _LANGUAGE_LENGTH_MASK)
    if start > len(payload):
        raise NdefError("a Text record shorter than its language code")
    encoding = "utf-16" if status & _UTF16 else "utf-8"
    try:
        return payload[start:].decode(encoding)
    except UnicodeDecodeError as error:
        raise NdefError(f"a Text record that is not {encoding}") from error


def first_text(message: bytes) -> str | None:
    """The text of the message's first Text record; None when it has none."""
    for found in parse_message(message):
        if found.tnf == TNF_WELL_KNOWN and found.type == TEXT_TYPE:
            return text_of(found.payload)
    return None


# -- Type 2 tag TLVs ---------------------------------------------------------------------------


def ndef_tlv(message: bytes) -> bytes:
    """`message` framed for a Type 2 tag's data area: an NDEF TLV, then the terminator TLV."""
    size = len(message)
    if size < _THREE_BYTE_LENGTH:
        length = bytes([size])
    elif size <= 0xFFFE:
        length = bytes([_THREE_BYTE_LENGTH]) + size.to_bytes(2, "big")
    else:
        raise ValueError(f"an NDEF message of {size} bytes is too long for a TLV")
    return bytes([TLV_NDEF]) + length + message + bytes([TLV_TERMINATOR])


def find_message(area: bytes) -> bytes | None:
    """The value of the first NDEF TLV in a Type 2 tag's data area; None when the area holds
    none (a terminator, or the end of the area, comes first). NULL, lock control, memory
    control and proprietary TLVs are skipped. Raises Truncated when `area` ends inside a TLV
    (the caller reads more and asks again), NdefError for an unknown TLV."""
    at = 0
    while at < len(area):
        tag = area[at]
        at += 1
        if tag == TLV_NULL:
            continue
        if tag == TLV_TERMINATOR:
            return None
        if tag not in (TLV_NDEF, TLV_LOCK_CONTROL, TLV_MEMORY_CONTROL, TLV_PROPRIETARY):
            raise NdefError(f"unknown TLV {tag:02X}h")
        if at >= len(area):
            raise Truncated("the area ends inside a TLV length")
        length = area[at]
        at += 1
        if length == _THREE_BYTE_LENGTH:
            if at + 2 > len(area):
                raise Truncated("the area ends inside a TLV length")
            length = int.from_bytes(area[at: at + 2], "big")
            at += 2
        if at + length > len(area):
            raise Truncated("the area ends inside a TLV value")
        if tag == TLV_NDEF:
            return area[at: at + length]
        at += length
    raise Truncated("the area ends before its terminator")
