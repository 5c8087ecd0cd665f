"""What kind of change each frame change of a table is, for telling where display bus bytes go.

A change is named by the screens on either side of it (`companion.screens.model.Screen`):

>>> from companion.screens.model import Menu, Screen, Style
>>> menu = Screen(title="Ana: your move", menu=Menu(("From my yard", "Pass"), 0))
>>> transition_kind(menu, Screen(title="Ana: your move", menu=Menu(("From my yard", "Pass"), 1)))
'cursor move'
>>> transition_kind(menu, Screen(title="Coal → train (1)", style=Style.NOTICE))
'prompt -> notice'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from companion.screens.model import Screen, Style

#: Screens shown for about two seconds, then gone by themselves.
FLASHES = (Style.NOTICE, Style.REFUSAL)


def _family(style: Style) -> str:
    if style in FLASHES:
        return style.value
    if style is Style.ANNOUNCE:
        return "announcement"
    if style is Style.CONFIRM:
        return "question"
    return "prompt"


def transition_kind(before: Screen, after: Screen) -> str:
    """The kind of change from `before` to `after`: a flash coming or going, a question, an
    announcement, a cursor move, a new turn (context line), a new prompt, a detail."""
    was, now = _family(before.style), _family(after.style)
    if was != now:
        return f"{was} -> {now}"
    if before.menu and after.menu and before.menu.items == after.menu.items and replace(
            before, menu=after.menu) == after:
        return "cursor move"
    if before.top != after.top:
        return f"{now}: new turn (context line)" if now == "prompt" else f"{now} -> {now}"
    if before.title != after.title:
        return f"new {now}" if now in ("prompt", "question") else f"{now} -> {now}"
    return f"{now}: a detail"


def breakdown(changes: Iterable[tuple[str, int]]) -> dict[str, dict[str, Any]]:
    """(kind, bytes) of each change summed by kind, the costliest kinds first: count, bytes,
    bytes per change and share of all the bytes (%)."""
    kinds: dict[str, list[int]] = {}
    for kind, sent in changes:
        counted = kinds.setdefault(kind, [0, 0])
        counted[0] += 1
        counted[1] += sent
    total = sum(sent for _, sent in kinds.values()) or 1
    return {kind: {"changes": count, "bytes": sent, "per_change": round(sent / count, 1),
                   "share": round(100 * sent / total, 1)}
            for kind, (count, sent) in sorted(kinds.items(), key=lambda item: -item[1][1])}


def summary(kinds: dict[str, dict[str, Any]], most: int = 6) -> str:
    """The costliest kinds in one line: "notice -> prompt 115 x 706 (29 %), ..."."""
    return ", ".join(f"{kind} {each['changes']} x {each['per_change']:.0f} ({each['share']:.0f} %)"
                     for kind, each in list(kinds.items())[:most])
