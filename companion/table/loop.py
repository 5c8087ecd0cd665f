"""The table loop: one thread owns the app; drivers' events come in through a queue.

Each driver event is turned into player inputs, handled, and the new screen is rendered and
shown; only then, when the queue is empty, does the app write what can wait (the move being
entered, a snapshot), so a burst of presses costs one write. The loop also pings the service
watchdog and rests an idle panel (`panel_rest`): an input that only woke a dark panel does not
reach the app. A screen that a short panel shows over several pages has its pages
turned every PAGE_SECONDS.

An idle loop sleeps until the next thing due: a notice's end (the app's `expires_at`, which
also says when a page of changing facts is to be built again), a page to turn, the panel's
dimming or darkening, the watchdog's next ping. The screens change on input and at those
times only, so with nothing due (no watchdog, a dark panel) it sleeps until an event.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from PIL import Image

from companion.flows.inputs import from_driver
from companion.screens.model import Screen
from companion.table.feedback import TableFeedback
from companion.table.panel_rest import PanelRest
from drivers.events import DriverFault, DriverRecovered, TagPlaced, TagRemoved

log = logging.getLogger(__name__)

#: Put on the queue when `stop` is set, so the loop does not sleep through it.
_STOPPED = object()
#: How long each page of a screen shown over several pages (a 128x32 panel) stays up.
PAGE_SECONDS = 2.5


class Display(Protocol):
    def show(self, image: Image.Image) -> bool: ...


class Front(Protocol):
    """What the loop talks to: the lobby, then a game's table app, then the lobby again."""

    next_app: Any
    faults: dict[str, str]

    def handle(self, item: Any) -> None: ...

    def screen(self) -> Screen: ...

    def fault(self, device: str, message: str | None) -> None: ...

    def expires_at(self) -> float | None: ...

    def notice(self, message: str, **values: object) -> None: ...


