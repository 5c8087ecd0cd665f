"""Moving in a list with up and down, for players and for the automated players of the demo.

Lists wrap around: `down` on the last item comes back to the first.

>>> moved(2, "down", 3), moved(0, "up", 3)
(0, 2)
>>> toward(0, 2, 3), toward(1, 1, 3)
(Press(button='up'), Press(button='ok'))
"""

from __future__ import annotations

from ..inputs import Input, Press


def moved(index: int, button: str, count: int) -> int:
    """The highlighted item after pressing `button` in a list of `count` items."""
    step = 1 if button == "down" else -1
    return (index + step) % count if count else 0


def toward(current: int, wanted: int, count: int | None = None) -> Input:
    """The press that brings the highlight from `current` to `wanted` (ok when it is there),
    the short way round a wrapping list of `count` items when it is given."""
    if current == wanted:
        return Press("ok")
    if count is None:
        return Press("down" if current < wanted else "up")
    forward = (wanted - current) % count
    return Press("down" if forward <= count - forward else "up")
