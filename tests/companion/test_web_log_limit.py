"""The scoreboard's log: one line per kind of trouble a minute, whoever causes it."""

from __future__ import annotations

import logging

import pytest

from companion.web.log_limit import OncePerInterval


def test_messages_filled_in_by_a_library_are_one_kind(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("asyncio.example")
    clock = [0.0]
    logger.addFilter(OncePerInterval(60.0, clock=lambda: clock[0]))
    with caplog.at_level(logging.WARNING, logger="asyncio.example"):
        for handle in range(1000):
            logger.error(f"Exception in callback <Handle at 0x{handle:x}>\ntraceback")
        logger.warning("connection refused with 503: %s has %d open", "10.0.0.9", 32)
        clock[0] = 61.0
        logger.error("Exception in callback <Handle at 0xfff>")
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 3, lines
    assert lines[0].startswith("Exception in callback <Handle at 0x0>")
    assert lines[1] == "connection refused with 503: 10.0.0.9 has 32 open"
    assert lines[2].endswith("(999 more like it in the last 61 s)")
