"""A register-level MFRC522 with cards on its antenna, reached through SPI transfers.

Faithful enough that the unmodified `mfrc522` library and our own driver both run on it: SPI
framing, the FIFO, set/clear interrupt registers, CalcCRC, Transceive with StartSend and
TxLastBits, MFAuthent, SoftReset, the antenna switch and the timer (its period comes from
TModeReg/TPrescalerReg/TReloadReg and runs on the wall clock, so a driver that honours it
waits as long as on the real chip). Every SPI transfer is counted: the count is a
machine-independent measure of what a polling strategy costs.

Thread-safe: the test or demo places and removes cards from its own thread while a driver
polls from another.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Sequence

from drivers.rfid import iso14443 as picc
from drivers.rfid.mfrc522_registers import (
    ANTENNA_ON,
    COMMANDS,
    DIV_IRQ_CRC,
    ERR_BUFFER_OVERFLOW,
    ERR_COLLISION,
    FIFO_FLUSH,
    FIFO_SIZE,
    IRQ_IDLE,
    IRQ_RX,
    IRQ_SET,
    IRQ_TIMER,
    IRQ_TX,
    RX_LAST_BITS_MASK,
    START_SEND,
    STATUS2_CRYPTO1_ON,
    T_AUTO,
    Cmd,
    Reg,
    timer_period,
)
from drivers.sim.mifare_card import SimCard
from drivers.sim.ntag_card import NTAG_MODELS, NtagCard
from drivers.sim.picc_card import CardReply, PiccCard

# Register values after power-on or SoftReset (datasheet section 9.3).
_RESET_VALUES = {
    Reg.COMMAND: 0x20,
    Reg.COM_IEN: 0x80,
    Reg.COM_IRQ: 0x14,
    Reg.STATUS1: 0x21,
    Reg.WATER_LEVEL: 0x08,
    Reg.CONTROL: 0x10,
    Reg.COLL: 0xA0,
    Reg.MODE: 0x3F,
    Reg.TX_CONTROL: 0x80,
    Reg.CRC_RESULT_H: 0xFF,
    Reg.CRC_RESULT_L: 0xFF,
    Reg.MOD_WIDTH: 0x26,
    Reg.RF_CFG: 0x48,
}
_CRC_PRESETS = (0x0000, 0x6363, 0xA671, 0xFFFF)  # ModeReg bits 1..0


#: The registers whose writes do more than store the value, and the method that does it.
_WRITE_EFFECTS = {
    Reg.COM_IRQ: "_write_irq", Reg.DIV_IRQ: "_write_irq",
    Reg.FIFO_DATA: "_write_fifo_data", Reg.FIFO_LEVEL: "_write_fifo_level",
    Reg.STATUS2: "_write_status2",
    **{reg: "_write_read_only" for reg in (Reg.ERROR, Reg.STATUS1, Reg.VERSION,
                                           Reg.CRC_RESULT_H, Reg.CRC_RESULT_L)},
    Reg.COMMAND: "_write_command", Reg.BIT_FRAMING: "_write_bit_framing",
    Reg.TX_CONTROL: "_write_tx_control",
}


def _parse_uid(uid: str | bytes) -> bytes:
    return picc.parse_uid(uid) if isinstance(uid, str) else bytes(uid)


class Mfrc522ChipSimulator:
    """The chip, its antenna field and a box of known cards."""

    def __init__(self, *, version: int = 0x92, clock: Callable[[], float] = time.monotonic):
        self._lock = threading.RLock()
        self._clock = clock
        self._version = version
        self._regs = bytearray(64)
        self._fifo: deque[int] = deque()
        self._command = Cmd.IDLE
        self._timer_deadline: float | None = None
        self._cards: dict[bytes, PiccCard] = {}
        self._in_field: list[PiccCard] = []
        #: Cards to take off the antenna once they have accepted so many writes.
        self._lift_after: dict[bytes, int] = {}
        self._transfers = 0
        self._connected = True
        self._timers: list[threading.Timer] = []
        self._write_effects: dict[int, Callable[[int, int], None]] = {
            reg: getattr(self, name) for reg, name in _WRITE_EFFECTS.items()}
        self._reset_registers()

    # -- handles for tests and demos ---------------------------------------------------------

    @property
    def transfers(self) -> int:
        """SPI transfers since creation or the last `reset_transfer_count`."""
        with self._lock:
            return self._transfers

    def reset_transfer_count(self) -> None:
        with self._lock:
            self._transfers = 0

    def card(self, uid: str | bytes, *, sak: int = 0x08) -> SimCard:
        """The MIFARE Classic 1K card with this UID, created on first use; its memory
        persists across taps."""
        card = self._known(uid, sak)
        if not isinstance(card, SimCard):
            raise ValueError(f"card {card.uid_hex} is not a MIFARE Classic")
        return card

    def _known(self, uid: str | bytes, sak: int = 0x08) -> PiccCard:
        """The card with this UID, whatever it is; a new one is a MIFARE Classic."""
        key = _parse_uid(uid)
        with self._lock:
            if key not in self._cards:
                self._cards[key] = SimCard(key, sak=sak)
            return self._cards[key]

    def ntag(self, uid: str | bytes, model: str = "NTAG213") -> NtagCard:
        """The NTAG sticker ("NTAG213" or "NTAG215") with this UID, created on first use;
        `place` and `tap` then lay it on the antenna."""
        key = _parse_uid(uid)
        with self._lock:
            card = self._cards.get(key)
            if card is None:
                card = self._cards[key] = NtagCard(key, NTAG_MODELS[model])
            if not isinstance(card, NtagCard):
                raise ValueError(f"card {card.uid_hex} is not an NTAG")
            return card

    def lift_after_writes(self, uid: str | bytes, writes: int) -> None:
        """Take the card off the antenna as soon as it has accepted `writes` more writes: the
        next write never reaches it (a sticker lifted in the middle of a write)."""
        key = _parse_uid(uid)
        with self._lock:
            self._lift_after[key] = self._known(key).writes + writes

    def place(self, uid: str | bytes, *, sak: int = 0x08) -> PiccCard:
        """Lay a card on the antenna (it powers up in IDLE)."""
        with self._lock:
            card = self._known(uid, sak)
            if card not in self._in_field:
                card.power_cycle()
                self._in_field.append(card)
            return card

    def remove(self, uid: str | bytes | None = None) -> None:
        """Take one card (or every card) off the antenna."""
        with self._lock:
            if uid is None:
                self._in_field.clear()
                return
            key = _parse_uid(uid)
            self._in_field = [c for c in self._in_field if c.uid != key]

    def tap(self, uid: str | bytes, seconds: float = 0.3) -> None:
        """Place a card now and take it away after `seconds`, without blocking the caller."""
        self.place(uid)
        timer = threading.Timer(seconds, self.remove, args=(uid,))
        timer.daemon = True
        with self._lock:
            self._timers = [t for t in self._timers if t.is_alive()] + [timer]
        timer.start()

    def present(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(card.uid_hex for card in self._in_field)

    def unplug(self) -> None:
        """Simulate a loose wire: reads return 0x00 and writes are lost."""
        with self._lock:
            self._connected = False

    def plug(self) -> None:
        """Reconnect after `unplug`; the chip comes back from a power cycle."""
        with self._lock:
            self._connected = True
            self._reset_registers()

    def close(self) -> None:
        with self._lock:
            timers, self._timers = self._timers, []
        for timer in timers:
            timer.cancel()

    # -- SPI side ------------------------------------------------------------------------------

    def spi_transfer(self, data: Sequence[int]) -> list[int]:
        """One SPI transfer. Reads: every byte but the last is an address byte
        `((addr << 1) & 0x7E) | 0x80` and the answer is shifted by one. Writes: an address byte
        `(addr << 1) & 0x7E` followed by values that all go to that register."""
        with self._lock:
            self._transfers += 1
            if len(data) == 2 and self._connected:  # one register read or written: most of them
                first = data[0]
                if first & 0x80:
                    return [0, self._read((first >> 1) & 0x3F)]
                address, value = (first >> 1) & 0x3F, data[1] & 0xFF
                effect = self._write_effects.get(address)  # `_write`, one call fewer
                if effect is None:
                    self._regs[address] = value
                else:
                    effect(address, value)
                return [0, 0]
            if not data:
                return []
            if not self._connected:
                return [0] * len(data)
            if data[0] & 0x80:
                answer = [0]
                for address_byte in data[:-1]:
                    answer.append(self._read((address_byte >> 1) & 0x3F))
                return answer
            address = (data[0] >> 1) & 0x3F
            for value in data[1:]:
                self._write(address, value & 0xFF)
            return [0] * len(data)

    # -- registers -----------------------------------------------------------------------------

    def _reset_registers(self) -> None:
        self._regs[:] = bytes(64)
        for reg, value in _RESET_VALUES.items():
            self._regs[reg] = value
        self._regs[Reg.VERSION] = self._version
        self._fifo.clear()
        self._command = Cmd.IDLE
        self._timer_deadline = None
        self._field_changed()

    def _read(self, address: int) -> int:
        if address == Reg.COM_IRQ:
            self._check_timer()
        elif address == Reg.FIFO_DATA:
            return self._fifo.popleft() if self._fifo else 0
        elif address == Reg.FIFO_LEVEL:
            return len(self._fifo)
        return self._regs[address]

    def _write(self, address: int, value: int) -> None:
        # Registers with side effects are found in one dict look-up, not a chain of tests.
        effect = self._write_effects.get(address)
        if effect is None:
            self._regs[address] = value
        else:
            effect(address, value)

    def _write_irq(self, address: int, value: int) -> None:
        bits = value & 0x7F
        if value & IRQ_SET:
            self._regs[address] |= bits
        else:
            self._regs[address] &= ~bits & 0xFF

    def _write_fifo_data(self, _address: int, value: int) -> None:
        if len(self._fifo) < FIFO_SIZE:
            self._fifo.append(value)
        else:
            self._regs[Reg.ERROR] |= ERR_BUFFER_OVERFLOW

    def _write_fifo_level(self, _address: int, value: int) -> None:
        if value & FIFO_FLUSH:
            self._fifo.clear()
            self._regs[Reg.ERROR] &= ~ERR_BUFFER_OVERFLOW & 0xFF

    def _write_status2(self, address: int, value: int) -> None:
        # Only software may clear MFCrypto1On; only MFAuthent sets it.
        crypto = self._regs[address] & value & STATUS2_CRYPTO1_ON
        self._regs[address] = (value & ~STATUS2_CRYPTO1_ON & 0xFF) | crypto

    def _write_read_only(self, _address: int, _value: int) -> None:
        pass

    def _write_command(self, address: int, value: int) -> None:
        command = value & 0x0F
        if command == Cmd.SOFT_RESET:
            self._reset_registers()
            return
        self._run(command)
        self._regs[address] = (value & 0x30) | self._command

    def _write_bit_framing(self, address: int, value: int) -> None:
        self._regs[address] = value
        if value & START_SEND and self._command == Cmd.TRANSCEIVE:
            self._transceive(value & 0x07)

    def _write_tx_control(self, address: int, value: int) -> None:
        self._regs[address] = value
        self._field_changed()

    def _run(self, command: int) -> None:
        self._command = command if command in COMMANDS else Cmd.IDLE
        if command == Cmd.IDLE:
            self._timer_deadline = None
        elif command == Cmd.CALC_CRC:
            preset = _CRC_PRESETS[self._regs[Reg.MODE] & 0x03]
            low, high = picc.crc_a(bytes(self._fifo), preset)
            self._fifo.clear()
            self._regs[Reg.CRC_RESULT_L] = low
            self._regs[Reg.CRC_RESULT_H] = high
            self._regs[Reg.DIV_IRQ] |= DIV_IRQ_CRC
        elif command == Cmd.MF_AUTHENT:
            self._authenticate()

    # -- radio ---------------------------------------------------------------------------------

    def _field_on(self) -> bool:
        return self._regs[Reg.TX_CONTROL] & ANTENNA_ON == ANTENNA_ON

    def _field_changed(self) -> None:
        if not self._field_on():
            for card in self._in_field:
                card.power_cycle()

    def _start_timer(self) -> None:
        if not self._regs[Reg.T_MODE] & T_AUTO:
            self._timer_deadline = None  # without TAuto the timer never starts by itself
            return
        reload = (self._regs[Reg.T_RELOAD_H] << 8) | self._regs[Reg.T_RELOAD_L]
        period = timer_period(self._regs[Reg.T_MODE], self._regs[Reg.T_PRESCALER], reload)
        self._timer_deadline = self._clock() + period

    def _check_timer(self) -> None:
        if self._timer_deadline is not None and self._clock() >= self._timer_deadline:
            self._regs[Reg.COM_IRQ] |= IRQ_TIMER
            self._timer_deadline = None

    def _transceive(self, tx_last_bits: int) -> None:
        frame = bytes(self._fifo)
        self._fifo.clear()
        self._regs[Reg.ERROR] = 0
        self._regs[Reg.COM_IRQ] |= IRQ_TX
        replies: list[CardReply] = []
        if self._field_on():
            encrypted = bool(self._regs[Reg.STATUS2] & STATUS2_CRYPTO1_ON)
            self._lift_written_cards()
            for card in list(self._in_field):
                reply = card.receive(frame, tx_last_bits, encrypted)
                if reply is not None:
                    replies.append(reply)
        if not replies:
            self._start_timer()
            return
        # With TAuto the timer stops as soon as an answer starts.
        self._timer_deadline = None
        if any(r != replies[0] for r in replies[1:]):
            self._regs[Reg.ERROR] |= ERR_COLLISION
        reply = replies[0]
        self._fifo.extend(reply.data)
        self._regs[Reg.CONTROL] = (self._regs[Reg.CONTROL] & ~RX_LAST_BITS_MASK) | reply.last_bits
        self._regs[Reg.COM_IRQ] |= IRQ_RX

    def _lift_written_cards(self) -> None:
        for key, writes in list(self._lift_after.items()):
            if self._cards[key].writes >= writes:
                del self._lift_after[key]
                self._in_field = [c for c in self._in_field if c.uid != key]

    def _authenticate(self) -> None:
        data = bytes(self._fifo)
        self._fifo.clear()
        ok = False
        if len(data) == 12 and self._field_on():
            mode, block, key, uid4 = data[0], data[1], data[2:8], data[8:12]
            for card in list(self._in_field):
                ok = card.authenticate(mode, block, key, uid4) or ok
        if ok:
            self._regs[Reg.STATUS2] |= STATUS2_CRYPTO1_ON
            self._regs[Reg.COM_IRQ] |= IRQ_IDLE
            self._command = Cmd.IDLE
        else:
            self._start_timer()
