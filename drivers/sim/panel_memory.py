"""A simulated panel's memory, written by the command and data bytes a luma device sends.

`PanelMemory` is a luma serial interface (command, data, cleanup) that keeps what an SSD1306
or an SH1106 would hold: pages of 8 rows, one byte per column, the top row in the low bit. It
follows the addressing commands of each controller (SSD1306: memory mode, column and page
windows, page-mode start addresses; SH1106: page and column addresses, 132 columns) and skips
the arguments of every other command, so the bytes of luma's full frames and of partial
updates can be compared by what they leave on the glass.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from drivers.sim.display import CountingInterface

#: Arguments taken by the commands that have any (the rest are one byte).
_SSD1306_ARGUMENTS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1,
                      0x8D: 1, 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
_SH1106_ARGUMENTS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}

_HORIZONTAL, _VERTICAL, _PAGE = 0, 1, 2


class PanelMemory(CountingInterface):
    """The memory of one SSD1306 (128 columns) or SH1106 (132 columns), and the byte counts."""

    def __init__(self, kind: str, width: int = 128, height: int = 64) -> None:
        super().__init__()
        if kind not in ("ssd1306", "sh1106"):
            raise ValueError(f"no memory model of {kind!r}")
        self.kind = kind
        self.columns = 132 if kind == "sh1106" else width
        self.pages = height // 8
        self.width = width
        self.memory = [bytearray(self.columns) for _ in range(self.pages)]
        self.mode = _PAGE  # both controllers start in page addressing
        self.column_window = (0, self.columns - 1)
        self.page_window = (0, self.pages - 1)
        self.column = 0
        self.page = 0
        self._pending: list[int] = []  # a command whose arguments are still to come

    # -- the interface luma talks to ------------------------------------------------------------

    def command(self, *cmd: int) -> None:
        super().command(*cmd)
        arguments = _SSD1306_ARGUMENTS if self.kind == "ssd1306" else _SH1106_ARGUMENTS
        for byte in cmd:
            self._pending.append(byte)
            wanted = arguments.get(self._pending[0], 0)
            if len(self._pending) > wanted:
                self._execute(self._pending)
                self._pending = []

    def data(self, data: Any) -> None:
        super().data(data)
        for byte in bytes(data):
            self._store(byte)

    # -- what it holds --------------------------------------------------------------------------

    def image(self, column_offset: int | None = None) -> Image.Image:
        """The visible frame (`width` columns from `column_offset`: 2 on an SH1106)."""
        offset = (2 if self.kind == "sh1106" else 0) if column_offset is None else column_offset
        height = self.pages * 8
        image = Image.new("1", (self.width, height))
        pixels = image.load()
        assert pixels is not None
        for page, row in enumerate(self.memory):
            for x in range(self.width):
                byte = row[offset + x]
                for bit in range(8):
                    if byte >> bit & 1:
                        pixels[x, page * 8 + bit] = 1
        return image

    # -- inside -------------------------------------------------------------------------------

    def _execute(self, command: list[int]) -> None:
        code = command[0]
        if self.kind == "ssd1306" and code == 0x20:
            self.mode = command[1] & 0x03
        elif self.kind == "ssd1306" and code == 0x21:
            self.column_window = (command[1] % self.columns, command[2] % self.columns)
            self.column = self.column_window[0]
        elif self.kind == "ssd1306" and code == 0x22:
            self.page_window = (command[1] % self.pages, command[2] % self.pages)
            self.page = self.page_window[0]
        elif 0xB0 <= code <= 0xB7:
            self.page = (code - 0xB0) % self.pages
        elif code <= 0x0F:
            self.column = (self.column & 0xF0) | code
        elif code <= 0x1F:
            self.column = (self.column & 0x0F) | (code & 0x0F) << 4

    def _store(self, byte: int) -> None:
        if self.column < self.columns:
            self.memory[self.page][self.column] = byte
        if self.kind == "sh1106" or self.mode == _PAGE:
            # The column moves on within the page (an SH1106 stops at its last column).
            if self.kind == "ssd1306" and self.column >= self.column_window[1]:
                self.column = self.column_window[0]
            else:
                self.column += 1
            return
        first_column, last_column = self.column_window
        first_page, last_page = self.page_window
        if self.mode == _HORIZONTAL:
            if self.column < last_column:
                self.column += 1
                return
            self.column = first_column
            self.page = first_page if self.page >= last_page else self.page + 1
        else:
            if self.page < last_page:
                self.page += 1
                return
            self.page = first_page
            self.column = first_column if self.column >= last_column else self.column + 1
