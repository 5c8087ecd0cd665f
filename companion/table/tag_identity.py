"""A card's identity kept on its tag: written, then read back before the table says so.

The registry is the source of truth; a tag that also carries its card's text form
(`Card.to_text()`) lets another companion, with another registry, read the card anyway. Any
enrolment (at the table, or a guided box set-up) calls `write_and_verify` and tells the players
what came of it with `enrolled_notice`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.errors import N_

if TYPE_CHECKING:
    from companion.table.app import TagMemory

log = logging.getLogger(__name__)

#: How long the loop waits for a tag's memory: a tap lasts about half a second.
TAG_MEMORY_SECONDS = 0.3

KEPT = N_("Enrolled: {card} · written on the tag")
NOT_KEPT = N_("Enrolled: {card} · tag not written")
ENROLLED = N_("Enrolled: {card}")


def write_and_verify(tag_memory: TagMemory, uid: str, text: str,
                     timeout: float = TAG_MEMORY_SECONDS) -> bool:
    """Write `text` onto tag `uid`, read the tag again and compare: whether the tag now
    carries `text`. Never raises: a tag that keeps no text (a 125 kHz tag, a MIFARE Classic
    with another key), one lifted too soon, a reader that fails, all answer False."""
    try:
        tag_memory.write_text(uid, text, timeout=timeout)
        found = tag_memory.read_text(timeout=timeout)
    except Exception as error:  # whatever the tag or the reader did, the enrolment stands
        log.info("tag %s keeps no identity: %s", uid, error)
        return False
    if found is None or found.uid != uid or found.text != text:
        log.info("tag %s: its identity did not read back", uid)
        return False
    return True


def enrolled_notice(gettext: Callable[[str], str], label: str, kept: bool | None) -> str:
    """What the table says once a card is enrolled: whether its tag carries its identity
    (`kept`), or nothing about the tag when the reader cannot write one (None)."""
    message = ENROLLED if kept is None else KEPT if kept else NOT_KEPT
    return gettext(message).format(card=label)
