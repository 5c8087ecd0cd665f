"""The OLED: show 1-bit frames through a luma device, skip unchanged frames, survive a panel
that stops answering, and clear the panel on close.

luma's ssd1306 sends all 1024 bytes on every display() even for an identical frame, so frames
are compared by their bytes and an unchanged one is not sent; on an SSD1306 or SH1106 a
changed frame is sent as the pages (8 rows) and columns that changed (`panel_pages`). A write
that fails (an I2C OSError when a wire comes loose) is reported once as a DriverFault; `show`
then only records the latest frame, and a background thread probes the bus with back-off (0.1 s
doubling to 1.5 s).
When the panel answers again it is initialised afresh (it may have lost power), the latest
frame is sent and DriverRecovered is reported. Over SPI nothing acknowledges a write, so a
disconnected SPI panel cannot be noticed.

Resting the panel: `set_contrast(level)` and `set_panel_on(on)` send luma's `contrast()`,
`hide()` and `show()` (SETCONTRAST, DISPLAYOFF, DISPLAYON); a panel that comes back after a
fault gets the same contrast and on/off state again. The companion uses them to dim and blank
an idle panel (burn-in) and to apply the brightness chosen at the table.

Shutdown: `close()` clears and switches off the panel. luma's own atexit hook does not run on
SIGTERM, so the companion's SIGTERM handler must end in `close()` (or in a normal exit). Both
clear it with luma's full frame, which the page writer precedes with the addressing mode that
frame needs.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from drivers.errors import DeviceIOError, DriverError
from drivers.events import EventSink
from drivers.panel_pages import PageWriter
from drivers.supervision import Backoff, FaultReporter

logger = logging.getLogger(__name__)

_NOP_COMMAND = 0xE3  # SSD1306 and SH1106 both ignore it: a harmless bus probe


@dataclass
class LumaTarget:
    """How to reach one panel: open the bus, build the luma device on it (which sends the
    init sequence), and which exceptions mean "the panel stopped answering"."""

    label: str
    size: tuple[int, int]  # as the frames are drawn, after rotation
    open_interface: Callable[[], Any]
    make_device: Callable[[Any], Any]
    transient_errors: tuple[type[BaseException], ...] = (OSError,)
    hint: str = ""
    hide_on_close: bool = True
    on_close: Callable[[Any], None] | None = None


def to_frame(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A 1-bit copy of `image`; grey levels are thresholded, not dithered, to keep text crisp."""
    if image.size != size:
        raise ValueError(f"frame is {image.size}, the display {size} (width, height)")
    if image.mode == "1":
        return image.copy()
    return image.convert("L").convert("1", dither=Image.Dither.NONE)