class TableLoop:
    def __init__(
        self,
        app: Front,
        display: Display,
        render: Callable[..., Image.Image],
        on_frame: Callable[[Image.Image], object] | None = None,
        watchdog: Callable[[], float | None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        rest: PanelRest | None = None,
        pages: Callable[[Screen], int] = lambda screen: 1,
        feedback: TableFeedback | None = None,
    ) -> None:
        """`render(screen)` draws a screen; `pages(screen)` says over how many frames it goes
        on this panel, and `render(screen, page)` draws each of them. `watchdog()` is called
        on every turn of the loop and says when it wants to be called next (on `clock`; None:
        whenever). `feedback` sounds the answer to each input and lights the LED for the
        screens to look at."""
        self.app = app
        self.feedback = feedback
        #: Dims and switches off the idle panel; None keeps it lit.
        self.rest = rest
        self.display = display
        self.render = render
        self.pages = pages
        self._page = 0
        self._page_count = 1
        self._page_since = 0.0
        self.on_frame = on_frame
        self.watchdog = watchdog
        self._watchdog_due: float | None = None
        #: When the app's screen was last built: an end due before then has been shown.
        self._built_at = float("-inf")
        self.clock = clock
        self.inputs_handled = 0
        #: How many times the reader reported each tag taken off (for the desktop keyboard).
        self.removals: dict[str, int] = {}
        self._last_screen: Screen | None = None
        self._handled = threading.Condition()
        #: Takes a tap before the app does (a `companion tags scan` waiting, `tag_scan`):
        #: called with its UID, True when it took it. None: every tap is the app's.
        self.claim_tap: Callable[[str], bool] | None = None

    @property
    def shown_screen(self) -> Screen | None:
        """The screen of the last frame shown (None before the first)."""
        return self._last_screen

    def step(self, event: Any) -> None:
        """Handle one driver event, show the result, then keep the move being entered."""
        self.handle_event(event)
        self.settle()

    def settle(self) -> None:
        """Let the app write what can wait for the frame: the half-entered move, a snapshot."""
        settle = getattr(self.app, "settle", None)
        if settle is not None:
            settle()

    def handle_event(self, event: Any) -> None:
        """Handle one driver event and show the result; nothing waits for the disk unless
        the event completed a move."""
        if isinstance(event, DriverFault):
            log.warning("device lost: %s: %s", event.device, event.message)
            self.app.fault(event.device, event.message)
        elif isinstance(event, DriverRecovered):
            log.info("device back: %s", event.device)
            self.app.fault(event.device, None)
        inputs = from_driver(event)
        woke_only = self.rest is not None and self.rest.swallows(event)
        if self.feedback is not None:
            self.feedback.expect([] if woke_only else inputs, self._last_screen, self.app)
        try:
            claimed = self._claimed(event)
            for item in [] if woke_only or claimed else inputs:
                self.app.handle(item)
                if self.app.next_app is not None:
                    self.settle()
                    previous, self.app = self.app, self.app.next_app
                    previous.next_app = None
                    for device, message in previous.faults.items():
                        self.app.fault(device, message)
            self.refresh()
        finally:
            if self.feedback is not None:
                self.feedback.forget()
            # Counted even when handling failed: whoever waits for the answer is not left
            # waiting for ever.
            with self._handled:
                self.inputs_handled += len(inputs)
                if isinstance(event, TagRemoved):
                    self.removals[event.uid] = self.removals.get(event.uid, 0) + 1
                self._handled.notify_all()

    def _claimed(self, event: Any) -> bool:
        """Whether a tap was taken before the app (then said on the screen)."""
        if self.claim_tap is None or not isinstance(event, TagPlaced):
            return False
        if not self.claim_tap(event.uid):
            return False
        from companion.table.tag_scan import SCANNED

        self.app.notice(SCANNED, uid=event.uid)
        return True

    def refresh(self) -> None:
        """Render the app's screen and show it, unless it is the frame already shown; turn
        the page of a screen shown over several once its time is up."""
        screen = self.app.screen()
        if self.feedback is not None:
            self.feedback.showing(screen, self.app)
        now = self._built_at = self.clock()
        if screen != self._last_screen:
            self._page, self._page_since = 0, now
            self._page_count = self.pages(screen)
        elif self._page_count > 1 and now - self._page_since >= PAGE_SECONDS:
            self._page = (self._page + 1) % self._page_count
            self._page_since = now
        else:
            return
        self._last_screen = screen
        image = (self.render(screen, self._page) if self._page_count > 1
                 else self.render(screen))
        self.display.show(image)
        if self.on_frame is not None:
            self.on_frame(image)

    def tick(self) -> None:
        """Dim or switch off the panel once it has been idle long enough."""
        if self.rest is not None:
            self.rest.tick()

    def run(self, events: queue.Queue[Any], stop: threading.Event) -> None:
        """Serve until `stop` is set; never dies of one bad event."""
        def wake_on_stop() -> None:
            stop.wait()
            events.put(_STOPPED)

        # A thread that only waits: it costs nothing until `stop` is set, then wakes the loop.
        threading.Thread(target=wake_on_stop, name="loop-stop", daemon=True).start()
        self.refresh()
        while not stop.is_set():
            if self.watchdog is not None:
                self._watchdog_due = self.watchdog()
            self._guarded(self.tick, "resting the panel")
            try:
                event = events.get_nowait()
            except queue.Empty:
                # Idle: a burst of presses is kept as one draft write, not one per press.
                self._guarded(self.settle, "keeping the draft")
                try:
                    event = events.get(timeout=self._wait())
                except queue.Empty:
                    self.refresh()
                    continue
            if event is _STOPPED:
                continue
            self._guarded(partial(self.handle_event, event), event)
        self._guarded(self.settle, "keeping the draft")

    def _guarded(self, work: Callable[[], None], what: object) -> None:
        try:
            work()
        except Exception as error:
            from companion.table.failures import (
                classify,  # read on the first failure, not at every start
            )

            if classify(error) is not None:
                raise  # the journal or its folder cannot be used: the table stops
            # The table must keep going: log the bug, keep the last good state on screen.
            log.exception("handling %r failed", what)

    def _wait(self) -> float | None:
        """Seconds until the next thing due; None: nothing is, wait for an event."""
        expires = self.app.expires_at()
        # A notice's end the last build already passed is served (a question over a notice
        # keeps it, and must not make the loop spin).
        due = [None if expires is not None and expires <= self._built_at else expires,
               self._watchdog_due]
        if self._page_count > 1:
            due.append(self._page_since + PAGE_SECONDS)
        if self.rest is not None:
            due.append(self.rest.next_change_at())
        known = [moment for moment in due if moment is not None]
        return max(0.0, min(known) - self.clock()) if known else None

    def wait(self, done: Callable[[], bool]) -> None:
        """Block until `done()` holds, checked after each event handled (no time limit)."""
        with self._handled:
            while not done():
                self._handled.wait()

    def wait_for_inputs(self, count: int, timeout: float) -> bool:
        """Block until `count` inputs have been handled (for the automated players)."""
        deadline = time.monotonic() + timeout
        with self._handled:
            while self.inputs_handled < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._handled.wait(left)
        return True
