"""Stable ids for the players who have a personal tag, for BG Stats' `sourcePlayerId`: with
it, the app remembers which of its players a companion player is, whatever name is typed.

A personal tag (kind "player") is the same physical tag every evening, so its UID is what
stays; it is written as a digest, since the UID itself is what a copy of the tag would need.
A name on several tags takes the first of their UIDs in order. A player without a personal
tag (a name typed for one evening) gets no id: BG Stats then matches by name, as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from companion.lib.digest import sha256_hex

PERSONAL_KIND = "player"
#: Hex digits of the digest kept: enough that two tags never share an id.
ID_DIGITS = 16
PREFIX = "tag-"


def tag_id(uid: str) -> str:
    """The id of a personal tag's UID.

    >>> tag_id("04A1B2C3D4E5F6")
    'tag-396e6d026b217490'
    """
    return PREFIX + sha256_hex(f"companion player tag {uid}".encode())[:ID_DIGITS]


def ids_of(entries: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """Each personal tag's name and its id, from (uid, kind, value) registry rows."""
    found: dict[str, str] = {}
    for uid, kind, name in sorted(entries):
        if kind == PERSONAL_KIND:
            found.setdefault(name, tag_id(uid))
    return found


def personal_ids(state_dir: Path) -> dict[str, str]:
    """The personal tags enrolled in `state_dir`, name -> id; none when there is no
    registry or it cannot be read (an id is a convenience: the export goes on without)."""
    from companion.state.tags import FILENAME, TagRegistry

    if not (state_dir / FILENAME).exists():
        return {}
    try:
        with TagRegistry.read_only(state_dir) as registry:
            return ids_of((uid, card.kind, card.value) for uid, card in registry.all())
    except Exception:  # a damaged registry costs the ids, never the export
        return {}
