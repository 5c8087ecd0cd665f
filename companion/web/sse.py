"""Server-sent events: the live section, sent again to every open stream after each change.

One watcher (`LiveFeed`) serves every stream: a thread of its own, running while at least
one stream is open, looks at the journal's files a few times a second (a `stat` each, no
read: `JournalView.signature`); after a change it reads the live view once and renders its
section once per language the streams speak, then wakes the streams, which only send the
text made for them. Two hundred phones cost about what one does.

A journal that cannot be read ends every stream with one `unreadable` event (its reason in
the stream's language, and `retry` asking the browser to come back in a while) and one log
line for the whole feed, not one per phone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games.names import reason

log = logging.getLogger(__name__)

#: Seconds between two looks at the journal's files: a move reaches the pages well within a
#: second, and the watcher costs a few `stat` calls a second whatever the number of streams.
POLL_SECONDS = 0.25
#: A comment line this often keeps proxies and phones from closing a quiet stream.
KEEPALIVE_SECONDS = 15.0
#: Milliseconds a browser waits before it opens a stream again after `unreadable`.
RETRY_UNREADABLE_MS = 30_000


def event(name: str, data: object) -> str:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


@dataclass
class Snapshot:
    """The live view after one change: its sections by language, or why it cannot be read."""

    version: int
    live: dict[str, Any] | None
    error: Exception | None = None
    #: The `live` event, encoded, by language.
    sections: dict[str, bytes] = field(default_factory=dict)


@dataclass(eq=False)
class Stream:
    """One open stream: the loop it runs on, its language and what wakes it."""

    loop: asyncio.AbstractEventLoop
    language: str
    changed: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(eq=False)
class LiveFeed:
    """The live view for every stream, read and rendered once per change of the journal.

    `signature` tells cheaply whether the journal's files changed, `read` gives the live
    view (a dict), `render(live, language)` its section; `renders` and `sections` count the
    reads and the renderings (the tests and the benchmark read them).
    """

    signature: Callable[[], object]
    read: Callable[[], dict[str, Any]]
    render: Callable[[dict[str, Any], str], str]
    max_streams: int
    poll: float = POLL_SECONDS
    keepalive: float = KEEPALIVE_SECONDS
    renders: int = field(default=0, init=False)
    sections: int = field(default=0, init=False)
    #: Keep-alive rounds so far: every stream sends a comment line after each.
    ticks: int = field(default=0, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _streams: set[Stream] = field(default_factory=set, init=False)
    _snapshot: Snapshot | None = field(default=None, init=False)
    _version: int = field(default=0, init=False)
    _watcher: threading.Thread | None = field(default=None, init=False)
    _stop: threading.Event = field(default_factory=threading.Event, init=False)
    #: The signature of the journal last found unreadable and logged: said once.
    _logged_failure: object = field(default=None, init=False)

    @property
    def open_streams(self) -> int:
        return len(self._streams)

    def open(self, language: str) -> Stream | None:
        """A new stream in `language` on the running loop; None when `max_streams` are open."""
        stream = Stream(asyncio.get_running_loop(), language)
        with self._lock:
            if len(self._streams) >= self.max_streams:
                return None
            self._streams.add(stream)
            if self._watcher is None:
                self._stop.clear()
                self._watcher = threading.Thread(target=self._watch, name="live-feed",
                                                 daemon=True)
                self._watcher.start()
        return stream

    def close(self, stream: Stream) -> None:
        with self._lock:
            self._streams.discard(stream)

    def stop(self) -> None:
        """Ends the watcher (the streams see no more changes)."""
        self._stop.set()
        watcher = self._watcher
        if watcher is not None:
            watcher.join()

    def current(self) -> Snapshot | None:
        """The latest snapshot; None until the watcher has looked once."""
        return self._snapshot

    def section(self, snapshot: Snapshot, language: str) -> bytes:
        """The `live` event of `snapshot` in `language`, rendered and encoded once for every
        stream (b"" without a live view). The watcher renders the languages of the open
        streams before it wakes them; a stream in another language renders its own once."""
        with self._lock:
            data = snapshot.sections.get(language)
        if data is not None or snapshot.live is None:
            return data or b""
        # Rendered outside the lock: the event loop takes it to open and close streams.
        made = event("live", {"html": self.render(snapshot.live, language)}).encode()
        with self._lock:
            self.sections += 1
            return snapshot.sections.setdefault(language, made)

    # --- The watcher's thread ---------------------------------------------------------------

    def _watch(self) -> None:
        seen: object = None
        quiet = 0.0
        while not self._stop.is_set():
            with self._lock:
                if not self._streams:
                    # Nobody watches: what was read may grow old, the next watcher reads anew.
                    self._watcher = None
                    self._snapshot = None
                    return
            signature = self.signature()
            if signature != seen or self._snapshot is None:
                seen = signature
                self._publish(self._take(signature))
                quiet = 0.0
            elif quiet >= self.keepalive:
                # One keep-alive round for all: no stream keeps a timer of its own.
                self.ticks += 1
                self._publish(self._snapshot)
                quiet = 0.0
            self._stop.wait(self.poll)
            quiet += self.poll
        with self._lock:
            self._watcher = None

    def _take(self, signature: object) -> Snapshot:
        self._version += 1
        try:
            live = self.read()
        except Exception as error:  # a damaged journal, or one this version cannot read
            if signature != self._logged_failure:
                self._logged_failure = signature
                log.warning("live pages stopped, the journal cannot be read: %s",
                            reason(error, "en"))
            return Snapshot(self._version, None, error)
        self.renders += 1
        snapshot = Snapshot(self._version, live)
        with self._lock:
            languages = {stream.language for stream in self._streams}
        for language in languages:
            self.section(snapshot, language)
        return snapshot

    def _publish(self, snapshot: Snapshot | None) -> None:
        with self._lock:
            self._snapshot = snapshot
            loops: dict[asyncio.AbstractEventLoop, list[asyncio.Event]] = {}
            for stream in self._streams:
                loops.setdefault(stream.loop, []).append(stream.changed)
        for loop, events in loops.items():
            # A closed loop's streams are gone with it.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_set_all, events)


def _set_all(events: list[asyncio.Event]) -> None:
    for changed in events:
        changed.set()


async def live_events(feed: LiveFeed, stream: Stream, unreadable: Callable[[Exception], str]
                      ) -> AsyncIterator[str | bytes]:
    """The live section now, then after every change, and a comment line at each of the
    feed's keep-alive rounds; `unreadable(error)` is the one line sent when the journal
    cannot be read, which ends the stream."""
    sent = 0
    ticked = feed.ticks
    try:
        while True:
            stream.changed.clear()
            snapshot = feed.current()
            if snapshot is not None and snapshot.version != sent:
                sent = snapshot.version
                if snapshot.error is not None:
                    yield f"retry: {RETRY_UNREADABLE_MS}\n" + event(
                        "unreadable", {"error": unreadable(snapshot.error)})
                    return
                yield feed.section(snapshot, stream.language)
            elif feed.ticks != ticked:
                ticked = feed.ticks
                yield ": still here\n\n"
            await stream.changed.wait()
    finally:
        feed.close(stream)
