"""Journal campaigns for `bench/faults.py`: two writers at once, lost or cut logs, flipped bits,
garbage in each file of the state folder.

5. two-writers: one companion owns a state folder (`companion demo` playing, or `companion
   run` fed typed lines) while a second command starts on the same folder: every pairing of
   run and demo with run, demo, `demo --wait` and the read-only commands (status, log, export,
   tags list). The second writer must be refused in one line with status 75 naming the
   holder's pid (or, with --wait, wait and then finish alike); a reader must answer with
   status 0. Then the journal must hold no duplicate move (seqs 1..n, the moves of the game
   exactly) and the final result must equal the undisturbed game's.
6. lost-logs: a game journalled in this process, "crashed" by copying the folder's files while
   the journal is still open; then the copy loses its log, gets it cut at random lengths, or
   gets one random bit flipped in the log or in the main file. A loss is the journal holding
   other moves than were committed (fewer, or altered); it must be reported (`companion
   status` exits 3, the table's start sets `problem`). A loss nobody reports is a failure;
   a report without a loss (the flip hit a checksum or free space) is counted, not failed.
7. garbage: each file of the state folder (journal, its log, its shared memory, the move
   count, the tag registry) overwritten whole or in one 512-byte block with random bytes:
   the same verdicts, and the table must still open and `companion tags list` answer in one
   line.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bench_companion import child_env, companion_command, record_demo
from companion.cli.main import main as companion_main
from companion.state.folder import LOCK_FILE
from companion.state.journal import Journal, JournalError
from companion.state.paths import JOURNAL_FILE
from companion.state.progress import MoveCount
from companion.state.tags import FILENAME as TAGS_FILE
from companion.table.build import open_table
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

#: The game the two-writer campaign plays (short: about ten seconds a demo).
DEMO_GAME = "game-of-trains"
#: Typed lines that play two moves of Freight Train through `companion run`.
RUN_LINES = ["o"] * 5 + ["coal", "o", "coal", "o", "coal", "o"]
READERS: dict[str, tuple[str, ...]] = {
    "status": ("status",),
    "log": ("log",),
    "export": ("export", "--format", "csv"),
    "tags list": ("tags", "list"),
}
PROGRESS = f"{JOURNAL_FILE}.last-move"


NAMES = ("two-writers", "lost-logs", "garbage")


def runners(args: Any, campaign: Callable[[str], Any]) -> dict[str, Callable[[], Any]]:
    """faults.py's runners for these campaigns; `campaign(name)` makes its report row."""
    return {
        "two-writers": lambda: two_writers_campaign(campaign("two writers at once"),
                                                    args.quick),
        "lost-logs": lambda: lost_logs_campaign(campaign("lost logs and flipped bits"),
                                                args.seed, 15 if args.quick else 60),
        "garbage": lambda: garbage_campaign(campaign("garbage in each state file"), args.seed,
                                            2 if args.quick else 10),
    }


# === 5. Two writers ==============================================================================


#: A companion that shows no progress for this long is stuck: the case fails.
STUCK_SECONDS = 300.0


def _wait_for(found: Callable[[], bool], child: subprocess.Popen[str]) -> bool:
    """Until `found()` (a file written) or the child ends; polls what the child writes."""
    give_up = time.monotonic() + STUCK_SECONDS
    while not found():
        if child.poll() is not None or time.monotonic() > give_up:
            return found()
        time.sleep(0.01)
    return True


def _progress_seq(folder: Path) -> int:
    """The move count the companion keeps beside its journal (0 before the first)."""
    try:
        noted = MoveCount(folder / PROGRESS).read()
    except (OSError, ValueError):
        return 0
    return 0 if noted is None else noted[1]


class First:
    """The companion that owns the folder: a demo, or `companion run` fed typed lines."""

    def __init__(self, kind: str, folder: Path) -> None:
        self.kind = kind
        self.folder = folder
        if kind == "demo":
            command = companion_command("demo", DEMO_GAME, "--seed", "1", "--players", "2",
                                        "--state-dir", str(folder), "--progress-every", "1")
        else:
            command = companion_command("run", "--state-dir", str(folder), "--game",
                                        "freight-train", "--players", "Ana,Ben")
        # The table drawn as text would fill a pipe nobody reads while it plays: not kept.
        self.child = subprocess.Popen(
            command, stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env(),
            stdout=subprocess.PIPE if kind == "demo" else subprocess.DEVNULL)
        self.lines: list[str] = []

    def started(self) -> bool:
        """Wait until it owns the folder and has committed a move."""
        if self.kind == "run":
            assert self.child.stdin is not None
            self.child.stdin.write("\n".join(RUN_LINES) + "\n")
            self.child.stdin.flush()
            return _wait_for(lambda: _progress_seq(self.folder) >= 2, self.child)
        assert self.child.stdout is not None
        for line in self.child.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("Move "):
                return True
        return False

    def finish(self) -> tuple[int, str, str]:
        out, err = self.child.communicate()
        self.lines += (out or "").splitlines()
        return self.child.returncode, "\n".join(self.lines), err


