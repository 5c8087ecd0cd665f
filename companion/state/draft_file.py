"""The half-entered move of the table, kept in a small file beside the journal.

A draft changes with nearly every tap and press. Written into the journal it would add a page
to the write-ahead log each time (4 KB of SD card wear for a cursor move) and, synced, wait
for the card. Here it is one short JSON line rewritten in place, never synced: the page cache
absorbs a burst of rewrites and the kernel writes the block out once in a while. A power cut
may lose it (a half-entered move, never a move) or leave an older or a torn line, which reads
as no draft.

Each line names the play and the number of events the play had when it was written, so a
draft is only given back while the play is still at that move: the move it was the start of,
once journalled (or undone), makes it stale without a write here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

#: No draft is near this long; a larger file is not one this companion wrote.
MAX_DRAFT_BYTES = 1 << 20


class DraftFile:
    """One draft at a time (the table plays one game at a time), by play and event count."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._length = 0

    def write(self, play_id: int, events: int, draft: dict[str, Any] | None) -> None:
        """Keep `draft` as the move being entered after `events` events of the play."""
        line = json.dumps({"play": play_id, "events": events, "draft": draft},
                          ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        data = (line + "\n").encode("utf-8")
        if self._fd is None:
            # Never through a link planted in the state folder.
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
            self._length = os.fstat(self._fd).st_size
        # In place, padded over a longer line before it: no truncation, no new blocks.
        padded = data.ljust(self._length, b" ")
        os.pwrite(self._fd, padded, 0)
        self._length = len(padded)

    def read(self, play_id: int, events: int) -> tuple[bool, dict[str, Any] | None]:
        """Whether the file speaks for this play at this event count (it may say "no draft"),
        and the draft. A missing, stale or damaged file does not."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW)
            try:
                data = os.read(fd, MAX_DRAFT_BYTES)
            finally:
                os.close(fd)
            entry = json.loads(data.decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return False, None
        if (not isinstance(entry, dict) or entry.get("play") != play_id
                or entry.get("events") != events):
            return False, None
        draft = entry.get("draft")
        return True, draft if isinstance(draft, dict) else None

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
