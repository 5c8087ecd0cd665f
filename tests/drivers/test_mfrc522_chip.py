"""Register-level behaviour of the chip simulator that both drivers rely on."""

from __future__ import annotations

import threading

import pytest

from drivers.rfid import iso14443 as picc
from drivers.rfid.mfrc522_registers import Cmd, Reg, timer_period
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator
from drivers.sim.picc_card import CardState

from .driver_helpers import ManualClock


def read(chip: Mfrc522ChipSimulator, reg: int) -> int:
    return chip.spi_transfer([((reg << 1) & 0x7E) | 0x80, 0])[1]


def write(chip: Mfrc522ChipSimulator, reg: int, value: int) -> None:
    chip.spi_transfer([(reg << 1) & 0x7E, value])


def transceive(chip: Mfrc522ChipSimulator, frame: bytes, bits: int = 0) -> bytes:
    write(chip, Reg.COMMAND, Cmd.IDLE)
    write(chip, Reg.COM_IRQ, 0x7F)
    write(chip, Reg.FIFO_LEVEL, 0x80)
    for byte in frame:
        write(chip, Reg.FIFO_DATA, byte)
    write(chip, Reg.COMMAND, Cmd.TRANSCEIVE)
    write(chip, Reg.BIT_FRAMING, 0x80 | bits)
    return bytes(read(chip, Reg.FIFO_DATA) for _ in range(read(chip, Reg.FIFO_LEVEL)))


@pytest.fixture
def chip() -> Mfrc522ChipSimulator:
    chip = Mfrc522ChipSimulator()
    write(chip, Reg.TX_CONTROL, 0x83)  # antenna on
    return chip


def test_version_and_transfer_count(chip: Mfrc522ChipSimulator) -> None:
    chip.reset_transfer_count()
    assert read(chip, Reg.VERSION) == 0x92
    assert chip.transfers == 1


def test_interrupt_registers_set_and_clear_by_bit_seven(chip: Mfrc522ChipSimulator) -> None:
    write(chip, Reg.COM_IRQ, 0x7F)
    assert read(chip, Reg.COM_IRQ) == 0
    write(chip, Reg.COM_IRQ, 0x80 | 0x21)
    assert read(chip, Reg.COM_IRQ) == 0x21
    write(chip, Reg.COM_IRQ, 0x01)
    assert read(chip, Reg.COM_IRQ) == 0x20


def test_fifo_fills_flushes_and_calculates_crc(chip: Mfrc522ChipSimulator) -> None:
    for byte in b"\x50\x00":
        write(chip, Reg.FIFO_DATA, byte)
    assert read(chip, Reg.FIFO_LEVEL) == 2
    write(chip, Reg.MODE, 0x3D)
    write(chip, Reg.COMMAND, Cmd.CALC_CRC)
    assert read(chip, Reg.DIV_IRQ) & 0x04
    assert (read(chip, Reg.CRC_RESULT_L), read(chip, Reg.CRC_RESULT_H)) == (0x57, 0xCD)
    write(chip, Reg.FIFO_DATA, 1)
    write(chip, Reg.FIFO_LEVEL, 0x80)
    assert read(chip, Reg.FIFO_LEVEL) == 0


def test_card_answers_reqa_anticollision_and_select(chip: Mfrc522ChipSimulator) -> None:
    chip.place("DEADBEEF")
    assert transceive(chip, bytes([picc.REQA]), bits=7) == b"\x04\x00"
    assert transceive(chip, b"\x93\x20") == bytes.fromhex("DEADBEEF22")
    sak = transceive(chip, picc.with_crc(bytes.fromhex("9370DEADBEEF22")))
    assert sak == picc.with_crc(b"\x08")
    assert chip.card("DEADBEEF").state is CardState.ACTIVE


#: The timer of these tests (TAuto, prescaler, reload) and the period it runs for.
TIMER_MODE, TIMER_PRESCALER, TIMER_RELOAD = 0x8D, 0x3E, 30
TIMER_PERIOD = timer_period(TIMER_MODE, TIMER_PRESCALER, TIMER_RELOAD)


def timed_chip() -> tuple[ManualClock, Mfrc522ChipSimulator]:
    """A chip on a manual clock, its antenna on and its timer set."""
    clock = ManualClock()
    chip = Mfrc522ChipSimulator(clock=clock)
    write(chip, Reg.TX_CONTROL, 0x83)
    write(chip, Reg.T_MODE, TIMER_MODE)
    write(chip, Reg.T_PRESCALER, TIMER_PRESCALER)
    write(chip, Reg.T_RELOAD_L, TIMER_RELOAD)
    return clock, chip


def test_no_card_sets_only_the_timer_interrupt_after_its_period() -> None:
    clock, chip = timed_chip()
    assert transceive(chip, bytes([picc.REQA]), bits=7) == b""
    assert read(chip, Reg.COM_IRQ) & 0x21 == 0  # neither timer nor RX yet
    clock.advance(TIMER_PERIOD)
    assert read(chip, Reg.COM_IRQ) & 0x21 == 0x01


