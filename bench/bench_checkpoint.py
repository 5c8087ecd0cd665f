"""The log's bound: what each checkpoint bound costs a move, and how many moves live in the
write-ahead log alone (lost with it: reported, but lost).

    python bench/bench_checkpoint.py [--folder DIR] [--games N]

A durable journal (synchronous FULL, real syncs: give a folder on a real disk, not a tmpfs)
records whole Ticket to Ride games (no days or rounds, so only the bound checkpoints) with
each bound, SQLite's default (1000 pages) included, and with the move count kept beside the
journal in two slots (the companion's way), in a file renamed over the old one, or not at
all. After every move the main file alone is read (as if the log were lost) to count the
moves it lacks.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.state import write_ahead  # noqa: E402
from companion.state.journal import Journal  # noqa: E402
from companion.table.session import GameSession  # noqa: E402
from engine.registry import GAMES  # noqa: E402
from engine.simulate import play_random  # noqa: E402

RULES = GAMES["ticket-to-ride"]
NAMES = ("Ana", "Ben", "Cleo")
BOUNDS = (1000, 256, 64, 16)


def in_main_file(path: Path) -> int:
    """Moves the main file holds by itself (the log ignored)."""
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return int(db.execute("SELECT count(*) FROM events").fetchone()[0])
    except sqlite3.OperationalError:
        return 0  # not even the tables are in the main file yet
    finally:
        db.close()


def _renamed(journal: Journal) -> Any:
    """The alternative: the count written to a new file renamed over the old one (a sync of
    the file and one of the folder)."""
    from companion.state.folder import write_atomically

    def note(play_uuid: str, seq: int, **_: Any) -> None:
        write_atomically(journal.progress_path,
                         json.dumps({"play": play_uuid, "seq": seq}).encode())
    return note


def measure(folder: Path, bound: int, games: int, progress_file: str) -> dict[str, Any]:
    times: list[float] = []
    at_risk: list[int] = []
    with mock.patch.object(write_ahead, "CHECKPOINT_PAGES", bound):
        for game in range(games):
            path = folder / f"bound-{bound}-{progress_file}-{game}" / "journal.sqlite3"
            with Journal(path) as journal:
                if progress_file == "no":
                    journal.checks.note_progress = lambda *args: None  # type: ignore[method-assign]
                elif progress_file == "renamed":
                    journal.checks.note_progress = _renamed(journal)  # type: ignore[method-assign]
                session = GameSession.start(journal, RULES, NAMES)
                for event in play_random(RULES, RULES.new_game(NAMES), seed=game).events:
                    began = time.perf_counter()
                    session.submit(event)
                    times.append(time.perf_counter() - began)
                    at_risk.append(session.event_count - in_main_file(path))
    return {
        "bound": bound,
        "progress_file": progress_file,
        "median_ms": statistics.median(times) * 1000,
        "mean_ms": statistics.fmean(times) * 1000,
        "moves": len(times),
        "worst_at_risk": max(at_risk),
        "mean_at_risk": statistics.fmean(at_risk),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--folder", type=Path, help="where to write (default: a temporary "
                        "folder under the current directory)")
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix=".bench-checkpoint-",
                                     dir=args.folder or Path.cwd()) as name:
        rows = [measure(Path(name), bound, args.games, "two slots") for bound in BOUNDS]
        rows += [measure(Path(name), 16, args.games, way) for way in ("renamed", "no")]
    print(f"{'bound (pages)':>13}  {'move count file':>15}  {'submit median':>13}  "
          f"{'mean':>8}  {'moves in the log alone: worst':>29}  {'mean':>5}")
    for row in rows:
        print(f"{row['bound']:>13}  {row['progress_file']:>15}  "
              f"{row['median_ms']:>10.2f} ms  {row['mean_ms']:>5.2f} ms  "
              f"{row['worst_at_risk']:>29}  {row['mean_at_risk']:>5.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
