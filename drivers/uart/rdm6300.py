"""RDM6300 (125 kHz EM4100) frames: 0x02, ten ASCII hex digits (version byte + 4-byte id), two
ASCII hex digits of the XOR of those five bytes, 0x03. The UID reported is all ten digits in
upper case. Bad checksums, noise between frames and broken frames are dropped and counted."""

from __future__ import annotations

import string

STX = 0x02
ETX = 0x03
BODY_LENGTH = 12  # 10 digits of id + 2 digits of checksum
BAUDRATE = 9600
_HEX = frozenset(string.hexdigits.encode())


def encode_frame(uid: str, *, checksum: int | None = None) -> bytes:
    """The frame an RDM6300 sends for a 10-digit hex `uid` (a wrong `checksum` for tests)."""
    data = bytes.fromhex(uid)
    if len(data) != 5:
        raise ValueError("an EM4100 id is 5 bytes (10 hex digits)")
    if checksum is None:
        checksum = 0
        for byte in data:
            checksum ^= byte
    return bytes([STX]) + (data.hex().upper() + f"{checksum:02X}").encode("ascii") + bytes([ETX])


class Rdm6300Parser:
    """Bytes in, UIDs out. Counters: frames, bad_checksum, noise_bytes, partial_frames,
    malformed."""

    partial_gap = 0.05  # a frame takes 15 ms at 9600 baud: a longer gap means it broke off

    def __init__(self) -> None:
        self._body: bytearray | None = None
        self.counts = {
            "frames": 0, "bad_checksum": 0, "noise_bytes": 0, "partial_frames": 0, "malformed": 0
        }

    @property
    def pending(self) -> bool:
        return self._body is not None

    def feed(self, data: bytes) -> list[str]:
        uids: list[str] = []
        for byte in data:
            if byte == STX:
                if self._body is not None:
                    self.counts["partial_frames"] += 1  # a new frame began before this one ended
                self._body = bytearray()
            elif self._body is None:
                self.counts["noise_bytes"] += 1
            elif byte == ETX:
                uid = self._finish(bytes(self._body))
                self._body = None
                if uid is not None:
                    uids.append(uid)
            elif len(self._body) >= BODY_LENGTH or byte not in _HEX:
                self.counts["malformed"] += 1  # resynchronise on the next STX
                self._body = None
            else:
                self._body.append(byte)
        return uids

    def drop_partial(self) -> None:
        """The line went quiet in the middle of a frame."""
        if self._body is not None:
            self.counts["partial_frames"] += 1
            self._body = None

    def _finish(self, body: bytes) -> str | None:
        if len(body) != BODY_LENGTH:
            self.counts["partial_frames"] += 1
            return None
        data = bytes.fromhex(body[:10].decode("ascii"))
        checksum = 0
        for byte in data:
            checksum ^= byte
        if checksum != int(body[10:], 16):
            self.counts["bad_checksum"] += 1
            return None
        self.counts["frames"] += 1
        return data.hex().upper()