class OledDisplay:
    """A panel driven through luma. `show` is meant for one thread (the companion's loop);
    the recovery thread and `close` may run beside it."""

    def __init__(
        self,
        target: LumaTarget,
        events: EventSink,
        *,
        name: str = "display",
        backoff: Backoff | None = None,
    ) -> None:
        self.name = name
        self.target = target
        self._events = events
        self._backoff = backoff or Backoff()
        self._reporter = FaultReporter(events, name, logger)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._recovery: threading.Thread | None = None
        self._interface: Any = None
        self._device: Any = None
        self._pages: PageWriter | None = None
        self._latest: Image.Image | None = None
        self._sent: bytes | None = None
        self._opened = False
        self._closed = False
        self._keep_frame = False
        #: The contrast last asked for (None: the panel's own, as initialised) and whether
        #: the panel should be lit; re-applied to a panel that comes back.
        self._contrast: int | None = None
        self._panel_on = True
        self.frames_sent = 0
        self.frames_skipped = 0
        # What "the panel is not answering" looks like, including our own translated errors.
        self._errors: tuple[type[BaseException], ...] = (*target.transient_errors, DriverError)

    # -- life cycle ----------------------------------------------------------------------------

    def open(self, *, require_device: bool = True) -> None:
        """Open the bus and initialise the panel. With `require_device`, failure raises a
        DriverError now; without, it is reported as a fault and retried in the background."""
        try:
            interface = self.target.open_interface()
            device = self.target.make_device(interface)
        except DriverError as exc:
            if require_device:
                raise
            with self._lock:
                self._opened = True
                self._enter_fault(str(exc))
            return
        with self._lock:
            self._interface, self._device = interface, device
            self._pages = PageWriter.for_device(device)
            self._opened = True

    def keep_frame_on_close(self) -> None:
        """Leave the last frame on the panel when closing: a message that outlives us (the
        panel is switched on for it, should it be resting)."""
        with self._lock:
            self._keep_frame = True
            resting = not self._panel_on
        if resting:
            self.set_panel_on(True)

    def close(self) -> None:
        """Clear and switch off the panel (unless told to keep its frame), release the bus.
        Safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            device, leave_as_is = self._device, self._reporter.faulted or self._keep_frame
        self._stop.set()
        if self._recovery is not None:
            self._recovery.join(timeout=5)
        if device is None:
            return
        try:
            if not leave_as_is:
                device.clear()
                if self.target.hide_on_close:
                    device.hide()
        except self._errors as exc:
            logger.warning("%s: could not clear the panel on close: %s", self.target.label, exc)
        finally:
            device.persist = True  # luma's atexit hook must not write to the closed bus
            try:
                device.cleanup()
                if self.target.on_close is not None:
                    self.target.on_close(device)
            except self._errors as exc:
                logger.debug("%s: cleanup failed: %s", self.target.label, exc)

    # -- frames --------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.target.size

    @property
    def faulted(self) -> bool:
        return self._reporter.faulted

    @property
    def device(self) -> Any:
        """The luma device in use (luma's dummy keeps the last frame in `.image`)."""
        with self._lock:
            return self._device

    @property
    def interface(self) -> Any:
        """The bus the luma device talks over (a simulated panel's records its commands)."""
        with self._lock:
            return self._interface

    @property
    def last_frame(self) -> Image.Image | None:
        """The latest frame given to `show`, whether or not it has reached the panel yet."""
        with self._lock:
            return None if self._latest is None else self._latest.copy()

    def show(self, image: Image.Image) -> bool:
        """Display `image` (the display's size; converted to 1 bit). Returns True if it was
        sent, False if unchanged or held back while the panel is failing."""
        frame = to_frame(image, self.size)
        data = frame.tobytes()
        with self._lock:
            if not self._opened:
                raise RuntimeError("open() the display before showing frames")
            if self._closed:
                return False
            self._latest = frame
            if self._reporter.faulted or self._device is None:
                return False
            if data == self._sent:
                self.frames_skipped += 1
                return False
            try:
                self._write(frame)
            except self.target.transient_errors as exc:
                self._sent = None
                self._enter_fault(str(DeviceIOError(self.target.label, f"write failed ({exc})",
                                                    self.target.hint)))
                return False
            self._sent = data
            self.frames_sent += 1
            return True

    def _write(self, frame: Image.Image) -> None:
        """Called with the lock held: the changed pages where the panel allows it."""
        if self._pages is not None:
            self._pages.write(frame)
        else:
            self._device.display(frame)

    def clear(self) -> bool:
        return self.show(Image.new("1", self.size, 0))

    # -- resting -------------------------------------------------------------------------------

    @property
    def contrast(self) -> int | None:
        """The contrast last asked for; None while the panel keeps its own."""
        with self._lock:
            return self._contrast

    @property
    def panel_on(self) -> bool:
        with self._lock:
            return self._panel_on

    def set_contrast(self, level: int) -> None:
        """Send the panel's contrast (0-255): lower is dimmer."""
        if not 0 <= level <= 255:
            raise ValueError(f"contrast {level} is not in 0-255")
        with self._lock:
            self._contrast = level
            self._command(lambda device: device.contrast(level))

    def set_panel_on(self, on: bool) -> None:
        """Switch the panel on (luma's `show`) or off (`hide`: dark, frames still kept)."""
        with self._lock:
            self._panel_on = on
            self._command(lambda device: device.show() if on else device.hide())

    def _command(self, send: Callable[[Any], object]) -> None:
        """Called with the lock held: a failed command is a fault like a failed frame."""
        if self._closed or self._reporter.faulted or self._device is None:
            return  # kept: `_reinitialise` applies it to the panel that comes back
        try:
            send(self._device)
        except self.target.transient_errors as exc:
            self._sent = None
            self._enter_fault(str(DeviceIOError(self.target.label, f"command failed ({exc})",
                                                self.target.hint)))

    def _apply_rest(self, device: Any) -> None:
        """Called with the lock held: the contrast and on/off state asked for, on `device`."""
        if self._contrast is not None:
            device.contrast(self._contrast)
        if not self._panel_on:
            device.hide()

    # -- faults --------------------------------------------------------------------------------

    def _enter_fault(self, message: str) -> None:
        """Called with the lock held."""
        self._reporter.fault(message)
        if self._recovery is None or not self._recovery.is_alive():
            self._backoff.reset()
            self._recovery = threading.Thread(
                target=self._recover, name=f"{self.name}-recovery", daemon=True
            )
            self._recovery.start()

    def _recover(self) -> None:
        while not self._stop.wait(self._backoff.next_delay()):
            with self._lock:
                if self._closed:
                    return
                try:
                    self._reinitialise()
                except self._errors as exc:
                    logger.debug("%s still failing: %s", self.target.label, exc)
                    continue
                except Exception:  # keep retrying whatever the panel's driver raises
                    logger.exception("%s: unexpected error while recovering", self.target.label)
                    continue
            self._reporter.recovered()
            return

    def _reinitialise(self) -> None:
        """Called with the lock held. Probe first: building a luma device registers an atexit
        hook, so a new device is made only once the panel answers."""
        if self._interface is None:
            self._interface = self.target.open_interface()
        self._interface.command(_NOP_COMMAND)
        device = self.target.make_device(self._interface)
        frame = self._latest if self._latest is not None else Image.new("1", self.size, 0)
        self._apply_rest(device)
        pages = PageWriter.for_device(device)  # knows nothing yet: the frame goes whole
        if pages is not None:
            pages.write(frame)
        else:
            device.display(frame)
        if self._device is not None:
            self._device.persist = True  # the old device's atexit hook must not blank the panel
        self._device, self._pages = device, pages
        self._sent = frame.tobytes()
        self.frames_sent += 1
