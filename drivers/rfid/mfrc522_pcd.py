"""Our own request path on the MFRC522: REQA/WUPA, anticollision and select over every cascade
level, HLTA, MIFARE Classic authentication, block read and write.

It exists because the `mfrc522` library ignores the chip's timer (a `~` where `not` was meant
in MFRC522_ToCard) and so spends about 2,000 register reads on every poll that finds no card.
Here the timer is honoured: after StartSend we sleep a little and read the chip's status only a
few times, until an answer (RxIRq) or the timeout (TimerIRq).

The wake-up (WUPA) that starts a poll finds no card on most polls, so a poller can send it
ahead (`start_wake_up`) and look at its outcome a whole poll interval later (`read_uid`): the
chip keeps the card's answer in its FIFO and RxIRq, or TimerIRq once its timer ran out, until
software clears them. An idle poll is then one status read and six writes, with no sleep of its
own. The price: a card laid on the antenna after the wake-up was sent is heard one poll later.

SPI transfers are the cost on the Pi (50-200 us each in Python): the status registers are read
in one transfer and the FIFO is read and written in one (the MFRC522's SPI reads a list of
addresses in one transfer and writes a run of bytes to one address; writes to different
registers take a transfer each). Register access goes through a `RegisterAccess`, normally the
library's SPI device.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from drivers.errors import DeviceIOError, DeviceNotFound
from drivers.rfid import iso14443 as picc
from drivers.rfid.mfrc522_registers import (
    ANTENNA_ON,
    CLOCK_HZ,
    ERR_BUFFER_OVERFLOW,
    ERR_COLLISION,
    ERR_PARITY,
    ERR_PROTOCOL,
    FIFO_FLUSH,
    FIFO_SIZE,
    IRQ_ALL,
    IRQ_ERR,
    IRQ_IDLE,
    IRQ_RX,
    IRQ_TIMER,
    KNOWN_VERSIONS,
    POWER_DOWN,
    RX_LAST_BITS_MASK,
    START_SEND,
    STATUS2_CRYPTO1_ON,
    T_AUTO,
    Cmd,
    Reg,
)

# Timer: TAuto, prescaler 0xD3E -> one tick every 0.5 ms (the library's own setting).
_T_MODE = T_AUTO | 0x0D
_T_PRESCALER = 0x3E
_TICK_SECONDS = (2 * 0xD3E + 1) / CLOCK_HZ
# Card answers arrive within about a millisecond; MIFARE writes and authentication take longer.
SHORT_TIMEOUT = 0.005
LONG_TIMEOUT = 0.025
# Sleeps between CommIrqReg reads: a few reads per command, whatever the outcome.
_FIRST_WAIT = 0.001
_MAX_WAIT = 0.008
_WUPA_FRAME = bytes([picc.WUPA])
_IDLE = bytes((Cmd.IDLE,))
_CLEAR_IRQS = bytes((IRQ_ALL,))  # bit 7 clear: the 1-bits are cleared
_FLUSH = bytes((FIFO_FLUSH,))
#: Read together in one transfer after every command: what happened and what came back.
_STATUS = (Reg.COM_IRQ, Reg.ERROR, Reg.FIFO_LEVEL, Reg.CONTROL)
WIRING_HINT = (
    "the wiring in wiring.md (SDA to CE0 pin 24, SCK pin 23, MOSI pin 19, MISO pin 21, RST pin 22, "
    "3.3 V and GND) and dtparam=spi=on in /boot/firmware/config.txt"
)


Runs = tuple[tuple[int, bytes], ...]


def _command_runs(command: int, payload: bytes, tx_last_bits: int, start_send: bool,
                  flush: bool) -> Runs:
    """The writes that abandon whatever the chip was doing, clear every interrupt flag, load
    `payload` into the FIFO (flushed first with `flush`) and start `command`."""
    runs: list[tuple[int, bytes]] = [(Reg.COMMAND, _IDLE), (Reg.COM_IRQ, _CLEAR_IRQS)]
    if flush:
        runs.append((Reg.FIFO_LEVEL, _FLUSH))
    if payload:
        runs.append((Reg.FIFO_DATA, payload))
    # StartSend left over from the previous frame must not fire when the command starts.
    runs += ((Reg.BIT_FRAMING, bytes((tx_last_bits,))), (Reg.COMMAND, bytes((command,))))
    if start_send:
        runs.append((Reg.BIT_FRAMING, bytes((START_SEND | tx_last_bits,))))
    return tuple(runs)


#: A WUPA's writes, without and with a FIFO flush (indexed by `flush`).
_SEND_WUPA = tuple(_command_runs(Cmd.TRANSCEIVE, _WUPA_FRAME, picc.SHORT_FRAME_BITS, True, flush)
                   for flush in (False, True))


class RegisterAccess(Protocol):
    """Register reads and writes, each call one SPI transfer."""

    label: str

    def read(self, address: int) -> int: ...

    def read_many(self, addresses: Sequence[int]) -> list[int]:
        """The registers at `addresses`, in order (an address may repeat: the FIFO)."""
        ...

    def write(self, address: int, value: int) -> None: ...

    def write_runs(self, runs: Sequence[tuple[int, bytes]]) -> None:
        """One transfer per run, in order: every byte of a run to its one register (several
        to the FIFO). A command's set-up is one call."""
        ...

    def close(self) -> None: ...


