"""Driver benchmarks on the simulated hardware: figures, not assertions.

    python bench/bench_drivers.py            # about 40 s
    python bench/bench_drivers.py --quick    # about 13 s
    python bench/bench_drivers.py --json

1. SPI transfers per second with no card: our MFRC522 driver against a loop calling the
   `mfrc522` library's read_id_no_block() every 100 ms, each on its own chip simulator for the
   same wall time. Transfers are counted by the simulator: the figure does not depend on this
   machine's speed.
   The idle reader is measured once it polls ahead (a short quiet spell, its switch observed
   in its counters), beside one whose every poll sends its own wake-up.
2. Latency from a card laid on (or taken off) the simulated antenna to its TagPlaced (or
   TagRemoved) event, with the default poll interval and removal silence, while cards come and
   go (each poll its own wake-up), beside a reader always polling ahead; and the first card
   laid after a quiet spell, each laid once the switch to polling ahead was observed.
3. CPU seconds per idle wall second of the whole simulated driver set (reader, buttons with an
   encoder, display), from time.process_time().
4. Bytes sent to an SSD1306 for an unchanged frame and for a changed one.

Each measurement is a function returning a dict, for a future bench/run.py to import.
"""

from __future__ import annotations

import platform
import queue
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from PIL import Image, ImageDraw  # noqa: E402

from tests.vendor import use_mfrc522_wheel  # noqa: E402

use_mfrc522_wheel()  # the library to compare against, without its C dependencies

from bench.figures_cli import figures_main  # noqa: E402
from drivers import TagPlaced, TagRemoved, build_drivers  # noqa: E402
from drivers.config import DEFAULT_QUIET_AFTER  # noqa: E402
from drivers.display import OledDisplay  # noqa: E402
from drivers.luma_devices import interface_target  # noqa: E402
from drivers.rfid.mfrc522_open import open_spi_registers  # noqa: E402
from drivers.rfid.mfrc522_pcd import RegisterAccess  # noqa: E402
from drivers.rfid.mfrc522_reader import Mfrc522Reader  # noqa: E402
from drivers.sim.display import CountingInterface  # noqa: E402
from drivers.sim.fake_pi import SimulatedSpiBus, mfrc522_installed  # noqa: E402
from drivers.sim.mfrc522_chip import Mfrc522ChipSimulator  # noqa: E402
from tests.drivers.library_registers import open_library_registers  # noqa: E402

LIBRARY_POLL_INTERVAL = 0.1


def _simulated_chip() -> tuple[Mfrc522ChipSimulator, SimulatedSpiBus, Any]:
    chip = Mfrc522ChipSimulator()
    bus = SimulatedSpiBus()
    bus.attach(0, 0, chip)
    library = bus.load_mfrc522() if mfrc522_installed() else None
    return chip, bus, library


def _our_reader(events: queue.Queue[Any], bus: SimulatedSpiBus, library: Any,
                quiet_after: float | None = DEFAULT_QUIET_AFTER) -> Mfrc522Reader:
    def registers() -> RegisterAccess:
        if library is None:
            return open_spi_registers(bus.spidev)
        return open_library_registers(library)

    return Mfrc522Reader(events, registers, quiet_after=quiet_after)


#: The quiet spell of the bench's readers: no card is laid meanwhile, so its length changes
#: only how long the bench waits before the reader polls ahead.
BENCH_QUIET_AFTER = 0.3


def wait_for_polls_ahead(reader: Mfrc522Reader, more_than: int) -> int:
    """Wait until the reader has made more than `more_than` polls on a wake-up sent ahead
    (the switch observed, not guessed); the count."""
    deadline = time.monotonic() + 60  # a bench on a stalled machine fails rather than hangs
    while (count := reader.counters()["polls_ahead"]) <= more_than:
        if time.monotonic() > deadline:
            raise RuntimeError("the reader never polled ahead")
        time.sleep(0.005)
    return count


