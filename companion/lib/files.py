"""Reading a file that a user names (a tally, the configuration, a tag list): bounded in size.

Every such file is read here, so each is refused before parsing when it is larger than any
real one could be, and the same words say what is wrong: a missing file, a folder, a file
that cannot be read, a file that is not UTF-8 text, or one too large.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from engine.errors import N_, Reasoned

KIB = 1024
#: The bounds, in bytes (docs/tally.md's "Input files" says them too).
MAX_TALLY_BYTES = 1024 * KIB
MAX_CONFIG_BYTES = 256 * KIB
MAX_TAGS_CSV_BYTES = 1024 * KIB
#: A map file: the engine takes at most 1,000,000 characters, up to 4 bytes each.
MAX_MAP_BYTES = 4000 * KIB
STDIN = "-"


class InputFileError(Reasoned, ValueError):
    """A file that cannot be used: `field` is the file, `reason` an English template with
    its `params` (for `games.names.reason()`)."""

    def __init__(self, file: str | Path, reason: str, /, **params: Any) -> None:
        self.field = str(file) or "''"
        super().__init__(reason, **params)


def read_text(name: str | Path, limit: int) -> str:
    """The UTF-8 text of the file `name` (`-`: standard input), at most `limit` bytes.

    Raises InputFileError with a one-line reason; reads at most `limit + 1` bytes.
    """
    try:
        if str(name) == STDIN:
            data = _read_stdin(limit)
        else:
            with open(name, "rb") as handle:
                data = handle.read(limit + 1)
    except IsADirectoryError:
        raise InputFileError(name, N_("a folder, not a file")) from None
    except OSError as error:
        raise InputFileError(name, N_("cannot read it: {problem}"),
                             problem=error.strerror or str(error)) from None
    if len(data) > limit:
        raise InputFileError(name, N_("larger than {size} kB: too large for this kind of file"),
                             size=limit // KIB)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputFileError(name, N_("not UTF-8 text")) from None


def _read_stdin(limit: int) -> bytes:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(limit + 1)
        return data
    # A text stream without bytes underneath (a test's StringIO): bound its characters.
    return str(sys.stdin.read(limit + 1)).encode("utf-8")
