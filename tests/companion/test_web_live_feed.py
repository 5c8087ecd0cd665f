"""The live streams share one watcher: with many phones open, the live view is read and
rendered once per change of the journal, not once per phone (counted in the server's own
process, served by the same uvicorn set-up as `companion web`)."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from companion.web.app import create_app
from companion.web.limits import ServerLimits
from companion.web.listener import SheddingListener
from companion.web.server import server_config
from companion.web.sse import LiveFeed, live_events
from engine.registry import GAMES
from engine.simulate import play_random

from .web_limits_server import DEADLINE, EventReader, until
from .web_server import players_for

STREAMS = 24
MOVES = 5


@contextmanager
def serving_in_process(state_dir: Path) -> Iterator[tuple[int, LiveFeed]]:
    """The scoreboard served from a thread of this process: its port and its live feed."""
    limits = ServerLimits(max_per_address=STREAMS * 2, max_streams=STREAMS * 2)
    app = create_app(state_dir, limits=limits)
    config, _gate = server_config(app, limits)
    server = uvicorn.Server(config)
    listener = SheddingListener(socket.create_server(("127.0.0.1", 0)))
    port = listener.getsockname()[1]
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]})
    thread.start()
    try:
        until(lambda: server.started, "the server started")
        yield port, app.state.live_feed
    finally:
        server.should_exit = True
        thread.join(DEADLINE)
        app.state.live_feed.stop()
        app.state.view.close()


def shown_seq(data: str) -> int:
    found = re.search(r'data-seq="(\d+)"', json.loads(data)["html"])
    assert found is not None, data[:200]
    return int(found.group(1))


def test_many_streams_share_one_render_per_change(tmp_path: Path) -> None:
    rules = GAMES["freight-train"]
    with Journal(journal_path(tmp_path)) as journal, serving_in_process(tmp_path) as (
            port, feed):
        session = GameSession.start(journal, rules, players_for("freight-train"))
        events = play_random(rules, session.state, seed=2).events
        session.submit(events[0])
        readers = [EventReader(port, "fr" if index % 2 else "en") for index in range(STREAMS)]
        try:
            for reader in readers:
                event = reader.next_event()
                assert event is not None and shown_seq(event[1]) == 1
            for count, move in enumerate(events[1:1 + MOVES], start=2):
                session.submit(move)
                for reader in readers:
                    # A reader may see the move in two steps (the file, then the count).
                    seq = 0
                    while seq < count:
                        event = reader.next_event()
                        assert event is not None and event[0] == "live"
                        seq = shown_seq(event[1])
                    assert seq == count
            # One read per change of the files: a move changes the journal, then its count,
            # and the watcher may look in between; never once per stream.
            changes = MOVES + 1
            assert changes <= feed.renders <= 2 * changes, feed.renders
            # Each read rendered once in each of the two languages the streams speak.
            assert feed.sections == 2 * feed.renders
            assert feed.open_streams == STREAMS
        finally:
            for reader in readers:
                reader.close()
        until(lambda: feed.open_streams == 0, "the closed streams left the feed")


async def _first_items(feed: LiveFeed, language: str, count: int) -> list[str | bytes]:
    stream = feed.open(language)
    assert stream is not None
    received: list[str | bytes] = []
    async for item in live_events(feed, stream, lambda error: f"unreadable: {error}"):
        received.append(item)
        if len(received) == count:
            break
    return received


def test_one_keepalive_round_reaches_every_stream() -> None:
    feed = LiveFeed(lambda: "same", lambda: {"status": "idle"},
                    lambda live, language: f"<p>{language}</p>", max_streams=4,
                    poll=0.05, keepalive=0.2)

    async def two_streams() -> list[list[str | bytes]]:
        return list(await asyncio.gather(_first_items(feed, "en", 2),
                                         _first_items(feed, "fr", 2)))

    try:
        english, french = asyncio.run(asyncio.wait_for(two_streams(), DEADLINE))
    finally:
        feed.stop()
    assert b"<p>en</p>" in bytes(english[0]) and english[1] == ": still here\n\n"
    assert b"<p>fr</p>" in bytes(french[0]) and french[1] == ": still here\n\n"
    assert feed.renders == 1 and feed.ticks >= 1


def test_an_unreadable_journal_ends_streams_with_one_log_line(
        caplog: pytest.LogCaptureFixture) -> None:
    def damaged() -> dict[str, object]:
        raise ValueError("file is not a database")

    feed = LiveFeed(lambda: "damaged", damaged, lambda live, language: "", max_streams=4,
                    poll=0.05)
    try:
        for _ in range(3):  # a phone that comes back, three times
            items = asyncio.run(asyncio.wait_for(_first_items(feed, "en", 5), DEADLINE))
            assert len(items) == 1  # the stream ended after its one event
            assert isinstance(items[0], str)
            assert items[0].startswith("retry: 30000\nevent: unreadable\n")
            assert "file is not a database" in items[0]
            until(lambda: feed.open_streams == 0, "the stream left the feed")
    finally:
        feed.stop()
    lines = [record for record in caplog.records if record.name == "companion.web.sse"]
    assert len(lines) == 1 and "cannot be read" in lines[0].getMessage()
    assert feed.renders == 0


def test_no_stream_over_the_limit() -> None:
    feed = LiveFeed(lambda: "same", lambda: {"status": "idle"}, lambda live, language: "",
                    max_streams=2)

    async def open_three() -> list[bool]:
        return [feed.open("en") is not None for _ in range(3)]

    try:
        assert asyncio.run(open_three()) == [True, True, False]
    finally:
        feed.stop()
