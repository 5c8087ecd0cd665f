"""The link between tables and the board, with a real Mosquitto: a table killed, frozen or
stopped is seen offline on the board (`companion web --mqtt`), and a broker killed in the
middle of the evening loses no finished play of a table that still runs."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from companion.publish.mqtt_settings import MqttSettings
from companion.publish.publisher import Publisher
from companion.state.journal import Journal

from .mosquitto import DEADLINE_SECONDS, Broker, mosquitto, needs_mosquitto
from .mqtt_clients import (
    board_until,
    everything_retained,
    finished_plays,
    one_table_evening,
    online,
    play_games,
    status,
    subscribed,
)
from .web_server import get, web_server

ROOT = Path(__file__).parents[2]
pytestmark = needs_mosquitto
#: The tables' keep-alive here: a frozen table is dropped by the broker after 1.5 of it.
KEEPALIVE = 2


@contextmanager
def table_process(folder: Path, broker: Broker, name: str,
                  keepalive: int = KEEPALIVE) -> Iterator[subprocess.Popen[str]]:
    """`companion run` publishing as `name`, its game started (typed lines stand for the
    buttons); its standard input stays open, so it runs until the test ends it."""
    folder.mkdir(parents=True)
    config = folder / "config.toml"
    config.write_text(f'[mqtt]\nurl = "{broker.url}"\ntable = "{name}"\n'
                      f"keepalive = {keepalive}\n", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--lang", "en", "run", "--config", str(config),
         "--state-dir", str(folder / "state"), "--players", "Ana,Ben"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        text=True, cwd=ROOT)
    try:
        assert process.stdin is not None
        process.stdin.write("o\n" * 5)  # the setup's pages and the deal: the game starts
        process.stdin.flush()
        yield process
    finally:
        process.send_signal(signal.SIGCONT)
        process.kill()
        process.wait()


def test_a_table_killed_frozen_or_stopped_is_seen_offline_on_the_board(tmp_path: Path) -> None:
    with ExitStack() as stack:
        broker = stack.enter_context(mosquitto(tmp_path / "broker"))
        address = stack.enter_context(web_server(tmp_path / "board", "--mqtt", broker.url))
        hall = stack.enter_context(table_process(tmp_path / "hall", broker, "hall"))
        porch = stack.enter_context(table_process(tmp_path / "porch", broker, "porch"))
        board = board_until(address, lambda board: online("hall", True)(board)
                            and online("porch", True)(board)
                            and all(table["live"] for table in board["tables"]))
        assert {table["live"]["status"] for table in board["tables"]} == {"playing"}

        # Power lost: the socket goes without a DISCONNECT, the broker sends the will.
        mark = len(broker.log)
        hall.kill()
        broker.wait_for_log("Client companion-hall closed its connection", after=mark)
        board = board_until(address, online("hall", False))
        assert status(board, "hall")["since_exact"] is True  # type: ignore[index]
        hall_table = next(table for table in board["tables"] if table["table"] == "hall")
        assert hall_table["live"]["status"] == "playing"  # its last view, now marked offline
        _, _, english = get(address + "tables")
        _, _, french = get(address + "tables", headers={"Accept-Language": "fr"})
        assert english.count("Offline since ") == 1 and "Offline since before" not in english
        assert french.count("Hors ligne depuis ") == 1

        # Frozen (the Wi-Fi gone): nothing is said, the keep-alive runs out, then the will.
        mark = len(broker.log)
        frozen_at = time.monotonic()
        porch.send_signal(signal.SIGSTOP)
        broker.wait_for_log("Client companion-porch has exceeded timeout", after=mark)
        board_until(address, online("porch", False))
        seen_after = time.monotonic() - frozen_at
        # Back: it reconnects with the same client id and says so.
        porch.send_signal(signal.SIGCONT)
        board_until(address, online("porch", True))
        # A clean stop (end of input closes the table): it says offline itself.
        mark = len(broker.log)
        assert porch.stdin is not None
        porch.stdin.close()
        assert porch.wait(timeout=DEADLINE_SECONDS) == 0
        broker.wait_for_log("Client companion-porch disconnected.", after=mark)
        board_until(address, online("porch", False))
    print(f"a frozen table was offline on the board {seen_after:.1f} s after it froze "
          f"(keep-alive {KEEPALIVE} s)")


def test_a_table_back_from_a_power_cut_replaces_its_stale_connection_at_once(
        tmp_path: Path) -> None:
    """Its client id is the same at every start: the broker closes the connection it still
    holds (a keep-alive of 10 minutes would keep it 15), sends its will, then it is online."""
    with ExitStack() as stack:
        broker = stack.enter_context(mosquitto(tmp_path / "broker"))
        board = stack.enter_context(subscribed(broker, topics="companion/+/status"))
        before = stack.enter_context(table_process(tmp_path / "before", broker, "hall", 600))
        board.wait(lambda got: [m.payload for m in got] == ["online"])
        before.send_signal(signal.SIGSTOP)  # its socket open, nobody behind it any more
        mark = len(broker.log)
        stack.enter_context(table_process(tmp_path / "after", broker, "hall", 600))
        broker.wait_for_log("Client companion-hall already connected, closing old connection",
                            after=mark)
        got = board.wait(lambda got: len(got) >= 3)
    assert [m.payload for m in got] == ["online", "offline", "online"]  # nothing more


def test_a_broker_killed_mid_evening_gets_every_finished_play_back(tmp_path: Path) -> None:
    broker = Broker(tmp_path / "broker")  # Mosquitto's default: saved every 30 minutes
    broker.start()
    try:
        path = tmp_path / "hall.sqlite3"
        gone_path = tmp_path / "gone.sqlite3"
        with Journal(path, durable=False) as journal:
            publisher = Publisher(path, MqttSettings("127.0.0.1", broker.port, "hall")).start()
            try:
                uuids = play_games(journal, publisher, 4, first_seed=1)
                # A table that went home before the crash: nobody is left to send its play.
                one_table_evening(gone_path, MqttSettings("127.0.0.1", broker.port, "gone"),
                                  first_seed=9)
                before = everything_retained(broker)
                assert finished_plays(before, "hall") == set(uuids)
                assert len(finished_plays(before, "gone")) == 1

                broker.kill()
                broker.start()  # the same port and database file
                # The table reconnects by itself; a board started now has every play.
                with subscribed(broker) as board:
                    got = board.wait(lambda got: finished_plays(got, "hall") == set(uuids))
                # The broker had lost what it had not saved: the table that left is gone.
                after = everything_retained(broker)
                assert finished_plays(after, "gone") == set()
                assert finished_plays(after, "hall") == set(uuids)
                # Each play sent again as it was, never an older form over a newer one.
                for uuid in uuids:
                    forms = [m.payload for m in got if m.topic.endswith(uuid)]
                    assert forms and all(form["result"] for form in forms)
                    assert forms[-1] == journal_play(journal, uuid)
            finally:
                publisher.stop()
    finally:
        broker.stop()


def journal_play(journal: Journal, uuid: str) -> dict[str, Any]:
    from companion.publish.export import json_play

    return json_play(next(play for play in journal.plays() if play.uuid == uuid))
