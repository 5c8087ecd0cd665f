"""`companion web --mqtt` against what any phone on a club's network can publish, with a real
Mosquitto: after each hostile message a well-formed table must still appear on `/tables` and
`/api/tables`, and so after a restart of the board with every hostile message retained."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.publish.mqtt_settings import MqttSettings
from companion.web.board import Board

from . import board_mqtt
from .board_mqtt import live_view, names, roomy_broker, sender, wait_for_board
from .mosquitto import needs_mosquitto
from .web_server import get, web_server

EVIL_LIVE = "companion/evil/live"
EVIL_UUID = "00000000-0000-4000-8000-00000000e711"
EVIL_PLAY = f"companion/evil/plays/{EVIL_UUID}"


def started() -> datetime:
    return datetime.now().astimezone() - timedelta(minutes=20)


def live(**changes: Any) -> bytes:
    value = json.loads(live_view(EVIL_UUID, started()))
    value.update(changes)
    return json.dumps(value, ensure_ascii=False).encode()


def play(**changes: Any) -> bytes:
    value = {"id": 1, "uuid": EVIL_UUID, "game": "freight-train", "players": ["Ana", "Ben"],
             "options": {}, "key": None, "started": started().isoformat(),
             "finished": started().isoformat(), "ending": None,
             "result": {"game": "freight-train", "winners": ["Ana"],
                        "players": [{"name": "Ana", "total": 12, "breakdown": {}},
                                    {"name": "Ben", "total": 9, "breakdown": {}}]}}
    value.update(changes)
    return json.dumps(value, ensure_ascii=False).encode()


def result(**changes: Any) -> dict[str, Any]:
    return {**json.loads(play())["result"], **changes}


#: Each a topic and a payload the board must drop without harm.
HOSTILE: list[tuple[str, bytes]] = [
    (EVIL_LIVE, b"[" * 1000),
    (EVIL_PLAY, b"[" * 1000),
    (EVIL_LIVE, b'{"a":' * 1000),
    (EVIL_LIVE, b"[" * 100 + b"]" * 100),
    (EVIL_LIVE, b"hello"),
    (EVIL_LIVE, b"\xff\xfe\xfd\xfc"),
    (EVIL_LIVE, live().decode().encode("utf-16")),
    (EVIL_LIVE, b"\xef\xbb\xbf" + live()),  # a byte order mark before the JSON
    (EVIL_LIVE, b"   "),
    (EVIL_LIVE, b"[1, 2]"),
    (EVIL_LIVE, b'"a text"'),
    (EVIL_LIVE, b"1"),
    (EVIL_LIVE, b"null"),
    (EVIL_LIVE, b"{}"),
    (EVIL_LIVE, live(event_count="12")),
    (EVIL_LIVE, live().replace(b'"event_count": 4', b'"event_count": NaN')),
    (EVIL_LIVE, live().replace(b'"event_count": 4', b'"event_count": 1e400')),
    (EVIL_LIVE, live().replace(b'"event_count": 4', b'"event_count": -Infinity')),
    (EVIL_LIVE, live().replace(b'"event_count": 4', b'"event_count": ' + b"9" * 5000)),
    (EVIL_LIVE, live(event_count=-1)),
    (EVIL_LIVE, live(event_count=10**30)),
    (EVIL_LIVE, live(event_count=True)),
    (EVIL_LIVE, live(result=[])),
    (EVIL_LIVE, live(result=result(players=[{"total": 3, "breakdown": {}}]))),
    (EVIL_LIVE, live(result=result(winners="Ana"))),
    (EVIL_LIVE, live(result=result(players=[{"name": "Ana", "total": 3,
                                             "breakdown": {"loads": "many"}}]))),
    (EVIL_PLAY, play(result=result(winners=["Mallory"]))),
    (EVIL_LIVE, live(players=[1, 2])),
    (EVIL_PLAY, play(players="AnaBen")),
    (EVIL_PLAY, play(players=None)),
    (EVIL_LIVE, live(players=[f"P{n}" for n in range(1000)])),
    (EVIL_LIVE, live(players=["A" * 10_000])),
    (EVIL_LIVE, live(players=["\x1b[2J\x1b[31mAna"])),
    (EVIL_LIVE, live().replace(b'"Ana", "Ben"', b'"Ana", "\\ud800"')),
    (EVIL_LIVE, live(turn={"name": "Ana"})),
    (EVIL_LIVE, live(status="hacked")),
    (EVIL_LIVE, live(started="yesterday")),
    (EVIL_PLAY, play(started=12345)),
    (EVIL_LIVE, live(game="<script>alert(1)</script>")),
    (EVIL_LIVE, live(stage={"day": {"nested": 1}})),
    (EVIL_LIVE, live(last_moves=[{"seq": 1, "recorded": "x", "event": {}}] * 1000)),
    (EVIL_LIVE, live(announced=["The last train has arrived"] * 1000)),
    (EVIL_LIVE, live(uuid="0" * 36)),
    (EVIL_LIVE, b'{"status": "playing", "pad": "' + b"x" * (1 << 20) + b'"}'),
    (EVIL_PLAY, play(uuid="00000000-0000-4000-8000-000000000000")),
    (EVIL_PLAY, play(finished=5)),
    ("companion/evil/plays/not-a-uuid", play()),
    ("companion/ev il/live", live()),
    ("companion/évil/live", live()),
    ("companion/" + "e" * 100 + "/live", live()),
]


def good_table(number: int) -> tuple[str, bytes]:
    uuid = f"00000000-0000-4000-8000-{number:012d}"
    return f"companion/good-{number:02d}/live", live_view(uuid, started())


@needs_mosquitto
def test_no_message_takes_the_board_down(tmp_path: Path) -> None:
    assert len(HOSTILE) >= 41
    with roomy_broker(tmp_path / "broker") as broker, sender(broker) as phone:
        with web_server(tmp_path / "state", "--mqtt", broker.url) as address:
            wait_for_board(address, lambda board: board["connected"])
            for number, (topic, payload) in enumerate(HOSTILE):
                phone.send(topic, payload)  # retained: a restart of the board gets it again
                phone.send(*good_table(number))
                board = wait_for_board(
                    address, lambda board, n=number: f"good-{n:02d}" in names(board))
                assert board["connected"], (topic, payload[:80])
                status, _, page = get(address + "tables")
                assert status == 200 and f"Table good-{number:02d}" in page, (topic, payload[:80])
            assert "evil" not in names(board)
            assert board["intake"]["dropped"] == len(HOSTILE)
            assert board["intake"]["failed"] == 0
        # Started again: every retained message, hostile or not, comes back at once.
        with web_server(tmp_path / "state", "--mqtt", broker.url) as address:
            board = wait_for_board(address, lambda board: len(board["tables"]) == len(HOSTILE))
            assert names(board) == {good_table(n)[0].split("/")[1] for n in range(len(HOSTILE))}
            assert get(address + "tables")[0] == 200
            assert board["intake"]["failed"] == 0


@needs_mosquitto
def test_an_empty_retained_message_forgets_a_table(tmp_path: Path) -> None:
    with roomy_broker(tmp_path / "broker") as broker, sender(broker) as phone:
        phone.send(*good_table(1))
        phone.send(*good_table(2))
        with web_server(tmp_path / "state", "--mqtt", broker.url) as address:
            wait_for_board(address, lambda board: names(board) == {"good-01", "good-02"})
            phone.send(good_table(1)[0], b"")  # how MQTT clears a retained message
            board = wait_for_board(address, lambda board: names(board) == {"good-02"})
            assert board["intake"]["dropped"] == 0
        with web_server(tmp_path / "state", "--mqtt", broker.url) as address:
            board = wait_for_board(address, lambda board: bool(board["tables"]))
            assert names(board) == {"good-02"}


@needs_mosquitto
# The test ends the client's thread with what nothing catches, on purpose.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_the_board_says_connected_only_while_it_receives(tmp_path: Path) -> None:
    with roomy_broker(tmp_path / "broker") as broker, sender(broker) as phone:
        board = Board(MqttSettings("127.0.0.1", broker.port, "")).start()
        try:
            phone.send(*good_table(1))
            deadline = time.monotonic() + board_mqtt.DEADLINE_SECONDS
            while "good-01" not in names(board.snapshot()):
                assert time.monotonic() < deadline, board.snapshot()
                time.sleep(board_mqtt.POLL_SECONDS)
            assert board.snapshot()["connected"]

            def ended(message: Any) -> bool:
                raise KeyboardInterrupt  # what no callback guard catches: the thread ends

            board.evening.intake.take_message = ended  # type: ignore[method-assign]
            phone.send(*good_table(2))
            board._loop.join(board_mqtt.DEADLINE_SECONDS)
            assert not board._loop.is_alive()
            assert not board.snapshot()["connected"]
        finally:
            board.stop()
