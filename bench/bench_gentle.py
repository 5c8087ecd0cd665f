"""Figures for the table's real home, a Raspberry Pi Zero 2 W on an SD card: start-up beside a
bare Python, syncs and bytes written per press and per move, bytes on the display bus, the
idle CPU of the whole appliance.

    python bench/bench_gentle.py [--quick] [--json]

How each is measured (nothing here is timed by a test):

1. `companion tally` of a two-player Freight Train table, spawn to exit, against
   `python -c "import json, sqlite3, argparse"` with the same interpreter, runs interleaved,
   medians. The first frame of `companion run` is compared (in bench/run.py) with a Python
   that imports only the hardware libraries (PIL, luma.oled, gpiozero, pyserial).
2. Syncs and bytes: bench/table_probe.py in a child process under
   `strace -f -e trace=fsync,fdatasync,access` (SQLite syncs from C, so wrapping os.fsync
   would miss them). The probe marks its phases with `access("/bench-marker/PHASE")`; the
   syncs between two markers belong to the phase. Without strace the sync counts are
   reported as missing, with how to install it. Bytes written are the probe's own `wchar`
   (/proc/self/io: every write(2) and pwrite(2) it made, so the journal, its log, the draft
   file and the tag registry) in each phase.
3. Display bus: the frames of the probe's moves, replayed into the display driver over a
   counting SSD1306 interface; luma's `display()` sends 1,030 bytes for any change. The
   bytes are also told apart by kind of change (bench/bus_kinds.py: a flash coming or
   going, a cursor move, a new prompt...).
4. Idle CPU: `companion run` on simulated devices, left alone after its first frame; the CPU
   time of every thread (loop, reader, buttons, display, the desktop's keyboard) from
   /proc/PID/task/*/schedstat over a few seconds of wall time, the loop's own (the main
   thread) apart from the others' (the reader's poll; the rest only wait). The reader is
   measured once it polls ahead: its quiet spell is set short in the run's configuration and
   the measure starts after its debug log line saying so (the only debug line of an idle
   run), beside runs whose every poll sends its own wake-up, as while cards come and go.
   At rest: the same with the panel set to dim (and, for the dark figure, to go dark) a few
   hundredths of a second after the start; the measure starts after the reader's debug line
   saying it took the resting pace of the panel's state. Either way the measure waits, too,
   for a screen left unchanged longer than a notice lasts (the game's first notice ends).
"""

from __future__ import annotations

import argparse
import json
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing

#: A Pi Zero 2 W core against this machine's, for CPU-bound figures (an estimate).
PI_SLOWER = 8
#: One byte on I2C at 400 kHz: 8 bits and the acknowledge.
I2C_BYTE_SECONDS = 9 / 400_000
#: A full frame through luma's ssd1306.display(): the window command and 1,024 bytes.
FULL_FRAME_BYTES = 1_030
#: What a sync costs on an SD card, for the estimate: "milliseconds to tens of milliseconds".
SD_FSYNC_MS = (2.0, 20.0)

STRACE_MISSING = "strace not installed (apt-get install strace): syncs not counted"
BARE_PYTHON = "import json, sqlite3, argparse"
HARDWARE_PYTHON = "import PIL.Image, luma.oled.device, gpiozero, serial"


def child_env(root: Path = ROOT) -> dict[str, str]:
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONUNBUFFERED": "1", "COMPANION_LANG": "en",
            "PYTHONPATH": str(root) + (os.pathsep + path if path else "")}


def _wall(command: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE, timeout=120)
    return time.perf_counter() - began


def two_player_table(folder: Path) -> Path:
    """The Freight Train example table (`examples/`), its first two players."""
    table = json.loads((ROOT / "examples" / "freight-train-day1.json").read_text("utf-8"))
    table["players"] = table["players"][:2]
    path = folder / "freight-train-2p.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    return path


# --- 1. Start-up ---------------------------------------------------------------------------------


def measure_tally_start(repeats: int = 7) -> dict[str, Any]:
    """`companion tally` of a small table against a bare Python start, interleaved."""
    env = child_env()
    with tempfile.TemporaryDirectory(prefix="bench-tally-") as name:
        table = two_player_table(Path(name))
        tally = [sys.executable, "-m", "companion", "tally", str(table)]
        bare = [sys.executable, "-c", BARE_PYTHON]
        _wall(tally, env)  # every .pyc written before anything is timed
        tallies, bares = [], []
        for _ in range(repeats):
            tallies.append(_wall(tally, env))
            bares.append(_wall(bare, env))
    ours, alone = statistics.median(tallies), statistics.median(bares)
    return {"repeats": repeats, "tally_ms": round(ours * 1000, 1),
            "bare_python_ms": round(alone * 1000, 1), "ratio": round(ours / alone, 2)}


