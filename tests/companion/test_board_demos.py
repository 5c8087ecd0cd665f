"""`companion demo ticket-to-ride --map BOARD` plays every printed board to its result line,
at the board's fewest and most players, through the whole table (screens, journal, tags).

A demo spends most of its time waiting on the simulated reader's polls, so the 34 demos run
side by side, each a command of its own in a folder of its own."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from companion.desktop.demo import PLAYER_NAMES as NAMES
from companion.state.journal import Journal
from companion.state.paths import JOURNAL_FILE
from engine.games.ticket_to_ride.library import INDEX, SHIPPED

GAME = "ticket-to-ride"
BOARDS = [name for name in SHIPPED if name not in ("usa", "europe")]
#: A demo ends in about 20 s here; this only keeps a hung one from hanging the suite.
DEADLINE_SECONDS = 900
SIDE_BY_SIDE = 6


def demo(folder: Path, name: str, players: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "--lang", "en", "demo", GAME, "--map", name,
         "--players", str(players), "--state-dir", str(folder)],
        capture_output=True, text=True, check=False, timeout=DEADLINE_SECONDS)


def test_the_demo_plays_each_board_at_its_fewest_and_most_players(tmp_path: Path) -> None:
    runs = [(name, players) for name in BOARDS for players in INDEX[name].players]
    with ThreadPoolExecutor(SIDE_BY_SIDE) as pool:
        done = list(pool.map(lambda run: demo(tmp_path / f"{run[0]}-{run[1]}", *run), runs))
    for (name, players), finished in zip(runs, done, strict=True):
        assert finished.returncode == 0, (name, players, finished.stderr[-2000:])
        result = json.loads(finished.stdout.strip().splitlines()[-1])  # the result line
        assert [score["name"] for score in result["players"]] == list(NAMES[:players])
        with Journal(tmp_path / f"{name}-{players}" / JOURNAL_FILE) as journal:
            (play,) = journal.plays(finished=True)
        assert play.options["map_name"] == name
        assert play.result == result
