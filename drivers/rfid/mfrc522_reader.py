"""The MFRC522 card reader: a polling thread that turns card sightings into TagPlaced and
TagRemoved, survives a failing chip, and keeps a short text on MIFARE Classic cards and NTAG
stickers (`drivers.rfid.tag_text`).

Each poll wakes the card with WUPA, selects it through every cascade level (4-, 7- and 10-byte
UIDs) and halts it with HLTA, so a resting card answers every poll instead of every other one.
A card is placed on its first read and removed after `removal_after` seconds without a read.
Between polls the thread sleeps (`close` stops it within a poll); a back-off after a failure
waits on a lock that `close` releases (`StopSignal`).

Two ways to poll. While cards come and go each poll sends its own WUPA and sleeps out the
chip's 5 ms timer (two wakes a poll): a card laid on the antenna is read within one interval
and the timeout. After `quiet_after` seconds with no card read, the WUPA of a poll is sent at
the end of the poll before, just before the thread's sleep, and the chip holds the answer
meanwhile: an idle reader wakes once per poll and makes seven SPI transfers, but a card laid
on the antenna is heard only by the first WUPA sent after it and read one poll later (up to
two intervals). The first card read switches back at once, so only the first tap after a quiet
spell pays that poll. A card resting on the antenna is read every poll and so keeps the reader
responsive: each of those polls selects and halts the card (several wakes whatever the mode),
so sending its wake-up ahead would save little, and the next card laid in its place is read
without the extra poll. `quiet_after` 0 always polls ahead, None never does.
With two cards on the antenna their answers collide and neither is read (counted in
`collisions`); these readers are used one card at a time.

`rest(factor)` polls `factor` times less often (the companion rests the reader with the
panel), so an idle reader wakes the processor less; a card is still read, only later. Resting,
the thread waits on a lock that `rest(1)` and `close` release, so waking the reader (or
stopping it) does not wait out a long sleep; a resting card is given two such polls to answer
before it counts as removed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from drivers.errors import DeviceIOError, DriverError
from drivers.events import EventSink, TagPlaced, TagRemoved
from drivers.presence import PresenceTracker
from drivers.rfid import iso14443 as picc
from drivers.rfid.mfrc522_pcd import (
    WIRING_HINT,
    AuthError,
    CardError,
    Collision,
    FrameError,
    Mfrc522Pcd,
    NoAnswer,
    RegisterAccess,
    SelectedCard,
)
from drivers.rfid.tag_text import UnsupportedTag, WrongCard, store_for
from drivers.supervision import Backoff, FaultReporter, StopSignal

logger = logging.getLogger(__name__)

RegistersOpener = Callable[[], RegisterAccess]
T = TypeVar("T")


@dataclass(frozen=True)
class CardText:
    uid: str
    text: str
    #: What the tag is: "MIFARE Classic", "NTAG213", "NTAG215", "NTAG216", "Type 2 tag".
    kind: str = field(default="", compare=False)


class Mfrc522Reader:
    """Reads tags from an MFRC522 in a background thread and puts events on `events`."""

    def __init__(
        self,
        events: EventSink,
        open_registers: RegistersOpener,
        *,
        name: str = "reader",
        label: str = "MFRC522 reader",
        poll_interval: float = 0.08,
        removal_after: float = 0.5,
        quiet_after: float | None = 10.0,
        backoff: Backoff | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.name = name
        self.label = label
        self.poll_interval = poll_interval
        self.quiet_after = quiet_after
        self._events = events
        self._open_registers = open_registers
        self._presence = PresenceTracker(name, removal_after)
        self._backoff = backoff or Backoff()
        self._clock = clock
        self._sleep = sleep
        self._reporter = FaultReporter(events, name, logger)
        self._lock = threading.Lock()  # one exchange with the chip at a time
        self._stop = StopSignal()  # waited on through a back-off: cheaper than an Event
        self._thread: threading.Thread | None = None
        self._pcd: Mfrc522Pcd | None = None
        self._counts = {"polls": 0, "polls_ahead": 0, "reads": 0, "collisions": 0,
                        "frame_errors": 0}
        self._failing = False
        self._last_card_at = clock()  # a reader just started waits a quiet spell too
        self._ahead = False  # the last poll sent the next one's wake-up
        self.removal_after = removal_after
        #: How many times less often than `poll_interval` the reader polls (1: awake).
        self._slowdown = 1.0
        self._applied_slowdown = 1.0  # the thread's copy: it owns the presence tracker
        self._interval = poll_interval
        # Held while the reader rests: its thread waits on it between polls; `rest(1)` and
        # `close` release it to wake the thread now.
        self._nudge = threading.Lock()
        self._nudge.acquire()
        self._nudge_lock = threading.Lock()

    # -- life cycle ----------------------------------------------------------------------------

    def start(self, *, require_device: bool = True) -> None:
        """Open the chip and start polling. With `require_device`, a missing or unreadable chip
        raises a DriverError now; without, it is reported as a fault and retried."""
        if self._thread is not None:
            return
        try:
            self._open()
        except DriverError as exc:
            if require_device:
                raise
            self._reporter.fault(str(exc))
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-mfrc522", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._wake_thread()
        if self._thread is not None:
            self._thread.join(timeout=5)
        with self._lock:
            self._drop_chip()

    @property
    def faulted(self) -> bool:
        return self._reporter.faulted

    def rest(self, factor: float) -> None:
        """Poll `factor` times less often than `poll_interval` (1: as configured), from the
        next poll on; a shorter pace wakes a resting thread at once. Thread-safe."""
        if not factor >= 1:
            raise ValueError(f"a reader rests by a factor of 1 or more, not {factor!r}")
        slower = factor > self._slowdown
        self._slowdown = float(factor)
        if not slower:
            self._wake_thread()

    @property
    def interval(self) -> float:
        """The seconds between two polls the thread keeps now (its pace taken at a poll)."""
        return self._interval

    def _wake_thread(self) -> None:
        with self._nudge_lock:
            if self._nudge.locked():
                self._nudge.release()

    def counters(self) -> dict[str, int]:
        """Polls made (`polls_ahead` of them on a wake-up sent by the poll before), cards read,
        polls lost to collisions or garbled answers, fault episodes."""
        with self._lock:
            return {**self._counts, "faults": self._reporter.episodes}

    # -- the polling thread --------------------------------------------------------------------

    def _run(self) -> None:
        self._failing = self._reporter.faulted  # `start` may have found no chip
        stop = self._stop
        while not stop.is_set():
            pause = self._cycle()
            if pause <= 0:
                continue
            if self._applied_slowdown > 1 and pause <= self._interval:
                # Resting: a wait that `rest(1)` or `close` cuts short (woken, the thread
                # holds the lock again, ready for the next wait).
                self._nudge.acquire(timeout=pause)
            elif pause <= self.poll_interval:
                # Between two polls a plain sleep: it wakes the thread for less CPU than a
                # wait on the stop signal (10-30 us less a wake here, 12 wakes a second), and
                # `close` waits at most one poll for it. A back-off waits on the signal.
                time.sleep(pause)
            else:
                stop.wait(pause)

    def _pace(self) -> None:
        """Apply the pace `rest` asked for: the interval, and a removal window that lets a
        resting card miss a poll."""
        slowdown = self._applied_slowdown = self._slowdown
        self._interval = self.poll_interval * slowdown
        removal = max(self.removal_after, 2.5 * self._interval) if slowdown > 1 else (
            self.removal_after)
        self._presence.removal_after = removal
        if slowdown > 1:
            logger.debug("%s: resting, a poll every %g s", self.label, self._interval)
        else:
            logger.debug("%s: awake, a poll every %g s", self.label, self._interval)

    def _cycle(self) -> float:
        """One poll and what it reports; the seconds to sleep before the next."""
        if self._slowdown != self._applied_slowdown:
            self._pace()
        started = self._clock()
        try:
            card = self._poll()
        except Exception as exc:  # whatever breaks, the thread must live on and retry
            self._failing = True
            return self._failed(exc)
        if self._failing:
            self._failing = False
            self._backoff.reset()
            self._reporter.recovered()  # before the tags it reads: the fault is over first
        now = self._clock()
        presence = self._presence
        # An idle poll (no card, none to time out) does nothing more than wait.
        if card is not None:
            self._emit(presence.seen(card.uid_hex, now))
        if presence.current is not None:
            self._emit(presence.expire(now))
        if card is not None and self._quiet(now):  # only when `quiet_after` is 0
            try:
                self._send_next_wake_up()
            except Exception as exc:
                self._failing = True
                return self._failed(exc)
        return self._interval - (now - started)

    def _quiet(self, now: float) -> bool:
        """Whether the next poll's wake-up is sent now: no card read for `quiet_after`."""
        ahead = self.quiet_after is not None and now - self._last_card_at >= self.quiet_after
        if ahead != self._ahead:
            self._ahead = ahead
            if ahead:
                logger.debug("%s: no card for %g s, each wake-up sent a poll ahead",
                             self.label, self.quiet_after)
            else:
                logger.debug("%s: a card read, each poll sends its own wake-up", self.label)
        return ahead

    def _failed(self, exc: Exception) -> float:
        """Report a failed poll and let the chip go; the back-off to wait out."""
        if not isinstance(exc, DriverError):
            logger.exception("%s: unexpected error", self.label)
            exc = DeviceIOError(self.label, f"unexpected error ({exc!r})", WIRING_HINT)
        self._reporter.fault(str(exc))
        with self._lock:
            self._drop_chip()
        self._emit(self._presence.expire(self._clock()))
        return self._backoff.next_delay()

    def _poll(self) -> SelectedCard | None:
        with self._lock:
            if self._pcd is None:
                self._open_locked()
            pcd = self._pcd
            assert pcd is not None
            self._counts["polls"] += 1
            if pcd.wake_up_sent:
                self._counts["polls_ahead"] += 1
            try:
                card = self._read_uid(pcd)
                if card is not None:
                    self._last_card_at = self._clock()
                elif self._quiet(self._clock()):
                    pcd.start_wake_up()  # the next poll's, at once: nothing to report
            except OSError as exc:
                raise self._spi_failure(exc) from exc
            if card is not None:
                self._counts["reads"] += 1
            return card

    def _read_uid(self, pcd: Mfrc522Pcd) -> SelectedCard | None:
        """The card on the antenna; None when there is none or its answer was lost."""
        try:
            return pcd.read_uid()
        except NoAnswer:
            return None  # the card answered the wake-up, then left before its select
        except Collision:
            self._counts["collisions"] += 1
        except CardError:
            self._counts["frame_errors"] += 1
        return None

    def _send_next_wake_up(self) -> None:
        """The next poll's WUPA, sent once the card read has been reported: the thread's
        sleep is the chip's wait."""
        with self._lock:
            if self._pcd is None:
                return
            try:
                self._pcd.start_wake_up()
            except OSError as exc:
                raise self._spi_failure(exc) from exc

    def _open(self) -> None:
        with self._lock:
            self._open_locked()

    def _open_locked(self) -> None:
        registers = self._open_registers()
        pcd = Mfrc522Pcd(registers, sleep=self._sleep, clock=self._clock)
        try:
            version = pcd.initialise()
        except OSError as exc:
            registers.close()
            raise self._spi_failure(exc) from exc
        except DriverError:
            registers.close()
            raise
        if not pcd.version_is_known(version):
            logger.warning("%s: unfamiliar chip version 0x%02X, trying anyway", self.label, version)
        self.label = registers.label
        self._pcd = pcd

    def _spi_failure(self, exc: OSError) -> DeviceIOError:
        return DeviceIOError(self.label, f"SPI transfer failed ({exc})", WIRING_HINT)

    def _drop_chip(self) -> None:
        pcd, self._pcd = self._pcd, None
        if pcd is not None:
            try:
                pcd.registers.close()
            except OSError:
                logger.debug("closing %s failed", self.label, exc_info=True)

    def _emit(self, events: Iterable[TagPlaced | TagRemoved]) -> None:
        for event in events:
            self._events.put(event)

    # -- card text (MIFARE Classic blocks 8-10, or an NDEF Text record on a Type 2 tag) -------

    def read_text(self, timeout: float = 1.0) -> CardText | None:
        """The text kept on the card now on the reader (see `drivers.rfid.tag_text`), without
        its padding, and what the card is; None when no card answers within `timeout`."""
        try:
            card, (kind, text) = self._with_card(
                None, timeout, lambda pcd, card: store_for(card).read(pcd, card))
        except NoAnswer:
            return None
        return CardText(card.uid_hex, text, kind)

    def write_text(self, uid: str, text: str, timeout: float = 1.0) -> None:
        """Write `text` onto the card `uid`, then read it back: 48 Latin-1 characters at most
        on a MIFARE Classic, an NDEF Text record as long as the data area of a Type 2 tag
        allows (NTAG213: 144 bytes). Raises ValueError for text that does not fit, and
        CardError subclasses: NoAnswer (no card in time), WrongCard, AuthError (a MIFARE
        Classic without key A FF x6), UnsupportedTag, FrameError (the write did not stick)."""
        wanted = picc.parse_uid(uid)
        self._with_card(wanted, timeout, lambda pcd, card: store_for(card).write(pcd, card, text))

    def _with_card(
        self, wanted: bytes | None, timeout: float, action: Callable[[Mfrc522Pcd, SelectedCard], T],
    ) -> tuple[SelectedCard, T]:
        deadline = self._clock() + timeout
        while True:
            try:
                return self._attempt(wanted, action)
            except (NoAnswer, Collision, FrameError):
                if self._clock() >= deadline:
                    raise
            self._sleep(min(self.poll_interval, max(0.0, deadline - self._clock())))

    def _attempt(
        self, wanted: bytes | None, action: Callable[[Mfrc522Pcd, SelectedCard], T]
    ) -> tuple[SelectedCard, T]:
        with self._lock:
            pcd = self._pcd
            if pcd is None:
                raise DeviceIOError(self.label, "the reader is not working", WIRING_HINT)
            try:
                pcd.wake_up()
                card = pcd.select()
                if wanted is not None and card.uid != wanted:
                    pcd.halt()
                    raise WrongCard(
                        f"card {card.uid_hex} is on the reader, not {picc.uid_hex(wanted)}"
                    )
                return card, action(pcd, card)
            except OSError as exc:
                raise self._spi_failure(exc) from exc


__all__ = ["AuthError", "CardError", "CardText", "Mfrc522Reader", "NoAnswer", "UnsupportedTag",
           "WrongCard"]