def measure_hardware_python(repeats: int = 5) -> dict[str, Any]:
    """A Python importing only the hardware libraries, spawn to exit (median)."""
    env = child_env()
    command = [sys.executable, "-c", HARDWARE_PYTHON]
    _wall(command, env)
    times = [_wall(command, env) for _ in range(repeats)]
    return {"repeats": repeats, "hardware_python_s": round(statistics.median(times), 3)}


# --- 2 and 3. Syncs, bytes written, bus bytes ----------------------------------------------------


def count_syncs(trace: str) -> dict[str, int]:
    """fsync and fdatasync calls per phase of a probe's strace output (see table_probe)."""
    counts: dict[str, int] = {}
    phase = "before"
    for line in trace.splitlines():
        if "/bench-marker/" in line:
            phase = line.split("/bench-marker/", 1)[1].split('"', 1)[0]
            counts.setdefault(phase, 0)
        elif "fsync(" in line or "fdatasync(" in line:
            counts[phase] = counts.get(phase, 0) + 1
    return counts


def syncs_per_move(trace: str) -> list[tuple[int, bool]]:
    """For each move of a probe's strace output (`-y`: descriptors with their paths), the
    syncs it made and whether one of them was a checkpoint (a sync of the journal's main
    file, which only a checkpoint writes)."""
    moves: list[tuple[int, bool]] = []
    for line in trace.splitlines():
        if "/bench-marker/" in line and moves:
            break  # the end of the moves phase
        if "/bench-move/" in line:
            moves.append((0, False))
        elif moves and ("fsync(" in line or "fdatasync(" in line):
            syncs, checkpoint = moves[-1]
            moves[-1] = (syncs + 1, checkpoint or ".sqlite3>" in line and "journal" in line)
    return moves


def trace_probe(game: str = "freight-train", players: int = 4, moves: int = 0,
                root: Path = ROOT) -> dict[str, Any]:
    """Run the probe (under strace when installed) on the code in `root`."""
    strace = shutil.which("strace")
    with tempfile.TemporaryDirectory(prefix="bench-probe-") as name:
        folder = Path(name)
        command = [sys.executable, str(ROOT / "bench" / "table_probe.py"),
                   str(folder / "state"), "--game", game, "--players", str(players),
                   "--moves", str(moves)]
        trace_file = folder / "trace.txt"
        if strace is not None:
            traced = [strace, "-f", "-qq", "-y", "-o", str(trace_file),
                      "-e", "trace=fsync,fdatasync,access,faccessat,faccessat2"]
            # With a seccomp filter only the traced calls stop the child: far quicker.
            fast = subprocess.run([strace, "--seccomp-bpf", "-f", "-qq", "-o", os.devnull,
                                   "true"], capture_output=True).returncode == 0
            command = [*traced[:1], *(["--seccomp-bpf"] if fast else []), *traced[1:],
                       *command]
        done = subprocess.run(command, env=child_env(root), cwd=ROOT, capture_output=True,
                              text=True, timeout=900)
        if done.returncode != 0:
            raise RuntimeError(f"the table probe failed: {done.stderr.strip()[-300:]}")
        result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        trace = trace_file.read_text() if strace else ""
        result["syncs"] = count_syncs(trace) if strace else None
        each = syncs_per_move(trace)
        plain = [syncs for syncs, checkpoint in each if not checkpoint]
        result["per_move_worst"] = None if not strace else {
            "without_checkpoint": max(plain, default=0),
            "with_checkpoint": max((syncs for syncs, checkpoint in each if checkpoint),
                                   default=0),
            "checkpoints": sum(checkpoint for _, checkpoint in each),
        }
    result["strace"] = strace is not None
    moved = max(1, result["moves"])
    written = result["written_bytes"]
    syncs = result["syncs"]
    result["per_press"] = {
        "syncs": None if syncs is None else syncs.get("presses", 0) / result["presses"],
        "bytes": None if written["presses"] is None else written["presses"] / result["presses"],
    }
    result["per_move"] = {
        "syncs": None if syncs is None else round(syncs.get("moves", 0) / moved, 2),
        "bytes": None if written["moves"] is None else round(written["moves"] / moved),
    }
    result["first_start_syncs"] = None if syncs is None else syncs.get("first-start", 0)
    return result


# --- 4. Idle CPU ---------------------------------------------------------------------------------


