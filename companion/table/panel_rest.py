"""Resting the OLED: dim it after some idle minutes, switch it off later, wake it on input.

An OLED wears where it stays lit (burn-in): a table left with a game paused over dinner would
print its scoreboard into the panel. Idle means no input (a press, a turn, a tap); any input
restores the panel. A panel that was dark swallows the input that woke it, with the rest of
that button's gesture (a click, a long press): the players could not see what it would do.
A dimmed panel is still readable, so its input acts as usual. A tag laid on a dark reader only
wakes it; lifted and laid again, it counts.

The card reader rests with the panel (`READER_SLOWDOWN`, applied through `on_change`): an idle
reader is the appliance's main cost at rest, and a table nobody touches does not need a tag
read within a tenth of a second.

Times come from the loop's clock, so tests drive them forward without waiting.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from enum import Enum
from typing import Protocol

from drivers.events import ButtonHeld, ButtonPressed, ButtonReleased, EncoderStep, TagPlaced

log = logging.getLogger(__name__)

#: The contrast of a dimmed panel: visible up close, far less wear.
DIM_CONTRAST = 0x01
#: The brightness steps offered at the table, as panel contrast (1 is the lowest).
BRIGHTNESS_LEVELS = (0x08, 0x40, 0x90, 0xFF)
#: The contrast SSD1306 panels start with (luma's initialisation), when none is configured.
PANEL_DEFAULT_CONTRAST = 0xCF

#: The driver events that are a player's doing.
INPUT_EVENTS = (ButtonPressed, ButtonHeld, ButtonReleased, EncoderStep, TagPlaced)


class Panel(Protocol):
    def set_contrast(self, level: int) -> None: ...

    def set_panel_on(self, on: bool) -> None: ...


class Rest(Enum):
    AWAKE = "awake"
    DIMMED = "dimmed"
    DARK = "dark"


#: How many times less often the card reader polls in each state of the panel. Dimmed, twice
#: less often (160 ms with the default 80 ms poll): the first tap waits at most two of those
#: polls, about a third of a second, on a panel still readable. Dark, five times (0.4 s): a tap
#: there only lights the panel, within 0.8 s at worst, still under the second after which a
#: player would tap again; six times (0.48 s) would save a tenth of the wakes left and add
#: 160 ms to that wait.
READER_SLOWDOWN = {Rest.AWAKE: 1.0, Rest.DIMMED: 2.0, Rest.DARK: 5.0}


def brightness_step(contrast: int) -> int:
    """The step (1 to len(BRIGHTNESS_LEVELS)) nearest a contrast."""
    nearest = min(BRIGHTNESS_LEVELS, key=lambda level: abs(level - contrast))
    return BRIGHTNESS_LEVELS.index(nearest) + 1


@dataclass(eq=False)
class PanelRest:
    """Dims the panel after `dim_after` idle seconds and switches it off `off_after` seconds
    later (0: never); `contrast` is the panel's brightness when awake. `on_change(state)` is
    told each change of state (to rest the card reader with the panel)."""

    panel: Panel
    clock: Callable[[], float]
    _: KW_ONLY
    dim_after: float
    off_after: float
    contrast: int = PANEL_DEFAULT_CONTRAST
    on_change: Callable[[Rest], object] | None = None
    state: Rest = field(default=Rest.AWAKE, init=False)
    #: The button whose gesture woke a dark panel: its events are swallowed until release.
    _swallowing: str | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.last_input = self.clock()

    def tick(self) -> None:
        """Dim or switch off the panel when its idle time has come."""
        idle = self.clock() - self.last_input
        dim_at = self.dim_after if self.dim_after > 0 else 0.0
        if self.off_after > 0 and idle >= dim_at + self.off_after and self.state is not Rest.DARK:
            self.panel.set_panel_on(False)
            self._become(Rest.DARK)
        elif self.dim_after > 0 and idle >= self.dim_after and self.state is Rest.AWAKE:
            self.panel.set_contrast(DIM_CONTRAST)
            self._become(Rest.DIMMED)

    def next_change_at(self) -> float | None:
        """When `tick` will next dim or darken the panel (on the clock); None when no change
        is due without input."""
        dim_at = self.dim_after if self.dim_after > 0 else 0.0
        if self.state is Rest.AWAKE and self.dim_after > 0:
            return self.last_input + self.dim_after
        if self.state is not Rest.DARK and self.off_after > 0:
            return self.last_input + dim_at + self.off_after
        return None

    def swallows(self, event: object) -> bool:
        """Note a driver event; True when it only woke the panel and must not act."""
        if not isinstance(event, INPUT_EVENTS):
            return False
        self.last_input = self.clock()
        name = getattr(event, "name", None)
        if self._swallowing is not None and name == self._swallowing:
            if isinstance(event, ButtonReleased):
                self._swallowing = None
            return True
        was = self.state
        self._wake()
        if was is not Rest.DARK:
            return False
        if isinstance(event, ButtonPressed):
            self._swallowing = event.name
        return True

    def set_brightness(self, contrast: int) -> None:
        """The awake brightness, applied at once unless the panel is resting."""
        self.contrast = contrast
        if self.state is Rest.AWAKE:
            self.panel.set_contrast(contrast)

    def _wake(self) -> None:
        if self.state is Rest.DARK:
            self.panel.set_contrast(self.contrast)
            self.panel.set_panel_on(True)
        elif self.state is Rest.DIMMED:
            self.panel.set_contrast(self.contrast)
        self._become(Rest.AWAKE)

    def _become(self, state: Rest) -> None:
        changed = state is not self.state
        self.state = state
        if changed:
            log.debug("panel %s", state.value)
            if self.on_change is not None:
                self.on_change(state)
