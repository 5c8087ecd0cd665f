"""Our MFRC522 driver on the chip simulator: presence, UID lengths, idle cost, card text,
faults and recovery."""

from __future__ import annotations

import errno
import time
from collections.abc import Sequence

import pytest

from drivers.errors import DeviceNotFound, DriverError
from drivers.events import DriverFault, DriverRecovered, TagPlaced, TagRemoved
from drivers.rfid.mfrc522_open import open_spi_registers
from drivers.rfid.mfrc522_pcd import SHORT_TIMEOUT, Mfrc522Pcd, RegisterAccess
from drivers.rfid.mfrc522_reader import CardText, Mfrc522Reader, NoAnswer, WrongCard
from drivers.sim.fake_pi import SimulatedSpiBus
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator
from drivers.supervision import Backoff

from .driver_helpers import Events, ManualChip, SimulatedMfrc522, wait_until
from .library_registers import open_library_registers


@pytest.fixture(params=[0.0, None], ids=["wake-up-ahead", "wake-up-each-poll"])
def reader(sim_mfrc522: SimulatedMfrc522, events: Events, request):  # type: ignore[no-untyped-def]
    reader = sim_mfrc522.reader(events, backoff=Backoff(0.01, 0.05),  # quick retries
                                quiet_after=request.param)
    reader.start()
    yield reader
    reader.close()


def polls(reader: Mfrc522Reader) -> int:
    return reader.counters()["polls"]


def reads(reader: Mfrc522Reader) -> int:
    return reader.counters()["reads"]


@pytest.mark.parametrize(
    "uid", ["DEADBEEF", "04A1B2C3D4E5F6", "0102030405060708090A"], ids=["4", "7", "10"]
)
def test_place_and_remove_report_the_full_uid(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events, uid: str
) -> None:
    sim_mfrc522.chip.place(uid)
    assert events.next() == TagPlaced("reader", uid)
    sim_mfrc522.chip.remove(uid)
    assert events.next() == TagRemoved("reader", uid)


