"""One owner per state folder; read-only readers beside it; no writing through links."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.desktop.demo import run_demo
from companion.state.folder import LOCK_FILE, folder_holder, take_folder
from companion.state.journal import Journal, JournalError, StateFolderBusy, StateFolderRefused
from companion.state.tags import TagRegistry
from companion.table.build import open_table
from companion.table.session import GameSession
from engine.games.freight_train import RULES
from engine.simulate import play_random

ROOT = Path(__file__).resolve().parents[2]
Capture = pytest.CaptureFixture[str]

# A process that owns the folder until its standard input closes (or it is killed).
HOLDER = """
import sys
from pathlib import Path
from companion.state.folder import take_folder
lock = take_folder(Path(sys.argv[1]), "companion run")
print("held", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process owning tmp_path/state, once it has said so."""
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path / "state")],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    yield child
    if child.poll() is None:
        child.kill()
    child.wait()


def events(count: int) -> list[object]:
    return list(play_random(RULES, RULES.new_game(("Ana", "Ben")), seed=4).events[:count])


def test_a_second_writer_is_refused_naming_the_holder(tmp_path: Path,
                                                      holder: subprocess.Popen[str]) -> None:
    folder = tmp_path / "state"
    with pytest.raises(StateFolderBusy) as refusal:
        take_folder(folder, "companion demo")
    assert refusal.value.exit_status == 75
    assert f"process {holder.pid} (companion run)" in str(refusal.value)
    assert folder_holder(folder) == f"{holder.pid} companion run"
    with pytest.raises(StateFolderBusy):
        open_table(state_dir=folder, language="en", game="freight-train", players=("A", "B"))


def test_the_commands_that_write_say_so_in_one_line_with_status_75(
        tmp_path: Path, holder: subprocess.Popen[str], capsys: Capture) -> None:
    folder = str(tmp_path / "state")
    for argv in (["demo", "freight-train", "--players", "2", "--state-dir", folder],
                 ["restore", str(tmp_path / "any.sqlite3"), "--state-dir", folder],
                 ["journal", "recover", "--state-dir", folder]):
        assert main(["--lang", "en", *argv]) == 75, argv
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and f"process {holder.pid}" in err and "--wait" in err
        assert "Traceback" not in err
    done = subprocess.run([sys.executable, "-m", "companion", "--lang", "fr", "run",
                           "--state-dir", folder, "--players", "Ana,Ben"],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 75
    assert done.stderr.count("\n") == 1 and "utilisé par" in done.stderr


def test_the_lock_goes_with_the_process_that_dies_and_wait_waits_for_it(
        tmp_path: Path, holder: subprocess.Popen[str]) -> None:
    folder = tmp_path / "state"
    waiting = threading.Event()
    taken: list[object] = []

    def second() -> None:
        taken.append(take_folder(folder, "second", wait=True,
                                 on_wait=lambda who: waiting.set()))

    thread = threading.Thread(target=second)
    thread.start()
    waiting.wait()  # it has seen the holder and blocks on the lock
    assert not taken
    holder.kill()  # SIGKILL: no clean-up runs, the kernel releases the lock
    thread.join()
    assert taken and folder_holder(folder) == f"{os.getpid()} second"


def test_a_table_releases_the_folder_when_it_closes(tmp_path: Path) -> None:
    table = open_table(state_dir=tmp_path, language="en", game="freight-train",
                       players=("Ana", "Ben"))
    with pytest.raises(StateFolderBusy):
        take_folder(tmp_path)
    table.close()
    take_folder(tmp_path).release()


def test_a_duplicate_move_is_refused_inside_its_transaction_even_without_the_lock(
        tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    moves = events(3)
    with Journal(path) as first, Journal(path) as second:
        session = GameSession.start(first, RULES, ["Ana", "Ben"])
        session.submit(moves[0])
        play = first.play(session.play.id)
        assert play is not None
        twin = GameSession.resume(second, play)
        session.submit(moves[1])
        with pytest.raises(JournalError, match="changed by another program"):
            twin.submit(moves[1])  # the same move again, by the other companion
        assert first.event_count(play.id) == 2
        assert first.events(play.id) == [m.to_json() for m in moves[:2]]  # type: ignore[attr-defined]
        with pytest.raises(JournalError, match="changed by another program"):
            twin.undo()  # its last move is not the journal's last any more
        assert first.event_count(play.id) == 2


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {entry.name: entry.read_bytes() for entry in sorted(folder.iterdir())}


@pytest.mark.parametrize("writer_running", [True, False])
def test_read_only_commands_work_beside_a_writer_and_change_nothing(
        tmp_path: Path, capsys: Capture, writer_running: bool) -> None:
    folder = tmp_path / "state"
    owner = take_folder(folder, "companion run")
    journal = Journal(folder / "journal.sqlite3")
    session = GameSession.start(journal, RULES, ["Ana", "Ben"])
    for move in events(12):
        session.submit(move)  # type: ignore[arg-type]
    with TagRegistry.in_state_dir(folder) as registry:
        registry.enroll("04A31F2B", registry_card())
    if not writer_running:
        journal.close()
        owner.release()
        assert not (folder / "journal.sqlite3-wal").exists()
    else:
        assert (folder / "journal.sqlite3-wal").exists()  # moves live in the log too
    before = folder_bytes(folder)
    stats = {entry.name: entry.stat().st_mtime_ns for entry in folder.iterdir()}
    out = ""
    for argv in (["status", "--json"], ["log"], ["export", "--format", "csv"], ["tags", "list"]):
        # Each in a process of its own, as beside the service: SQLite shares one mapping of
        # the shared memory between the connections of one process, the writer's included.
        done = subprocess.run([sys.executable, "-m", "companion", *argv,
                               "--state-dir", str(folder)], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0, (argv, done.stderr)
        out += done.stdout
    assert '"event_count": 12' in out and "04A31F2B" in out
    assert folder_bytes(folder) == before  # no file created, none changed
    assert {entry.name: entry.stat().st_mtime_ns for entry in folder.iterdir()} == stats
    if writer_running:
        journal.close()
        owner.release()


def registry_card() -> object:
    from companion.games.cards import Card

    return Card("freight-train", "wagon", "coal")


def test_a_state_folder_of_another_user_is_refused_to_writers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    folder = tmp_path / "state"
    with Journal(folder / "journal.sqlite3") as journal:
        GameSession.start(journal, RULES, ["Ana", "Ben"]).submit(events(1)[0])  # type: ignore[arg-type]
    real = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: real + 4242)
    with pytest.raises(StateFolderRefused, match="belongs to another user"):
        take_folder(folder)
    assert main(["tags", "enroll", "04A31F2B", "freight-train", "wagon", "coal",
                 "--state-dir", str(folder)]) == 2
    assert main(["status", "--state-dir", str(folder)]) == 0  # reading is not refused
    out, err = capsys.readouterr()
    assert "belongs to another user" in err and "Traceback" not in err


def test_files_are_never_written_through_a_link(tmp_path: Path, capsys: Capture) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    for name in ("journal.sqlite3-wal", LOCK_FILE, "tags.sqlite3", "journal.sqlite3.last-move"):
        link = folder / name
        link.symlink_to(victim)
        with pytest.raises(StateFolderRefused, match="symbolic link"):
            if name == "tags.sqlite3":
                TagRegistry.in_state_dir(folder)
            elif name == LOCK_FILE:
                take_folder(folder)
            else:
                Journal(folder / "journal.sqlite3")
        link.unlink()
    (folder / "journal.sqlite3").symlink_to(victim)
    assert main(["log", "--state-dir", str(folder)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert victim.read_bytes() == b"precious"


def test_a_demo_started_twice_plays_its_game_once(tmp_path: Path) -> None:
    """The second demo waits for the first, then finds the game played: one play, no
    duplicate move."""
    folder = tmp_path / "state"
    results: list[dict[str, object]] = []
    waiting = threading.Event()
    first_move = threading.Event()

    def demo(wait: bool) -> None:
        results.append(run_demo("freight-train", 5, folder, 2, "en", wait=wait,
                                on_wait=lambda who: waiting.set(),
                                progress=lambda text: first_move.set(), progress_every=1))

    first = threading.Thread(target=demo, args=(False,))
    first.start()
    first_move.wait()
    second = threading.Thread(target=demo, args=(True,))
    second.start()
    waiting.wait()
    first.join()
    second.join()
    assert len(results) == 2 and results[0] == results[1]
    with Journal.open_read_only(folder / "journal.sqlite3") as journal:
        plays = journal.plays()
        assert len(plays) == 1 and plays[0].finished is not None
        seqs = [record.seq for record in journal.records(plays[0].id)]
        assert seqs == list(range(1, len(seqs) + 1))


def test_a_killed_demo_leaves_the_folder_free_and_claims_no_loss(tmp_path: Path,
                                                                 capsys: Capture) -> None:
    folder = tmp_path / "state"
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "--lang", "en", "demo", "game-of-trains",
         "--players", "2",
         "--state-dir", str(folder), "--progress-every", "1"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith("Move 3 of"):
            break
    child.kill()  # SIGKILL after the third move was announced: no clean-up runs
    child.wait()
    child.stdout.close()
    take_folder(folder).release()  # the kernel let the lock go
    assert main(["status", "--json", "--state-dir", str(folder)]) == 0  # no false loss
    assert json.loads(capsys.readouterr().out)["event_count"] >= 3