def _thread_cpu_seconds(pid: int) -> dict[int, float]:
    """CPU time of each thread of `pid` by thread id: from schedstat (nanoseconds) where the
    kernel has it, else from stat (clock ticks, 10 ms, too coarse for a few idle seconds)."""
    times: dict[int, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            times[int(task.name)] = int((task / "schedstat").read_text().split()[0]) / 1e9
        except (OSError, ValueError, IndexError):
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # the thread ended meanwhile
            times[int(task.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf(
                "SC_CLK_TCK")
    return times


def _cpu_seconds(pid: int) -> float:
    """CPU time of every thread of `pid`."""
    return sum(_thread_cpu_seconds(pid).values())


#: The quiet spell of the idle runs: short, since no card is laid, so that a round does not wait
#: the default 10 s before the reader polls ahead.
IDLE_QUIET_AFTER = 0.5
#: The reader's debug line when it starts polling ahead: the bench waits for it.
POLLING_AHEAD_LINE = b"each wake-up sent a poll ahead"


#: `dim_minutes` of the runs at rest: the panel dims a few hundredths of a second after the
#: start (the configuration takes any number of minutes from 0, which would mean never).
IDLE_REST_MINUTES = 0.001
REST_STATES = ("awake", "dimmed", "dark")


def resting_line(state: str) -> bytes:
    """The reader's debug line when it takes the pace of a panel in `state` (its default poll
    interval slowed down as the companion does)."""
    from companion.table.panel_rest import READER_SLOWDOWN, Rest
    from drivers.config import ReaderSettings

    interval = ReaderSettings().poll_interval * READER_SLOWDOWN[Rest(state)]
    return f"resting, a poll every {interval:g} s".encode()


def measure_idle_cpu(seconds: float = 5.0, settle: float = 2.5,
                     variant: str = "as-is", polling_ahead: bool = True,
                     rest: str = "awake") -> dict[str, Any]:
    """CPU of a whole simulated `companion run`, idle after its first frame (Linux /proc);
    `variant` cuts the reader's poll down (see bench/idle_variant.py). With `polling_ahead`
    the reader's quiet spell is short and the measure starts once its log (at debug level)
    says it polls ahead; without, each poll sends its own wake-up and sleeps out the chip's
    timer (two wakes a poll), as while cards come and go. `rest` "dimmed" or "dark": the
    panel rests at once, and the measure starts once the reader says it rests too."""
    from bench.bench_companion import PLAYER_NAMES

    if rest not in REST_STATES:
        raise ValueError(f"rest is one of {', '.join(REST_STATES)}, not {rest!r}")
    with tempfile.TemporaryDirectory(prefix="bench-idle-") as name:
        folder = Path(name)
        config = folder / "config.toml"
        quiet_after = IDLE_QUIET_AFTER if polling_ahead else '"never"'
        resting = ""
        if rest != "awake":
            dark = IDLE_REST_MINUTES if rest == "dark" else 0
            resting = f"dim_minutes = {IDLE_REST_MINUTES}\nblank_minutes = {dark}\n"
        config.write_text(f'[companion]\nlanguage = "en"\n{resting}[reader]\nkind = "sim"\n'
                          f"quiet_after = {quiet_after}\n", encoding="utf-8")
        runner = (["-m", "companion"] if variant == "as-is" else
                  [str(ROOT / "bench" / "idle_variant.py"), variant])
        command = [sys.executable, *runner, "--log-level", "debug", "run", "--config",
                   str(config), "--state-dir", str(folder / "state"), "--game", "freight-train",
                   "--players", ",".join(PLAYER_NAMES[:2])]
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, env=child_env(), cwd=ROOT)
        assert child.stdout is not None and child.stdin is not None
        try:
            ready, _, _ = select.select([child.stdout], [], [], 60)
            if not ready or not os.read(child.stdout.fileno(), 65536):
                raise RuntimeError("companion run showed no frame")
            markers = [POLLING_AHEAD_LINE] if polling_ahead else []
            if rest != "awake":
                markers.append(resting_line(rest))
            _wait_for_lines(child, markers)
            # Past the first start's enrolment and its notice ("Hold up: game menu", 2 s):
            # idle is a table whose screen has not changed for `settle` seconds, longer
            # than a notice.
            _wait_for_still_screen(child, settle)
            before, wall_before = _thread_cpu_seconds(child.pid), time.monotonic()
            time.sleep(seconds)
            after = _thread_cpu_seconds(child.pid)
            wall = time.monotonic() - wall_before
            spent = {tid: used - before.get(tid, 0.0) for tid, used in after.items()}
            cpu = sum(spent.values())
            # The main thread runs the table loop; of the others the reader's poll is the one
            # that wakes (the keyboard and the stop watcher only wait).
            loop = spent.get(child.pid, 0.0)
            threads = len(os.listdir(f"/proc/{child.pid}/task"))
        finally:
            child.communicate(input=b"", timeout=60)
    return {"seconds": round(wall, 2), "cpu_seconds": round(cpu, 3),
            "percent_of_one_core": round(100 * cpu / wall, 3), "threads": threads,
            "loop_percent": round(100 * loop / wall, 3),
            "other_threads_percent": round(100 * (cpu - loop) / wall, 3)}


def _wait_for_still_screen(child: subprocess.Popen[bytes], quiet: float) -> None:
    """Read the child's frames (the desktop display on its standard output) until none has
    come for `quiet` seconds."""
    assert child.stdout is not None
    while True:
        ready, _, _ = select.select([child.stdout], [], [], quiet)
        if not ready:
            return
        if not os.read(child.stdout.fileno(), 65536):
            raise RuntimeError("companion run stopped before it was idle")


def _wait_for_lines(child: subprocess.Popen[bytes], markers: list[bytes]) -> None:
    """Read the child's standard error until each of `markers` has been in it, in any
    order."""
    assert child.stderr is not None
    waiting = list(markers)
    longest = max((len(marker) for marker in markers), default=0)
    seen = b""
    while waiting:
        ready, _, _ = select.select([child.stderr], [], [], 60)
        chunk = os.read(child.stderr.fileno(), 65536) if ready else b""
        if not chunk:
            raise RuntimeError(f"companion run never logged {waiting[0].decode()!r}")
        seen = seen[-longest:] + chunk
        waiting = [marker for marker in waiting if marker not in seen]


def measure_idle_pair(seconds: float = 5.0, rounds: int = 2) -> dict[str, Any]:
    """Idle CPU once the reader polls ahead and with each poll sending its own wake-up (as
    while cards come and go), in interleaved rounds; medians (a busy spell of the machine
    spoils a round, not the figure)."""
    ahead: list[dict[str, Any]] = []
    each_poll: list[float] = []
    for _ in range(rounds):
        ahead.append(measure_idle_cpu(seconds))
        each_poll.append(measure_idle_cpu(seconds, polling_ahead=False)["percent_of_one_core"])
    middle = sorted(ahead, key=lambda run: run["percent_of_one_core"])[(rounds - 1) // 2]
    return {**middle, "rounds": rounds,
            "percent_of_one_core": round(statistics.median(
                run["percent_of_one_core"] for run in ahead), 3),
            "rounds_percent": [run["percent_of_one_core"] for run in ahead],
            "each_poll_own_wake_up_percent": round(statistics.median(each_poll), 3)}


def measure_idle_at_rest(seconds: float = 5.0, rounds: int = 2) -> dict[str, Any]:
    """Idle CPU with the panel dimmed, dark, and awake (the reader polling ahead in each), in
    interleaved rounds; medians, with the median dimmed round's details."""
    runs: dict[str, list[dict[str, Any]]] = {state: [] for state in REST_STATES}
    for _ in range(rounds):
        for state, measured in runs.items():
            measured.append(measure_idle_cpu(seconds, rest=state))
    result: dict[str, Any] = {"rounds": rounds}
    for state, measured in runs.items():
        percents = [run["percent_of_one_core"] for run in measured]
        middle = sorted(measured, key=lambda run: run["percent_of_one_core"])[(rounds - 1) // 2]
        result[state] = {**middle, "percent_of_one_core": round(statistics.median(percents), 3),
                         "rounds_percent": percents}
    return result


def measure_idle_breakdown(seconds: float = 5.0, rounds: int = 2) -> dict[str, Any]:
    """Where the idle CPU goes: `companion run` as is, with the reader's registers answering
    nothing (no chip simulator), and with each poll doing nothing (the reader thread's wake a
    poll), interleaved; medians in % of one core."""
    runs: dict[str, list[float]] = {"as-is": [], "no-chip": [], "no-poll": []}
    loop: list[float] = []
    for _ in range(rounds):
        for variant, percents in runs.items():
            # A poll doing nothing never logs its switch: either way it does nothing.
            measured = measure_idle_cpu(seconds, variant=variant,
                                        polling_ahead=variant != "no-poll")
            percents.append(measured["percent_of_one_core"])
            loop.append(measured["loop_percent"])
    whole, no_chip, no_poll = (statistics.median(runs[name]) for name in runs)
    return {"rounds": rounds, "seconds": seconds, "whole": round(whole, 3),
            "chip_simulator": round(whole - no_chip, 3),
            "driver_poll": round(no_chip - no_poll, 3),
            "wakes_and_loop": round(no_poll, 3), "loop": round(statistics.median(loop), 3)}


# --- The Pi estimate -----------------------------------------------------------------------------


def bus_ms(byte_count: float) -> float:
    """Milliseconds on I2C at 400 kHz."""
    return byte_count * I2C_BYTE_SECONDS * 1000


def run(quick: bool = False) -> dict[str, Any]:
    return {
        "tally": measure_tally_start(3 if quick else 9),
        "hardware_python": measure_hardware_python(3 if quick else 7),
        "probe": trace_probe(moves=60 if quick else 0),
        "idle_cpu": measure_idle_cpu(3.0 if quick else 10.0),
        "idle_at_rest": measure_idle_at_rest(3.0 if quick else 6.0, 1 if quick else 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = run(args.quick)
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
