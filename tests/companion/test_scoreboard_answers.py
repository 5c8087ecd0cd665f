"""The system menu and `companion doctor` say whether the scoreboard answers, asking a real
`companion web` on loopback; the table's service may reach loopback when `[web]` is set."""

from __future__ import annotations

import errno
import http.client
import http.server
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.cli.service_network import DROP_IN
from companion.cli.service_network import main as service_network
from companion.publish.scoreboard import Scoreboard
from companion.publish.scoreboard_probe import answers_at, scoreboard_answers
from companion.screens.model import Style
from companion.state.journal import Journal
from companion.state.paths import JOURNAL_FILE
from companion.table.device_settings import DeviceSettings
from companion.table.system_menu import DeviceControls, Entry, SystemMenu

from .test_system_menu import page
from .test_systemd_unit import UNIT, runnable_copy, security, verify
from .web_server import web_server

SIMULATED = '[reader]\nkind = "sim"\n[buttons]\nkind = "sim"\n[display]\nkind = "sim"\n'


@contextmanager
def scoreboard(folder: Path) -> Iterator[int]:
    """A real `companion web` on a free port of 127.0.0.1 (waited for through its line)."""
    with web_server(folder) as url:
        found = re.search(r":(\d+)/$", url)
        assert found is not None, url
        yield int(found.group(1))


def menu_page(tmp_path: Path, port: int) -> tuple[str, tuple[str, ...], Style]:
    with Journal(tmp_path / JOURNAL_FILE) as journal:
        device = DeviceControls(tmp_path, DeviceSettings(), "en", None, journal,
                                Scoreboard(port), address=lambda: "192.168.1.23")
        screen = page(SystemMenu(device, lambda language: None, clock=lambda: 0.0),
                      Entry.SCOREBOARD)
    return screen.title, screen.body, screen.style


def doctor_line(tmp_path: Path, port: int, capsys: pytest.CaptureFixture[str]) -> str:
    config = tmp_path / "config.toml"
    config.write_text(f'{SIMULATED}[web]\nport = {port}\naddress = "192.168.1.23"\n',
                      encoding="utf-8")
    main(["--lang", "en", "doctor", "--config", str(config), "--state-dir",
          str(tmp_path / "state")])
    lines = capsys.readouterr().out.splitlines()
    (line,) = [line for line in lines if line.split(": ")[1] == "scoreboard"]
    return line


def test_a_running_scoreboard_answers_and_a_stopped_one_does_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with scoreboard(tmp_path) as port:
        assert scoreboard_answers(Scoreboard(port))
        assert menu_page(tmp_path, port) == (
            "Scoreboard", ("On a phone, open", "http://", f"192.168.1.23:{port}"), Style.PROMPT)
        assert doctor_line(tmp_path, port, capsys) == \
            f"ok: scoreboard: answers at http://192.168.1.23:{port}/"
    # The same port once the scoreboard has stopped.
    assert not scoreboard_answers(Scoreboard(port))
    title, body, style = menu_page(tmp_path, port)
    assert (title, body[:2], style) == ("Scoreboard off", ("Not answering:",
                                                            "start companion-web"),
                                        Style.REFUSAL)
    line = doctor_line(tmp_path, port, capsys)
    assert line.startswith(f"warning: scoreboard: does not answer at http://192.168.1.23:{port}/")
    assert "; to do: start companion-web.service" in line


def test_another_server_on_the_port_is_no_scoreboard() -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        assert not answers_at("127.0.0.1", port)
    finally:
        server.shutdown()
        server.server_close()


def test_without_web_the_doctor_skips_the_scoreboard(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text(SIMULATED, encoding="utf-8")
    assert main(["--lang", "en", "doctor", "--config", str(config), "--state-dir",
                 str(tmp_path / "state")]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines()
                if line.split(": ")[1] == "scoreboard")
    assert line.startswith("skipped: scoreboard: no [web]")


def test_with_web_the_table_may_reach_loopback_alone(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[web]\nport = 8080\n", encoding="utf-8")
    units = tmp_path / "units"
    assert service_network(["--config", str(config), "--unit-dir", str(units)]) == 0
    settings = [line for line in (units / DROP_IN).read_text(encoding="utf-8").splitlines()
                if line and not line.startswith("#")]
    assert settings[-2:] == ["IPAddressDeny=any", "IPAddressAllow=localhost"]
    runnable_copy(UNIT, units)
    environment = dict(os.environ, SYSTEMD_UNIT_PATH=f"{units}:")
    verified = verify(units / "companion.service", environment)
    assert verified.returncode == 0, verified.stderr
    _, checked = security(units / "companion.service", environment)
    assert "IP address allow list with non-localhost entries" not in checked.stdout
    # With a broker too, both.
    config.write_text('[web]\nport = 8080\n[mqtt]\nurl = "mqtt://192.168.1.10:1883"\n'
                      'table = "hall"\n', encoding="utf-8")
    assert service_network(["--config", str(config), "--unit-dir", str(units)]) == 0
    text = (units / DROP_IN).read_text(encoding="utf-8")
    assert "IPAddressAllow=192.168.1.10 localhost" in text.splitlines()


def test_a_table_that_may_not_ask_shows_the_address_and_claims_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's service before its network drop-in has no IPv4 socket at all: the
    question cannot be asked, so the page shows the address as before."""
    def refused(self: object) -> None:
        raise OSError(errno.EAFNOSUPPORT, "Address family not supported by protocol")

    monkeypatch.setattr(http.client.HTTPConnection, "connect", refused)
    assert scoreboard_answers(Scoreboard(8080)) is None
    title, body, style = menu_page(tmp_path, 8080)
    assert (title, body, style) == ("Scoreboard", ("On a phone, open", "http://",
                                                   "192.168.1.23:8080"), Style.PROMPT)