def _idle_transfers(seconds: float, quiet_after: float | None
                    ) -> tuple[float, float, int, float]:
    """Transfers per second and per poll of an idle reader, its polls made ahead and its poll
    interval; with
    `quiet_after` set, counted from its first poll ahead."""
    chip, bus, library = _simulated_chip()
    reader = _our_reader(queue.Queue(), bus, library, quiet_after)
    reader.start()
    try:
        if quiet_after is not None:
            wait_for_polls_ahead(reader, 0)
        chip.reset_transfer_count()
        before = reader.counters()
        time.sleep(seconds)
        after = reader.counters()
        transfers = chip.transfers
    finally:
        reader.close()
    polls = after["polls"] - before["polls"]
    return (transfers / seconds, transfers / max(polls, 1),
            after["polls_ahead"] - before["polls_ahead"], reader.poll_interval)


def measure_idle_transfers(seconds: float = 3.0) -> dict[str, Any]:
    """SPI transfers per second with no card, once the reader polls ahead: ours against the
    library polled every 100 ms, and ours with each poll sending its own wake-up."""
    ours, per_poll, ahead, interval = _idle_transfers(seconds, BENCH_QUIET_AFTER)
    responsive, responsive_per_poll, _, _ = _idle_transfers(seconds, None)
    chip, _, library = _simulated_chip()
    result: dict[str, Any] = {
        "seconds": seconds,
        "ours_per_second": round(ours, 1),
        "ours_per_poll": round(per_poll, 1),
        "ours_polls_ahead": ahead,
        "ours_poll_interval": interval,
        "each_poll_own_wake_up_per_second": round(responsive, 1),
        "each_poll_own_wake_up_per_poll": round(responsive_per_poll, 1),
        "library_per_second": None,
        "library_per_poll": None,
        "ratio": None,
    }
    if library is None:
        return result
    simple = library.SimpleMFRC522()
    stop = threading.Event()
    chip.reset_transfer_count()
    deadline = time.monotonic() + seconds
    polls = 0
    while time.monotonic() < deadline:
        simple.read_id_no_block()
        polls += 1
        stop.wait(LIBRARY_POLL_INTERVAL)
    library_rate = chip.transfers / seconds
    result.update(
        library_per_second=round(library_rate, 1),
        library_per_poll=round(chip.transfers / polls, 1),
        ratio=round(library_rate / ours, 1) if ours else None,
    )
    return result


def measure_latency(trials: int = 10, quiet_after: float | None = DEFAULT_QUIET_AFTER
                    ) -> dict[str, Any]:
    """Seconds from placing / removing a card to TagPlaced / TagRemoved. With the default
    settings the taps come quicker than the quiet spell, so each poll sends its own wake-up
    (`polls_ahead` says so); `quiet_after` 0 polls ahead throughout."""
    return _taps(trials, quiet_after, after_quiet=False)


def measure_first_tap_after_quiet(trials: int = 10, quiet_after: float = BENCH_QUIET_AFTER,
                                  rest: float = 1.0) -> dict[str, Any]:
    """Seconds from placing a card to TagPlaced, each card laid after a quiet spell, once the
    reader was seen polling ahead, at a phase of the poll cycle that moves from trial to
    trial (the card is then taken off and the quiet spell waited out again). With `rest`,
    the reader rests by that factor (as with a dimmed or dark panel) before each card; the
    card's read wakes it, as the companion would."""
    return _taps(trials, quiet_after, after_quiet=True, rest=rest)


def _taps(trials: int, quiet_after: float | None, after_quiet: bool,
          rest: float = 1.0) -> dict[str, Any]:
    """Cards laid and taken off a simulated reader, each at a phase of the poll cycle that
    moves from trial to trial; with `after_quiet`, each once the reader was seen polling
    ahead; with `rest`, each on a reader resting by that factor."""
    chip, bus, library = _simulated_chip()
    events: queue.Queue[Any] = queue.Queue()
    reader = _our_reader(events, bus, library, quiet_after)
    reader.start()
    placed: list[float] = []
    removed: list[float] = []
    interval = reader.poll_interval * rest
    try:
        ahead = 0
        for trial in range(trials):
            if rest != 1:
                reader.rest(rest)
                _wait_for_interval(reader, interval)
            if after_quiet:
                ahead = wait_for_polls_ahead(reader, ahead)
            # Sample every phase of the poll cycle, not just the one after a sleep.
            time.sleep(interval * (trial + 0.5) / trials)
            placed.append(_tap_placed(chip, events))
            reader.rest(1)  # a tag is input: the companion wakes the reader
            time.sleep(0.3)
            removed.append(_tap_removed(chip, events))
            ahead = reader.counters()["polls_ahead"]
    finally:
        reader.close()
    return {"trials": trials, "poll_interval": reader.poll_interval, "rest": rest,
            "interval": interval, "quiet_after": quiet_after, "polls_ahead": ahead,
            **_summary(placed, removed)}


