"""Whatever game is in progress comes back after a power cut, under the shipped configuration."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.games import TABLE_GAMES
from companion.state.journal import Journal
from tests.children import CHILD_DEADLINE_SECONDS, ChildLines, wait_for_exit

SHIPPED_CONFIG = Path(__file__).resolve().parents[2] / "examples" / "config.toml"
#: A datagram the test sends itself when the companion exits without saying it is ready.
EXITED = b"EXITED"


def cut_the_power_mid_game(game: str, state_dir: Path, moves: int = 3) -> int:
    """Play `game` through the demo and SIGKILL it once it announced `moves` moves; the
    number of moves the journal kept."""
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "--lang", "en", "demo", game, "--players", "2",
         "--state-dir", str(state_dir), "--progress-every", "1"],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    for line in ChildLines(child):  # killed on an announced move, not after a guessed delay
        if line.startswith("Move ") and int(line.split()[1]) >= moves:
            break
    child.kill()
    child.wait()
    with Journal(state_dir / "journal.sqlite3") as journal:
        (play,) = journal.plays(finished=False)
        assert play.game == game
        return journal.event_count(play.id)


def start_the_table(state_dir: Path, tmp_path: Path, *extra: str) -> str:
    """`companion run` with the shipped configuration; the status it tells systemd when
    ready. It is stopped with SIGTERM and must exit cleanly."""
    address = str(tmp_path / "notify.sock")
    Path(address).unlink(missing_ok=True)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        env = {**os.environ, "NOTIFY_SOCKET": address,
               # The shipped wiring on a desktop: the buttons on gpiozero's mock pins; the
               # reader and the panel are missing and reported as faults.
               "GPIOZERO_PIN_FACTORY": "mock"}
        child = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--config", str(SHIPPED_CONFIG),
             "--state-dir", str(state_dir), *extra],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, env=env)

        def tell_when_exited() -> None:
            child.wait()
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as own:
                own.sendto(EXITED, address)

        watcher = threading.Thread(target=tell_when_exited, daemon=True)
        watcher.start()
        message = b""
        sock.settimeout(CHILD_DEADLINE_SECONDS)  # against a hang only: READY=1 is awaited
        try:
            while not message.startswith((b"READY=1", EXITED)):
                message = sock.recv(4096)
        except TimeoutError:
            child.kill()
            wait_for_exit(child)
            pytest.fail("companion run neither told READY=1 nor exited")
        child.send_signal(signal.SIGTERM)
        _, errors = wait_for_exit(child)
        assert errors is not None
        watcher.join()
    assert message != EXITED, errors
    assert child.returncode == 0, errors
    assert "Traceback" not in errors
    return dict(line.split("=", 1) for line in message.decode().splitlines())["STATUS"]


@pytest.mark.parametrize("game", sorted(TABLE_GAMES))
def test_every_game_in_progress_comes_back_after_a_power_cut(game: str, tmp_path: Path) -> None:
    state_dir = tmp_path / "state"
    kept = cut_the_power_mid_game(game, state_dir)
    assert kept >= 3
    # The shipped configuration names freight-train as its game, and --game asks for another
    # one: neither may leave the game in progress behind.
    other = next(name for name in sorted(TABLE_GAMES) if name != game)
    for extra in ((), ("--game", other)):
        assert start_the_table(state_dir, tmp_path, *extra) == f"following {game}"
    with Journal(state_dir / "journal.sqlite3") as journal:
        (play,) = journal.plays()  # no new game was started
        assert play.game == game and play.finished is None
        assert journal.event_count(play.id) == kept