class CardError(Exception):
    """A card exchange failed for a reason the next poll may not share."""


class NoAnswer(CardError):
    """No card answered before the chip's timer expired."""


class Collision(CardError):
    """More than one card answered at once."""


class FrameError(CardError):
    """An answer with a bad CRC, BCC, length or a transmission error."""


class AuthError(CardError):
    """MIFARE authentication refused (wrong key, wrong card or not a MIFARE Classic)."""


@dataclass(frozen=True)
class Reply:
    data: bytes
    last_bits: int = 0  # valid bits in the last byte; 0 means all eight


@dataclass(frozen=True)
class SelectedCard:
    uid: bytes
    sak: int

    @property
    def uid_hex(self) -> str:
        return picc.uid_hex(self.uid)


class Mfrc522Pcd:
    """The proximity coupling device side of ISO 14443-3A on one MFRC522. Not thread-safe."""

    def __init__(
        self,
        registers: RegisterAccess,
        *,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.registers = registers
        self._sleep = sleep
        self._clock = clock
        self._reload: int | None = None
        self._timeout: float | None = None  # the seconds `_reload` was set for
        self._woken_at: float | None = None  # when `start_wake_up` sent the WUPA read next
        self._fifo_empty = False  # seen empty after the last command: no flush needed

    @property
    def label(self) -> str:
        return self.registers.label

    # -- chip set-up ---------------------------------------------------------------------------

    def initialise(self) -> int:
        """Soft-reset and configure the chip, switch the antenna on; return VersionReg.
        Raises DeviceNotFound when nothing sensible answers on the bus."""
        regs = self.registers
        regs.write(Reg.COMMAND, Cmd.SOFT_RESET)
        deadline = self._clock() + 0.05
        while regs.read(Reg.COMMAND) & POWER_DOWN and self._clock() < deadline:
            self._sleep(0.001)  # the oscillator needs a moment after a reset
        version = regs.read(Reg.VERSION)
        if version in (0x00, 0xFF):
            raise DeviceNotFound(
                self.label, f"no MFRC522 answers (VersionReg reads 0x{version:02X})", WIRING_HINT
            )
        regs.write(Reg.T_MODE, _T_MODE)
        regs.write(Reg.T_PRESCALER, _T_PRESCALER)
        self._reload = self._timeout = None  # the reset forgot the timer's reload value
        self._woken_at, self._fifo_empty = None, False
        self._set_timeout(SHORT_TIMEOUT)
        regs.write(Reg.TX_ASK, 0x40)  # 100 % ASK modulation, as type A requires
        regs.write(Reg.MODE, 0x3D)  # CRC preset 0x6363
        regs.write(Reg.TX_CONTROL, regs.read(Reg.TX_CONTROL) | ANTENNA_ON)
        return version

    @staticmethod
    def version_is_known(version: int) -> bool:
        return version in KNOWN_VERSIONS

    def _set_timeout(self, seconds: float) -> None:
        if seconds == self._timeout:
            return  # nearly every poll: the chip has it already
        reload = max(1, math.ceil(seconds / _TICK_SECONDS) - 1)
        if reload != self._reload:
            self.registers.write(Reg.T_RELOAD_H, reload >> 8)
            self.registers.write(Reg.T_RELOAD_L, reload & 0xFF)
            self._reload = reload
        self._timeout = seconds

    # -- the command engine ----------------------------------------------------------------------

    def _start(self, command: int, payload: bytes, timeout: float, tx_last_bits: int = 0,
               start_send: bool = False) -> None:
        """Abandon whatever the chip was doing, clear every interrupt flag, load `payload` into
        the FIFO and start `command` (and, for Transceive, the transmission)."""
        self._woken_at = None  # whatever was sent ahead is abandoned
        self._set_timeout(timeout)
        runs = _command_runs(command, payload, tx_last_bits, start_send,
                             flush=not self._fifo_empty)
        self._fifo_empty = False
        self.registers.write_runs(runs)

    def _status(self) -> list[int]:
        """CommIrqReg, ErrorReg, FIFOLevelReg and ControlReg, in one transfer."""
        status = self.registers.read_many(_STATUS)
        if status[0] == 0xFF:
            raise DeviceIOError(self.label, "reads 0xFF from every register", WIRING_HINT)
        return status

    def _wait(self, done_bits: int, timeout: float, first_wait: float = _FIRST_WAIT) -> list[int]:
        """The status (see `_status`), read with growing sleeps until `done_bits` or TimerIRq
        is set."""
        deadline = self._clock() + max(4 * timeout, 0.05)
        wait = first_wait
        while True:
            self._sleep(wait)
            status = self._status()
            if status[0] & (done_bits | IRQ_TIMER):
                return status
            if self._clock() > deadline:
                raise DeviceIOError(
                    self.label, "the chip's timer never fired (the chip stopped answering)",
                    WIRING_HINT,
                )
            wait = min(wait * 2, _MAX_WAIT)

    def transceive(
        self, frame: bytes, *, tx_last_bits: int = 0, timeout: float = SHORT_TIMEOUT,
        silence_likely: bool = False,
    ) -> Reply:
        """Send a frame and return the card's answer. Raises NoAnswer, Collision, FrameError.

        `silence_likely`: no answer is the usual outcome, so the first look at the chip
        comes once its timer has run out (one status read instead of three).
        """
        reply = self._exchange(frame, tx_last_bits, timeout, silence_likely)
        if reply is None:
            raise NoAnswer()
        return reply

    def _send(self, frame: bytes, tx_last_bits: int, timeout: float) -> None:
        self._start(Cmd.TRANSCEIVE, frame, timeout, tx_last_bits, start_send=True)

    def _exchange(self, frame: bytes, tx_last_bits: int, timeout: float,
                  silence_likely: bool) -> Reply | None:
        """`transceive`, with None for no answer: an idle poll raises nothing."""
        self._send(frame, tx_last_bits, timeout)
        status = self._wait(IRQ_RX, timeout, timeout + _FIRST_WAIT if silence_likely
                            else _FIRST_WAIT)
        return self._reply(status)

    def _reply(self, status: Sequence[int]) -> Reply | None:
        """The answer a status read announces, read out of the FIFO; None when none came."""
        irq, error, level, control = status
        if not irq & IRQ_RX:
            # Nothing came: the next command need not flush an empty FIFO.
            self._fifo_empty = level == 0 and not irq & IRQ_ERR
            return None
        if error & ERR_COLLISION:
            raise Collision()
        if error & (ERR_BUFFER_OVERFLOW | ERR_PARITY | ERR_PROTOCOL):
            raise FrameError(f"ErrorReg 0x{error:02X}")
        if level > FIFO_SIZE:
            raise DeviceIOError(self.label, f"impossible FIFO level {level}", WIRING_HINT)
        data = bytes(self.registers.read_many((Reg.FIFO_DATA,) * level)) if level else b""
        return Reply(data, control & RX_LAST_BITS_MASK)

    # -- ISO 14443-3 ---------------------------------------------------------------------------

    def wake_up(self, *, silence_likely: bool = False) -> bytes:
        """WUPA: wakes idle and halted cards; returns ATQA. Raises NoAnswer when none.
        A card that answered a wake-up sent ahead is ready for its select and would take
        another WUPA for a wrong command, so that answer is the one returned."""
        sent_at = self._woken_at
        atqa = None if sent_at is None else self._finish_wake_up(sent_at)
        if atqa is None:
            atqa = self._wake_up(silence_likely)
        if atqa is None:
            raise NoAnswer()
        return atqa

    def _wake_up(self, silence_likely: bool) -> bytes | None:
        """WUPA; the ATQA, or None when no card answers."""
        return self._atqa(self._exchange(_WUPA_FRAME, picc.SHORT_FRAME_BITS, SHORT_TIMEOUT,
                                         silence_likely))

    @staticmethod
    def _atqa(reply: Reply | None) -> bytes | None:
        if reply is None:
            return None
        if len(reply.data) != 2 or reply.last_bits:
            raise FrameError(f"ATQA of {len(reply.data)} bytes")
        return reply.data

    @property
    def wake_up_sent(self) -> bool:
        """A wake-up sent ahead waits for the next `read_uid`."""
        return self._woken_at is not None

    def start_wake_up(self) -> None:
        """Send WUPA and return at once; the next `read_uid` reads what came of it. Any
        other command in between abandons it."""
        # What `_send` would do, with the transfers framed once for all: the idle poll's path.
        if self._timeout != SHORT_TIMEOUT:
            self._set_timeout(SHORT_TIMEOUT)
        self.registers.write_runs(_SEND_WUPA[not self._fifo_empty])
        self._fifo_empty = False
        self._woken_at = self._clock()

    def _finish_wake_up(self, sent_at: float) -> bytes | None:
        """The ATQA answering the WUPA sent at `sent_at`, or None."""
        self._woken_at = None
        status = self._status()
        if not status[0] & (IRQ_RX | IRQ_TIMER):
            # Looked at before the chip's timer ran out (a poll cut short): wait for it.
            left = sent_at + SHORT_TIMEOUT - self._clock()
            status = self._wait(IRQ_RX, SHORT_TIMEOUT, max(0.0, left) + _FIRST_WAIT)
        return self._atqa(self._reply(status))

    def select(self) -> SelectedCard:
        """Anticollision and select through every cascade level of the woken card."""
        uid = bytearray()
        for code in picc.SELECT_CODES:
            answer = self.transceive(bytes([code, picc.NVB_ANTICOLLISION])).data
            if len(answer) != 5 or picc.bcc(answer[:4]) != answer[4]:
                raise FrameError("bad anticollision answer")
            sak_frame = self.transceive(picc.with_crc(bytes([code, picc.NVB_SELECT]) + answer)).data
            if len(sak_frame) != 3 or not picc.crc_ok(sak_frame):
                raise FrameError("bad SAK")
            sak = sak_frame[0]
            if sak & picc.SAK_UID_INCOMPLETE:
                if answer[0] != picc.CASCADE_TAG:
                    raise FrameError("cascade bit without cascade tag")
                uid += answer[1:4]
                continue
            uid += answer[:4]
            return SelectedCard(bytes(uid), sak)
        raise FrameError("UID longer than three cascade levels")

    def halt(self) -> None:
        """HLTA: the card stays quiet until the next WUPA, so it never skips a poll."""
        try:
            self.transceive(picc.with_crc(picc.HLTA))
        except NoAnswer:
            return  # silence is the expected answer
        except CardError:
            return

    def read_uid(self) -> SelectedCard | None:
        """Wake, select and halt the card on the antenna; None when no card answers. After
        `start_wake_up` the wake-up is the one already sent."""
        sent_at = self._woken_at
        atqa = (self._wake_up(silence_likely=True) if sent_at is None
                else self._finish_wake_up(sent_at))
        if atqa is None:
            return None
        card = self.select()
        self.halt()
        return card

    # -- MIFARE Classic --------------------------------------------------------------------------

    def authenticate(self, card: SelectedCard, block: int, key: bytes = picc.DEFAULT_KEY) -> None:
        payload = bytes([picc.MIFARE_AUTH_KEY_A, block]) + key + card.uid[-4:]
        self._start(Cmd.MF_AUTHENT, payload, LONG_TIMEOUT)
        irq = self._wait(IRQ_IDLE, LONG_TIMEOUT)[0]
        crypto_on = self.registers.read(Reg.STATUS2) & STATUS2_CRYPTO1_ON
        if not irq & IRQ_IDLE or not crypto_on:
            raise AuthError(f"block {block} refused key A")

    def stop_crypto(self) -> None:
        status = self.registers.read(Reg.STATUS2)
        self.registers.write(Reg.STATUS2, status & ~STATUS2_CRYPTO1_ON & 0xFF)

    def read_block(self, block: int) -> bytes:
        reply = self.transceive(picc.with_crc(bytes([picc.MIFARE_READ, block])))
        if len(reply.data) != 18 or not picc.crc_ok(reply.data):
            raise FrameError(f"block {block}: read refused or garbled")
        return reply.data[:16]

    def write_block(self, block: int, data: bytes) -> None:
        if len(data) != picc.MIFARE_BLOCK_SIZE:
            raise ValueError("a block is 16 bytes")
        for frame in (bytes([picc.MIFARE_WRITE, block]), data):
            reply = self.transceive(picc.with_crc(frame), timeout=LONG_TIMEOUT)
            if reply.last_bits != 4 or not reply.data or reply.data[0] & 0x0F != picc.MIFARE_ACK:
                raise FrameError(f"block {block}: write refused")
