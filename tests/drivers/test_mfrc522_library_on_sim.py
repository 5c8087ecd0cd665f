"""The unmodified `mfrc522` library runs on the chip simulator and behaves as on hardware:
its documented transfer counts, its every-other-poll reads, its cascade-level-1-only UIDs.
This is what makes the simulator trustworthy for our own driver."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from drivers.rfid.mfrc522_reader import CardText
from drivers.sim.fake_pi import SimulatedSpiBus, is_simulated

from .driver_helpers import Events, SimulatedMfrc522


def simple_reader(sim: SimulatedMfrc522):  # type: ignore[no-untyped-def]
    return sim.library.SimpleMFRC522()


def test_read_id_no_block_reads_uid_and_bcc_in_42_transfers(sim_mfrc522: SimulatedMfrc522) -> None:
    reader = simple_reader(sim_mfrc522)
    sim_mfrc522.chip.place("DEADBEEF")
    sim_mfrc522.chip.reset_transfer_count()
    assert reader.read_id_no_block() == 0xDEADBEEF22  # the UID, then its BCC
    assert sim_mfrc522.chip.transfers == 42


def test_no_card_costs_the_library_2013_transfers(sim_mfrc522: SimulatedMfrc522) -> None:
    """The `~` for `not` in MFRC522_ToCard: the timer interrupt is ignored."""
    reader = simple_reader(sim_mfrc522)
    sim_mfrc522.chip.reset_transfer_count()
    assert reader.read_id_no_block() is None
    assert sim_mfrc522.chip.transfers == 2013


def test_read_no_block_and_write_match_the_documented_costs(
    sim_mfrc522: SimulatedMfrc522,
) -> None:
    chip = sim_mfrc522.chip
    reader = simple_reader(sim_mfrc522)
    chip.place("DEADBEEF")
    chip.reset_transfer_count()
    uid, text = reader.read_no_block()
    assert (uid, text) == (0xDEADBEEF22, "\x00" * 48)
    assert chip.transfers == 245

    chip.remove()
    chip.place("DEADBEEF")  # a fresh placement: the card is IDLE again
    chip.reset_transfer_count()
    assert reader.write("Charbon") == (0xDEADBEEF22, "Charbon")
    assert chip.transfers == 419
    assert chip.card("DEADBEEF").text() == b"Charbon".ljust(48)


def test_a_resting_card_reads_on_every_other_poll(sim_mfrc522: SimulatedMfrc522) -> None:
    """The library never halts a card; the next REQA sends it back to IDLE unanswered."""
    reader = simple_reader(sim_mfrc522)
    sim_mfrc522.chip.place("DEADBEEF")
    results = [reader.read_id_no_block() for _ in range(6)]
    assert results == [0xDEADBEEF22, None] * 3


def test_the_library_gets_seven_byte_uids_wrong(sim_mfrc522: SimulatedMfrc522) -> None:
    """Only cascade level 1: the cascade tag 0x88, three UID bytes and that level's BCC."""
    reader = simple_reader(sim_mfrc522)
    sim_mfrc522.chip.place("04A1B2C3D4E5F6")
    assert reader.read_id_no_block() == 0x8804A1B29F


def test_text_written_by_our_driver_reads_back_through_the_library(
    sim_mfrc522: SimulatedMfrc522, events: Events
) -> None:
    reader = sim_mfrc522.reader(events)
    reader.start()
    try:
        sim_mfrc522.chip.place("DEADBEEF")
        reader.write_text("DEADBEEF", "Café crème")
    finally:
        reader.close()
    sim_mfrc522.chip.remove()
    sim_mfrc522.chip.place("DEADBEEF")
    uid, text = simple_reader(sim_mfrc522).read_no_block()
    assert uid == 0xDEADBEEF22
    assert text.rstrip() == "Café crème"  # Latin-1, one byte per character, as chr() reads it


def test_text_written_by_the_library_reads_back_through_our_driver(
    sim_mfrc522: SimulatedMfrc522, events: Events
) -> None:
    sim_mfrc522.chip.place("DEADBEEF")
    library_reader = simple_reader(sim_mfrc522)
    library_reader.write("Wagon de charbon")
    library_reader.READER.Close_MFRC522()  # also GPIO.cleanup(): BOARD numbering is gone
    sim_mfrc522.chip.remove()
    reader = sim_mfrc522.reader(events)
    reader.start()
    try:
        sim_mfrc522.chip.place("DEADBEEF")
        assert reader.read_text() == CardText("DEADBEEF", "Wagon de charbon")
    finally:
        reader.close()


def test_loading_the_library_leaves_sys_modules_as_it_was() -> None:
    before = dict(sys.modules)
    bus = SimulatedSpiBus()
    library = bus.load_mfrc522()
    assert library.MFRC522 is not None
    for name in ("spidev", "RPi", "RPi.GPIO", "mfrc522", "mfrc522.MFRC522"):
        assert sys.modules.get(name) is before.get(name)
        assert not is_simulated(sys.modules.get(name))


def test_each_bus_gets_its_own_library_copy_and_gpio_state() -> None:
    first, second = SimulatedSpiBus(), SimulatedSpiBus()
    library_one, library_two = first.load_mfrc522(), second.load_mfrc522()
    assert library_one is not library_two
    for bus in (first, second):
        bus.attach(0, 0, _NullChip())
    library_one.MFRC522(pin_rst=22)
    assert first.gpio.levels == {22: 1} and second.gpio.levels == {}


class _NullChip:
    def spi_transfer(self, data: Sequence[int]) -> list[int]:
        return [0] * len(data)
