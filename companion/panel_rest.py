"""Resting the OLED: dim it after some idle minutes, switch it off later, wake it on input.

An OLED wears where it stays lit (burn-in): a table left with a game paused over dinner would
print its scoreboard into the panel. Idle means no input (a press, a turn, a tap); any input
restores the panel. A panel that was dark swallows the input that woke it, with the rest of
that button's gesture (a click, a long press): the players could not see what it would do.
A dimmed panel is still readable, so its input acts as usual. A tag laid on a dark reader only
wakes it; lifted and laid again, it counts.

Times come from the loop's clock, so tests drive them forward without waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

from drivers.events import ButtonHeld, ButtonPressed, ButtonReleased, EncoderStep, TagPlaced

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


def brightness_step(contrast: int) -> int:
    """The step (1 to len(BRIGHTNESS_LEVELS)) nearest a contrast."""
    nearest = min(BRIGHTNESS_LEVELS, key=lambda level: abs(level - contrast))
    return BRIGHTNESS_LEVELS.index(nearest) + 1


class PanelRest:
    """Dims the panel after `dim_after` idle seconds and switches it off `off_after` seconds
    later (0: never); `contrast` is the panel's brightness when awake."""

    def __init__(self, panel: Panel, clock: Callable[[], float], *, dim_after: float,
                 off_after: float, contrast: int = PANEL_DEFAULT_CONTRAST) -> None:
        self.panel = panel
        self.clock = clock
        self.dim_after = dim_after
        self.off_after = off_after
        self.contrast = contrast
        self.state = Rest.AWAKE
        self.last_input = clock()
        #: The button whose gesture woke a dark panel: its events are swallowed until release.
        self._swallowing: str | None = None

    def tick(self) -> None:
        """Dim or switch off the panel when its idle time has come."""
        idle = self.clock() - self.last_input
        dim_at = self.dim_after if self.dim_after > 0 else 0.0
        if self.off_after > 0 and idle >= dim_at + self.off_after and self.state is not Rest.DARK:
            self.state = Rest.DARK
            self.panel.set_panel_on(False)
        elif self.dim_after > 0 and idle >= self.dim_after and self.state is Rest.AWAKE:
            self.state = Rest.DIMMED
            self.panel.set_contrast(DIM_CONTRAST)

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
        self.state = Rest.AWAKE