def two_writers_campaign(campaign: Any, quick: bool) -> Any:
    began = time.monotonic()
    reference = _reference_results()
    seconds = ["demo", "demo --wait", "run", *READERS]
    firsts = ["demo", "run"]
    with tempfile.TemporaryDirectory(prefix="faults-writers-") as name:
        for number, (first_kind, second) in enumerate(
                (f, s) for f in firsts for s in seconds if not quick or s != "demo --wait"):
            folder = Path(name) / f"case-{number}"
            label = f"{first_kind} + {second}"
            campaign.count()
            try:
                problems = _pairing(first_kind, second, folder, reference)
            except Exception as error:  # a harness error is a failure, never a crash
                problems = [f"harness error {type(error).__name__}: {error}"]
            for problem in problems:
                campaign.fail(f"{label}: {problem}")
            if not problems:
                campaign.note(f"{label}: second refused or answered as promised; the journal "
                              f"equals the undisturbed game's")
    campaign.seconds = time.monotonic() - began
    return campaign


def _reference_results() -> dict[str, Any]:
    """The undisturbed games: the demo's journal and result, and run's two typed moves."""
    with tempfile.TemporaryDirectory(prefix="faults-reference-") as name:
        demo_events = [event for event, _ in record_demo(DEMO_GAME, 2, 1, Path(name) / "demo")]
        run_folder = Path(name) / "run"
        done = subprocess.run(companion_command("run", "--state-dir", str(run_folder), "--game",
                                                "freight-train", "--players", "Ana,Ben"),
                              input="\n".join(RUN_LINES) + "\n", capture_output=True, text=True,
                              env=child_env(), check=False)
        if done.returncode != 0:
            raise RuntimeError(f"the undisturbed run failed: {done.stderr.strip()}")
        with Journal.open_read_only(run_folder / JOURNAL_FILE) as journal:
            run_events = [journal.events(play.id) for play in journal.plays()]
    rules = GAMES[DEMO_GAME]
    from companion.desktop.demo import PLAYER_NAMES
    from companion.flows.automaton import physical_moves

    names = PLAYER_NAMES[:2]
    moves = physical_moves(rules, names, 1)
    result = rules.result(rules.replay(rules.new_game(names), moves)).to_json()
    return {"demo": [demo_events], "demo-result": result, "run": run_events}


