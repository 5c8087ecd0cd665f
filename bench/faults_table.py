"""Fault campaigns on the table's storage and cards, registered in `bench/faults.py`.

5. disk-full: `companion demo GAME --progress-every 1 --frames DIR` under a file-size limit
   (RLIMIT_FSIZE in the child: a write past it fails as on a full disk) that the journal's
   write-ahead log reaches mid-game, for every game and several limits. Each run must stop
   with status 75 and one line on standard error, no traceback; its last frame must be the
   panel's "Cannot save" message; every announced move must be in the journal (checked as
   after a power cut). Then the same command without the limit must finish the game with the
   result of the same game played without interruption.
6. read-only: `companion run` on a state folder it may not write (no write permission; for
   root, the child leaves root's override behind in a user namespace of its own), fresh and
   holding a game in progress: status 75, one line naming the folder, the panel's message
   kept after the end, and the journal unchanged byte for byte.
7. unreadable-cards: a real table on the simulated reader, taps of unknown cards whose memory
   cannot be read or that carry no card (a MIFARE Classic with another key, a blank NTAG
   sticker, two cards at once) and of a sticker carrying another table's personal tag: each
   must end on the enrolment question (or the confirmation, for the personal tag), the loop
   logging no exception.
"""

from __future__ import annotations

import ctypes
import json
import logging
import resource
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The campaigns of this module and the function that runs each (`quick` -> a Campaign).
TABLE_CAMPAIGNS: dict[str, Callable[[bool], Any]] = {}
#: File-size limits that the journal reaches mid-game (bytes).
LIMITS = (700_000, 1_000_000, 1_400_000)
#: CLONE_NEWUSER, from <sched.h>.
_CLONE_NEWUSER = 0x10000000


def file_size_limit(limit: int) -> Callable[[], None]:
    """A `preexec_fn`: no file of the child may grow past `limit` bytes (a full disk)."""

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_files


def without_root_override() -> None:
    """A `preexec_fn`: the permission bits hold even for root (who otherwise writes in a
    read-only folder): the child moves into a user namespace of its own, where it keeps its
    uid but loses the capabilities that override them."""
    import os

    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(_CLONE_NEWUSER) != 0:
        raise OSError(ctypes.get_errno(), "cannot leave root's permissions behind (unshare)")


def _campaign(name: str) -> Callable[[Callable[[bool], Any]], Callable[[bool], Any]]:
    def register(run: Callable[[bool], Any]) -> Callable[[bool], Any]:
        TABLE_CAMPAIGNS[name] = run
        return run

    return register


def _stopped(status: int | None, stderr: str, wanted: int) -> str | None:
    """What is wrong with how a companion process stopped; None when it is right."""
    if status != wanted:
        return f"exit status {status}, not {wanted}: {stderr.strip()[-300:]}"
    if "Traceback" in stderr:
        return "a traceback on standard error"
    if stderr.count("\n") != 1 or not stderr.startswith("companion: "):
        return f"not one line on standard error: {stderr!r}"
    return None


def _shows(path: Path, kind: tuple[str, str, str, int]) -> bool:
    """Whether the frame at `path` is the panel's message for this kind of failure."""
    from PIL import Image, ImageChops

    from companion.screens.render import render
    from companion.table.failures import Failure

    with Image.open(path) as shown:
        expected = render(Failure(*kind).screen("en"))
        return ImageChops.difference(shown.convert("1"), expected.convert("1")).getbbox() is None


@_campaign("disk-full")
def disk_full_campaign(quick: bool) -> Any:
    from bench.bench_companion import child_env, companion_command, record_demo
    from bench.faults import ROOT, Campaign, check_after_kill, expected_result
    from companion.games import TABLE_GAMES
    from companion.table.failures import TEMPORARY, WRITE

    campaign = Campaign("disk-full")
    started = time.monotonic()
    limits = LIMITS[1:2] if quick else LIMITS
    with tempfile.TemporaryDirectory(prefix="disk-full-") as temporary:
        for game in sorted(TABLE_GAMES):
            for limit in limits:
                folder = Path(temporary) / f"{game}-{limit}"
                command = companion_command("demo", game, "--seed", "1", "--players", "2",
                                            "--state-dir", str(folder / "state"),
                                            "--progress-every", "1")
                full = subprocess.run([*command, "--frames", str(folder / "frames")],
                                      capture_output=True, text=True, env=child_env(),
                                      cwd=ROOT, preexec_fn=file_size_limit(limit))
                campaign.count()
                label = f"{game}, files up to {limit} bytes"
                announced = [int(line.split()[1]) for line in full.stdout.splitlines()
                             if line.startswith("Move ")]
                if full.returncode == 0:
                    campaign.note(f"{label}: the game ended before the disk was full")
                    continue
                problem = _stopped(full.returncode, full.stderr, TEMPORARY)
                frames = sorted((folder / "frames").glob("frame-*.png"))
                if problem is None and not (frames and _shows(frames[-1], WRITE)):
                    problem = "the last frame is not the panel's message"
                _, result = expected_result(game, 1, 2)
                # What the table journals for this game: its moves as the table saw them.
                moves = [event for event, _ in record_demo(game, 2, 1, folder / "course")]
                problems = [problem] if problem else []
                problems += check_after_kill(folder / "state", game, 1, 2, max(announced,
                                                                               default=0), moves)
                finished = subprocess.run(command, capture_output=True, text=True,
                                          env=child_env(), cwd=ROOT)
                last = finished.stdout.splitlines()[-1:] if finished.stdout else []
                if finished.returncode != 0 or [json.loads(line) for line in last] != [result]:
                    problems.append("with space again, the game did not end as uninterrupted")
                for text in problems:
                    campaign.fail(f"{label}: {text}")
                if not problems:
                    campaign.note(f"{label}: stopped after move {max(announced, default=0)}, "
                                  "nothing lost, finished later")
    campaign.seconds = time.monotonic() - started
    return campaign