def _wait_for_interval(reader: Mfrc522Reader, interval: float) -> None:
    """Wait until the reader polls at `interval` (its pace taken, observed)."""
    deadline = time.monotonic() + 60  # a bench on a stalled machine fails rather than hangs
    while reader.interval != interval:
        if time.monotonic() > deadline:
            raise RuntimeError("the reader never took its resting pace")
        time.sleep(0.005)


def _tap_placed(chip: Mfrc522ChipSimulator, events: queue.Queue[Any]) -> float:
    start = time.monotonic()
    chip.place("DEADBEEF")
    event = events.get(timeout=5)
    assert isinstance(event, TagPlaced)
    return float(event.at - start)


def _tap_removed(chip: Mfrc522ChipSimulator, events: queue.Queue[Any]) -> float:
    start = time.monotonic()
    chip.remove()
    event = events.get(timeout=5)
    assert isinstance(event, TagRemoved)
    return float(event.at - start)


def _summary(placed: list[float], removed: list[float]) -> dict[str, float]:
    return {
        "placed_median_ms": round(statistics.median(placed) * 1000, 1),
        "placed_max_ms": round(max(placed) * 1000, 1),
        "removed_median_ms": round(statistics.median(removed) * 1000, 1),
        "removed_max_ms": round(max(removed) * 1000, 1),
    }


SIMULATED_SET = {
    "reader": {"kind": "sim", "quiet_after": BENCH_QUIET_AFTER},
    "buttons": {"kind": "sim", "encoder": {"a": 17, "b": 27, "push": 22}},
    "display": {"kind": "sim"},
}


def measure_idle_cpu(seconds: float = 5.0) -> dict[str, Any]:
    """CPU seconds per wall second of the simulated reader, buttons and display, idle, the
    reader polling ahead."""
    events: queue.Queue[Any] = queue.Queue()
    with build_drivers(SIMULATED_SET, events) as drivers:
        drivers.display.show(Image.new("1", drivers.display.size))
        assert isinstance(drivers.reader, Mfrc522Reader)
        wait_for_polls_ahead(drivers.reader, 0)
        time.sleep(0.5)  # past start-up
        cpu_start, wall_start = time.process_time(), time.monotonic()
        time.sleep(seconds)
        cpu = time.process_time() - cpu_start
        wall = time.monotonic() - wall_start
        threads = threading.active_count()
    return {
        "seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 4),
        "percent_of_one_core": round(100 * cpu / wall, 2),
        "threads": threads,
    }


def measure_frame_bytes() -> dict[str, Any]:
    """Bytes through the bus for an SSD1306 frame: first, unchanged, changed."""
    interface = CountingInterface()
    display = OledDisplay(interface_target("ssd1306", interface), queue.Queue())
    display.open()
    frame = Image.new("1", display.size)
    ImageDraw.Draw(frame).rectangle((10, 10, 60, 40), fill=1)
    display.show(frame)
    before = interface.total_bytes
    display.show(frame.copy())
    unchanged = interface.total_bytes - before
    changed_frame = frame.copy()
    changed_frame.putpixel((100, 50), 1)
    before_data, before_total = interface.data_bytes, interface.total_bytes
    display.show(changed_frame)
    result = {
        "unchanged_bytes": unchanged,
        "changed_bytes": interface.total_bytes - before_total,
        "changed_data_bytes": interface.data_bytes - before_data,
    }
    display.close()
    return result


def machine() -> dict[str, str]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.split(":")[0].strip() in ("model name", "Model"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"machine": platform.machine(), "cpu": model, "python": platform.python_version()}


