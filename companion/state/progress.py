"""The move count kept beside the journal: the last committed move of the open play.

If the journal's log is lost or rolled back, the journal alone cannot tell; this small file,
outside the database, can. It has two slots written in turn, each a JSON record with a write
number and a CRC-32: a write cut by a power cut spoils one slot and leaves the other (one move
behind, which claims no loss). Written in place: no rename, no folder sync.

The count is a witness, not the truth: the journal is. A move's count is written after its
commit is synced, so on the disk the count is never ahead of the journal unless the journal
lost synced moves, which is what it is there to tell. It therefore needs no sync of its own:
a power cut can only leave it behind (the kernel writes it back within seconds, about 30 at
most with Linux's defaults), and a count behind claims no loss. Only a count lowered before
a commit (an undo) or made to follow another journal (a restore) is synced, because there a
stale count on the disk would be ahead and claim a false loss.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> count = MoveCount(pathlib.Path(folder.name) / "journal.sqlite3.last-move")
>>> count.write("3f2a", 41); count.write("3f2a", 42)
>>> count.read()
('3f2a', 42)
>>> count.close(); folder.cleanup()
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

#: Bytes of one slot: a record is well under it (a UUID and two numbers).
SLOT = 256


class Unreadable(ValueError):
    """Neither slot holds a whole record."""


class MoveCount:
    """The file; opened on the first write, never through a symbolic link."""

    def __init__(self, path: Path, durable: bool = True) -> None:
        self.path = path
        self.durable = durable
        self._descriptor: int | None = None
        self._number = 0

    def read(self) -> tuple[str, int] | None:
        """(play uuid, seq) of the newest whole record; None without a file (or a record)."""
        try:
            descriptor = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            return None
        try:
            data = os.pread(descriptor, 2 * SLOT, 0)
        finally:
            os.close(descriptor)
        if not data.strip(b"\0 "):
            return None  # created, never written: the power went at once
        records = [record for record in (_parse(data[:SLOT]), _parse(data[SLOT:])) if record]
        if not records:
            raise Unreadable("no whole record in either slot")
        newest = max(records, key=lambda record: record[0])
        return newest[1], newest[2]

    def write(self, play_uuid: str, seq: int, *, synced: bool = False) -> None:
        """Note the move, in the slot the previous write did not use; `synced` waits for the
        disk (for a count that goes down, see the module's text)."""
        if self._descriptor is None:
            self._open()
        assert self._descriptor is not None
        self._number += 1
        record = json.dumps({"n": self._number, "play": play_uuid, "seq": seq},
                            separators=(",", ":"))
        line = f"{record} {zlib.crc32(record.encode()):08x}\n".encode()
        os.pwrite(self._descriptor, line.ljust(SLOT, b" "), (self._number % 2) * SLOT)
        if synced and self.durable:
            os.fdatasync(self._descriptor)

    def _open(self) -> None:
        created = not self.path.exists()
        self._descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW
                                   | os.O_CLOEXEC, 0o644)
        try:
            found = os.pread(self._descriptor, 2 * SLOT, 0)
            numbers = [record[0] for record in (_parse(found[:SLOT]), _parse(found[SLOT:]))
                       if record]
            self._number = max(numbers, default=0)
            if created and self.durable:
                from companion.state.folder import sync_folder

                sync_folder(self.path.parent)  # the file's name survives a power cut
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None


def _parse(slot: bytes) -> tuple[int, str, int] | None:
    """(write number, play uuid, seq) of a whole record, else None."""
    try:
        text = slot.decode("utf-8").strip()
        record, _, check = text.rpartition(" ")
        if f"{zlib.crc32(record.encode()):08x}" != check:
            return None
        data = json.loads(record)
        return int(data["n"]), str(data["play"]), int(data["seq"])
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
