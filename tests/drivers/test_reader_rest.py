"""A resting reader polls less often, still reads a card, and wakes (or stops) at once; the
serial readers rest by waiting longer between presence checks."""

from __future__ import annotations

import math

import pytest

from drivers.events import TagPlaced, TagRemoved
from drivers.rfid.mfrc522_reader import Mfrc522Reader
from drivers.sim.serial_devices import SimulatedRdm6300
from drivers.uart.rdm6300 import Rdm6300Parser
from drivers.uart.reader import SerialCardReader, open_serial_port

from .driver_helpers import Events, SimulatedMfrc522, wait_until
from .test_mfrc522_reader import INTERVAL, ManualReader

#: A pace no test could wait out: a wait that is not cut short hangs the test.
FOREVER = 1e6


def polls_in(table: ManualReader, seconds: float) -> int:
    before = table.reader.counters()["polls"]
    table.poll_until(table.now + seconds)
    return table.reader.counters()["polls"] - before


def test_the_interval_follows_the_rest_and_comes_back(events: Events) -> None:
    table = ManualReader(events)
    table.switch()
    awake = polls_in(table, 40 * INTERVAL)
    table.reader.rest(2)
    polls_in(table, INTERVAL)  # the poll that takes the new pace
    dimmed = polls_in(table, 40 * INTERVAL)
    table.reader.rest(5)
    polls_in(table, 2 * INTERVAL)
    dark = polls_in(table, 40 * INTERVAL)
    table.reader.rest(1)
    polls_in(table, 5 * INTERVAL)
    again = polls_in(table, 40 * INTERVAL)
    assert (awake, dimmed, dark, again) == (40, 20, 8, 40)
    assert table.reader.interval == INTERVAL
    assert table.reader.counters()["polls_ahead"] > 100  # quiet throughout: one wake a poll


@pytest.mark.parametrize("factor", [2, 5])
def test_a_card_laid_on_a_resting_reader_is_read_within_two_of_its_polls(
        events: Events, factor: int) -> None:
    table = ManualReader(events)
    table.switch()
    table.reader.rest(factor)
    table.poll()  # takes the pace; its wake-up is sent ahead
    table.manual.chip.place("DEADBEEF")  # just after it: the worst moment
    laid_at = table.now
    assert table.polls_until_placed("DEADBEEF") == 2
    waited = events.of_type(TagPlaced)[-1].at - laid_at
    assert factor * INTERVAL < waited <= 2 * factor * INTERVAL


def test_a_card_resting_on_a_resting_reader_is_not_removed_between_its_polls(
        events: Events) -> None:
    # Removal after 0.3 s without a read (ManualReader), less than the 0.4 s between two
    # polls of a reader resting five times slower: the window widens with the pace.
    table = ManualReader(events)
    table.manual.chip.place("DEADBEEF")
    table.poll_until(1.0)
    table.reader.rest(5)
    table.poll_until(10.0)
    assert events.of_type(TagRemoved) == []
    assert events.of_type(TagPlaced) == [TagPlaced("reader", "DEADBEEF")]
    table.manual.chip.remove()
    removed_at = table.now
    table.poll_until(removed_at + 2.0)
    assert [event.uid for event in events.of_type(TagRemoved)] == ["DEADBEEF"]
    table.reader.rest(1)
    table.poll()
    assert table.reader._presence.removal_after == 0.3  # awake: the configured window


@pytest.mark.parametrize("factor", [0, 0.5, math.nan, -1])
def test_a_reader_cannot_rest_quicker_than_configured(events: Events, factor: float) -> None:
    reader = ManualReader(events).reader
    with pytest.raises(ValueError, match="factor of 1 or more"):
        reader.rest(factor)


def started_resting(sim_mfrc522: SimulatedMfrc522, events: Events) -> Mfrc522Reader:
    """A polling reader told to rest for ever, once it has taken that pace."""
    reader = sim_mfrc522.reader(events, quiet_after=0.0)
    reader.start()
    reader.rest(FOREVER)
    wait_until(lambda: reader.interval == FOREVER * reader.poll_interval)
    return reader


def test_waking_a_resting_reader_cuts_its_wait_short(
        sim_mfrc522: SimulatedMfrc522, events: Events) -> None:
    reader = started_resting(sim_mfrc522, events)
    try:
        sim_mfrc522.chip.place("DEADBEEF")
        reader.rest(1)  # were the wait not cut short, the card would be read in 11 days
        assert events.wait_for(TagPlaced).uid == "DEADBEEF"
    finally:
        reader.close()


def test_close_ends_a_resting_reader_at_once(
        sim_mfrc522: SimulatedMfrc522, events: Events) -> None:
    reader = started_resting(sim_mfrc522, events)
    reader.close()
    assert reader._thread is not None and not reader._thread.is_alive()


def test_a_serial_reader_rests_by_waiting_longer_and_still_hears_a_tag_at_once(
        events: Events) -> None:
    module = SimulatedRdm6300()
    reader = SerialCardReader(
        events, lambda: open_serial_port(module.port, 9600, timeout=0.05), Rdm6300Parser(),
        removal_after=0.2)
    reader.start()
    try:
        def timeout() -> object:
            return getattr(reader._port, "timeout", None)

        reader.rest(4)
        wait_until(lambda: timeout() == pytest.approx(0.2))
        module.place("0F00A1B2C3")
        assert events.wait_for(TagPlaced).uid == "0F00A1B2C3"
        reader.rest(1)
        wait_until(lambda: timeout() == pytest.approx(0.05))
        module.remove()
        assert events.wait_for(TagRemoved).uid == "0F00A1B2C3"
        with pytest.raises(ValueError):
            reader.rest(0.5)
    finally:
        reader.close()
        module.close()
