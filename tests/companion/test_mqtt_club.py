"""The club's Mosquitto configuration and ACL, exactly as the docs give them (paths and port
changed), on a real Mosquitto with TLS: a table writes only its own topics, the board only
reads, a wrong password is refused in words, and a table's play survives a SIGKILL of the
broker (it saves at every change)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from companion.publish.mqtt_settings import MqttSettings, parse_section
from companion.publish.publisher import Publisher
from companion.state.journal import Journal

from .certificates import broker_files, needs_openssl
from .mosquitto import MOSQUITTO_PASSWD, Broker, needs_mosquitto
from .mqtt_clients import (
    BareClient,
    LogLine,
    everything_retained,
    finished_plays,
    one_table_evening,
    subscribed,
)

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "scoreboard-and-mqtt.md"
pytestmark = [needs_mosquitto, needs_openssl]
USERS = {"hall": "hall-secret", "porch": "porch-secret", "board": "board-secret"}


def documented() -> tuple[str, str]:
    """The docs' mosquitto.conf and ACL: the first two text blocks of the club's section."""
    section = DOC.read_text(encoding="utf-8").split("### A broker for a club", 1)[1]
    config, acl = re.findall(r"```text\n(.*?)```", section, re.S)[:2]
    return config, acl


def club_broker(folder: Path) -> Broker:
    """Mosquitto with the docs' configuration, only its files and port moved here."""
    broker = Broker(folder, tls=broker_files(folder / "certs"))
    tls = broker.tls
    assert tls is not None
    passwords = folder / "companion.passwd"
    passwords.touch(mode=0o600)
    for user, password in USERS.items():
        subprocess.run([MOSQUITTO_PASSWD, "-b", str(passwords), user, password], check=True)
    config, acl = documented()
    (folder / "companion.acl").write_text(acl, encoding="utf-8")
    moved = {"listener": f"{broker.port} 127.0.0.1", "cafile": str(tls.ca),
             "certfile": str(tls.cert), "keyfile": str(tls.key),
             "password_file": str(passwords), "acl_file": str(folder / "companion.acl"),
             "persistence_location": f"{folder}/",
             # The log where the test reads it, with the refusals (debug), as root.
             "log_dest": "stderr\nlog_type all\nuser root"}
    lines = []
    for line in config.splitlines():
        key = line.split(" ", 1)[0]
        lines.append(f"{key} {moved.pop(key)}" if key in moved else line)
    assert moved == {}, f"the docs' configuration lacks {sorted(moved)}"
    broker.config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return broker


def settings(broker: Broker, folder: Path, user: str, password: str) -> MqttSettings:
    assert broker.tls is not None
    secret = folder / f"{user}-password"
    secret.write_text(password + "\n", encoding="utf-8")
    return parse_section({"url": broker.url, "table": user, "username": user,
                          "password_file": secret.name, "ca_file": str(broker.tls.ca)},
                         base=folder)


def test_the_documented_club_broker_keeps_each_table_to_its_own_topics(
        tmp_path: Path) -> None:
    broker = club_broker(tmp_path / "broker")
    broker.start()
    board_login = ("board", USERS["board"])
    try:
        assert "autosave_on_changes true" in broker.config.read_text(encoding="utf-8")
        with subscribed(broker, board_login) as board:
            hall = BareClient(broker, "companion-hall", ("hall", USERS["hall"]))
            spy = BareClient(broker, "board-writer", board_login)
            try:
                mark = len(broker.log)
                hall.publish("companion/porch/live", b'{"forged": true}', retain=True)
                broker.wait_for_log("Denied PUBLISH from companion-hall", after=mark)
                spy.publish("companion/hall/live", b'{"forged": true}', retain=True)
                broker.wait_for_log("Denied PUBLISH from board-writer", after=mark)
                hall.publish("companion/hall/live", b'{"own": true}')
                # Delivered in order: the table's own message after the refused ones.
                got = board.wait(lambda got: any(m.topic == "companion/hall/live"
                                                 for m in got))
            finally:
                hall.stop()
                spy.stop()
        assert [(m.topic, m.payload) for m in got] == [("companion/hall/live", {"own": True})]

        # A wrong password: refused, and the table's log says what to check.
        with LogLine("companion.publish.publisher", "refused user 'hall'") as line:
            wrong = BareClient(broker, "companion-wrong", ("hall", "not-it"))
            wrong.stop()
            assert str(wrong.reason) == "Not authorized"
            Journal(tmp_path / "hall.sqlite3").close()
            publisher = Publisher(tmp_path / "hall.sqlite3",
                                  settings(broker, tmp_path, "hall", "not-it")).start()
            try:
                said = line.wait()
            finally:
                publisher.stop()
        assert "check the user name and password" in said

        # A table's evening, then the broker killed: its database has the play.
        mark = len(broker.log)
        uuids = one_table_evening(tmp_path / "porch.sqlite3",
                                  settings(broker, tmp_path, "porch", USERS["porch"]))
        # Saved once the change is made: the crash comes after the save that follows the
        # table's last message (its `offline`), as it does a moment after it in a club.
        said_offline = broker.wait_for_log(
            f"'companion/porch/status', ... ({len('offline')} bytes)", after=mark)
        saving = broker.wait_for_log("Saving in-memory database", after=said_offline)
        # The broker saves in its only thread: a client it lets in afterwards is the proof
        # that the save is written (its log line comes before the file is).
        BareClient(broker, "save-witness", ("porch", USERS["porch"])).stop()
        broker.wait_for_log("as save-witness", after=saving)
        broker.kill()
        broker.start()
        kept = everything_retained(broker, board_login, ("porch", USERS["porch"]))
        assert finished_plays(kept, "porch") == set(uuids)
        assert [m.payload for m in kept if m.topic == "companion/porch/status"] == ["offline"]
        assert not any("forged" in str(m.payload) for m in kept)
    finally:
        broker.stop()