def _pairing(first_kind: str, second: str, folder: Path, reference: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    first = First(first_kind, folder)
    try:
        if not first.started():
            return [f"the first companion did not start: {first.finish()[2].strip()[-300:]}"]
        holder = (folder / LOCK_FILE).read_text().split()[0]
        if holder != str(first.child.pid):
            problems.append(f"the lock names {holder}, not the first companion")
        waiter: subprocess.Popen[str] | None = None
        if second in READERS:
            done = _command(*READERS[second], "--state-dir", str(folder))
            if done.returncode != 0 or "Traceback" in done.stderr:
                problems.append(f"the reader answered {done.returncode}: {done.stderr.strip()}")
        elif second == "demo --wait":
            waiter = subprocess.Popen(
                companion_command("demo", DEMO_GAME, "--seed", "1", "--players", "2",
                                  "--state-dir", str(folder), "--wait"),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env())
        else:
            done = _second_writer(second, folder)
            lines = done.stderr.strip().splitlines()
            if done.returncode != 75 or len(lines) != 1 or f"process {holder}" not in lines[0]:
                problems.append(f"the second writer answered {done.returncode}: {lines}")
        status, out, err = first.finish()  # for run, the end of its input closes the table
        if status != 0:
            problems.append(f"the first companion exited {status}: {err.strip()[-300:]}")
        expected_result = reference["demo-result"]
        if first_kind == "demo" and json.loads(out.splitlines()[-1]) != expected_result:
            problems.append("the demo's final line differs from the undisturbed game's")
        if waiter is not None:
            out, err = waiter.communicate()
            if waiter.returncode != 0 or json.loads(out.splitlines()[-1]) != expected_result:
                problems.append(f"demo --wait ended {waiter.returncode} with another result: "
                                f"{err.strip()[-300:]}")
        problems += _journal_problems(folder, first_kind, second, reference)
    finally:
        if first.child.poll() is None:
            first.child.kill()
            first.child.wait()
    return problems


def _second_writer(second: str, folder: Path) -> subprocess.CompletedProcess[str]:
    if second == "run":
        return _command("run", "--state-dir", str(folder), "--game", "freight-train",
                        "--players", "Cléo,Dan")
    return _command("demo", DEMO_GAME, "--seed", "1", "--players", "2", "--state-dir",
                    str(folder))


def _command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(companion_command(*args), capture_output=True, text=True, input="",
                          env=child_env(), check=False)


def _journal_problems(folder: Path, first_kind: str, second: str,
                      reference: dict[str, Any]) -> list[str]:
    with Journal.open_read_only(folder / JOURNAL_FILE) as journal:
        plays = journal.plays()
        found = [journal.events(play.id) for play in plays]
        seqs = [[record.seq for record in journal.records(play.id)] for play in plays]
    problems = []
    if any(numbers != list(range(1, len(numbers) + 1)) for numbers in seqs):
        problems.append("a play's moves are not numbered 1..n")
    expected = list(reference[first_kind])
    if first_kind == "run" and second == "demo --wait":
        expected += reference["demo"]  # the waiting demo played its own game afterwards
    if found != expected:
        problems.append(f"DUPLICATE OR MISSING MOVES: {[len(f) for f in found]} moves in "
                        f"{len(found)} plays, expected {[len(e) for e in expected]}")
    return problems


# === 6 and 7. Lost logs, flipped bits, garbage ===================================================

#: A game without days or rounds: only the log's bound checkpoints it, so its log is full.
LOSS_GAME = "ticket-to-ride"


class CrashedGame:
    """A game journalled here; `crash(target)` copies the folder as a power cut leaves it."""

    def __init__(self, folder: Path, seed: int, rng: random.Random) -> None:
        rules = GAMES[LOSS_GAME]
        names = ("Ana", "Ben")
        moves = play_random(rules, rules.new_game(names), seed=seed).events
        self.count = rng.randrange(len(moves) // 3, len(moves) - 1)
        self.folder = folder
        self.journal = Journal(folder / JOURNAL_FILE)
        self.session = GameSession.start(self.journal, rules, names)
        for event in moves[:self.count]:
            self.session.submit(event)
        self.truth = self.journal.events(self.session.play.id)
        self.uuid = self.session.play.uuid

    def crash(self, target: Path) -> Path:
        target.mkdir()
        for name in (JOURNAL_FILE, f"{JOURNAL_FILE}-wal", f"{JOURNAL_FILE}-shm", PROGRESS,
                     TAGS_FILE):
            if (self.folder / name).exists():
                shutil.copyfile(self.folder / name, target / name)
        return target

    def close(self) -> None:
        self.journal.close()


def _held(folder: Path, play_uuid: str) -> list[Any] | None:
    """The play's moves as the journal now holds them; None when it cannot be read."""
    try:
        with Journal.open_read_only(folder / JOURNAL_FILE) as journal:
            play = next((p for p in journal.plays() if p.uuid == play_uuid), None)
            return [] if play is None else journal.events(play.id)
    except (JournalError, Exception):
        return None


def _status(folder: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = companion_main(["--lang", "en", "status", "--state-dir", str(folder)])
    return code, err.getvalue()


def judge(campaign: Any, label: str, folder: Path, truth: list[Any], play_uuid: str,
          tally: dict[str, int]) -> None:
    """Loss reported or no loss; the table opens and says it too."""
    campaign.count()
    # The table's start logs what it finds: judged here, not printed.
    logger = logging.getLogger("companion")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        held = _held(folder, play_uuid)
        lost = held != truth
        code, err = _status(folder)
        if code not in (0, 3) or (code == 3 and err.count("\n") != 1):
            campaign.fail(f"{label}: status answered {code}: {err.strip()[:200]}")
        table = open_table(state_dir=folder, language="en")
        try:
            said = table.problem is not None
        finally:
            table.close()
        if lost and code != 3:
            campaign.fail(f"{label}: SILENT LOSS: status {code} with {_describe(held, truth)}")
        elif lost and not said:
            campaign.fail(f"{label}: SILENT LOSS at the table's start: {_describe(held, truth)}")
        key = "lost, reported" if lost else ("reported, no move lost" if code == 3 else "intact")
        tally[key] = tally.get(key, 0) + 1
    except Exception as error:  # a crash is a failure of its own
        campaign.fail(f"{label}: {type(error).__name__}: {error}")
    finally:
        logger.setLevel(level)


def _describe(held: list[Any] | None, truth: list[Any]) -> str:
    if held is None:
        return "an unreadable journal"
    return f"{len(held)} moves held of {len(truth)} committed"


def _flip(path: Path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    if data:
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))


def lost_logs_campaign(campaign: Any, seed: int, cases: int) -> Any:
    began = time.monotonic()
    rng = random.Random(f"lost-logs:{seed}")
    tally: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="faults-logs-") as name:
        root = Path(name)
        for number in range(cases):
            game = CrashedGame(root / f"live-{number}", seed + number, rng)
            try:
                wal = f"{JOURNAL_FILE}-wal"
                kind = ("lost log", "lost log and memory", "cut log", "log bit",
                        "file bit")[number % 5]
                copy = game.crash(root / f"copy-{number}")
                if kind.startswith("lost log"):
                    (copy / wal).unlink(missing_ok=True)
                    if kind == "lost log and memory":
                        (copy / f"{JOURNAL_FILE}-shm").unlink(missing_ok=True)
                elif kind == "cut log" and (copy / wal).exists():
                    data = (copy / wal).read_bytes()
                    (copy / wal).write_bytes(data[:rng.randrange(len(data) + 1)])
                elif kind == "log bit" and (copy / wal).exists():
                    _flip(copy / wal, rng)
                    (copy / f"{JOURNAL_FILE}-shm").unlink(missing_ok=True)  # as after a reboot
                elif kind == "file bit":
                    _flip(copy / JOURNAL_FILE, rng)
                judge(campaign, f"{kind} {number}", copy, game.truth, game.uuid, tally)
            finally:
                game.close()
    campaign.note(f"{cases} crashed copies: " + ", ".join(
        f"{count} {key}" for key, count in sorted(tally.items())))
    campaign.seconds = time.monotonic() - began
    return campaign


def garbage_campaign(campaign: Any, seed: int, per_file: int) -> Any:
    began = time.monotonic()
    rng = random.Random(f"garbage:{seed}")
    tally: dict[str, int] = {}
    files = (JOURNAL_FILE, f"{JOURNAL_FILE}-wal", f"{JOURNAL_FILE}-shm", PROGRESS, TAGS_FILE)
    with tempfile.TemporaryDirectory(prefix="faults-garbage-") as name:
        root = Path(name)
        game = CrashedGame(root / "live", seed, rng)
        from companion.state.tags import TagRegistry

        with TagRegistry.in_state_dir(game.folder) as registry:
            from companion.games.cards import Card

            registry.enroll("04A31F2B", Card(LOSS_GAME, "train", "red"))
        try:
            number = 0
            for file in files:
                for attempt in range(per_file):
                    copy = game.crash(root / f"copy-{number}")
                    number += 1
                    path = copy / file
                    if not path.exists():
                        continue
                    size = path.stat().st_size
                    whole = attempt % 2 == 0
                    data = bytearray(path.read_bytes())
                    if whole:
                        data = bytearray(rng.randbytes(max(size, 16)))
                    else:
                        start = rng.randrange(max(1, size - 512))
                        data[start:start + 512] = rng.randbytes(min(512, size - start))
                    path.write_bytes(bytes(data))
                    label = f"{file} {'whole' if whole else 'block'} {attempt}"
                    done = _command("tags", "list", "--state-dir", str(copy))
                    if done.returncode not in (0, 2) or "Traceback" in done.stderr \
                            or done.stderr.count("\n") > 1:
                        campaign.fail(f"{label}: tags list answered {done.returncode}: "
                                      f"{done.stderr.strip()[:200]}")
                    judge(campaign, label, copy, game.truth, game.uuid, tally)
        finally:
            game.close()
    campaign.note(f"{len(files)} files x {per_file}: " + ", ".join(
        f"{count} {key}" for key, count in sorted(tally.items())))
    campaign.seconds = time.monotonic() - began
    return campaign