def test_a_resting_card_is_one_event(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    events.wait_for(TagPlaced)
    settled = reads(reader)
    wait_until(lambda: reads(reader) >= settled + 15)  # halted between polls: read every poll
    assert events.drain() == []
    assert reader.counters()["frame_errors"] == 0


def test_a_retap_after_removal_is_a_new_event(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    chip = sim_mfrc522.chip
    for _ in range(2):
        chip.place("DEADBEEF")
        events.wait_for(TagPlaced, uid="DEADBEEF")
        chip.remove()
        events.wait_for(TagRemoved, uid="DEADBEEF")
    assert events.of_type(TagPlaced) == [TagPlaced("reader", "DEADBEEF")] * 2


def test_removal_waits_for_the_silence(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    events.wait_for(TagPlaced)
    removed_at = time.monotonic()
    sim_mfrc522.chip.remove()
    removed = events.wait_for(TagRemoved)
    # The last read was at most one poll (plus its own duration) before the removal.
    assert removed.at - removed_at >= 0.3 - reader.poll_interval - 0.05


def test_swapping_cards_removes_the_first_at_once(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    chip = sim_mfrc522.chip
    chip.place("DEADBEEF")
    events.wait_for(TagPlaced)
    chip.remove()
    chip.place("01020304")
    assert events.next() == TagRemoved("reader", "DEADBEEF")
    assert events.next() == TagPlaced("reader", "01020304")


def test_two_cards_on_the_antenna_collide_and_are_counted(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    sim_mfrc522.chip.place("01020304")
    wait_until(lambda: reader.counters()["collisions"] >= 3)
    assert events.of_type(TagPlaced) == []


def test_an_idle_reader_costs_a_few_transfers_per_poll(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader
) -> None:
    start = polls(reader) + 1
    wait_until(lambda: polls(reader) >= start)
    sim_mfrc522.chip.reset_transfer_count()
    wait_until(lambda: polls(reader) >= start + 20)
    per_poll = sim_mfrc522.chip.transfers / (polls(reader) - start)
    assert per_poll <= 14  # the library spends 2,013 on the same empty poll


def test_write_text_then_read_text(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    sim_mfrc522.chip.place("04A1B2C3D4E5F6")
    events.wait_for(TagPlaced)
    reader.write_text("04A1B2C3D4E5F6", "freight-train/coal/3 · Charbon")
    assert reader.read_text() == CardText("04A1B2C3D4E5F6", "freight-train/coal/3 · Charbon")
    assert sim_mfrc522.chip.card("04A1B2C3D4E5F6").text().startswith(b"freight-train")
    assert events.drain() == []  # the card stayed present throughout


def test_write_text_refuses_what_does_not_fit(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader
) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    with pytest.raises(ValueError):
        reader.write_text("DEADBEEF", "x" * 49)
    with pytest.raises(ValueError):
        reader.write_text("DEADBEEF", "Łódź")  # not Latin-1


def test_write_text_checks_the_card(sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    with pytest.raises(WrongCard):
        reader.write_text("01020304", "Charbon")
    assert sim_mfrc522.chip.card("DEADBEEF").text() == bytes(48)


def test_no_card_for_text(reader: Mfrc522Reader) -> None:
    assert reader.read_text(timeout=0.1) is None
    with pytest.raises(NoAnswer):
        reader.write_text("DEADBEEF", "Charbon", timeout=0.1)


def test_spi_errors_are_one_fault_then_a_recovery(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    sim_mfrc522.bus.fail_transfers(errno.EIO)
    fault = events.wait_for(DriverFault)
    assert fault.device == "reader" and "/dev/spidev0.0" in fault.message
    failed = sim_mfrc522.bus.failed_transfers
    wait_until(lambda: sim_mfrc522.bus.failed_transfers >= failed + 3)  # retries with back-off
    assert events.of_type(DriverFault) == [fault]  # ... that stay quiet
    sim_mfrc522.bus.fail_transfers(None)
    events.wait_for(DriverRecovered)
    sim_mfrc522.chip.place("DEADBEEF")
    events.wait_for(TagPlaced, uid="DEADBEEF")


def test_a_loose_chip_is_a_fault_naming_the_wiring(
    sim_mfrc522: SimulatedMfrc522, reader: Mfrc522Reader, events: Events
) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    events.wait_for(TagPlaced)
    sim_mfrc522.chip.unplug()
    fault = events.wait_for(DriverFault)
    assert "wiring" in fault.message
    events.wait_for(TagRemoved)  # no reads: the card is reported gone after the silence
    sim_mfrc522.chip.plug()
    events.wait_for(DriverRecovered)
    events.wait_for(TagPlaced, uid="DEADBEEF")


def test_a_missing_spi_device_names_the_device_and_dtparam(sim_mfrc522: SimulatedMfrc522,
                                                           events: Events) -> None:
    reader = Mfrc522Reader(events, lambda: open_spi_registers(sim_mfrc522.bus.spidev, device=1))
    with pytest.raises(DeviceNotFound) as raised:
        reader.start()
    assert "/dev/spidev0.1" in str(raised.value) and "dtparam=spi=on" in str(raised.value)


def test_a_silent_chip_at_start_is_not_found(sim_mfrc522: SimulatedMfrc522, events: Events) -> None:
    sim_mfrc522.chip.unplug()
    reader = sim_mfrc522.reader(events)
    with pytest.raises(DeviceNotFound, match="VersionReg reads 0x00"):
        reader.start()


def test_without_require_device_a_missing_chip_is_retried(events: Events) -> None:
    bus = SimulatedSpiBus()
    chip = Mfrc522ChipSimulator()
    reader = Mfrc522Reader(events, lambda: open_spi_registers(bus.spidev), poll_interval=0.02)
    reader.start(require_device=False)
    try:
        assert isinstance(events.next(), DriverFault)
        bus.attach(0, 0, chip)
        events.wait_for(DriverRecovered)
        chip.place("DEADBEEF")
        events.wait_for(TagPlaced, uid="DEADBEEF")
    finally:
        reader.close()


def test_plain_spi_framing_works_without_the_library(events: Events) -> None:
    bus = SimulatedSpiBus()
    chip = Mfrc522ChipSimulator()
    bus.attach(0, 0, chip)
    reader = Mfrc522Reader(events, lambda: open_spi_registers(bus.spidev), poll_interval=0.02,
                           removal_after=0.2)
    reader.start()
    try:
        chip.place("04A1B2C3D4E5F6")  # held until seen: no tap timed on the clock
        assert events.next() == TagPlaced("reader", "04A1B2C3D4E5F6")
        chip.remove("04A1B2C3D4E5F6")
        assert events.next() == TagRemoved("reader", "04A1B2C3D4E5F6")
    finally:
        reader.close()


def test_close_is_idempotent_and_stops_polling(
    sim_mfrc522: SimulatedMfrc522, events: Events
) -> None:
    reader = sim_mfrc522.reader(events)
    reader.start()
    reader.close()
    reader.close()
    count = sim_mfrc522.chip.transfers
    time.sleep(0.1)
    assert sim_mfrc522.chip.transfers == count



def test_board_numbering_set_elsewhere_is_refused(sim_mfrc522: SimulatedMfrc522) -> None:
    sim_mfrc522.bus.gpio.setmode(sim_mfrc522.bus.gpio.BOARD)
    with pytest.raises(DriverError, match="BOARD"):
        open_library_registers(sim_mfrc522.library)


def test_an_unexpected_error_is_a_fault_not_a_dead_thread(events: Events) -> None:
    bus = SimulatedSpiBus()
    chip = Mfrc522ChipSimulator()
    bus.attach(0, 0, chip)
    calls = {"opens": 0}

    def flaky_open() -> RegisterAccess:
        calls["opens"] += 1
        if calls["opens"] == 2:  # the first reopen goes wrong in an unforeseen way
            raise ValueError("something unforeseen")
        return open_spi_registers(bus.spidev)

    reader = Mfrc522Reader(events, flaky_open, poll_interval=0.02, backoff=Backoff(0.01, 0.05))
    reader.start()
    try:
        bus.fail_transfers(errno.EIO)
        events.wait_for(DriverFault)
        bus.fail_transfers(None)
        events.wait_for(DriverRecovered)
        chip.place("DEADBEEF")
        events.wait_for(TagPlaced, uid="DEADBEEF")
    finally:
        reader.close()


def test_an_idle_poll_sleeps_once_the_chip_timer_has_run_out_and_a_card_is_still_read() -> None:
    """Without a wake-up sent ahead: an empty poll is seven transfers (the FIFO seen empty
    needs no flush) and one sleep past the chip's timer, and a card is found by the same path."""
    manual = ManualChip()
    manual.pcd.read_uid()  # the timer's reload is written once, on the first poll
    manual.count()
    assert manual.pcd.read_uid() is None
    assert manual.chip.transfers == 7 and len(manual.sleeps) == 1
    manual.chip.place("DEADBEEF")
    card = manual.pcd.read_uid()
    assert card is not None and card.uid_hex == "DEADBEEF"


def test_a_wake_up_sent_ahead_makes_an_idle_poll_seven_transfers_and_no_sleep() -> None:
    manual = ManualChip()
    manual.pcd.read_uid()
    manual.pcd.start_wake_up()
    for _ in range(3):
        manual.now += 0.08  # the poll thread's own sleep
        manual.count()
        assert manual.pcd.read_uid() is None
        assert manual.chip.transfers == 1  # the status, in one transfer
        manual.pcd.start_wake_up()
        assert manual.chip.transfers == 7 and manual.sleeps == []


def test_a_card_answers_the_wake_up_it_was_there_for_not_an_earlier_one() -> None:
    """A card speaks only when asked (ISO 14443-3): one laid on the antenna after the wake-up
    was sent is read at the poll after, one there when it was sent at once."""
    manual = ManualChip()
    manual.pcd.start_wake_up()
    manual.chip.place("DEADBEEF")
    manual.now += 0.08
    assert manual.pcd.read_uid() is None
    manual.pcd.start_wake_up()
    manual.now += 0.08
    card = manual.pcd.read_uid()
    assert card is not None and card.uid_hex == "DEADBEEF"
    manual.pcd.start_wake_up()  # the halted card answers a WUPA: read again, every poll
    manual.now += 0.08
    card = manual.pcd.read_uid()
    assert card is not None and card.uid_hex == "DEADBEEF"


def test_a_poll_looking_before_the_chip_timer_ran_out_waits_for_it() -> None:
    manual = ManualChip()
    manual.pcd.read_uid()
    manual.pcd.start_wake_up()
    manual.count()
    assert manual.pcd.read_uid() is None  # looked at once: the timer had not run out
    assert len(manual.sleeps) == 1 and manual.now >= SHORT_TIMEOUT


def test_another_command_abandons_a_wake_up_sent_ahead() -> None:
    manual = ManualChip()
    manual.pcd.start_wake_up()  # unanswered: no card yet
    manual.chip.place("DEADBEEF")
    manual.pcd.wake_up()  # read_text's own wake-up comes first
    manual.pcd.select()
    manual.pcd.halt()
    manual.count()
    card = manual.pcd.read_uid()  # a wake-up of its own, not the stale silence
    assert card is not None and card.uid_hex == "DEADBEEF"
    assert manual.sleeps


def test_a_card_that_answered_a_wake_up_sent_ahead_is_woken_by_that_answer() -> None:
    """A card in READY takes a second WUPA for a wrong command and falls silent (ISO 14443-3):
    read_text and write_text wake the card with the answer already in the chip."""
    manual = ManualChip()
    manual.chip.place("DEADBEEF")
    manual.pcd.start_wake_up()
    manual.now += 0.08
    assert manual.pcd.wake_up() == bytes([0x04, 0x00])
    assert manual.pcd.select().uid_hex == "DEADBEEF"


def test_a_card_leaving_between_its_answer_and_its_select_is_no_error(events: Events) -> None:
    manual = ManualChip()
    reader = Mfrc522Reader(events, lambda: manual.registers, clock=lambda: manual.now,
                           sleep=manual.sleep, quiet_after=0)
    reader._open()  # the poll thread's steps, one by one, without the thread
    manual.chip.place("DEADBEEF")
    reader._send_next_wake_up()
    manual.chip.remove("DEADBEEF")
    manual.now += 0.08
    assert reader._poll() is None
    assert reader.counters()["frame_errors"] == 0 and reader.counters()["reads"] == 0


# -- polling ahead once the table is quiet, on the manual clock --------------------------------

QUIET = 1.0
INTERVAL = 0.08


class ManualReader:
    """A reader on a ManualChip whose polls the test runs one by one, the thread's sleep
    between them moving the clock."""

    def __init__(self, events: Events, quiet_after: float | None = QUIET) -> None:
        self.manual = ManualChip()
        self.events = events
        self.reader = Mfrc522Reader(
            events, lambda: self.manual.registers, poll_interval=INTERVAL, removal_after=0.3,
            quiet_after=quiet_after, clock=lambda: self.manual.now, sleep=self.manual.sleep,
        )
        self.reader._open()  # the poll thread's steps, without the thread

    @property
    def now(self) -> float:
        return self.manual.now

    @property
    def ahead(self) -> int:
        return self.reader.counters()["polls_ahead"]

    def poll(self) -> None:
        delay = self.reader._cycle()
        self.manual.now += max(0.0, delay)

    def poll_until(self, moment: float) -> None:
        while self.manual.now < moment:
            self.poll()

    def polls_until_placed(self, uid: str) -> int:
        """Polls made until the card's TagPlaced is out (each made on the clock, no wait)."""
        count = 0
        while TagPlaced("reader", uid) not in self.events.drain():
            self.poll()
            count += 1
        return count

    def switch(self) -> None:
        """Poll until the first wake-up is sent ahead (the poll after will be one ahead)."""
        while not self.reader._pcd or not self.reader._pcd.wake_up_sent:
            self.poll()


def test_each_poll_sends_its_own_wake_up_until_a_quiet_spell(events: Events) -> None:
    table = ManualReader(events)
    table.poll_until(QUIET - INTERVAL)
    assert table.ahead == 0
    table.manual.count()
    table.poll()
    assert table.manual.sleeps  # the chip's timer slept out: two wakes a poll
    table.poll_until(QUIET + 2 * INTERVAL)
    before = table.ahead
    assert before >= 1
    table.manual.count()
    table.poll()
    assert table.ahead == before + 1
    assert table.manual.chip.transfers == 7 and table.manual.sleeps == []  # one wake a poll


def test_a_card_switches_back_at_once_and_the_quiet_spell_starts_again(events: Events) -> None:
    table = ManualReader(events)
    table.poll_until(QUIET + 3 * INTERVAL)
    table.manual.chip.place("DEADBEEF")
    table.polls_until_placed("DEADBEEF")
    table.manual.chip.remove()
    ahead = table.ahead
    removed_at = table.now
    table.poll_until(removed_at + QUIET - INTERVAL)
    assert table.ahead == ahead  # responsive from the read on: its next poll too
    assert events.of_type(TagRemoved) == [TagRemoved("reader", "DEADBEEF")]
    table.poll_until(removed_at + QUIET + 2 * INTERVAL)
    assert table.ahead > ahead


def test_a_card_laid_right_after_the_switch_is_read_one_poll_later_at_most(
    events: Events,
) -> None:
    responsive = ManualReader(events)
    responsive.poll()
    responsive.manual.chip.place("DEADBEEF")  # just after a poll: the worst moment
    placed_at = responsive.now
    assert responsive.polls_until_placed("DEADBEEF") == 1
    responsive_ms = events.of_type(TagPlaced)[-1].at - placed_at

    quiet = ManualReader(events)
    quiet.switch()
    quiet.manual.chip.place("01020304")  # just after the first wake-up sent ahead
    placed_at = quiet.now
    assert quiet.polls_until_placed("01020304") == 2
    quiet_ms = events.of_type(TagPlaced)[-1].at - placed_at
    assert quiet_ms <= responsive_ms + INTERVAL


def test_a_card_resting_on_the_antenna_keeps_each_poll_sending_its_own_wake_up(
    events: Events,
) -> None:
    """A player's tag left on the reader for minutes is read every poll: the reader stays
    responsive, so the card laid in its place is read within a poll."""
    table = ManualReader(events)
    table.manual.chip.place("DEADBEEF")
    table.poll_until(5 * QUIET)
    assert table.ahead == 0
    assert events.of_type(TagPlaced) == [TagPlaced("reader", "DEADBEEF")]
    table.manual.count()
    table.poll()
    # Its select and halt wake the thread several times a poll: a wake-up sent ahead would
    # spare one of them.
    assert len(table.manual.sleeps) >= 4
    table.manual.chip.remove()
    table.manual.chip.place("01020304")
    assert table.polls_until_placed("01020304") == 1


def test_never_polls_ahead_and_zero_polls_ahead_from_the_first_poll(events: Events) -> None:
    never = ManualReader(events, quiet_after=None)
    never.poll_until(5 * QUIET)
    assert never.ahead == 0 and never.reader.counters()["polls"] > 50
    always = ManualReader(events, quiet_after=0)
    always.poll()
    always.poll()
    assert always.ahead == 1  # the first poll sent the second's wake-up
    always.manual.chip.place("DEADBEEF")
    polls = always.polls_until_placed("DEADBEEF")
    assert always.ahead == 1 + polls
    always.poll()  # the card read again, on the wake-up sent after its read
    assert always.ahead == 2 + polls and always.reader.counters()["reads"] == 2


class RecordedWrites:
    """Registers that answer as an idle chip would (no card, the timer run out) and keep
    every run written."""

    label = "recorded registers"

    def __init__(self) -> None:
        self.runs: list[tuple[int, bytes]] = []

    def read(self, address: int) -> int:
        return 0x92 if address == 0x37 else 0

    def read_many(self, addresses: Sequence[int]) -> list[int]:
        return [0x01, 0, 0, 0]  # TimerIRq only: nobody answered

    def write(self, address: int, value: int) -> None:
        self.runs.append((address, bytes((value,))))

    def write_runs(self, runs: Sequence[tuple[int, bytes]]) -> None:
        self.runs.extend(runs)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("fifo_seen_empty", [False, True])
def test_a_wake_up_sent_ahead_writes_what_a_wake_up_sent_now_writes(
        fifo_seen_empty: bool) -> None:
    # The wake-up sent ahead has its own shortcut (its transfers are framed once): it must
    # stay the very sequence of the general path, flush or not.
    ahead, now = RecordedWrites(), RecordedWrites()
    pcds = [Mfrc522Pcd(ahead, sleep=lambda _s: None), Mfrc522Pcd(now, sleep=lambda _s: None)]
    for pcd in pcds:
        pcd.initialise()
        if fifo_seen_empty:
            assert pcd.read_uid() is None  # an unanswered WUPA leaves the FIFO seen empty
    ahead.runs.clear()
    now.runs.clear()
    pcds[0].start_wake_up()
    pcds[1]._send(bytes([0x52]), 7, SHORT_TIMEOUT)
    assert ahead.runs == now.runs
    assert (0x0A, bytes([0x80])) in ahead.runs or fifo_seen_empty  # FIFOLevelReg: the flush
    assert pcds[0].wake_up_sent and not pcds[1].wake_up_sent


def test_close_ends_a_reader_sleeping_between_polls(
        sim_mfrc522: SimulatedMfrc522) -> None:
    events = Events()
    reader = sim_mfrc522.reader(events, poll_interval=0.05)
    reader.start()
    wait_until(lambda: reader.counters()["polls"] >= 3)
    reader.close()
    assert reader._thread is not None and not reader._thread.is_alive()
    polls = reader.counters()["polls"]
    sim_mfrc522.chip.place("DEADBEEF")  # no thread is left to read it
    assert reader.counters()["polls"] == polls and events.of_type(TagPlaced) == []


def test_close_ends_a_reader_waiting_out_an_hour_long_back_off(
        sim_mfrc522: SimulatedMfrc522) -> None:
    # A back-off is waited on the stop signal, not slept: close does not wait it out.
    events = Events()
    reader = sim_mfrc522.reader(events, backoff=Backoff(3600, 3600))
    reader.start()
    sim_mfrc522.bus.fail_transfers(errno.EIO)
    events.wait_for(DriverFault)
    reader.close()
    assert reader._thread is not None and not reader._thread.is_alive()
