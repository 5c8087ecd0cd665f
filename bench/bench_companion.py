"""Companion figures: tap-to-frame, resume, peak memory over a demo game, cold start, imports.

    python bench/bench_companion.py [--quick] [--json]

Aims on a desktop (a Raspberry Pi Zero 2 W is about ten times slower):

- tap-to-frame without the commit (a tap that only changes the screen): median under 2 ms;
- resume with 5,000 events in the play: under 100 ms (the figure of bench_journal.py);
- peak resident memory of `companion demo freight-train --seed 1 --players 4`: under 40 MB;
- cold start of `companion run` in simulation to its first frame: within 1 s.

How each is measured:

1. Tap-to-frame. A real table (`open_table` with the simulated drivers, a durable journal in a
   temporary folder, the real flow, screens and renderer) follows a whole demo game. Every
   input of the automated players is handed to `TableLoop.step` as the driver events the
   hardware would produce (TagPlaced then TagRemoved for a tap, ButtonPressed then
   ButtonReleased for a click), on this thread. For each TagPlaced the latency runs from the
   event's timestamp to the new frame handed to the display (the table's `on_frame`):
   flow + app + (when the tap completes a move) the synced journal commit + render + display.
   Taps that leave the frame as it was are not counted (no frame is rendered for them).
   A tap that does not complete a move still writes the move being entered (the "draft") to
   the journal, synced, when it changed: the share of such taps is reported beside.
2. Peak RSS: the demo runs as a child process; its own `ru_maxrss` comes from `os.wait4`.
3. Cold start: `companion run --config CFG --state-dir DIR` (every device simulated) with
   stdin and stdout on pipes; the desktop preview prints each frame as text when stdout is
   not a terminal. The clock runs from just before the process is spawned to the arrival of
   the first byte of the first frame on the pipe; then stdin is closed and the companion
   stops. "First start" uses an empty state folder (the journal and the tag registry are
   created and the simulated deck enrolled); "restart" reuses it (the game is resumed). Both
   run with the files in the page cache: this is a warm process start, not a cold boot. In
   simulation the first start enrols a desktop deck of tags, one synced transaction each, so
   it depends on the disk's fsync time, measured beside it.
4. Import time: `python -X importtime -c "import companion.cli.main, companion.cli.run,
   companion.table.build"` (what `companion run` loads before its game), the sum of the cumulative
   times of the top-level imports (the interpreter's own start-up imports included) and the
   cumulative time of those three; the median of a few runs.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from bench.bench_engine import machine  # noqa: E402
from bench.bench_gentle import HARDWARE_PYTHON  # noqa: E402
from companion.desktop.demo import PLAYER_NAMES, demo_deck, enroll_deck  # noqa: E402
from companion.flows.automaton import Stuck, enter_move, physical_moves  # noqa: E402
from companion.flows.inputs import Hold, Input, Press, Tap  # noqa: E402
from companion.games import TABLE_GAMES, autopilot  # noqa: E402
from companion.state.tags import TagRegistry  # noqa: E402
from companion.table.build import Table, open_table  # noqa: E402
from drivers.events import (  # noqa: E402
    ButtonHeld,
    ButtonPressed,
    ButtonReleased,
    TagPlaced,
    TagRemoved,
)
from engine.registry import GAMES  # noqa: E402

#: The game the aims are stated for; the others at the table are measured the same way.
REFERENCE_GAME = "freight-train"
#: Rounds of first start, hardware Python and restart in a quick run: a few seconds each.
QUICK_COLD_ROUNDS = 3
AIMS = {
    "tap_no_commit_median_ms": 2.0,
    "resume_5000_ms": 100.0,
    "peak_rss_mb": 40.0,
    "cold_start_s": 1.0,
}


def players_for(game: str, wanted: int = 4) -> int:
    """`wanted` players, or the nearest count the game allows."""
    allowed = GAMES[game].players
    return min(max(wanted, allowed.start), allowed.stop - 1)


def child_env() -> dict[str, str]:
    """The environment of the companion processes the benches start: this checkout first."""
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONUNBUFFERED": "1", "COMPANION_LANG": "en",
            "PYTHONPATH": str(ROOT) + (os.pathsep + path if path else "")}


def companion_command(*args: str) -> list[str]:
    """The command line, in English whatever the machine's locale (progress lines are read)."""
    return [sys.executable, "-m", "companion", "--lang", "en", *args]