def test_an_answer_and_its_interrupt_wait_in_the_chip_until_read() -> None:
    """Datasheet: RxIRq stays set until software clears it, the FIFO keeps what came until it
    is read or flushed, and with TAuto the timer stops when an answer starts: a WUPA's answer
    read long after it came is the answer, with no TimerIRq beside it."""
    clock, chip = timed_chip()
    chip.place("DEADBEEF")
    write(chip, Reg.COMMAND, Cmd.IDLE)
    write(chip, Reg.COM_IRQ, 0x7F)
    write(chip, Reg.FIFO_DATA, picc.WUPA)
    write(chip, Reg.COMMAND, Cmd.TRANSCEIVE)
    write(chip, Reg.BIT_FRAMING, 0x80 | 7)
    chip.remove("DEADBEEF")  # gone after answering: the answer stays
    clock.advance(100 * TIMER_PERIOD)
    assert read(chip, Reg.COM_IRQ) & 0x21 == 0x20
    assert read(chip, Reg.FIFO_LEVEL) == 2
    assert read(chip, Reg.COM_IRQ) & 0x20  # reading does not clear it
    assert bytes(read(chip, Reg.FIFO_DATA) for _ in range(2)) == b"\x04\x00"


def test_soft_reset_switches_the_antenna_off_and_cards_lose_power(
    chip: Mfrc522ChipSimulator,
) -> None:
    chip.place("DEADBEEF")
    transceive(chip, bytes([picc.REQA]), bits=7)
    assert chip.card("DEADBEEF").state is CardState.READY
    write(chip, Reg.COMMAND, Cmd.SOFT_RESET)
    assert read(chip, Reg.TX_CONTROL) & 0x03 == 0
    assert chip.card("DEADBEEF").state is CardState.IDLE
    assert transceive(chip, bytes([picc.REQA]), bits=7) == b""  # no field, no answer


def test_two_cards_collide(chip: Mfrc522ChipSimulator) -> None:
    chip.place("DEADBEEF")
    chip.place("01020304")
    transceive(chip, bytes([picc.WUPA]), bits=7)  # same ATQA: no collision yet
    assert read(chip, Reg.ERROR) & 0x08 == 0
    transceive(chip, b"\x93\x20")
    assert read(chip, Reg.ERROR) & 0x08


def test_card_memory_persists_across_placements(chip: Mfrc522ChipSimulator) -> None:
    card = chip.place("DEADBEEF")
    card.memory[8][:4] = b"TEST"
    chip.remove("DEADBEEF")
    assert chip.present() == ()
    assert chip.place("de:ad:be:ef").memory[8][:4] == b"TEST"


def test_a_uid_starting_with_the_cascade_tag_is_refused(chip: Mfrc522ChipSimulator) -> None:
    with pytest.raises(ValueError):
        chip.place("88010203")


def test_unplugged_chip_reads_zero(chip: Mfrc522ChipSimulator) -> None:
    chip.unplug()
    assert read(chip, Reg.VERSION) == 0
    chip.plug()
    assert read(chip, Reg.VERSION) == 0x92


def test_placing_and_removing_from_many_threads_is_safe(chip: Mfrc522ChipSimulator) -> None:
    uids = [f"{n:08X}" for n in range(1, 9)]

    def churn(uid: str) -> None:
        for _ in range(200):
            chip.place(uid)
            chip.remove(uid)

    threads = [threading.Thread(target=churn, args=(uid,)) for uid in uids]
    for thread in threads:
        thread.start()
    for _ in range(300):
        transceive(chip, bytes([picc.WUPA]), bits=7)
    for thread in threads:
        thread.join()
    assert chip.present() == ()


def test_one_transfer_writes_many_bytes_to_one_register_and_reads_many_registers(
        chip: Mfrc522ChipSimulator) -> None:
    fifo = (Reg.FIFO_DATA << 1) & 0x7E
    chip.reset_transfer_count()
    chip.spi_transfer([fifo, 0x93, 0x20, 0x52])  # three bytes into the FIFO at once
    addresses = [((reg << 1) & 0x7E) | 0x80 for reg in (Reg.FIFO_LEVEL, Reg.VERSION)]
    assert chip.spi_transfer([*addresses, 0]) == [0, 3, 0x92]
    assert chip.transfers == 2


def test_an_unknown_command_code_leaves_the_chip_idle(chip: Mfrc522ChipSimulator) -> None:
    write(chip, Reg.COMMAND, 0x05)  # not a command of the MFRC522
    assert read(chip, Reg.COMMAND) & 0x0F == Cmd.IDLE
    write(chip, Reg.COMMAND, Cmd.TRANSCEIVE)
    assert read(chip, Reg.COMMAND) & 0x0F == Cmd.TRANSCEIVE
