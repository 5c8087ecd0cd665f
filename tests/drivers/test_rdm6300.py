"""RDM6300 frames: the parser on its own, then the driver on a simulated module behind a pty."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drivers.errors import DeviceNotFound
from drivers.events import DriverFault, DriverRecovered, TagPlaced, TagRemoved
from drivers.sim.serial_devices import SimulatedRdm6300
from drivers.supervision import Backoff
from drivers.uart.rdm6300 import ETX, STX, Rdm6300Parser, encode_frame
from drivers.uart.reader import SerialCardReader, open_serial_port

from .driver_helpers import Events, wait_until

TAG = "0F00A1B2C3"


def test_a_frame_decodes_to_its_ten_digits() -> None:
    frame = encode_frame(TAG)
    assert frame == b"\x020F00A1B2C3" + f"{0x0F ^ 0x00 ^ 0xA1 ^ 0xB2 ^ 0xC3:02X}".encode() + b"\x03"
    parser = Rdm6300Parser()
    assert parser.feed(frame) == [TAG]
    assert parser.feed(frame.lower().replace(b"\x02", b"\x02")) == [TAG]  # lower-case hex
    assert parser.counts["frames"] == 2


def test_frames_split_across_reads_are_reassembled() -> None:
    parser = Rdm6300Parser()
    frame = encode_frame(TAG)
    assert parser.feed(frame[:5]) == []
    assert parser.pending
    assert parser.feed(frame[5:]) == [TAG]


def test_bad_checksum_noise_and_broken_frames_are_counted_and_dropped() -> None:
    parser = Rdm6300Parser()
    stream = (
        b"\x00\xffnoise"                      # 7 noise bytes
        + encode_frame(TAG, checksum=0x00)    # bad checksum
        + b"\x020F00A1"                       # cut short by the next STX
        + encode_frame(TAG)                   # good
        + b"\x020F00A1B2C3\x03"               # no checksum: too short
        + b"\x020F00ZZB2C3AA\x03"             # not hex
        + b"\x020F00A1B2"                     # left hanging
    )
    assert parser.feed(stream) == [TAG]
    parser.drop_partial()
    assert parser.counts == {
        # after the malformed frame its remaining 8 bytes are noise until the next STX
        "frames": 1, "bad_checksum": 1, "noise_bytes": 7 + 8, "partial_frames": 3, "malformed": 1,
    }


@given(st.binary(max_size=300))
def test_any_bytes_are_survived(data: bytes) -> None:
    parser = Rdm6300Parser()
    for uid in parser.feed(data):
        assert len(uid) == 10 and uid == uid.upper()


@given(
    st.lists(
        st.tuples(st.binary(min_size=5, max_size=5),
                  st.binary(max_size=8).filter(lambda b: STX not in b)),
        max_size=10,
    )
)
def test_good_frames_are_found_among_noise(frames: list[tuple[bytes, bytes]]) -> None:
    parser = Rdm6300Parser()
    stream = b"".join(noise + encode_frame(data.hex()) for data, noise in frames)
    assert parser.feed(stream) == [data.hex().upper() for data, _ in frames]


def test_encode_frame_refuses_wrong_lengths() -> None:
    with pytest.raises(ValueError):
        encode_frame("DEADBEEF")
    assert encode_frame(TAG)[0] == STX and encode_frame(TAG)[-1] == ETX


# -- the driver on a simulated module -------------------------------------------------------------


@pytest.fixture
def module():  # type: ignore[no-untyped-def]
    module = SimulatedRdm6300()
    yield module
    module.close()


@pytest.fixture
def reader(module: SimulatedRdm6300, events: Events):  # type: ignore[no-untyped-def]
    reader = SerialCardReader(
        events, lambda: open_serial_port(module.port, 9600, timeout=0.05), Rdm6300Parser(),
        removal_after=0.2, backoff=Backoff(0.02, 0.1),
    )
    reader.start()
    yield reader
    reader.close()


def frames(reader: SerialCardReader) -> int:
    return reader.counters()["frames"]


def test_a_resting_tag_is_one_event_and_silence_removes_it(
    module: SimulatedRdm6300, reader: SerialCardReader, events: Events
) -> None:
    module.place(TAG)
    assert events.next() == TagPlaced("reader", TAG)
    wait_until(lambda: frames(reader) >= 10)  # the module repeats every 50 ms
    assert events.drain() == []
    module.remove()
    assert events.next() == TagRemoved("reader", TAG)


def test_a_retap_is_a_new_event(
    module: SimulatedRdm6300, reader: SerialCardReader, events: Events
) -> None:
    for _ in range(2):
        module.place(TAG)
        events.wait_for(TagPlaced)
        module.remove()
        events.wait_for(TagRemoved)
    assert events.of_type(TagPlaced) == [TagPlaced("reader", TAG)] * 2


def test_corrupt_frames_on_the_wire_are_counted_and_dropped(
    module: SimulatedRdm6300, reader: SerialCardReader, events: Events
) -> None:
    module.write_raw(b"\x7f\x7f" + encode_frame(TAG, checksum=0x55) + b"\x020F00")
    module.write_raw(encode_frame("0000000001"))
    assert events.next() == TagPlaced("reader", "0000000001")
    counts = reader.counters()
    assert (counts["noise_bytes"], counts["bad_checksum"], counts["partial_frames"]) == (2, 1, 1)


def test_a_frame_cut_short_by_silence_is_counted(
    module: SimulatedRdm6300, reader: SerialCardReader
) -> None:
    module.write_raw(b"\x020F00A1")
    wait_until(lambda: reader.counters()["partial_frames"] == 1)


def test_a_vanished_port_is_one_fault_then_a_recovery(
    module: SimulatedRdm6300, reader: SerialCardReader, events: Events
) -> None:
    module.unplug()
    fault = events.wait_for(DriverFault)
    assert fault.device == "reader" and "/dev/pts/" in fault.message
    module.plug()  # a new adapter: the driver reopens through its opener
    events.wait_for(DriverRecovered)
    module.place(TAG)
    events.wait_for(TagPlaced, uid=TAG)
    assert reader.counters()["faults"] == 1


def test_a_missing_port_names_the_path_and_the_uart_setting(events: Events) -> None:
    reader = SerialCardReader(events, lambda: open_serial_port("/dev/ttyNOPE", 9600),
                              Rdm6300Parser())
    with pytest.raises(DeviceNotFound) as raised:
        reader.start()
    assert "/dev/ttyNOPE" in str(raised.value) and "enable_uart=1" in str(raised.value)
