"""Publishing to a real Mosquitto: a broker stopped and restarted in the middle of a game loses
nothing and repeats no play; twenty tables at once lose nothing; `companion demo --config`
publishes as the table does."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from companion.desktop.demo import run_demo
from companion.publish.mqtt_settings import MqttSettings
from companion.publish.outbox import Outbox
from companion.publish.publisher import Publisher
from companion.state.journal import Journal
from companion.state.outbox_store import OutboxStore
from companion.state.paths import journal_path
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

from .mosquitto import Broker, Received, mosquitto, needs_mosquitto, subscribed

ROOT = Path(__file__).parents[2]
pytestmark = needs_mosquitto


def of_table(messages: list[Received], table: str, kind: str) -> list[Received]:
    return [m for m in messages if m.topic.startswith(f"companion/{table}/{kind}")]


def finished_play(messages: list[Received], table: str) -> bool:
    return any(m.payload.get("result") for m in of_table(messages, table, "plays/"))


def test_a_broker_restarted_mid_game_gets_every_play_in_order_once(tmp_path: Path) -> None:
    state_dir = tmp_path / "state"
    with mosquitto(tmp_path / "broker") as broker, subscribed(
            broker, persistent=True, client_id="board-under-test") as board:
        waiting_at_restart: list[tuple[str, dict[str, Any]]] = []
        seen_before_restart: list[int] = []

        def progress(text: str) -> None:
            """Runs on the players' thread between moves: the game waits meanwhile."""
            if not text.startswith("Move "):
                return
            done = int(text.split()[1])
            if done == 20:
                board.wait(lambda got: any(m.payload.get("event_count") == 20
                                           for m in of_table(got, "hall", "live")))
                broker.stop()
            elif done == 60:
                seen_before_restart.extend(m.payload["event_count"]
                                           for m in of_table(board.messages, "hall", "live"))
                with Journal.open_read_only(journal_path(state_dir)) as journal:
                    waiting_at_restart.extend(journal.outbox())
                broker.start()

        settings = MqttSettings("127.0.0.1", broker.port, "hall")
        result = run_demo("freight-train", 1, state_dir, 3, "en", mqtt=settings,
                          progress=progress, progress_every=10)
        got = board.wait(lambda got: finished_play(got, "hall"))

    # While the broker was away, the moves went on and only the latest live view waited.
    assert max(seen_before_restart) == 20
    assert [topic for topic, _ in waiting_at_restart] == ["live"]
    assert waiting_at_restart[0][1]["event_count"] == 60

    plays = of_table(got, "hall", "plays/")
    assert len({m.topic for m in plays}) == 1
    # In order, each state once, but for the play sent again as it was at the reconnection
    # (in case the broker lost it): the same retained state twice in a row.
    results = [m.payload["result"] for m in plays]
    assert results == [None, None, result]
    assert plays[0].payload["players"] == ["Ana", "Ben", "Cléo"]
    counts = [m.payload["event_count"] for m in of_table(got, "hall", "live")]
    assert counts == sorted(counts) and counts[0] == 0
    final = of_table(got, "hall", "live")[-1].payload
    total = final["event_count"]
    assert final["status"] == "finished" and final["result"] == result
    assert len(counts) < total  # the outage's views were coalesced, not all sent

    with Journal(journal_path(state_dir)) as journal:
        assert journal.outbox() == []
        assert journal.event_count(journal.plays()[0].id) == total

    # What a board that starts now is given: the retained play, live view and status (the
    # demo's table stopped cleanly).
    with mosquitto_again(broker) as restarted, subscribed(restarted, "companion/hall/#") as late:
        retained = late.wait(lambda got: len(got) >= 3)
    assert all(m.retained for m in retained)
    by_topic = {m.topic: m.payload for m in retained}
    assert by_topic[plays[0].topic]["result"] == result
    assert by_topic["companion/hall/live"]["event_count"] == total
    assert by_topic["companion/hall/status"] == "offline"


class mosquitto_again:  # noqa: N801 - used as a context manager, like `mosquitto`
    """The same broker (its saved database) started once more."""

    def __init__(self, broker: Any) -> None:
        self.broker = broker

    def __enter__(self) -> Any:
        self.broker.start()
        return self.broker

    def __exit__(self, *exc: object) -> None:
        self.broker.stop()


