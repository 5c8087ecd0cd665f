"""A TLS broker with passwords (its certificate made here by a CA made here): a table and
`companion web --mqtt mqtts://...` connect with the CA file and their passwords; a board with
a wrong password says so on /tables and in its answer."""

from __future__ import annotations

from pathlib import Path

from companion.publish.mqtt_settings import parse_section

from .certificates import broker_files, make_certificate, needs_openssl
from .mosquitto import Broker, needs_mosquitto
from .mqtt_clients import board_until, one_table_evening, online
from .web_server import get, web_server

pytestmark = [needs_mosquitto, needs_openssl]


def test_a_table_and_the_board_reach_a_tls_broker_with_their_passwords(tmp_path: Path) -> None:
    files = broker_files(tmp_path / "certs")
    broker = Broker(tmp_path / "broker", users={"hall": "hall-pw", "board": "board-pw"},
                    tls=files)
    assert broker.url.startswith("mqtts://")
    (tmp_path / "hall-pw").write_text("hall-pw\n", encoding="utf-8")
    (tmp_path / "board-pw").write_text("board-pw\n", encoding="utf-8")
    (tmp_path / "wrong-pw").write_text("guess\n", encoding="utf-8")
    # The table also shows a client certificate (which the broker does not ask for).
    cert, key = make_certificate(tmp_path / "certs", (files.ca, files.ca.with_suffix(".key")),
                                 "hall", alt_names="DNS:hall")
    settings = parse_section({"url": broker.url, "table": "hall", "username": "hall",
                              "password_file": "hall-pw", "ca_file": str(files.ca),
                              "cert_file": str(cert), "key_file": str(key)}, base=tmp_path)
    broker.start()
    try:
        uuids = one_table_evening(tmp_path / "hall.sqlite3", settings, count=2)
        tls = ("--mqtt", broker.url, "--mqtt-ca", str(files.ca), "--mqtt-username", "board")
        with web_server(tmp_path / "board", *tls, "--mqtt-password-file",
                       str(tmp_path / "board-pw")) as address:
            board = board_until(address, lambda board: online("hall", False)(board) and len(
                board["tables"][0]["plays"]) == 2)
        assert board["connected"] and board["refused"] is None
        assert {play["uuid"] for play in board["tables"][0]["plays"]} == set(uuids)
        assert all(play["winners"] for play in board["tables"][0]["plays"])

        with web_server(tmp_path / "board", *tls, "--mqtt-password-file",
                       str(tmp_path / "wrong-pw")) as address:
            board = board_until(address, lambda board: board["refused"] is not None)
            _, _, english = get(address + "tables")
            _, _, french = get(address + "tables", headers={"Accept-Language": "fr"})
        assert board["refused_credentials"] and not board["connected"]
        assert f"127.0.0.1:{broker.port} refused user 'board'" in board["refused"]
        assert "refused the board&#x27;s user name or password" in english
        assert "a refusé le nom d&#x27;utilisateur ou le mot de passe" in french
    finally:
        broker.stop()
