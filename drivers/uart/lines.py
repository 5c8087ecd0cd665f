"""Readers that print one hex UID per line (USB-serial or Arduino sketches). Tolerates CR,
LF or CRLF, lower case, and spaces, colons or dashes between bytes (then a byte may be a single
digit, as `Serial.print(b, HEX)` prints it). Anything else is dropped and counted."""

from __future__ import annotations

from drivers.rfid import iso14443 as picc

MAX_LINE = 64  # longer than any UID line: a runaway line is noise
MIN_UID_BYTES = 4
MAX_UID_BYTES = 10


class LineParser:
    """Bytes in, UIDs out. Counters: lines, malformed, overlong, partial_frames."""

    partial_gap = 0.5  # a USB reader sends a whole line at once

    def __init__(self) -> None:
        self._line = bytearray()
        self._overlong = False
        self.counts = {"lines": 0, "malformed": 0, "overlong": 0, "partial_frames": 0}

    @property
    def pending(self) -> bool:
        return bool(self._line) or self._overlong

    def feed(self, data: bytes) -> list[str]:
        uids: list[str] = []
        for byte in data:
            if byte in (0x0A, 0x0D):
                uid = self._finish()
                if uid is not None:
                    uids.append(uid)
            elif self._overlong:
                continue
            elif len(self._line) >= MAX_LINE:
                self.counts["overlong"] += 1
                self._overlong = True
                self._line.clear()
            else:
                self._line.append(byte)
        return uids

    def drop_partial(self) -> None:
        if self.pending:
            self.counts["partial_frames"] += 1
        self._line.clear()
        self._overlong = False

    def _finish(self) -> str | None:
        raw, overlong = bytes(self._line), self._overlong
        self._line.clear()
        self._overlong = False
        if overlong or not raw.strip():
            return None  # an empty line (the LF of a CRLF) or the end of a counted runaway
        try:
            uid = picc.parse_uid(raw.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            self.counts["malformed"] += 1
            return None
        if not MIN_UID_BYTES <= len(uid) <= MAX_UID_BYTES:
            self.counts["malformed"] += 1
            return None
        self.counts["lines"] += 1
        return picc.uid_hex(uid)
