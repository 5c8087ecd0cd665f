"""Power cuts: a child process journals a game and is killed (SIGKILL) at random moments.

Whatever the child reported as committed must be in the journal, unchanged; the file must
open; and resuming until the end must give the result an uninterrupted game gives.

SIGKILL stops the process at any instruction, in the middle of a transaction too; the data
already handed to the kernel survives it. Losing the machine's power also loses what the
kernel had not written to the disk: that part rests on `synchronous=FULL` (each commit is
synced before `append` returns), which only a real power cut can check.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from companion.state.journal import Journal
from companion.table.session import GameSession
from engine.games.freight_train import RULES
from engine.simulate import play_random
from tests.children import ChildLines

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "Ben", "Cleo", "Dan")
SEEDS = (11, 12, 13, 14)
KILLS_PER_SEED = 5

# The child: resume the play of this seed (or start it), submit the rest of the seeded game,
# and print each seq once `submit` (and so `append`) has returned; "+SEQ" just before it
# submits that seq, so the parent can also kill it in the middle of a submit.
CHILD = """
import sys
from companion.state.journal import Journal
from companion.table.session import GameSession
from engine.games.freight_train import RULES
from engine.simulate import play_random
from tests.children import ChildLines

path, seed, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
names = ("Ana", "Ben", "Cleo", "Dan")[:players]
key = f"power-cut:{seed}"
events = play_random(RULES, RULES.new_game(names), seed).events
journal = Journal(path)
if any(play.key == key for play in journal.plays(finished=True)):
    sys.exit(0)
play = journal.unfinished(key=key)
if play is None:
    session = GameSession.start(journal, RULES, names, key=key, snapshot_every=10)
else:
    session = GameSession.resume(journal, play, snapshot_every=10)
for event in events[session.event_count:]:
    print(f"+{session.event_count + 1}", flush=True)
    session.submit(event)
    print(session.event_count, flush=True)
journal.close()
"""


def run_child(path: Path, seed: int, players: int, kill_after: int | None,
              rng: random.Random) -> list[int]:
    """Run the child; kill it once it has reported `kill_after` seqs, or once it has said it
    submits the next one (the kill lands where the child got to, always after an event seen).

    Returns every seq the child printed before it died.
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(seed), str(players)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env,
    )  # fmt: skip
    printed = ChildLines(child)  # each line awaited with a deadline: a hang fails the test
    lines: list[str] = []
    if kill_after is not None:
        in_submit = rng.random() < 0.5
        while sum(not line.startswith("+") for line in lines) < kill_after:
            line = printed.next("seq")
            if not line:
                break
            lines.append(line)
        if in_submit:
            while (line := printed.next("seq")) and not line.startswith("+"):
                lines.append(line)  # a seq reported meanwhile is still reported
        child.send_signal(signal.SIGKILL)
    lines += printed.finish().splitlines()
    status = child.wait()
    assert status in (0, -signal.SIGKILL), status
    return [int(line) for line in lines if not line.startswith("+")]


def test_every_reported_event_survives_kills_and_the_game_ends_the_same(tmp_path: Path) -> None:
    rng = random.Random(2024)
    path = tmp_path / "journal.sqlite3"
    kills = 0
    for seed in SEEDS:
        players = 2 + seed % 3
        names = NAMES[:players]
        playout = play_random(RULES, RULES.new_game(names), seed)
        expected = [event.to_json() for event in playout.events]
        key = f"power-cut:{seed}"
        for _ in range(KILLS_PER_SEED):
            reported = run_child(path, seed, players, rng.randint(0, 40), rng)
            kills += 1
            with Journal(path) as journal:  # it opens, whatever the moment of the kill
                play = next((p for p in journal.plays() if p.key == key), None)
                if play is None:
                    assert not reported
                    continue
                stored = journal.events(play.id)
            assert stored == expected[: len(stored)]  # never a partial or a stray event
            for seq in reported:
                assert stored[seq - 1] == expected[seq - 1]
        run_child(path, seed, players, None, rng)  # the rest, uninterrupted
        with Journal(path) as journal:
            play = next(p for p in journal.plays() if p.key == key)
            assert play.finished is not None
            assert play.result == RULES.result(playout.final).to_json()
            assert journal.events(play.id) == expected
            resumed = GameSession.resume(journal, play)
            assert resumed.state == playout.final
    assert kills == len(SEEDS) * KILLS_PER_SEED