# --- A table stepped by hand --------------------------------------------------------------------


class SteppedTable:
    """A real table whose loop is driven on the caller's thread with synthetic driver events.

    Everything from the driver event on is the appliance's own code: `TableLoop.step`, the
    app, the flow, the durable journal, the renderer and the (simulated) display. Only the
    timing of the hardware is left out, so a whole game takes seconds, not minutes.
    """

    def __init__(self, state_dir: Path, game: str, players: Sequence[str], *,
                 language: str = "en", clock: Callable[[], float] | None = None,
                 driver_config: dict[str, Any] | None = None,
                 options: dict[str, Any] | None = None) -> None:
        self.game = game
        self.frames = 0
        #: When the last frame was handed to the display (`time.monotonic`, as driver events).
        self.frame_at = 0.0
        extra: dict[str, Any] = {} if clock is None else {"clock": clock}
        self.table: Table = open_table(state_dir=state_dir, game=game, players=players,
                                       language=language, on_frame=self._frame,
                                       driver_config=driver_config, options=options, **extra)
        self.deck = demo_deck(game, options)
        self.last_tap: str | None = None
        self.draft_writes = 0
        #: Seconds spent inside the journal's synced writes (each one a committed transaction).
        self.journal_seconds = 0.0
        journal = self.table.journal
        for name in ("append", "set_draft", "snapshot", "finish"):
            setattr(journal, name, self._timed(name, getattr(journal, name)))

    def _timed(self, name: str, write: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return write(*args, **kwargs)
            finally:
                self.journal_seconds += time.perf_counter() - began
                if name == "set_draft":
                    self.draft_writes += 1

        return timed

    def _frame(self, _image: object) -> None:
        self.frame_at = time.monotonic()
        self.frames += 1

    def enroll_deck(self) -> None:
        enroll_deck(self.table.registry, self.game, self.deck)

    @property
    def loop(self) -> Any:
        return self.table.loop

    @property
    def session(self) -> Any:
        return self.table.app.session

    def close(self) -> None:
        self.table.close()

    def send(self, item: Input) -> None:
        """The driver events of one player input, each handed to the loop in turn."""
        step = self.table.loop.step
        if isinstance(item, Tap):
            step(TagPlaced("reader", item.uid))
            step(TagRemoved("reader", item.uid))
            self.last_tap = item.uid
        elif isinstance(item, Press):
            step(ButtonPressed(item.button))
            step(ButtonReleased(item.button, held=False))
        elif isinstance(item, Hold):
            step(ButtonPressed(item.button))
            step(ButtonHeld(item.button))
            step(ButtonReleased(item.button, held=True))
        else:
            raise TypeError(f"not an input: {item!r}")

    def uid_for(self, kind: str, value: str) -> str:
        """A free tag of this card, as the demo's automated players choose it."""
        busy = self.table.app.flow.in_play()
        if self.last_tap:
            busy = busy | {self.last_tap}
        return self.deck.pick(kind, value, busy)

    def next_input(self, goal: Any) -> Input:
        app = self.table.app
        item: Input = autopilot.next_input(app.flow, app.session.state, goal, self.uid_for)
        return item

    def play(self, moves: Sequence[Any], send: Callable[[Input], None] | None = None,
             stop: Callable[[], bool] = lambda: False) -> int:
        """Enter the moves from where the journal stands; the number of moves entered."""
        session = self.session
        entered = 0
        for goal in moves[session.event_count:]:
            if stop():
                break
            enter_move(goal, self.next_input, send or self.send, lambda: session.event_count)
            entered += 1
        return entered


def record_demo(game: str, players: int, seed: int, folder: Path,
                limit: int | None = None) -> list[tuple[dict[str, Any], tuple[str, ...]]]:
    """The journal of a demo game entered through a stepped table: (event JSON, tags) each."""
    names = PLAYER_NAMES[:players]
    rules = GAMES[game]
    moves = physical_moves(rules, names, seed)
    if limit is not None:
        moves = moves[:limit]
    stepped = SteppedTable(folder, game, names)
    try:
        stepped.enroll_deck()
        stepped.play(moves)
        play = stepped.session.play
        return [(record.event, record.uids) for record in stepped.table.journal.records(play.id)]
    finally:
        stepped.close()


# --- 1. Tap-to-frame -----------------------------------------------------------------------------


def _quantile(samples: Sequence[float], q: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def measure_tap_to_frame(game: str = REFERENCE_GAME, seed: int = 1, players: int | None = None,
                         max_taps: int | None = None,
                         options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Tap-to-frame latencies over a demo game entered through a real table (see the module);
    `options` as the demo's (a map file's data as `map_name`)."""
    count = players or players_for(game)
    names = PLAYER_NAMES[:count]
    moves = physical_moves(GAMES[game], names, seed, options)
    commit: list[float] = []
    screen_only: list[float] = []
    screen_only_draft: list[float] = []
    outside_commit: list[float] = []
    outside_no_commit: list[float] = []
    cpu_times: list[float] = []  # the loop thread's CPU time per tap: not the machine's load
    unchanged = 0
    with tempfile.TemporaryDirectory(prefix="bench-tap-") as folder:
        fsync = fsync_median_ms(Path(folder))
        stepped = SteppedTable(Path(folder), game, names, options=options)
        try:
            stepped.enroll_deck()
            loop = stepped.loop
            session = stepped.session

            def send(item: Input) -> None:
                nonlocal unchanged
                if not isinstance(item, Tap):
                    stepped.send(item)
                    return
                frames, moves_before = stepped.frames, session.event_count
                drafts, in_journal = stepped.draft_writes, stepped.journal_seconds
                cpu_began = time.thread_time()
                placed = TagPlaced("reader", item.uid)  # `at` is now
                loop.step(placed)
                cpu = time.thread_time() - cpu_began
                latency = stepped.frame_at - placed.at
                outside = latency - (stepped.journal_seconds - in_journal)
                loop.step(TagRemoved("reader", item.uid))
                stepped.last_tap = item.uid
                if stepped.frames != frames:
                    cpu_times.append(cpu)
                if stepped.frames == frames:
                    unchanged += 1
                elif session.event_count > moves_before:
                    commit.append(latency)
                    outside_commit.append(outside)
                else:
                    outside_no_commit.append(outside)
                    if stepped.draft_writes > drafts:
                        screen_only_draft.append(latency)
                    else:
                        screen_only.append(latency)

            def enough() -> bool:
                taps = len(commit) + len(screen_only) + len(screen_only_draft)
                return max_taps is not None and taps >= max_taps

            entered = stepped.play(moves, send, stop=enough)
        finally:
            stepped.close()
        fsync_after = fsync_median_ms(Path(folder))
    without = screen_only + screen_only_draft

    def ms(samples: Sequence[float], q: float) -> float | None:
        return round(_quantile(samples, q) * 1000, 3) if samples else None

    return {
        "game": game,
        "players": count,
        "seed": seed,
        "moves_entered": entered,
        "taps_commit": len(commit),
        "taps_no_commit": len(without),
        "taps_no_commit_draft_written": len(screen_only_draft),
        "taps_frame_unchanged": unchanged,
        "commit_median_ms": ms(commit, 0.5),
        "commit_p95_ms": ms(commit, 0.95),
        "no_commit_median_ms": ms(without, 0.5),
        "no_commit_p95_ms": ms(without, 0.95),
        "no_commit_no_draft_median_ms": ms(screen_only, 0.5),
        "no_commit_with_draft_median_ms": ms(screen_only_draft, 0.5),
        # The same taps less the time inside the journal's synced writes: what the CPU does.
        "commit_outside_journal_median_ms": ms(outside_commit, 0.5),
        "no_commit_outside_journal_median_ms": ms(outside_no_commit, 0.5),
        # Every tap that changed the frame, with or without a commit.
        "all_p99_ms": ms(commit + without, 0.99),
        "all_p99_outside_journal_ms": ms(outside_commit + outside_no_commit, 0.99),
        "all_p99_cpu_ms": ms(cpu_times, 0.99),
        "fsync_median_ms_before_after": (fsync, fsync_after),
    }


def fsync_median_ms(folder: Path, samples: int = 30) -> float:
    """A small write and fsync in `folder`, the median: how slow the disk is right now (the
    synced commits of the journal pay about this, once or twice each)."""
    path = folder / "fsync-probe"
    times = []
    with open(path, "wb") as handle:
        for _ in range(samples):
            handle.write(b"x" * 128)
            handle.flush()
            began = time.perf_counter()
            os.fsync(handle.fileno())
            times.append(time.perf_counter() - began)
    path.unlink()
    return round(statistics.median(times) * 1000, 3)


# --- 2. Resume (from bench_journal) --------------------------------------------------------------


def measure_resume(lengths: Sequence[int] = (500, 5_000),
                   repeats: int = 11) -> list[dict[str, Any]]:
    """bench_journal's resume figures: each length and the worst case just before a snapshot."""
    from bench.bench_journal import bench_resume

    with tempfile.TemporaryDirectory(prefix="bench-resume-") as folder:
        return bench_resume(Path(folder), lengths, repeats)


# --- 3. Peak RSS over a demo game ----------------------------------------------------------------


#: Runs the demo as its child and prints the child's peak RSS (KiB). A small launcher, because
#: on Linux a child's ru_maxrss also counts the pages of the parent it was forked from (before
#: exec): forked from a big benchmark process, the demo would inherit its size.
_RSS_LAUNCHER = """
import resource, subprocess, sys
status = subprocess.call(sys.argv[1:])
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, status, flush=True)
"""


def measure_peak_rss(game: str = REFERENCE_GAME, seed: int = 1, players: int | None = None,
                     timeout: float = 600.0) -> dict[str, Any]:
    """Peak resident memory of `companion demo GAME` played to the end (see _RSS_LAUNCHER)."""
    count = players or players_for(game)
    with tempfile.TemporaryDirectory(prefix="bench-rss-") as folder:
        command = companion_command("demo", game, "--seed", str(seed), "--players", str(count),
                                    "--state-dir", str(Path(folder) / "state"))
        began = time.monotonic()
        done = subprocess.run([sys.executable, "-c", _RSS_LAUNCHER, *command],
                              capture_output=True, text=True, env=child_env(), cwd=ROOT,
                              timeout=timeout)
        seconds = time.monotonic() - began
    lines = done.stdout.strip().splitlines()
    try:
        peak_kib, status = (int(word) for word in lines[-1].split())
    except (IndexError, ValueError):
        raise RuntimeError(f"the RSS launcher failed: {done.stderr.strip()[-300:]}") from None
    if status != 0 or len(lines) < 2:
        raise RuntimeError(f"companion demo {game} exited with {status}: "
                           f"{done.stderr.strip().splitlines()[-1:]}")
    result = json.loads(lines[-2])
    return {"game": game, "players": count, "seed": seed,
            "peak_rss_mb": round(peak_kib / 1024, 1), "wall_s": round(seconds, 1),
            "winners": result.get("winners")}


# --- 4. Cold start to the first frame ------------------------------------------------------------


def _first_frame(state_dir: Path, config: Path, game: str, timeout: float) -> tuple[float, float]:
    """Seconds from spawning `companion run` to its first frame's text, and to its exit once
    its standard input is closed."""
    names = ",".join(PLAYER_NAMES[:players_for(game)])
    command = companion_command("run", "--config", str(config), "--state-dir", str(state_dir),
                                "--game", game, "--players", names)
    began = time.perf_counter()
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=child_env(), cwd=ROOT)
    assert child.stdout is not None and child.stdin is not None
    try:
        ready, _, _ = select.select([child.stdout], [], [], timeout)
        first = time.perf_counter() - began
        if not ready or not os.read(child.stdout.fileno(), 65536):
            raise RuntimeError(f"no frame within {timeout} s: {child.stderr.read().decode()[:300]}"
                               if child.poll() is not None and child.stderr else
                               f"no frame within {timeout} s")
        _, err = child.communicate(input=b"", timeout=timeout)  # end of input: it stops
        stopped = time.perf_counter() - began
    except BaseException:
        child.kill()
        child.communicate()
        raise
    if child.returncode != 0:
        raise RuntimeError(f"companion run exited with {child.returncode}: {err.decode()[:300]}")
    return first, stopped


def warm_up() -> None:
    """Import the companion once, so every .pyc is written before anything is timed (a
    checkout being edited would otherwise pay the compilation in the first measurement)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "companion", "engine", "drivers"],
                   env=child_env(), cwd=ROOT, check=True, timeout=120, stdout=subprocess.DEVNULL)


def _hardware_python() -> float:
    """Seconds from spawning a Python that imports only the hardware libraries to its exit."""
    began = time.perf_counter()
    subprocess.run([sys.executable, "-c", HARDWARE_PYTHON], env=child_env(), cwd=ROOT,
                   check=True, timeout=120, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - began


def measure_cold_start(game: str = REFERENCE_GAME, repeats: int = 5,
                       timeout: float = 30.0) -> dict[str, Any]:
    """`companion run` in simulation: first start (empty state folder) and restart, each
    round beside a Python importing only the hardware libraries (PIL, luma.oled, gpiozero,
    pyserial). The ratios are medians of each round's own ratio: a busy spell of the machine
    slows both sides of a round, and spoils a round or two, not the figure."""
    warm_up()
    _hardware_python()  # its .pyc files and the page cache, before anything is timed
    first_starts: list[float] = []
    restarts: list[float] = []
    hardware: list[float] = []
    exits: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-cold-") as name:
        folder = Path(name)
        config = folder / "config.toml"
        config.write_text('[companion]\nlanguage = "en"\n', encoding="utf-8")  # all simulated
        fsync = fsync_median_ms(folder)
        for repeat in range(repeats):
            state = folder / f"state-{repeat}"
            first, _ = _first_frame(state, config, game, timeout)
            hardware.append(_hardware_python())
            again, stopped = _first_frame(state, config, game, timeout)
            first_starts.append(first)
            restarts.append(again)
            exits.append(stopped - again)
        with TagRegistry.in_state_dir(folder / "state-0") as registry:
            tags = len(registry)
        fsync = max(fsync, fsync_median_ms(folder))
    return {
        "tags_enrolled_at_first_start": tags,
        "fsync_median_ms": fsync,
        "game": game,
        "repeats": repeats,
        "first_start_s": round(statistics.median(first_starts), 3),
        "first_start_max_s": round(max(first_starts), 3),
        "restart_s": round(statistics.median(restarts), 3),
        "restart_max_s": round(max(restarts), 3),
        "stop_after_eof_s": round(statistics.median(exits), 3),
        "hardware_python_s": round(statistics.median(hardware), 3),
        "first_start_ratio": round(statistics.median(
            f / h for f, h in zip(first_starts, hardware, strict=True)), 2),
        "restart_ratio": round(statistics.median(
            r / h for r, h in zip(restarts, hardware, strict=True)), 2),
    }


# --- 5. Import time ------------------------------------------------------------------------------


#: Packages whose share of the import time is worth a line (where each is first imported).
WATCHED_IMPORTS = ("PIL.Image", "gpiozero", "luma.core", "serial", "sqlite3", "engine.registry",
                   "drivers.factory", "companion.table.build", "companion.screens.render")


def parse_importtime(text: str) -> dict[str, Any]:
    """Totals from `-X importtime` output: the top-level imports' cumulative times (their sum
    is the whole import time) and the cumulative time of each watched package (microseconds).
    """
    top: dict[str, int] = {}
    watched: dict[str, int] = {}
    for line in text.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        fields = line[len("import time:"):].split("|")
        if len(fields) != 3:
            continue
        cumulative, name = int(fields[1]), fields[2]
        module = name.strip()
        # One space after the bar for a top-level import; nested ones are indented further.
        if name.startswith(" ") and not name.startswith("  "):
            top[module] = top.get(module, 0) + cumulative
        if module in WATCHED_IMPORTS and module not in watched:
            watched[module] = cumulative
    return {"total_ms": sum(top.values()) / 1000, "top": top, "watched": watched}


#: What `companion run` imports before it opens a table (the game's own modules come later,
#: on first use); `companion.cli.main` alone no longer imports any subcommand.
RUN_IMPORTS = ("companion.cli.main", "companion.cli.run", "companion.table.build")


def measure_importtime(repeats: int = 5) -> dict[str, Any]:
    """`python -X importtime -c "import companion.cli.main, companion.cli.run,
    companion.table.build"`: median totals over `repeats` runs."""
    warm_up()
    totals: list[float] = []
    companion: list[float] = []
    watched: dict[str, list[float]] = {}
    for _ in range(repeats):
        done = subprocess.run([sys.executable, "-X", "importtime", "-c",
                               "import " + ", ".join(RUN_IMPORTS)],
                              capture_output=True, text=True, env=child_env(), cwd=ROOT,
                              check=True, timeout=60)
        parsed = parse_importtime(done.stderr)
        totals.append(parsed["total_ms"])
        companion.append(sum(parsed["top"].get(name, 0) for name in RUN_IMPORTS) / 1000)
        for name, us in parsed["watched"].items():
            watched.setdefault(name, []).append(us / 1000)
    return {
        "repeats": repeats,
        "total_ms": round(statistics.median(totals), 1),
        "companion_cli_ms": round(statistics.median(companion), 1),
        "packages_ms": {name: round(statistics.median(times), 1) for name, times in
                        sorted(watched.items(), key=lambda item: -statistics.median(item[1]))},
    }


# --- All of it ---------------------------------------------------------------------------------


def games_to_measure(quick: bool) -> list[str]:
    """Every game followable at the table; in a quick run, the reference game only."""
    games = list(TABLE_GAMES)
    if quick and REFERENCE_GAME in games:
        return [REFERENCE_GAME]
    return games[:1] if quick else games


def run(quick: bool = False) -> dict[str, Any]:
    games = games_to_measure(quick)
    return {
        "machine": machine(),
        "tap_to_frame": [measure_tap_to_frame(game, max_taps=150 if quick else None)
                         for game in games],
        "resume": measure_resume(repeats=3 if quick else 11),
        "peak_rss": [measure_peak_rss(game) for game in games],
        "cold_start": [measure_cold_start(game, repeats=QUICK_COLD_ROUNDS if quick else 5)
                       for game in games],
        "importtime": measure_importtime(repeats=2 if quick else 5),
        "aims": AIMS,
    }


def report(figures: dict[str, Any]) -> str:
    lines = [f"machine: {figures['machine']}", "tap-to-frame through TableLoop.step (ms):"]
    lines.append(f"  {'game':<16}{'taps':>6}{'median':>9}{'p95':>8}   {'taps':>6}{'median':>9}"
                 f"{'p95':>8}  (with the commit | without)")
    for t in figures["tap_to_frame"]:
        def shown(value: float | None) -> str:
            return "n/a" if value is None else f"{value:.3f}"

        lines.append(f"  {t['game']:<16}{t['taps_commit']:>6}{shown(t['commit_median_ms']):>9}"
                     f"{shown(t['commit_p95_ms']):>8}   {t['taps_no_commit']:>6}"
                     f"{shown(t['no_commit_median_ms']):>9}{shown(t['no_commit_p95_ms']):>8}")
        lines.append(f"  {'':<16}outside the journal's synced writes: with the commit "
                     f"{t['commit_outside_journal_median_ms']} ms, without "
                     f"{t['no_commit_outside_journal_median_ms']} ms; "
                     f"{t['taps_no_commit_draft_written']} of {t['taps_no_commit']} taps without "
                     f"the commit wrote the draft; fsync "
                     f"{max(t['fsync_median_ms_before_after'])} ms")
    lines.append("resume (open the journal, rebuild the state; median ms):")
    for row in figures["resume"]:
        lines.append(f"  {row['events']:>6} events  {row['snapshots_ms']:8.2f}"
                     f"   (no snapshots: {row['no_snapshots_ms']:.2f})")
    for r in figures["peak_rss"]:
        lines.append(f"peak RSS, demo {r['game']} seed {r['seed']}, {r['players']} players: "
                     f"{r['peak_rss_mb']} MB ({r['wall_s']} s)")
    for c in figures["cold_start"]:
        lines.append(f"cold start to first frame, {c['game']}: first start {c['first_start_s']} s,"
                     f" restart {c['restart_s']} s (median of {c['repeats']}); stops "
                     f"{c['stop_after_eof_s']} s after end of input")
    imp = figures["importtime"]
    lines.append(f"import {', '.join(RUN_IMPORTS)}: {imp['total_ms']} ms in all top-level "
                 f"imports, the companion's {imp['companion_cli_ms']} ms")
    lines.append("  cumulative ms where first imported: "
                 + ", ".join(f"{k} {v}" for k, v in imp["packages_ms"].items()))
    lines.append("aims: tap-to-frame without the commit < 2 ms; resume at 5,000 events < 100 ms; "
                 "peak RSS < 40 MB; first frame within 1 s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        figures = run(args.quick)
    except Stuck as error:
        print(f"bench_companion: the automated players got stuck: {error}", file=sys.stderr)
        return 1
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
