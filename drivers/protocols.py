"""What the companion may rely on from each kind of driver, whatever the backend."""

from __future__ import annotations

from typing import Protocol

from PIL import Image


class CardReader(Protocol):
    """Puts TagPlaced / TagRemoved (and DriverFault / DriverRecovered) on the event queue."""

    name: str  # the `reader` field of its events
    label: str  # the device in words, e.g. "MFRC522 reader on /dev/spidev0.0"

    @property
    def faulted(self) -> bool: ...

    def start(self, *, require_device: bool = True) -> None: ...

    def counters(self) -> dict[str, int]: ...

    def rest(self, factor: float) -> None:
        """Wake the processor `factor` times less often while no card comes (1: as
        configured): a card laid is still read, later. Takes effect from the next poll; a
        quicker pace wakes a resting reader at once."""

    def close(self) -> None: ...


class ButtonPanel(Protocol):
    """Puts ButtonPressed / ButtonHeld / ButtonReleased / EncoderStep on the event queue."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def has_encoder(self) -> bool: ...

    def is_pressed(self, name: str) -> bool: ...

    def close(self) -> None: ...


class Display(Protocol):
    """Shows 1-bit frames; an unchanged frame is not sent again; `close` clears the panel."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def faulted(self) -> bool: ...

    def show(self, image: Image.Image) -> bool: ...

    def clear(self) -> bool: ...

    def keep_frame_on_close(self) -> None:
        """Leave the last frame on the panel when closing: a message that outlives us."""

    def set_contrast(self, level: int) -> None:
        """The panel's contrast, 0-255 (lower is dimmer)."""

    def set_panel_on(self, on: bool) -> None:
        """Light the panel, or switch it off (dark; frames are still taken)."""

    def close(self) -> None: ...


class Feedback(Protocol):
    """A buzzer and a status LED, either of them possibly absent. Never blocks the caller."""

    def sound(self, pattern: str) -> None:
        """Sound a pattern of `drivers.feedback.PATTERNS` ("accepted", "refused") in the
        background, cutting short the one playing."""

    def light(self, on: bool) -> None:
        """The status LED on or off."""

    def close(self) -> None:
        """Silence the buzzer and put the LED out."""


class CardSimulator(Protocol):
    """A simulated reader's antenna: thread-safe, for tests and the desktop demo."""

    def place(self, uid: str) -> object: ...

    def remove(self, uid: str | None = None) -> None: ...

    def tap(self, uid: str, seconds: float = 0.3) -> None: ...

    def present(self) -> tuple[str, ...]: ...

    def unplug(self) -> None: ...

    def plug(self) -> None: ...

    def close(self) -> None: ...
