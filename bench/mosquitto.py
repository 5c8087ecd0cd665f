"""A real Mosquitto on a free port of 127.0.0.1, for the tests and the benchmark.

Its own configuration and persistence file live in the folder it is given; it is ready when
its log says "running" and it has answered a client's CONNECT (observed events, never a
pause), and `stop` ends it as a service manager would (SIGTERM: it saves its database first).
Mosquitto 2.0 logs "running" just before its main loop sets its run flag, so a SIGTERM taken
in that window is forgotten and the broker runs on: the CONNECT's answer comes from the loop.
"""

from __future__ import annotations

import random
import shutil
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
#: How long a wait for the broker may last before it fails (a busy machine is slow, not stuck).
DEADLINE_SECONDS = 120.0


@dataclass(frozen=True)
class TlsFiles:
    """A TLS listener's files: the authority's certificate, the broker's certificate and key."""

    ca: Path
    cert: Path
    key: Path


def free_port() -> int:
    """A free port below the kernel's ephemeral range: a broker or server restarted on it
    finds it free, whereas a port from that range may meanwhile be the local end of any
    outgoing connection."""
    try:
        first = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        first = 32768
    for port in random.Random().sample(range(max(1024, first - 8000), first), 200):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as probe:  # all taken: any port the kernel gives
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Broker:
    """Mosquitto on a port of 127.0.0.1; `start` and `stop` it as often as a test likes."""

    def __init__(self, folder: Path, users: dict[str, str] | None = None, *,
                 tls: TlsFiles | None = None, acl: str | None = None,
                 settings: str = "") -> None:
        """`users`: names and passwords the broker alone accepts (default: anyone); `tls`:
        the listener speaks TLS only; `acl`: the text of an acl_file; `settings`: more lines
        of its configuration."""
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.tls = tls
        self.config = folder / "mosquitto.conf"
        listener = f"listener {self.port} 127.0.0.1\n"
        if tls is not None:
            listener += f"cafile {tls.ca}\ncertfile {tls.cert}\nkeyfile {tls.key}\n"
        if acl is not None:
            (folder / "acl").write_text(acl, encoding="utf-8")
            settings += f"acl_file {folder / 'acl'}\n"
        self.config.write_text(
            listener + self._access(users) + settings +
            "persistence true\n"
            f"persistence_location {folder}/\n"
            "log_dest stderr\n"
            "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
            # Run as whoever runs the tests (as root it would switch to the user mosquitto).
            "user root\n", encoding="utf-8")
        self.log: list[str] = []
        self._logged = threading.Condition()
        self._process: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def _access(self, users: dict[str, str] | None) -> str:
        if users is None:
            return "allow_anonymous true\n"
        passwords = self.folder / "passwords"
        passwords.touch(mode=0o600)
        for name, password in users.items():
            subprocess.run([MOSQUITTO_PASSWD, "-b", str(passwords), name, password],
                           check=True)
        return f"allow_anonymous false\npassword_file {passwords}\n"

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://127.0.0.1:{self.port}"

    def start(self) -> None:
        process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert process.stdout is not None
        for line in process.stdout:  # until it says it serves, or it ended
            self.log.append(line)
            if " running" in line:
                break
        else:
            process.wait()
            raise AssertionError(f"mosquitto did not start: {''.join(self.log)}")
        self._process = process
        self._reader = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._reader.start()
        self._answers_a_client()

    def _answers_a_client(self) -> None:
        """Send an MQTT 3.1.1 CONNECT and read the CONNACK (any return code will do)."""
        client_id = b"readiness-probe"
        variable = b"\x00\x04MQTT\x04\x02\x00\x3c"
        body = variable + len(client_id).to_bytes(2, "big") + client_id
        with socket.create_connection(("127.0.0.1", self.port),
                                      timeout=DEADLINE_SECONDS) as plain:
            probe = plain
            if self.tls is not None:
                context = ssl.create_default_context(cafile=str(self.tls.ca))
                probe = context.wrap_socket(plain, server_hostname="127.0.0.1")
            probe.sendall(bytes((0x10, len(body))) + body)
            answer = b""
            while len(answer) < 4:
                chunk = probe.recv(4 - len(answer))
                if not chunk:
                    raise AssertionError(f"mosquitto closed the probe: {''.join(self.log)}")
                answer += chunk
        if answer[0] != 0x20:
            raise AssertionError(f"mosquitto answered a CONNECT with {answer!r}")

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            with self._logged:
                self.log.append(line)
                self._logged.notify_all()

    def wait_for_log(self, text: str, after: int = 0) -> int:
        """Block until a line of the log from line `after` on holds `text`; its index.
        AssertionError when none does within DEADLINE_SECONDS."""
        deadline = time.monotonic() + DEADLINE_SECONDS
        with self._logged:
            while True:
                for index in range(after, len(self.log)):
                    if text in self.log[index]:
                        return index
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"mosquitto never logged {text!r}: "
                                         f"{''.join(self.log[after:])}")
                self._logged.wait(left)

    def kill(self) -> None:
        """End it as a crash or a power cut would (SIGKILL: nothing saved since its last
        autosave)."""
        if self._process is not None:
            self._process.kill()
        self.stop()

    def stop(self) -> None:
        """Stop it as a service manager would (SIGTERM: it saves its database first)."""
        if self._process is None:
            return
        self._process.terminate()
        self._process.wait()
        if self._reader is not None:
            self._reader.join()
        self._process = None


@contextmanager
def mosquitto(folder: Path) -> Iterator[Broker]:
    broker = Broker(folder)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()