def test_twenty_tables_publishing_at_once_lose_nothing(tmp_path: Path) -> None:
    rules = GAMES["freight-train"]
    tables = [f"table-{number:02d}" for number in range(20)]
    players = ("Ana", "Ben", "Cléo")
    games = {name: list(play_random(rules, rules.new_game(players), seed=seed).events)
             for seed, name in enumerate(tables)}
    results: dict[str, dict[str, Any]] = {}
    with mosquitto(tmp_path / "broker") as broker, subscribed(broker) as board:
        start = threading.Barrier(len(tables))
        publishers: list[Publisher] = []
        failures: list[BaseException] = []

        def table(name: str) -> None:
            try:
                path = tmp_path / name / "journal.sqlite3"
                with Journal(path, durable=False) as journal:
                    outbox = Outbox()
                    session = GameSession.start(journal, rules, players, outbox=outbox)
                    publisher = Publisher(path, MqttSettings("127.0.0.1", broker.port, name))
                    outbox.listen(publisher.wake)
                    publishers.append(publisher.start())
                    start.wait()
                    for event in games[name]:
                        session.submit(event)
                    results[name] = rules.result(session.state).to_json()
                    assert publisher.wait_until_sent(None)
                    publisher.stop()
                    assert journal.outbox() == []
            except BaseException as error:
                failures.append(error)
                start.abort()

        threads = [threading.Thread(target=table, args=(name,)) for name in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        # Until every table's finished play and last live view are in (the two topics are
        # delivered independently of each other).
        got = board.wait(lambda got: all(
            finished_play(got, name) and any(
                m.payload["event_count"] == len(games[name]) for m in of_table(got, name, "live"))
            for name in tables))

    for name in tables:
        plays = of_table(got, name, "plays/")
        assert [m.payload["result"] for m in plays] == [None, results[name]], name
        counts = [m.payload["event_count"] for m in of_table(got, name, "live")]
        assert counts == sorted(counts) and counts[-1] == len(games[name]), name


def test_companion_demo_with_a_configuration_publishes_its_game(tmp_path: Path) -> None:
    with mosquitto(tmp_path / "broker") as broker, subscribed(broker) as board:
        config = tmp_path / "config.toml"
        config.write_text(f'[mqtt]\nurl = "{broker.url}"\ntable = "demo-table"\n',
                          encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "companion", "demo", "whistle-stop", "--players", "2",
             "--config", str(config), "--state-dir", str(tmp_path / "state")],
            capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT),
                                                         "COMPANION_LANG": "en"})
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout.splitlines()[-1])
        got = board.wait(lambda got: finished_play(got, "demo-table"))
    assert of_table(got, "demo-table", "plays/")[-1].payload["result"] == result


def test_a_demo_with_a_wrong_mqtt_section_is_refused_in_one_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[mqtt]\nurl = "mqtt://broker"\ntable = "a b"\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "whistle-stop", "--config", str(config),
         "--state-dir", str(tmp_path / "state")],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT),
                                                     "COMPANION_LANG": "en"})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "mqtt.table" in done.stderr
    assert not (tmp_path / "state").exists()


def test_the_outbox_waits_for_a_broker_that_is_not_there_yet(tmp_path: Path) -> None:
    rules = GAMES["whistle-stop"]
    players = ("Ana", "Ben")
    events = list(play_random(rules, rules.new_game(players), seed=5).events)
    path = tmp_path / "journal.sqlite3"
    with mosquitto(tmp_path / "broker") as broker:
        broker.stop()
        with Journal(path) as journal:
            outbox = Outbox()
            session = GameSession.start(journal, rules, players, outbox=outbox)
            publisher = Publisher(path, MqttSettings("127.0.0.1", broker.port, "late"))
            outbox.listen(publisher.wake)
            publisher.start()
            try:
                for event in events:
                    session.submit(event)  # the table never waits for the network
                store = OutboxStore(path)
                try:
                    assert store.count() == 3  # the play, its end, the last live view
                finally:
                    store.close()
                with subscribed_after_start(broker) as board:
                    got = board.wait(lambda got: finished_play(got, "late"))
                    assert publisher.wait_until_sent(None)
            finally:
                publisher.stop()
            assert journal.outbox() == []
    assert [m.payload["result"] for m in of_table(got, "late", "plays/")] == [
        None, rules.result(session.state).to_json()]


class subscribed_after_start:  # noqa: N801
    """Starts the broker, then a board on it."""

    def __init__(self, broker: Any) -> None:
        self.broker = broker

    def __enter__(self) -> Any:
        self.broker.start()
        self._board = subscribed(self.broker)
        return self._board.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self._board.__exit__(*exc)


def test_the_configured_credentials_are_used_and_a_refusal_loses_nothing(
        tmp_path: Path) -> None:
    rules = GAMES["whistle-stop"]
    players = ("Ana", "Ben")
    events = list(play_random(rules, rules.new_game(players), seed=8).events)
    broker = Broker(tmp_path / "broker", users={"hall": "right", "board": "board"})
    broker.start()
    try:
        with subscribed(broker, credentials=("board", "board")) as board:
            for name, password in (("wrong", "not-the-password"), ("right", "right")):
                path = tmp_path / f"{name}.sqlite3"
                settings = MqttSettings("127.0.0.1", broker.port, name, "hall", password)
                with Journal(path, durable=False) as journal:
                    outbox = Outbox()
                    session = GameSession.start(journal, rules, players, outbox=outbox)
                    publisher = Publisher(path, settings)
                    outbox.listen(publisher.wake)
                    mark = len(broker.log)
                    publisher.start()
                    for event in events:
                        session.submit(event)
                    if name == "wrong":
                        broker.wait_for_log("not authorised", after=mark)
                        publisher.stop()
                        assert len(journal.outbox()) == 3  # kept for a broker that accepts it
                    else:
                        assert publisher.wait_until_sent(None)
                        publisher.stop()
                        assert journal.outbox() == []
            got = board.wait(lambda got: finished_play(got, "right"))
    finally:
        broker.stop()
    assert of_table(got, "wrong", "") == []
    assert [m.payload["result"] for m in of_table(got, "right", "plays/")] == [
        None, rules.result(session.state).to_json()]
