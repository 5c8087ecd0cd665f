"""What the buzzer and the status LED say at the table, from what the screen says.

The loop says which inputs are about to be handled, then which screen answers them: that
answer decides the sound. A refusal laid on the screen (a refused tap or press) sounds
"refused"; a tap the table took (the screen answered it with anything but a refusal), or a
press whose answer is an acknowledgement (a NOTICE: a move saved, a card enrolled), sounds
"accepted". An input the screen did not answer (a tap a question ignores, a cursor moved) is
silent. The LED is lit while the screen wants looking at: a question, a refusal, an
announcement to acknowledge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.flows.inputs import Input, Tap
from companion.screens.model import Screen, Style
from drivers.protocols import Feedback

ACCEPTED = "accepted"
REFUSED = "refused"
#: The screens a player has to read, or answer, before going on.
LOOK_STYLES = frozenset({Style.CONFIRM, Style.REFUSAL, Style.ANNOUNCE})


def answer_sound(inputs: Sequence[Input], before: Screen | None, after: Screen,
                 flashed: bool) -> str | None:
    """The sound for `inputs` answered by `after` on a table that showed `before`;
    `flashed`: the inputs laid a new notice or refusal on the screen (which may read as
    the one before it: a second refusal of the same card)."""
    if not inputs or not (flashed or after != before):
        return None
    if after.style is Style.REFUSAL:
        return REFUSED
    if after.style is Style.NOTICE or any(isinstance(item, Tap) for item in inputs):
        return ACCEPTED
    return None


class TableFeedback:
    """The loop's side of the buzzer and LED: `expect` before an event's inputs are handled,
    `showing` with the screen that answers them (sounded before it is drawn, so both come
    together)."""

    def __init__(self, device: Feedback) -> None:
        self.device = device
        self._lit = False
        self._waiting: tuple[tuple[Input, ...], Screen | None, object] | None = None

    def expect(self, inputs: Sequence[Input], before: Screen | None, app: Any) -> None:
        """`inputs` are about to reach `app`, which shows `before`."""
        self._waiting = (tuple(inputs), before, flash_of(app)) if inputs else None

    def forget(self) -> None:
        """The inputs expected were not answered (handling them failed): no sound."""
        self._waiting = None

    def showing(self, screen: Screen, app: Any) -> None:
        """`app` shows `screen`: sound the answer to the inputs expected, light the LED."""
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            inputs, before, flash = waiting
            now = flash_of(app)
            sound = answer_sound(inputs, before, screen, now is not None and now is not flash)
            if sound is not None:
                self.device.sound(sound)
        lit = screen.style in LOOK_STYLES
        if lit != self._lit:
            self._lit = lit
            self.device.light(lit)


def flash_of(app: Any) -> object:
    """The app's flash (a notice or a refusal over its screen) as an identity: a new one is
    a new answer even when it reads as the last."""
    return getattr(app, "flash", None)