@_campaign("read-only")
def read_only_campaign(quick: bool) -> Any:
    from bench.bench_companion import child_env, companion_command
    from bench.faults import ROOT, Campaign
    from companion.table.failures import DENIED, READ_ONLY, TEMPORARY

    campaign = Campaign("read-only")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="read-only-") as temporary:
        root = Path(temporary)
        for case in ("fresh", "game in progress"):
            folder = root / case.replace(" ", "-")
            state = folder / "state"
            panel = folder / "panel"
            config = folder / "config.toml"
            folder.mkdir()
            config.write_text(f'[reader]\nkind = "sim"\n[buttons]\nkind = "sim"\n'
                              f'[display]\nkind = "png"\npath = "{panel}"\n', encoding="utf-8")
            if case == "fresh":
                locked = folder / "locked"
                locked.mkdir()
                state = locked / "state"
            else:
                subprocess.run(companion_command("demo", "freight-train", "--players", "2",
                                                 "--state-dir", str(state)),
                               capture_output=True, env=child_env(), cwd=ROOT, check=True)
                locked = state
            before = {path.name: path.read_bytes() for path in locked.glob("*.sqlite3")}
            locked.chmod(0o555)
            try:
                done = subprocess.run(companion_command("run", "--config", str(config),
                                                        "--state-dir", str(state)),
                                      stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                      env=child_env(), cwd=ROOT,
                                      preexec_fn=without_root_override)
            finally:
                locked.chmod(0o755)
            campaign.count()
            problems = [p for p in [_stopped(done.returncode, done.stderr, TEMPORARY)] if p]
            if str(locked) not in done.stderr:
                problems.append(f"the line does not name the folder: {done.stderr.strip()}")
            latest = panel / "latest.png"
            # SQLite says "read-only" of a journal whose folder refuses its write-ahead log.
            if not latest.exists() or not any(_shows(latest, kind) for kind in (DENIED, READ_ONLY)):
                problems.append("the panel does not keep the message")
            after = {path.name: path.read_bytes() for path in locked.glob("*.sqlite3")}
            if after != before:
                problems.append("the files in the folder changed")
            for text in problems:
                campaign.fail(f"{case}: {text}")
        shutil.rmtree(root, ignore_errors=True)
    campaign.seconds = time.monotonic() - started
    return campaign


@_campaign("unreadable-cards")
def unreadable_cards_campaign(quick: bool) -> Any:
    from bench.faults import Campaign, Records
    from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck
    from companion.games.cards import ANY_GAME, Card
    from companion.table.build import open_table

    campaign = Campaign("unreadable-cards")
    started = time.monotonic()
    records = Records()
    logger = logging.getLogger("companion")
    logger.addHandler(records)
    rounds = 3 if quick else 20
    try:
        with tempfile.TemporaryDirectory(prefix="unreadable-") as temporary:
            table = open_table(state_dir=Path(temporary), game="freight-train",
                               players=("Ana", "Ben"), language="en",
                               driver_config=DEMO_DRIVERS)
            try:
                enroll_deck(table.registry, "freight-train", demo_deck("freight-train"))
                _unreadable_taps(campaign, table, rounds, Card(ANY_GAME, "player", "Eve"))
            finally:
                table.close()
    finally:
        logger.removeHandler(records)
    for record in records.since(0):
        if record.exc_info:
            campaign.fail(f"the loop logged an exception: {record.getMessage()}")
    campaign.seconds = time.monotonic() - started
    return campaign


def _unreadable_taps(campaign: Any, table: Any, rounds: int, personal: Any) -> None:
    from companion.flows.inputs import Press
    from companion.table.questions import ClaimQuestion, EnrolQuestion
    from drivers.events import TagPlaced

    chip = table.drivers.sim.reader
    loop = table.loop

    def answer(first: str, *later: str) -> None:
        """Lay `first` on the reader; once the reader has seen it, and before the table reads
        its memory, lay the `later` cards beside it (a collision); then the table answers."""
        goal = loop.inputs_handled + 1
        chip.place(first)
        while loop.inputs_handled < goal:  # the loop on this thread: each event as it comes
            event = table.events.get()
            if isinstance(event, TagPlaced) and event.uid == first:
                for uid in later:
                    chip.place(uid)
            loop.step(event)

    for number in range(rounds):
        other_key, ntag = f"0C{number:06X}", f"04{number:012X}"
        pair = (f"0D{number:06X}", f"0E{number:06X}")
        sticker = f"0F{number:06X}"
        chip.card(other_key).memory[11][0:6] = bytes(6)
        chip.ntag(ntag)
        text = personal.to_text().encode("latin-1").ljust(48, b" ")
        for index in range(3):
            chip.card(sticker).memory[8 + index][:] = text[16 * index:16 * (index + 1)]
        cases: list[tuple[str, tuple[str, ...], str]] = [
            ("another key", (other_key,), "enrolling"), ("a blank NTAG", (ntag,), "enrolling"),
            ("two cards at once", pair, "enrolling"),
            ("another table's personal tag", (sticker,), "claiming")]
        for label, uids, question in cases:
            campaign.count()
            answer(*uids)
            asked = table.app.question
            wanted = EnrolQuestion if question == "enrolling" else ClaimQuestion
            if not isinstance(asked, wanted) or asked.uid not in uids:
                campaign.fail(f"{label}: no {question} question, the screen says "
                              f"{table.app.screen().title!r}")
            table.app.handle(Press("back"))  # not now
            chip.remove()
            loop.refresh()
