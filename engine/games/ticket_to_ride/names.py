"""Matching the names players type to the names on the board.

Players write "Zurich" for Zürich, "munchen" for München, "Kobenhavn" for København: names are
compared folded (accents removed, case ignored, punctuation and spacing loosened), then through
each map's table of other spellings.

>>> fold("  Zürich ") == fold("ZURICH")
True
>>> fold("København"), fold("Sault Ste. Marie"), fold("Kyïv")
('kobenhavn', 'sault ste marie', 'kyiv')
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping

#: Letters that Unicode does not split into a base letter and an accent.
_PLAIN = str.maketrans({"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
                        "ß": "ss", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ı": "i"})
_SEPARATORS = re.compile(r"[^0-9a-z]+")


@functools.lru_cache(maxsize=4096)  # a map's file names each place several times
def fold(name: str) -> str:
    """The form names are compared in: no accents, lower case, one space between words."""
    plain = unicodedata.normalize("NFKD", name.translate(_PLAIN))
    letters = "".join(char for char in plain if not unicodedata.combining(char))
    return _SEPARATORS.sub(" ", letters.casefold()).strip()


class NameIndex:
    """Canonical names, found from any accepted spelling.

    >>> index = NameIndex(["Zágráb", "Athína"], {"Zagreb": "Zágráb", "Athena": "Athína"})
    >>> index.find("zagreb"), index.find("ATHINA"), index.find("Oslo")
    ('Zágráb', 'Athína', None)
    """

    def __init__(self, names: Iterable[str], aliases: Mapping[str, str] | None = None) -> None:
        self._names: dict[str, str] = {}
        for name in names:
            self._names.setdefault(fold(name), name)
        for alias, name in (aliases or {}).items():
            self._names.setdefault(fold(alias), name)

    def find(self, spelling: str) -> str | None:
        return self._names.get(fold(spelling))

    def clash(self, spelling: str) -> str | None:
        """The name already reached by `spelling`, if any."""
        return self._names.get(fold(spelling))