def run(quick: bool) -> dict[str, Any]:
    return {
        "machine": machine(),
        "idle_transfers": measure_idle_transfers(1.0 if quick else 3.0),
        "latency": measure_latency(3 if quick else 10),
        "first_tap_after_quiet": measure_first_tap_after_quiet(3 if quick else 10),
        "idle_cpu": measure_idle_cpu(2.0 if quick else 5.0),
        "frame_bytes": measure_frame_bytes(),
    }


def print_table(results: dict[str, Any]) -> None:
    m, t, lat = results["machine"], results["idle_transfers"], results["latency"]
    cpu, frame = results["idle_cpu"], results["frame_bytes"]
    rows = [
        ("machine", f"{m['machine']}, {m['cpu']}, Python {m['python']}"),
        ("idle SPI transfers/s, ours", f"{t['ours_per_second']} ({t['ours_per_poll']} per poll "
                                       f"every {t['ours_poll_interval'] * 1000:.0f} ms)"),
        ("idle SPI transfers/s, library",
         "mfrc522 not installed" if t["library_per_second"] is None else
         f"{t['library_per_second']} ({t['library_per_poll']} per read_id_no_block, "
         f"every {LIBRARY_POLL_INTERVAL * 1000:.0f} ms)"),
        ("library / ours", "-" if t["ratio"] is None else f"{t['ratio']}x fewer for ours"),
        ("card placed -> TagPlaced", f"median {lat['placed_median_ms']} ms, "
                                     f"max {lat['placed_max_ms']} ms ({lat['trials']} trials)"),
        ("first card after a quiet spell",
         f"median {results['first_tap_after_quiet']['placed_median_ms']} ms, "
         f"max {results['first_tap_after_quiet']['placed_max_ms']} ms"),
        ("card removed -> TagRemoved", f"median {lat['removed_median_ms']} ms, "
                                       f"max {lat['removed_max_ms']} ms"),
        ("idle CPU, simulated set", f"{cpu['percent_of_one_core']} % of one core "
                                    f"({cpu['cpu_seconds']} s over {cpu['seconds']} s, "
                                    f"{cpu['threads']} threads)"),
        ("SSD1306 bytes, unchanged frame", str(frame["unchanged_bytes"])),
        ("SSD1306 bytes, changed frame", f"{frame['changed_bytes']} "
                                         f"({frame['changed_data_bytes']} data + commands)"),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def main(argv: list[str] | None = None) -> int:
    return figures_main(__doc__, run, print_table, "shorter runs, fewer trials", argv)


if __name__ == "__main__":
    sys.exit(main())


def measure_screen_changes() -> dict[str, Any]:
    """Bytes on an SSD1306's bus for the small changes of the table's own screens, drawn by
    the companion's renderer: a menu cursor moved one line, a line of the body changed (a
    count, a flashed word), and a new screen; luma's display() sends 1,030 for each."""
    from companion.screens.model import Menu, Screen
    from companion.screens.render import render

    menu = ("Box train (0)", "Mixed train (0)", "Yard track 1 (6/8)", "Yard track 2 (0/8)")
    screens = {
        "before": Screen(top="D1 - R1 - 4 players", title="Box", menu=Menu(menu, 0),
                         hints="ok:place back:cancel"),
        "cursor moved one line": Screen(top="D1 - R1 - 4 players", title="Box",
                                        menu=Menu(menu, 1), hints="ok:place back:cancel"),
        "a count changed in a line": Screen(
            top="D1 - R1 - 4 players", title="Box", hints="ok:place back:cancel",
            menu=Menu(("Box train (1)", *menu[1:]), 1)),
        "a new screen": Screen(top="D1 - R1 - 4 players", title="Ana's turn",
                               body=("Tap wagons", "or press ok"), hints="ok:done"),
    }
    interface = CountingInterface()
    display = OledDisplay(interface_target("ssd1306", interface), queue.Queue())
    display.open()
    result: dict[str, Any] = {}
    try:
        for name, screen in screens.items():
            before = interface.total_bytes
            display.show(render(screen))
            if name != "before":
                result[name] = interface.total_bytes - before
    finally:
        display.close()
    return result
