"""The tables' availability on the board: `online`/`offline` kept with the time the board
learned it, a cleared status forgotten, anything else refused, the number of tables bounded;
the page says a table is offline and since when, in English and French."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from companion.web.board_pages import tables_page
from companion.web.board_status import Availabilities

NOW = datetime(2026, 12, 4, 21, 4, tzinfo=timezone(timedelta(hours=1)))


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


def test_a_table_seen_going_offline_is_offline_since_that_moment() -> None:
    clock = Clock()
    seen = Availabilities(clock)
    assert seen.receive("companion/hall/status", b"online", retained=True)
    clock.now += timedelta(minutes=30)
    assert seen.receive("companion/hall/status", b"offline", retained=False)
    hall = seen.of("hall")
    assert hall is not None and not hall.online and hall.exact
    assert hall.since == NOW + timedelta(minutes=30)
    clock.now += timedelta(minutes=5)  # the same news again keeps its time
    assert seen.receive("companion/hall/status", b"offline", retained=False)
    assert seen.of("hall") == hall
    # Found retained at a connection: offline since some time before that.
    assert seen.receive("companion/porch/status", b"offline", retained=True)
    porch = seen.of("porch")
    assert porch is not None and not porch.online and not porch.exact


def test_a_cleared_status_is_forgotten_and_anything_else_refused() -> None:
    seen = Availabilities(Clock())
    seen.receive("companion/hall/status", b"online", retained=True)
    assert seen.receive("companion/hall/status", b"", retained=True)
    assert seen.of("hall") is None
    for topic, payload in (("companion/hall/status", b"ONLINE"),
                           ("companion/hall/status", b'{"online": true}'),
                           ("companion/hall/status", b"\xff" * 10_000),
                           ("companion/a b/status", b"online"),
                           ("companion/hall/x/status", b"online")):
        assert not seen.receive(topic, payload, retained=False)
    assert seen.refused == 5 and seen.of("hall") is None


def test_the_tables_kept_are_bounded_the_least_recently_heard_first() -> None:
    seen = Availabilities(Clock(), most=3)
    for number in range(5):
        seen.receive(f"companion/t{number}/status", b"online", retained=False)
    seen.receive("companion/t2/status", b"offline", retained=False)  # heard again
    seen.receive("companion/t5/status", b"online", retained=False)
    assert [name for name in ("t0", "t1", "t2", "t3", "t4", "t5")
            if seen.of(name) is not None] == ["t2", "t4", "t5"]


def snapshot(status: dict[str, object] | None, **board: object) -> dict[str, object]:
    table = {"table": "hall", "live": None, "plays": [], "status": status}
    return {"broker": "b:8883", "connected": True, "tables": [table], "standings": [],
            **board}


def test_the_page_says_a_table_is_offline_and_since_when() -> None:
    exact = {"online": False, "since": NOW.isoformat(), "since_exact": True}
    assert "Offline since 21:04" in tables_page(snapshot(exact), "en")
    assert "Hors ligne depuis 21:04" in tables_page(snapshot(exact), "fr")
    bound = {**exact, "since_exact": False}
    assert "Offline since before 21:04" in tables_page(snapshot(bound), "en")
    assert "Hors ligne depuis avant 21:04" in tables_page(snapshot(bound), "fr")
    online = {**exact, "online": True}
    for status in (online, None):
        assert "Offline" not in tables_page(snapshot(status), "en")


def test_the_page_says_the_broker_refused_the_boards_credentials() -> None:
    refused = snapshot(None, connected=False, refused="...", refused_credentials=True)
    assert ("The broker b:8883 refused the board's user name or password"
            in tables_page(refused, "en").replace("&#x27;", "'"))
    assert "a refusé le nom d" in tables_page(refused, "fr")
