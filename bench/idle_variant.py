"""`companion run` with the MFRC522's poll cut down, for telling where idle CPU goes.

    python bench/idle_variant.py VARIANT run [companion run's arguments]

VARIANT is one of:
- `as-is`: `companion run` unchanged;
- `no-chip`: the reader's registers answer at once and hold nothing (the driver's own Python
  per poll, without the chip simulator behind the SPI transfers);
- `no-poll`: each poll does nothing with the chip (the reader thread's one wake per poll,
  without its work).

Run by bench/bench_gentle.py; the difference between two variants is what the part left out
costs.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

VARIANTS = ("as-is", "no-chip", "no-poll")


class SilentRegisters:
    """Registers that answer every read at once: an NXP chip's version, the timer always run
    out, every other register 0."""

    label = "registers answering nothing"

    def __init__(self) -> None:
        # Looked up once: an import on every read would be counted as the driver's cost.
        from drivers.rfid.mfrc522_registers import IRQ_TIMER, Reg

        self._values = {Reg.COM_IRQ: IRQ_TIMER, Reg.VERSION: 0x92}

    def read(self, address: int) -> int:
        return self._values.get(address, 0)

    def read_many(self, addresses: Sequence[int]) -> list[int]:
        get = self._values.get
        return [get(address, 0) for address in addresses]

    def write(self, address: int, value: int) -> None:
        pass

    def write_runs(self, runs: Sequence[tuple[int, bytes]]) -> None:
        pass

    def close(self) -> None:
        pass


def install(variant: str) -> None:
    from drivers import factory
    from drivers.rfid import mfrc522_reader

    if variant == "no-chip":
        simulated = factory._simulated_mfrc522

        def silent(settings: Any) -> Any:
            _opener, chip = simulated(settings)
            return SilentRegisters, chip

        factory._simulated_mfrc522 = silent  # type: ignore[assignment]
    elif variant == "no-poll":
        def nothing(_reader: Any) -> None:
            return None

        mfrc522_reader.Mfrc522Reader._poll = nothing  # type: ignore[assignment,method-assign]
        mfrc522_reader.Mfrc522Reader._send_next_wake_up = nothing  # type: ignore[method-assign]


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in VARIANTS:
        print(f"usage: idle_variant.py {{{','.join(VARIANTS)}}} run [arguments]",
              file=sys.stderr)
        raise SystemExit(2)
    install(sys.argv.pop(1))
    sys.argv[0] = "companion.cli.main"
    runpy.run_module("companion.cli.main", run_name="__main__")


if __name__ == "__main__":
    main()
