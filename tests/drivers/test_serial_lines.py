""""One UID per line" readers: the parser, then the driver over loop:// and over a pty."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import serial
from hypothesis import given
from hypothesis import strategies as st

from drivers.events import TagPlaced, TagRemoved
from drivers.sim.serial_devices import SimulatedLineReader
from drivers.uart.lines import LineParser
from drivers.uart.reader import SerialCardReader, open_serial_port

from .driver_helpers import Events, wait_until


@pytest.mark.parametrize(
    "line",
    [b"DEADBEEF\n", b"deadbeef\r\n", b"DE:AD:BE:EF\r", b"de ad be ef\n", b"  DE-AD-BE-EF  \n"],
)
def test_line_forms_all_give_the_same_uid(line: bytes) -> None:
    assert LineParser().feed(line) == ["DEADBEEF"]


def test_single_digit_bytes_between_separators_are_padded() -> None:
    assert LineParser().feed(b"4 A3 1F 2 80 C1 7\r\n") == ["04A31F0280C107"]


def test_crlf_and_empty_lines_do_not_count() -> None:
    parser = LineParser()
    assert parser.feed(b"DEADBEEF\r\n\r\n\n01020304\r\n") == ["DEADBEEF", "01020304"]
    assert parser.counts == {"lines": 2, "malformed": 0, "overlong": 0, "partial_frames": 0}


def test_garbage_is_counted_and_dropped() -> None:
    parser = LineParser()
    stream = (b"hello\r\nDEADBE\r\n0102030405060708090A0B\r\n\xff\xfe\r\n"
              + b"A" * 100 + b"\nAABBCCDD\n")
    assert parser.feed(stream) == ["AABBCCDD"]
    assert parser.counts["malformed"] == 4  # word, too short, too long, not ASCII
    assert parser.counts["overlong"] == 1


def test_a_line_without_its_end_is_a_partial_frame() -> None:
    parser = LineParser()
    parser.feed(b"DEAD")
    parser.drop_partial()
    assert parser.counts["partial_frames"] == 1
    assert parser.feed(b"BEEF\n") == []  # the dropped head does not glue onto the tail,
    assert parser.counts["malformed"] == 1  # which alone is too short for a UID


@given(st.binary(max_size=300))
def test_any_bytes_are_survived(data: bytes) -> None:
    for uid in LineParser().feed(data):
        assert 8 <= len(uid) <= 20 and uid == uid.upper()


def test_loop_url_carries_lines_to_the_driver(events: Events) -> None:
    port: Any = serial.serial_for_url("loop://", timeout=0.05)
    reader = SerialCardReader(events, lambda: port, LineParser(), removal_after=0.2)
    reader.start()
    try:
        port.write(b"de:ad:be:ef\r\n")
        assert events.next() == TagPlaced("reader", "DEADBEEF")
        assert events.next() == TagRemoved("reader", "DEADBEEF")
        port.write(b"not a uid\r\n")
        wait_until(lambda: reader.counters()["malformed"] == 1)
    finally:
        reader.close()


def test_a_simulated_reader_on_a_pty(events: Events) -> None:
    device = SimulatedLineReader(repeat_interval=0.05)
    reader = SerialCardReader(events, lambda: open_serial_port(device.port, 9600, timeout=0.05),
                              LineParser(), removal_after=0.3)
    reader.start()
    try:
        device.place("04 a1 b2 c3 d4 e5 f6")
        assert events.next() == TagPlaced("reader", "04A1B2C3D4E5F6")
        wait_until(lambda: reader.counters()["lines"] >= 8)
        assert events.drain() == []
        device.remove()
        assert events.next() == TagRemoved("reader", "04A1B2C3D4E5F6")
    finally:
        reader.close()
        device.close()


def test_the_simulator_takes_taps_from_several_threads(events: Events) -> None:
    device = SimulatedLineReader(repeat_interval=None)  # one line per placement
    reader = SerialCardReader(events, lambda: open_serial_port(device.port, 9600, timeout=0.05),
                              LineParser(), removal_after=0.2)
    reader.start()
    try:
        threads = [threading.Thread(target=device.write_raw, args=(f"{n:08X}\n".encode(),))
                   for n in range(1, 11)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wait_until(lambda: reader.counters()["lines"] == 10)
        assert reader.counters()["malformed"] == 0
    finally:
        reader.close()
        device.close()
