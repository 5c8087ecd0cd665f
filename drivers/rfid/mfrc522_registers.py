"""MFRC522 register addresses and bits (NXP MFRC522 datasheet, section 9).

`Reg` and `Cmd` are plain classes of ints rather than enums: the reader uses them on every
SPI transfer of every poll, and an enum member costs several times a plain attribute to look
up (Python 3.11).
"""

from __future__ import annotations

from typing import Final


class Reg:
    COMMAND: Final = 0x01
    COM_IEN: Final = 0x02
    DIV_IEN: Final = 0x03
    COM_IRQ: Final = 0x04
    DIV_IRQ: Final = 0x05
    ERROR: Final = 0x06
    STATUS1: Final = 0x07
    STATUS2: Final = 0x08
    FIFO_DATA: Final = 0x09
    FIFO_LEVEL: Final = 0x0A
    WATER_LEVEL: Final = 0x0B
    CONTROL: Final = 0x0C
    BIT_FRAMING: Final = 0x0D
    COLL: Final = 0x0E
    MODE: Final = 0x11
    TX_MODE: Final = 0x12
    RX_MODE: Final = 0x13
    TX_CONTROL: Final = 0x14
    TX_ASK: Final = 0x15
    CRC_RESULT_H: Final = 0x21
    CRC_RESULT_L: Final = 0x22
    MOD_WIDTH: Final = 0x24
    RF_CFG: Final = 0x26
    T_MODE: Final = 0x2A
    T_PRESCALER: Final = 0x2B
    T_RELOAD_H: Final = 0x2C
    T_RELOAD_L: Final = 0x2D
    VERSION: Final = 0x37


class Cmd:
    IDLE: Final = 0x00
    MEM: Final = 0x01
    GENERATE_RANDOM_ID: Final = 0x02
    CALC_CRC: Final = 0x03
    TRANSMIT: Final = 0x04
    NO_CMD_CHANGE: Final = 0x07
    RECEIVE: Final = 0x08
    TRANSCEIVE: Final = 0x0C
    MF_AUTHENT: Final = 0x0E
    SOFT_RESET: Final = 0x0F


# CommandReg
POWER_DOWN = 0x10
# CommIrqReg / DivIrqReg: bit 7 selects whether the written 1-bits are set or cleared.
IRQ_SET = 0x80
IRQ_TIMER = 0x01
IRQ_ERR = 0x02
IRQ_IDLE = 0x10
IRQ_RX = 0x20
IRQ_TX = 0x40
IRQ_ALL = 0x7F
DIV_IRQ_CRC = 0x04
# ErrorReg
ERR_PROTOCOL = 0x01
ERR_PARITY = 0x02
ERR_CRC = 0x04
ERR_COLLISION = 0x08
ERR_BUFFER_OVERFLOW = 0x10
# Status2Reg
STATUS2_CRYPTO1_ON = 0x08
# FIFOLevelReg
FIFO_FLUSH = 0x80
FIFO_SIZE = 64
# BitFramingReg
START_SEND = 0x80
# ControlReg
RX_LAST_BITS_MASK = 0x07
# TModeReg
T_AUTO = 0x80
# TxControlReg
ANTENNA_ON = 0x03

CLOCK_HZ = 13_560_000
#: Every command code the chip knows.
COMMANDS = frozenset(value for name, value in vars(Cmd).items() if name.isupper())
# Versions seen in the field: 0x91/0x92 NXP, 0x88 FM17522, 0xB2 FM17522E, 0x12 counterfeit.
KNOWN_VERSIONS = frozenset({0x88, 0x90, 0x91, 0x92, 0xB2, 0x12})


def timer_period(t_mode: int, t_prescaler: int, reload: int) -> float:
    """Seconds from timer start to TimerIRq (TPrescalEven = 0)."""
    prescaler = ((t_mode & 0x0F) << 8) | t_prescaler
    return (2 * prescaler + 1) * (reload + 1) / CLOCK_HZ
