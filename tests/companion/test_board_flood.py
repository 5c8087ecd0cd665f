"""`companion web --mqtt` against 5,000 made-up tables on a real Mosquitto: the board keeps at
most its bounds, the newest first, and a real table published afterwards still shows."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from companion.web.board_limits import MAX_TABLES

from .board_mqtt import live_view, names, roomy_broker, sender, wait_for_board
from .mosquitto import needs_mosquitto
from .web_server import get, web_server

ROGUES = 5000


def uid(number: int) -> str:
    return f"00000000-0000-4000-8000-{number:012d}"


def rogue_tables(started: datetime) -> list[tuple[str, bytes]]:
    return [(f"companion/rogue-{number}/live", live_view(uid(number), started))
            for number in range(ROGUES)]


@needs_mosquitto
def test_five_thousand_rogue_tables_stay_within_the_default_bounds(tmp_path: Path) -> None:
    started = datetime.now().astimezone() - timedelta(minutes=5)
    with (roomy_broker(tmp_path / "broker") as broker, sender(broker) as phone,
          web_server(tmp_path / "state", "--mqtt", broker.url) as address):
        wait_for_board(address, lambda board: board["connected"])
        phone.send_all(rogue_tables(started))
        phone.send("companion/kitchen/live", live_view(uid(ROGUES), started))
        board = wait_for_board(address, lambda board: "kitchen" in names(board))
        counts = board["intake"]
        assert counts["received"] == ROGUES + 1 and counts["kept"] == ROGUES + 1
        assert len(board["tables"]) == counts["tables"] == MAX_TABLES
        assert counts["evicted"] == ROGUES + 1 - MAX_TABLES
        # The tables heard from last are kept.
        assert names(board) == {"kitchen", *(f"rogue-{n}" for n in
                                             range(ROGUES - MAX_TABLES + 1, ROGUES))}
        status, _, page = get(address + "tables")
        assert status == 200 and page.count('class="table"') == MAX_TABLES


@needs_mosquitto
def test_a_restart_among_retained_rogue_plays_keeps_its_own_bounds(tmp_path: Path) -> None:
    started = datetime.now().astimezone() - timedelta(minutes=5)
    plays = [(f"companion/rogue-{number % 7}/plays/{uid(number)}",
              b'{"uuid": "%s", "game": "freight-train", "players": ["Ana"], "started": "%s", '
              b'"finished": null, "result": null}' % (uid(number).encode(),
                                                       started.isoformat().encode()))
             for number in range(ROGUES)]
    with roomy_broker(tmp_path / "broker") as broker, sender(broker) as phone:
        phone.send_all(plays)
        with web_server(tmp_path / "state", "--mqtt", broker.url, "--max-plays", "40") as address:
            board = wait_for_board(address, lambda board: board["intake"]["received"] == ROGUES)
            assert board["intake"]["plays"] == 40
            assert sum(len(table["plays"]) for table in board["tables"]) == 40
            assert board["intake"]["evicted"] == ROGUES - 40
            phone.send("companion/kitchen/live", live_view(uid(ROGUES), started))
            board = wait_for_board(address, lambda board: "kitchen" in names(board))
            assert get(address + "tables")[0] == 200
            assert board["intake"]["plays"] == 40
