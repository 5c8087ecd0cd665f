"""Stand-ins for the bus under a luma device: a counting interface (what a panel would
receive, command by command), one that can be made to fail like a loose I2C wire, and the
handle the factory exposes for a simulated display."""

from __future__ import annotations

import errno
import threading
from collections import deque
from typing import Any

from PIL import Image


class CountingInterface:
    """luma's three-method serial interface (command, data, cleanup) that records traffic."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.command_bytes = 0
        self.data_bytes = 0
        self.commands: list[tuple[int, ...]] = []
        self.last_data = bytearray()
        self.data_chunks: deque[bytes] = deque(maxlen=64)  # copies: luma reuses its buffers
        self.cleanups = 0

    @property
    def total_bytes(self) -> int:
        with self._lock:
            return self.command_bytes + self.data_bytes

    def command(self, *cmd: int) -> None:
        with self._lock:
            self.command_bytes += len(cmd)
            self.commands.append(tuple(cmd))

    def data(self, data: Any) -> None:
        with self._lock:
            self.data_bytes += len(data)
            self.last_data = bytearray(data)
            self.data_chunks.append(bytes(data))

    def cleanup(self) -> None:
        with self._lock:
            self.cleanups += 1


class FlakyInterface(CountingInterface):
    """Raises OSError(EREMOTEIO) on every transfer while `broken` is set, as luma's i2c
    interface does when the panel stops acknowledging."""

    def __init__(self) -> None:
        super().__init__()
        self.broken = threading.Event()
        self.failures = 0

    def _check(self) -> None:
        if self.broken.is_set():
            with self._lock:
                self.failures += 1
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def command(self, *cmd: int) -> None:
        self._check()
        super().command(*cmd)

    def data(self, data: Any) -> None:
        self._check()
        super().data(data)


#: The SSD1306 commands (luma's `contrast()`, `hide()`, `show()`) a simulated panel reads back.
SETCONTRAST, DISPLAYOFF, DISPLAYON = 0x81, 0xAE, 0xAF


class SimulatedDisplay:
    """What a simulated panel shows: `image` is the frame luma's dummy device holds; `contrast`
    and `lit` are read back from the commands the panel received."""

    def __init__(self, display: Any) -> None:
        self._display = display

    @property
    def image(self) -> Image.Image | None:
        device = self._display.device
        image = getattr(device, "image", None)
        return None if image is None else image.copy()

    @property
    def frames_sent(self) -> int:
        return int(self._display.frames_sent)

    @property
    def frames_skipped(self) -> int:
        return int(self._display.frames_skipped)

    @property
    def panel_commands(self) -> list[tuple[int, ...]]:
        """Every contrast and on/off command the panel received, in order."""
        commands = getattr(self._display.interface, "commands", None)
        if commands is None:
            return []
        return [command for command in list(commands)
                if command[:1] in ((SETCONTRAST,), (DISPLAYOFF,), (DISPLAYON,))]

    @property
    def contrast(self) -> int | None:
        """The contrast last sent to the panel (None: never set, the panel's own)."""
        levels = [command[1] for command in self.panel_commands
                  if command[0] == SETCONTRAST and len(command) > 1]
        return levels[-1] if levels else None

    @property
    def lit(self) -> bool:
        """Whether the panel is on: the last of DISPLAYON / DISPLAYOFF (on when neither)."""
        switches = [command[0] for command in self.panel_commands if command[0] != SETCONTRAST]
        return not switches or switches[-1] == DISPLAYON
