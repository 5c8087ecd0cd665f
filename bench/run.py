"""Every benchmark figure in one table: each with its aim and, where there is one, the
alternative measured side by side in the same run.

    python bench/run.py            # a few minutes
    python bench/run.py --quick    # under a minute (CI)
    python bench/run.py --json
    python bench/run.py --quick --only pi    # one section (pi brings companion with it)

Nothing here passes or fails on speed: a row whose figure misses its aim says MISS in the
status column and the run still succeeds. A section that cannot run at all (an exception) is
reported as an ERROR row, the other sections go on, and the exit status is 1.

Sections: engine (bench_engine), reader and display (bench_drivers), companion
(bench_companion and bench_journal), pi (bench_gentle: start-up, syncs and bytes written,
display bus, idle CPU, each with an estimate on a Pi Zero 2 W), Ticket to Ride (bench_ttr,
bench_ttr_maps, bench_flash), web (bench_web: the scoreboard's first byte, move-to-event
delay and peak RSS; bench_web_load: 200 live streams' CPU, the board's RSS and `/tables`
with 1,000 tables), mqtt (bench_mqtt: messages and bytes per move, the outbox's cost,
draining after an outage), enrolment (bench_enrolment: a whole box enrolled the old way and
with "Set up a box", actions and time).
Which figure comes from which function is in each section's function below.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing

OK, MISS, ERROR, NONE = "ok", "MISS", "ERROR", "-"


@dataclass
class Row:
    section: str
    figure: str
    value: str
    aim: str = NONE
    alternative: str = NONE
    status: str = NONE
    #: The figure on the table's Raspberry Pi Zero 2 W: CPU times 8, plus bus and poll times.
    pi: str = NONE


def judged(met: bool | None) -> str:
    """The status of a figure against its aim (None: no aim)."""
    if met is None:
        return NONE
    return OK if met else MISS


def fmt(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


# --- The machine ---------------------------------------------------------------------------------


def machine() -> dict[str, str]:
    model = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.split(":")[0].strip() in ("model name", "Model"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        import os

        cores = str(len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        cores = "?"
    return {"uname_m": platform.machine(), "cpu": model, "cores": cores,
            "python": platform.python_version()}


# --- Sections ------------------------------------------------------------------------------------


def section_engine(quick: bool) -> tuple[list[Row], Any]:
    """Random complete games per second and the median `apply`, for every game of the engine."""
    from bench.bench_companion import players_for
    from bench.bench_engine import measure_game
    from engine.registry import GAMES

    rows: list[Row] = []
    raw = []
    for game in GAMES:
        f = measure_game(game, players_for(game), 0.3 if quick else 2.0)
        raw.append(f)
        game_aim = game == "freight-train"
        rows.append(Row(
            "engine", f"{game}: random complete games/s ({f['players']} players)",
            f"{f['games_per_second']:.1f}/s, {f['ms_per_game']:.1f} ms/game, "
            f"{f['events_per_game']:.0f} events",
            "game < 50 ms" if game_aim else NONE, NONE,
            judged(f["ms_per_game"] < 50 if game_aim else None)))
        rows.append(Row(
            "engine", f"{game}: median apply",
            f"{f['apply_median_us']:.1f} us (median of {len(f['apply_round_medians_us'])} "
            f"rounds between the games; p99 {f['apply_p99_us']:.1f} us)",
            "< 50 us", NONE, judged(f["apply_median_us"] < 50)))
    return rows, raw


def section_reader(quick: bool) -> tuple[list[Row], Any]:
    """bench_drivers: SPI transfers when idle, against the mfrc522 library; notice times; CPU."""
    from bench import bench_drivers
    from companion.table.panel_rest import READER_SLOWDOWN, Rest

    transfers = bench_drivers.measure_idle_transfers(1.0 if quick else 3.0)
    trials = 3 if quick else 10
    latency = bench_drivers.measure_latency(trials)
    always_ahead = bench_drivers.measure_latency(trials, quiet_after=0)
    first = bench_drivers.measure_first_tap_after_quiet(trials)
    # The same, on a reader resting with the panel: the card's read wakes it.
    resting = {state: bench_drivers.measure_first_tap_after_quiet(trials,
                                                                  rest=READER_SLOWDOWN[state])
               for state in (Rest.DIMMED, Rest.DARK)}
    cpu = bench_drivers.measure_idle_cpu(2.0 if quick else 5.0)
    ours, library = transfers["ours_per_second"], transfers["library_per_second"]
    # The promise of polling ahead: the first card after a quiet spell waits one poll more.
    first_aim = latency["placed_max_ms"] + latency["poll_interval"] * 1000
    rows = [
        Row("reader", "SPI transfers per idle second (MFRC522 chip simulator), polling ahead",
            f"{ours:.0f}/s ({transfers['ours_per_poll']} per poll, every "
            f"{transfers['ours_poll_interval'] * 1000:.0f} ms; each poll its own wake-up: "
            f"{transfers['each_poll_own_wake_up_per_poll']} per poll)",
            "fewer than the library",
            "mfrc522 not installed" if library is None else
            f"mfrc522 read_id_no_block()/100 ms: {library:.0f}/s "
            f"({transfers['library_per_poll']:.0f}/call), {transfers['ratio']}x",
            judged(None if library is None else ours < library)),
        Row("reader", f"card placed -> TagPlaced while cards come and go ({latency['trials']} "
            f"trials, {latency['polls_ahead']} polls ahead)",
            f"median {latency['placed_median_ms']} ms, max {latency['placed_max_ms']} ms",
            "max < 100 ms",
            f"always polling ahead (reader.quiet_after = 0): median "
            f"{always_ahead['placed_median_ms']} ms, max {always_ahead['placed_max_ms']} ms",
            judged(latency["placed_max_ms"] < 100)),
        Row("reader", f"first card after a quiet spell -> TagPlaced ({first['trials']} trials, "
            "each laid once the reader polls ahead)",
            f"median {first['placed_median_ms']} ms, max {first['placed_max_ms']} ms",
            f"max <= one poll more ({first_aim:.0f} ms)", NONE,
            judged(first["placed_max_ms"] <= first_aim)),
        Row("reader", "card removed -> TagRemoved",
            f"median {latency['removed_median_ms']} ms, max {latency['removed_max_ms']} ms",
            "max < 600 ms (0.5 s silence + 1 poll)", NONE,
            judged(latency["removed_max_ms"] < 600)),
        Row("reader", "CPU of the idle simulated driver set (reader, buttons, display)",
            f"{cpu['percent_of_one_core']} % of one core ({cpu['threads']} threads)",
            "< 1 % of one core", NONE, judged(cpu["percent_of_one_core"] < 1.0)),
    ]
    for state, tap in resting.items():
        # Two resting polls in place of the two awake ones a first card waits at most.
        rest_aim = first_aim + 2 * (tap["interval"] - latency["poll_interval"]) * 1000
        rows.insert(-2, Row(
            "reader", f"first card on a reader resting with a {state.value} panel -> TagPlaced "
            f"({tap['trials']} trials, a poll every {tap['interval'] * 1000:.0f} ms, ahead)",
            f"median {tap['placed_median_ms']} ms, max {tap['placed_max_ms']} ms",
            f"max <= two resting polls for two awake ones ({rest_aim:.0f} ms)",
            f"awake: median {first['placed_median_ms']} ms, max {first['placed_max_ms']} ms",
            judged(tap["placed_max_ms"] <= rest_aim)))
    return rows, {"idle_transfers": transfers, "latency": latency,
                  "latency_always_ahead": always_ahead, "first_tap_after_quiet": first,
                  "first_tap_at_rest": {state.value: tap for state, tap in resting.items()},
                  "idle_cpu": cpu}


def luma_unchanged_frame_bytes() -> int:
    """Bytes luma's own ssd1306 sends for a frame identical to the one before (no skipping)."""
    from luma.oled.device import ssd1306
    from PIL import Image, ImageDraw

    from drivers.sim.display import CountingInterface

    interface = CountingInterface()
    device = ssd1306(interface, width=128, height=64)
    device.persist = True  # no clearing at exit: the interface is a counter
    frame = Image.new("1", (128, 64))
    ImageDraw.Draw(frame).rectangle((10, 10, 60, 40), fill=1)
    device.display(frame)
    before = interface.total_bytes
    device.display(frame.copy())
    return interface.total_bytes - before


def section_display(quick: bool) -> tuple[list[Row], Any]:
    """bench_drivers: bytes on the bus for an unchanged frame, against luma alone."""
    from bench import bench_drivers

    frame = bench_drivers.measure_frame_bytes()
    luma = luma_unchanged_frame_bytes()
    rows = [
        Row("display", "bytes sent per unchanged frame (SSD1306)",
            f"{frame['unchanged_bytes']} (a changed frame: {frame['changed_bytes']})", "0",
            f"luma ssd1306.display() alone: {luma}", judged(frame["unchanged_bytes"] == 0)),
    ]
    changes = bench_drivers.measure_screen_changes()
    for name, sent in changes.items():
        small = name != "a new screen"
        rows.append(Row(
            "display", f"bytes sent for a table screen change: {name} (SSD1306)", str(sent),
            "<= 1/3 of a frame (343)" if small else NONE, f"luma ssd1306.display(): {luma}",
            judged(sent <= luma / 3 if small else None),
            f"{sent * 9 / 400:.1f} ms on I2C at 400 kHz"))
    return rows, {"frame_bytes": frame, "luma_unchanged_bytes": luma, "screen_changes": changes}


class Background:
    """A measurement started early and collected later (the demo game is mostly waiting)."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self._result: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], Any]) -> None:
        try:
            self._result = work()
        except BaseException as error:  # handed to the section that collects it
            self._error = error

    def result(self, timeout: float | None = None) -> Any:
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError("the background measurement did not finish")
        if self._error is not None:
            raise self._error
        return self._result


def start_peak_rss(quick: bool) -> Callable[[], list[dict[str, Any]]]:
    """Peak RSS of a demo game per game at the table: in a quick run, started now in the
    background (it is mostly asleep waiting for simulated hands); else run when collected."""
    from bench.bench_companion import games_to_measure, measure_peak_rss

    games = games_to_measure(quick)
    if not quick:
        return lambda: [measure_peak_rss(game) for game in games]
    pending = Background(lambda: [measure_peak_rss(game) for game in games])
    def collect() -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = pending.result(timeout=300)
        return result

    return collect


def section_companion(quick: bool, peak_rss: Callable[[], list[dict[str, Any]]]
                      ) -> tuple[list[Row], Any]:
    """bench_companion: tap-to-frame, resume, peak RSS, cold start, import time."""
    from bench import bench_companion as bc

    rows: list[Row] = []
    raw: dict[str, Any] = {}
    errors: list[str] = []

    def part(name: str, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception as error:  # one part failing leaves the others standing
            errors.append(f"{name}: {type(error).__name__}: {error}")
            rows.append(Row("companion", name, f"{type(error).__name__}: {error}"[:200],
                            status=ERROR))

    def taps() -> None:
        raw["tap_to_frame"] = []
        for game in bc.games_to_measure(quick):
            t = bc.measure_tap_to_frame(game, max_taps=150 if quick else None)
            raw["tap_to_frame"].append(t)
            fsync = max(t["fsync_median_ms_before_after"])
            rows.append(Row(
                "companion",
                f"{game}: tap-to-frame without the commit ({t['taps_no_commit']} taps)",
                f"median {fmt(t['no_commit_median_ms'], 2)} ms, p95 "
                f"{fmt(t['no_commit_p95_ms'], 2)} ms",
                "median < 2 ms",
                f"outside the journal: {fmt(t['no_commit_outside_journal_median_ms'], 2)} ms; "
                f"{t['taps_no_commit_draft_written']} wrote the draft after the frame, unsynced "
                f"(an fsync here: {fsync:.2f} ms)",
                judged(None if t["no_commit_median_ms"] is None
                       else t["no_commit_median_ms"] < bc.AIMS["tap_no_commit_median_ms"])))
            rows.append(Row(
                "companion", f"{game}: tap-to-frame with the commit ({t['taps_commit']} taps)",
                f"median {fmt(t['commit_median_ms'], 2)} ms, p95 {fmt(t['commit_p95_ms'], 2)} ms",
                NONE, "outside the journal: "
                f"{fmt(t['commit_outside_journal_median_ms'], 2)} ms", NONE))

    def resume() -> None:
        raw["resume"] = bc.measure_resume(repeats=3 if quick else 11)
        for row in raw["resume"]:
            events = row["events"]
            worst = "" if events in (500, 5_000) else " (worst case: just before a snapshot)"
            rows.append(Row(
                "companion", f"resume at {events:,} events{worst}",
                f"{row['snapshots_ms']:.2f} ms", "< 100 ms",
                f"replaying every event, no snapshots: {row['no_snapshots_ms']:.1f} ms",
                judged(row["snapshots_ms"] < bc.AIMS["resume_5000_ms"])))

    def rss() -> None:
        raw["peak_rss"] = peak_rss()
        for r in raw["peak_rss"]:
            rows.append(Row(
                "companion", f"peak RSS, companion demo {r['game']} --seed {r['seed']} "
                f"--players {r['players']}",
                f"{r['peak_rss_mb']} MB (a {r['wall_s']} s game)", "< 40 MB", NONE,
                judged(r["peak_rss_mb"] < bc.AIMS["peak_rss_mb"]),
                f"about the same: {r['peak_rss_mb'] / 512 * 100:.0f} % of the Pi's 512 MB"))

    def cold() -> None:
        raw["cold_start"] = []
        for game in bc.games_to_measure(quick):
            c = bc.measure_cold_start(game, repeats=bc.QUICK_COLD_ROUNDS if quick else 5)
            raw["cold_start"].append(c)
            rows.append(Row(
                "companion", f"{game}: cold start to first frame, empty folder "
                f"({c['repeats']} runs)",
                f"{c['first_start_s']:.3f} s (max {c['first_start_max_s']:.3f} s)", "<= 1 s",
                f"restart (game resumed): {c['restart_s']:.3f} s; first start enrols "
                f"{c['tags_enrolled_at_first_start']} tags, fsync {c['fsync_median_ms']:.2f} ms",
                judged(c["first_start_max_s"] <= bc.AIMS["cold_start_s"])))

    def imports() -> None:
        imp = bc.measure_importtime(repeats=2 if quick else 5)
        raw["importtime"] = imp
        packages = ", ".join(f"{name} {ms:.0f}" for name, ms in
                             list(imp["packages_ms"].items())[:4])
        rows.append(Row(
            "companion", "imports of `companion run` before its game (-X importtime)",
            f"{imp['total_ms']:.0f} ms (the companion's {imp['companion_cli_ms']:.0f} ms)",
            "- (part of the 1 s start)", f"within it (ms): {packages}", NONE))

    part("tap-to-frame", taps)
    part("resume", resume)
    part("peak RSS", rss)
    part("cold start", cold)
    part("importtime", imports)
    raw["errors"] = errors
    return rows, raw


def section_pi(quick: bool, companion: dict[str, Any]) -> tuple[list[Row], Any]:
    """bench_gentle: start-up against a bare Python, syncs and bytes per press and per move,
    bytes on the display bus, idle CPU; with the companion section's tap-to-frame and first
    frames, each with its estimate on a Pi Zero 2 W (see bench_gentle for the factors)."""
    from bench import bench_gentle as bg
    from drivers.config import ReaderSettings
    from drivers.rfid.mfrc522_pcd import SHORT_TIMEOUT

    slower, low_sync, high_sync = bg.PI_SLOWER, *bg.SD_FSYNC_MS
    rows: list[Row] = []
    raw: dict[str, Any] = {"errors": []}

    def part(name: str, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception as error:  # one part failing leaves the others standing
            raw["errors"].append(f"{name}: {type(error).__name__}: {error}")
            rows.append(Row("pi", name, f"{type(error).__name__}: {error}"[:200],
                            status=ERROR))

    def tally() -> None:
        t = raw["tally"] = bg.measure_tally_start(3 if quick else 9)
        rows.append(Row(
            "pi", "`companion tally` of a 2-player Freight Train table, wall time",
            f"{t['tally_ms']:.0f} ms ({t['ratio']}x)", "<= 3x a bare Python",
            f"python -c \"{bg.BARE_PYTHON}\": {t['bare_python_ms']:.0f} ms",
            judged(t["ratio"] <= 3), f"~{t['tally_ms'] * slower / 1000:.2f} s"))

    def first_frames() -> None:
        for cold in companion.get("cold_start", []):
            base = cold["hardware_python_s"]
            alternative = (f"a Python importing PIL, luma.oled, gpiozero, pyserial: {base:.3f} s "
                           f"(median; each of {cold['repeats']} rounds runs both, the ratio is "
                           "the median of the rounds' own)")
            for key, label, most in (("restart", "resuming", 2), ("first_start",
                                     "first start of a fresh state folder", 3)):
                value, ratio = cold[f"{key}_s"], cold[f"{key}_ratio"]
                rows.append(Row(
                    "pi", f"{cold['game']}: `companion run` {label}, spawn to first frame",
                    f"{value:.3f} s ({ratio:.1f}x)", f"<= {most}x the hardware Python",
                    alternative, judged(ratio <= most), f"~{value * slower:.1f} s"))

    def disk_and_bus() -> None:
        probe = raw["probe"] = bg.trace_probe(moves=60 if quick else 0)
        syncs = probe["syncs"]
        missing = bg.STRACE_MISSING
        press, move = probe["per_press"], probe["per_move"]
        rows.append(Row(
            "pi", f"fsyncs added by a press that completes no move ({probe['presses']} presses)",
            missing if syncs is None else f"{press['syncs']:g}", "0",
            f"bytes written per press: {fmt(press['bytes'], 0)}",
            judged(None if syncs is None else press["syncs"] == 0),
            "-" if syncs is None else f"{press['syncs'] * high_sync:g} ms of sync"))
        rows.append(Row(
            "pi", f"fsyncs per accepted move ({probe['game']}, {probe['moves']} moves)",
            missing if syncs is None else f"{move['syncs']:g}", "<= 2 (log, due checkpoint)",
            "first start: " + ("-" if syncs is None else f"{probe['first_start_syncs']} fsyncs"),
            judged(None if syncs is None else move["syncs"] <= 2),
            "-" if syncs is None else
            f"{move['syncs'] * low_sync:.0f}-{move['syncs'] * high_sync:.0f} ms of sync"))
        worst = probe.get("per_move_worst")
        rows.append(Row(
            "pi", "fsyncs of the worst move, without / with a checkpoint",
            missing if worst is None else
            f"{worst['without_checkpoint']} / {worst['with_checkpoint']}",
            "<= 2 / - (log, log header after a checkpoint)",
            "-" if worst is None else f"{worst['checkpoints']} moves ended in a checkpoint",
            judged(None if worst is None else worst["without_checkpoint"] <= 2),
            "-" if worst is None else
            f"{worst['without_checkpoint'] * high_sync:g} ms of sync at worst"))
        per_move = move["bytes"]
        rows.append(Row(
            "pi", f"bytes written to the journal per move ({probe['game']} demo)",
            "n/a (no /proc/self/io)" if per_move is None else f"{per_move / 1024:.1f} KB",
            "<= 16 KB", f"log at the end: {probe['wal_bytes'] / 1024:.0f} KB",
            judged(None if per_move is None else per_move <= 16 * 1024),
            "-" if per_move is None else f"{per_move * 200 / 1024 / 1024:.1f} MB per 200 moves"))
        bus = probe["bus"]
        per_change = bus["per_change"]
        rows.append(Row(
            "pi", f"display bytes per frame change ({bus['frame_changes']} changes, SSD1306)",
            f"{fmt(per_change, 0)} ({fmt(None if per_change is None else per_change / 10.3, 0)}"
            " % of a frame)", f"<= 1/3 of a frame ({bg.FULL_FRAME_BYTES // 3})",
            f"luma ssd1306.display(): {bg.FULL_FRAME_BYTES} ({bg.bus_ms(bg.FULL_FRAME_BYTES):.0f}"
            " ms on I2C)", judged(None if per_change is None
                                  else per_change <= bg.FULL_FRAME_BYTES / 3),
            "-" if per_change is None else f"{bg.bus_ms(per_change):.1f} ms on I2C at 400 kHz"))
        rows.append(Row(
            "pi", "  of which: changes of at most 3 pages (a line, a cursor) / of more "
            "(a new screen, a notice)",
            f"{bus['small_changes']} x {fmt(bus['per_small_change'], 0)} / "
            f"{bus['large_changes']} x {fmt(bus['per_large_change'], 0)} bytes",
            NONE, NONE, NONE,
            f"{bg.bus_ms(bus['per_small_change'] or 0):.1f} / "
            f"{bg.bus_ms(bus['per_large_change'] or 0):.1f} ms on I2C"))
        if bus.get("kinds"):
            from bench.bus_kinds import summary

            rows.append(Row(
                "pi", "  by kind of change: count x bytes (share of the bytes)",
                summary(bus["kinds"]), NONE, NONE, NONE, NONE))
        raw["bus_ms"] = None if per_change is None else bg.bus_ms(per_change)

    def taps() -> None:
        bus = raw.get("bus_ms") or bg.bus_ms(bg.FULL_FRAME_BYTES)
        reader = ReaderSettings()
        poll_ms = reader.poll_interval * 1000
        # While cards come and go each poll sends its own wake-up and sleeps out the chip's
        # timer; the first card after a quiet spell is heard by the wake-up the poll after it
        # sends, and read one poll later.
        reader_ms = poll_ms + SHORT_TIMEOUT * 1000 + 1
        reader_why = (f"a poll every {poll_ms:.0f} ms, {SHORT_TIMEOUT * 1000 + 1:.0f} ms to hear "
                      f"no card; {2 * poll_ms:.0f} ms for the first tap after ")
        reader_why += ("no quiet spell" if reader.quiet_after is None else
                       f"{reader.quiet_after:g} s without a card, polling ahead")
        from companion.table.panel_rest import READER_SLOWDOWN, Rest

        reader_why += "; resting with the panel, " + ", ".join(
            f"{2 * poll_ms * READER_SLOWDOWN[state]:.0f} ms {state.value}"
            for state in (Rest.DIMMED, Rest.DARK))
        for t in companion.get("tap_to_frame", []):
            p99, outside, cpu = (t["all_p99_ms"], t["all_p99_outside_journal_ms"],
                                 t["all_p99_cpu_ms"])
            rows.append(Row(
                "pi", f"{t['game']}: tap-to-frame p99 ({t['taps_commit'] + t['taps_no_commit']}"
                " taps)", f"{fmt(p99, 2)} ms", "<= 2 ms",
                f"outside the journal: {fmt(outside, 2)} ms; the loop's CPU: {fmt(cpu, 2)} ms",
                judged(None if p99 is None else p99 <= 2),
                "-" if cpu is None else
                f"{cpu * slower:.0f} ms CPU + {bus:.0f} ms bus (+ a sync of {low_sync:g}-"
                f"{high_sync:g} ms when a move is kept; + up to {reader_ms:.0f} ms for the "
                f"reader: {reader_why})"))

    def idle() -> None:
        cpu = raw["idle_cpu"] = bg.measure_idle_pair(3.0 if quick else 6.0, 3 if quick else 4)
        responsive = cpu["each_poll_own_wake_up_percent"]
        rows.append(Row(
            "pi", f"idle CPU of the whole appliance, panel awake, once the reader polls ahead "
            f"({cpu['threads']} threads, simulated; median of {cpu['rounds']} rounds)",
            f"{cpu['percent_of_one_core']:.2f} % of one core", NONE,
            f"while cards come and go (each poll its own wake-up), rounds between: "
            f"{responsive:.2f} %; the median round: {cpu['cpu_seconds']} s of CPU in "
            f"{cpu['seconds']} s, the loop (main thread) {cpu['loop_percent']:.3f} %, the "
            f"reader's poll and the waiting threads {cpu['other_threads_percent']:.3f} %",
            NONE, f"~{cpu['percent_of_one_core'] * slower:.1f} % of a core "
            f"(~{responsive * slower:.1f} % while cards come and go)"))

    def idle_at_rest() -> None:
        rest = raw["idle_at_rest"] = bg.measure_idle_at_rest(3.0 if quick else 6.0,
                                                             3 if quick else 4)
        dimmed, dark, awake = rest["dimmed"], rest["dark"], rest["awake"]
        percent = dimmed["percent_of_one_core"]
        rows.append(Row(
            "pi", f"idle CPU of the whole appliance at rest, panel dimmed, the reader polling "
            f"ahead at its resting pace ({dimmed['threads']} threads, simulated; median of "
            f"{rest['rounds']} rounds)",
            f"{percent:.2f} % of one core", "<= 0.25 %",
            f"awake, rounds between: {awake['percent_of_one_core']:.2f} %; dark: "
            f"{dark['percent_of_one_core']:.2f} %; dimmed rounds "
            f"{', '.join(f'{value:.2f}' for value in dimmed['rounds_percent'])} %, the loop "
            f"(main thread) {dimmed['loop_percent']:.3f} %",
            judged(percent <= 0.25),
            f"~{percent * slower:.1f} % of a core (awake ~"
            f"{awake['percent_of_one_core'] * slower:.1f} %, dark ~"
            f"{dark['percent_of_one_core'] * slower:.1f} %; under systemd the loop also wakes "
            "for the watchdog every 5 s)"))

    part("tally", tally)
    part("first frames", first_frames)
    part("syncs and bytes", disk_and_bus)
    def idle_parts() -> None:
        parts = raw["idle_breakdown"] = bg.measure_idle_breakdown(
            2.0 if quick else 5.0, 1 if quick else 2)
        rows.append(Row(
            "pi", "  where it goes: the chip simulator / the driver's poll / the reader's "
            "wakes and the loop",
            f"{parts['chip_simulator']:.3f} / {parts['driver_poll']:.3f} / "
            f"{parts['wakes_and_loop']:.3f} %", NONE,
            f"`companion run` beside itself with registers answering nothing, then with each "
            f"poll doing nothing (bench/idle_variant.py); whole: {parts['whole']:.3f} %, the "
            f"loop {parts['loop']:.3f} %", NONE,
            "the simulator is not on the Pi: 7 SPI transfers a poll instead"))

    part("tap-to-frame", taps)
    part("idle CPU", idle)
    part("idle CPU at rest", idle_at_rest)
    part("idle CPU parts", idle_parts)
    return rows, raw


def section_ttr(quick: bool) -> tuple[list[Row], Any]:
    """bench_ttr: longest route on the worst networks against a plain DFS; station choice;
    random complete games on every example map the table plays, beside USA; bench_ttr_boards:
    random complete games and the worst longest route on every printed board; bench_ttr_maps: tap
    to frame on the toll map through the table, beside USA; bench_flash: the render of a flash
    with the renderer's kept masks and layouts, beside from scratch; the demo of each example
    map."""
    from bench import bench_flash, bench_ttr, bench_ttr_boards, bench_ttr_maps

    cap = 0.5 if quick else 10.0
    rate = bench_ttr.reference_rate()
    rows: list[Row] = []
    longest = []
    for name, edges in bench_ttr.worst_networks(quick):
        f = bench_ttr.measure_longest(name, edges, cap, rate)
        longest.append(f)
        if f["reference_s"] is None:
            plain = (f"plain DFS over edges: > {f['reference_capped_s']:g} s (capped), "
                     f"> {f['speedup_at_least']:.0f}x slower")
        else:
            plain = (f"plain DFS over edges: {f['reference_s'] * 1000:.1f} ms "
                     f"({f['speedup']:.2g}x)")
        rows.append(Row("ticket-to-ride", f"longest route, {name}",
                        f"{f['fast_ms']:.1f} ms (length {f['longest']}, {f['edges']} routes)",
                        "< 50 ms", plain, judged(f["fast_ms"] < 50)))
    stations = bench_ttr.measure_stations()
    rows.append(Row("ticket-to-ride",
                    f"station choice: {stations['stations']} stations, {stations['tickets']} "
                    f"tickets, {stations['opponent_routes']} opponent routes",
                    f"{stations['worst_ms']:.1f} ms (worst of 3)", "< 50 ms", NONE,
                    judged(stations["worst_ms"] < 50)))
    rows.append(Row("ticket-to-ride",
                    f"station choice, an itinerary open: {stations['itinerary_opponent_routes']} "
                    "opponent tracks, parallel ones tried",
                    f"{stations['itinerary_worst_ms']:.1f} ms (worst of 2)", "< 50 ms", NONE,
                    judged(stations["itinerary_worst_ms"] < 50)))
    usa_games, *examples = bench_ttr.measure_example_games(quick)
    for f in examples:
        rows.append(Row("ticket-to-ride",
                        f"random complete games, {f['map']} ({f['players']} players)",
                        f"{f['games_per_second']:.1f}/s, {f['ms_per_game']:.1f} ms/game, "
                        f"{f['events_per_game']:.0f} events", NONE,
                        f"USA, {usa_games['players']} players: "
                        f"{usa_games['games_per_second']:.1f}/s, "
                        f"{usa_games['ms_per_game']:.1f} ms/game", NONE))
    boards = bench_ttr_boards.run(quick)
    usa = boards["usa"]
    for f in boards["boards"]:
        rows.append(Row("ticket-to-ride",
                        f"random complete games, printed board {f['board']} "
                        f"({f['players']} players)",
                        f"{f['games_per_second']:.1f}/s, {f['ms_per_game']:.1f} ms/game, "
                        f"{f['events_per_game']:.0f} events", NONE,
                        f"USA, {usa['players']} players: {usa['games_per_second']:.1f}/s, "
                        f"{usa['ms_per_game']:.1f} ms/game", NONE,
                        f"~{f['ms_per_game'] * bench_ttr_boards.PI_FACTOR:.0f} ms/game"))
        rows.append(Row("ticket-to-ride",
                        f"worst longest route, printed board {f['board']} (of "
                        f"{f['networks']} networks: {f['network']}, {f['edges']} routes)",
                        f"{f['worst_ms']:.2f} ms", "< 50 ms", NONE, judged(f["worst_ms"] < 50),
                        f"~{f['worst_ms'] * bench_ttr_boards.PI_FACTOR:.0f} ms"))
    maps = bench_ttr_maps.run(quick)
    usa_taps, toll_taps = maps["taps"]
    rows.append(Row("ticket-to-ride",
                    f"tap to frame on {toll_taps['map']} (--map FILE), p99 of "
                    f"{toll_taps['taps_commit'] + toll_taps['taps_no_commit']} taps through the "
                    "table (loop, flow, engine, journal, render)",
                    f"{fmt(toll_taps['all_p99_ms'], 2)} ms (outside the journal "
                    f"{fmt(toll_taps['all_p99_outside_journal_ms'], 2)} ms; the loop's CPU "
                    f"{fmt(toll_taps['all_p99_cpu_ms'], 2)} ms)", "<= 2 ms",
                    f"USA, same probe, same run: p99 {fmt(usa_taps['all_p99_ms'], 2)} ms (outside "
                    f"the journal {fmt(usa_taps['all_p99_outside_journal_ms'], 2)} ms; CPU "
                    f"{fmt(usa_taps['all_p99_cpu_ms'], 2)} ms)",
                    judged(None if toll_taps["all_p99_ms"] is None
                           else toll_taps["all_p99_ms"] <= 2),
                    "-" if toll_taps["all_p99_cpu_ms"] is None
                    else f"~{toll_taps['all_p99_cpu_ms'] * 8:.0f} ms CPU"))
    renders = bench_flash.run(quick)
    for f in renders:
        rows.append(Row("ticket-to-ride",
                        f"render of a flash over the screen it answers, {f['map']} demo "
                        f"({f['flashes']} flashes of {f['frames']} frames)",
                        f"median {fmt(f['kept_flash_median_ms'], 3)} ms, p99 "
                        f"{fmt(f['kept_flash_p99_ms'], 3)} ms (another frame "
                        f"{fmt(f['kept_other_median_ms'], 3)} ms)", NONE,
                        f"from scratch (Pillow's text, no kept layouts): median "
                        f"{fmt(f['scratch_flash_median_ms'], 3)} ms, p99 "
                        f"{fmt(f['scratch_flash_p99_ms'], 3)} ms (another frame "
                        f"{fmt(f['scratch_other_median_ms'], 3)} ms)", NONE,
                        "-" if f["kept_flash_median_ms"] is None
                        else f"~{f['kept_flash_median_ms'] * 8:.1f} ms CPU"))
    demos = bench_ttr.measure_demos()
    usa = demos[0]
    for demo in demos:
        per_move = 1000 * demo["wall_s"] / demo["moves"] if demo["moves"] else None
        rows.append(Row(
            "ticket-to-ride", f"demo wall time, --map {Path(demo['map_arg']).name} "
            f"({demo['map']}, {demo['players']} players, seed {demo['seed']})",
            f"{demo['wall_s']:.1f} s, {demo['moves']} moves ({fmt(per_move, 0)} ms a move)"
            if demo["finished"] else f"not finished: {demo['problem']}"[:200],
            "plays to its end", "the USA demo in the same run: "
            f"{usa['wall_s']:.1f} s, {usa['moves']} moves", judged(demo["finished"])))
    return rows, {"longest": longest, "stations": stations, "reference_cap_s": cap,
                  "games": [usa_games, *examples], "boards": boards, "example_maps": maps,
                  "flash_renders": renders, "demos": demos}


def section_web(quick: bool) -> tuple[list[Row], Any]:
    """bench_web: the scoreboard's first byte, move-to-event delay and peak RSS;
    bench_web_load: 200 live streams' CPU, the board's RSS and `/tables` with 1,000 tables."""
    from bench import bench_web

    f = bench_web.measure(repeats=5 if quick else 30, moves=3 if quick else 15)
    rows = [
        Row("web", "time to first byte of the live page (median)",
            f"{f['live_ttfb_ms']:.1f} ms", "< 100 ms",
            f"bare http.server, a static file: {f['bare_ttfb_ms']:.1f} ms",
            judged(f["live_ttfb_ms"] < 100), f"~{f['live_ttfb_ms'] * 8:.0f} ms"),
        Row("web", "move committed to its live event at a client (median)",
            f"{f['move_to_event_ms']:.0f} ms (worst {f['move_to_event_worst_ms']:.0f} ms)",
            "< 1000 ms",
            f"a client asking /api/live without pause: {f['move_to_poll_ms']:.0f} ms",
            judged(f["move_to_event_worst_ms"] < 1000)),
        Row("web", "peak RSS of the web process after serving",
            f"{f['web_rss_mb']:.1f} MB", "<= 40 MB",
            f"bare Python importing Starlette and uvicorn: {f['bare_import_rss_mb']:.1f} MB",
            judged(f["web_rss_mb"] <= 40)),
    ]
    load_rows, f["load"] = web_load_rows(quick)
    return rows + load_rows, f


def web_load_rows(quick: bool) -> tuple[list[Row], Any]:
    from bench import bench_web_load as bl

    f = bl.measure(quick)
    one, many, board = f["streams"]["one"], f["streams"]["many"], f["board"]
    moves, ratio = f["streams"]["moves"], f["streams"]["ratio"]
    empty, full = board["empty"], board["full"]
    return [
        Row("web", f"CPU of {f['streams']['phones']} live streams following {moves} moves "
                   f"(one each {bl.MOVE_PACE:g} s)",
            f"{many['core_percent']:.1f}% of a core ({ratio:.1f}x one stream)",
            "<= 3x one stream",
            f"one stream, the same moves: {one['core_percent']:.1f}% of a core",
            judged(ratio <= 3), f"~{many['core_percent'] * bl.PI_FACTOR:.0f}% of a core"),
        Row("web", f"the board's RSS with {board['tables']} tables",
            f"{full['rss_mb']:.1f} MB", "<= 160 MB (the unit's MemoryMax)",
            f"the same board before the tables: {empty['rss_mb']:.1f} MB",
            judged(full["rss_mb"] <= 160), f"~{full['rss_mb']:.0f} MB (the same code)"),
        Row("web", f"/tables with {board['tables']} tables (median)",
            f"{full['tables_ms']:.0f} ms", NONE,
            f"the same board before the tables: {empty['tables_ms']:.0f} ms", NONE,
            f"~{full['tables_ms'] * bl.PI_FACTOR / 1000:.1f} s"),
    ], f


def section_mqtt(quick: bool) -> tuple[list[Row], Any]:
    """bench_mqtt: messages and bytes per move, the outbox's cost per move, the drain of the
    outbox after a 5-minute outage; bench_board: the club board with many tables."""
    from bench import bench_mqtt

    f = bench_mqtt.measure(moves=bench_mqtt.OUTAGE_MINUTES * 60 // bench_mqtt.SECONDS_PER_MOVE
                           if quick else 120)
    live_outage = (f"the same {f['outage_moves']} moves live: {f['outage_moves']} messages, "
                   f"{f['live_bytes_outage']} B" if f["live_bytes_outage"] else NONE)
    rows = [
        Row("mqtt", "messages and bytes per move (live view; the play at its start and end)",
            f"{f['messages_per_move']:.2f} messages, {f['bytes_per_move']:.0f} B",
            NONE, f"the whole play at each move: {f['whole_play_bytes_per_move']:.0f} B"),
        Row("mqtt", "the table's time per move, outbox in the move's transaction (median)",
            f"{f['submit_ms']:.1f} ms", NONE,
            f"the same moves, publishing nothing: {f['submit_plain_ms']:.1f} ms"),
        Row("mqtt", "move committed to its live view at a subscriber (median)",
            f"{f['move_to_board_ms']:.0f} ms (worst {f['move_to_board_worst_ms']:.0f} ms)",
            "< 1000 ms", NONE, judged(f["move_to_board_worst_ms"] < 1000)),
        Row("mqtt", f"outbox after a {bench_mqtt.OUTAGE_MINUTES}-minute outage "
                    f"({f['outage_moves']} moves, broker down)",
            f"{f['outage_items']} items, {f['outage_bytes']} B", NONE, live_outage),
        Row("mqtt", "outbox drained once the broker is back",
            f"{f['drain_after_connect_ms']:.0f} ms after connecting "
            f"({f['drain_after_start_ms'] / 1000:.1f} s after the broker started, "
            "reconnecting included)", "< 10 s after the start",
            f"the same moves published live: {f['live_send_ms']:.0f} ms in all",
            judged(f["drain_after_start_ms"] < 10_000)),
    ]
    rows += board_rows(quick, f)
    return rows, f


def board_rows(quick: bool, figures: dict[str, Any]) -> list[Row]:
    """bench_board: the club board's RSS and `/tables` time with 1,000 tables all kept, beside
    5,000 made-up tables at its default bounds; the figures join `figures` as `board`."""
    from bench import bench_board

    board = figures["board"] = bench_board.measure(quick)
    kept, rogues = board["all_kept"], board["rogues"]
    return [
        Row("mqtt", "club board with 1,000 tables kept (live view and a play each): RSS, "
                    "/tables (median)",
            f"{kept['rss_mb']:.0f} MB, {kept['tables_ms']:.0f} ms", NONE,
            f"5,000 made-up tables at the default bounds ({rogues['kept']['tables']} kept): "
            f"{rogues['rss_mb']:.0f} MB, {rogues['tables_ms']:.0f} ms",
            NONE, f"~{kept['tables_ms'] * 8:.0f} ms (bounded: ~{rogues['tables_ms'] * 8:.0f} ms)"),
    ]


def section_enrolment(quick: bool) -> tuple[list[Row], Any]:
    """bench_enrolment: Freight Train's and Europe's boxes enrolled through a table, the
    question over a game beside "Set up a box": taps, presses, time at 2 s a tap, 0.5 s a
    press."""
    from bench import bench_enrolment

    boxes = bench_enrolment.run(quick)
    rows = [Row("enrolment", f"a whole box, {box['title']} ({box['new']['cards']} cards), "
                "Set up a box", bench_enrolment.describe(box["new"]),
                "a tap a card, a press per 20 cards at most",
                f"before, the question over a game: {bench_enrolment.describe(box['old'])}",
                judged(box["new"]["taps"] == box["new"]["cards"]
                       and box["new"]["presses"] * 20 <= box["new"]["cards"]))
            for box in boxes]
    return rows, {"boxes": boxes}


# --- Running and printing ------------------------------------------------------------------------


SECTIONS = ("engine", "reader", "display", "companion", "pi", "ticket-to-ride", "web", "mqtt",
            "enrolment")


def run(quick: bool, progress: Callable[[str], None] = lambda text: None,
        only: Collection[str] = ()) -> dict[str, Any]:
    """Every section, or those in `only` (pi brings companion: its first frames and taps)."""
    began = time.monotonic()
    rows: list[Row] = []
    raw: dict[str, Any] = {}
    errors: list[str] = []
    wanted = set(only or SECTIONS) | ({"companion"} if "pi" in only else set())
    try:
        if "companion" not in wanted:
            raise RuntimeError("not measured")
        peak_rss = start_peak_rss(quick)
    except Exception as error:
        message = f"{type(error).__name__}: {error}"

        def peak_rss() -> list[dict[str, Any]]:
            raise RuntimeError(message)

    sections: list[tuple[str, Callable[[], tuple[list[Row], Any]]]] = [
        ("engine", lambda: section_engine(quick)),
        ("reader", lambda: section_reader(quick)),
        ("display", lambda: section_display(quick)),
        ("companion", lambda: section_companion(quick, peak_rss)),
        ("pi", lambda: section_pi(quick, raw.get("companion", {}))),
        ("ticket-to-ride", lambda: section_ttr(quick)),
        ("web", lambda: section_web(quick)),
        ("mqtt", lambda: section_mqtt(quick)),
        ("enrolment", lambda: section_enrolment(quick)),
    ]
    for name, work in sections:
        if name not in wanted:
            continue
        progress(f"{name} ...")
        started = time.monotonic()
        try:
            section_rows, section_raw = work()
        except Exception as error:
            detail = f"{type(error).__name__}: {error}"
            errors.append(f"{name}: {detail}")
            rows.append(Row(name, "section failed", detail[:300], status=ERROR))
            raw[name] = {"error": detail, "traceback": traceback.format_exc()}
            continue
        rows.extend(section_rows)
        raw[name] = section_raw
        errors.extend(f"{name}: {text}" for text in
                      (section_raw.get("errors", []) if isinstance(section_raw, dict) else []))
        progress(f"{name}: {time.monotonic() - started:.1f} s")
    return {
        "machine": machine(),
        "quick": quick,
        "seconds": round(time.monotonic() - began, 1),
        "rows": [asdict(row) for row in rows],
        "errors": errors,
        "misses": sum(row.status == MISS for row in rows),
        "raw": raw,
    }


def table(figures: dict[str, Any]) -> str:
    m = figures["machine"]
    lines = [f"machine: {m['uname_m']}, {m['cpu']}, {m['cores']} cores, Python {m['python']}"
             + ("  (quick run)" if figures["quick"] else "")]
    headers = ("section", "figure", "value", "aim", "alternative, same run", "status",
               "Pi Zero 2 W estimate")
    rows = [(r["section"], r["figure"], r["value"], r["aim"], r["alternative"], r["status"],
             r.get("pi", NONE)) for r in figures["rows"]]
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    widths = [min(w, 70) for w in widths]

    def line(cells: tuple[str, ...]) -> str:
        return " | ".join(cell.ljust(width) if len(cell) <= width else cell
                          for cell, width in zip(cells, widths)).rstrip()

    lines.append(line(headers))
    lines.append("-+-".join("-" * width for width in widths))
    lines.extend(line(row) for row in rows)
    lines.append(f"{len(rows)} figures, {figures['misses']} missing their aim, "
                 f"{len(figures['errors'])} errors, {figures['seconds']} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a reduced run, under a minute")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--only", action="append", choices=SECTIONS, default=[],
                        metavar="SECTION", help="run only this section (repeatable; pi runs "
                        f"companion too): {', '.join(SECTIONS)}")
    args = parser.parse_args(argv)
    figures = run(args.quick, progress=lambda text: print(f"  {text}", file=sys.stderr,
                                                          flush=True), only=args.only)
    print(json.dumps(figures, indent=2) if args.json else table(figures))
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
