"""`companion --version`, `python -m companion`, and the language taken from the environment
when the configuration does not set one."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from companion.config import parse_config


def companion(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    environment.update(env)
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, env=environment, stdin=subprocess.DEVNULL, check=False)


def test_version_names_the_installed_distribution() -> None:
    done = companion(["--version"])
    assert done.returncode == 0
    assert done.stdout.strip() == (
        f"companion {metadata.version('tabletop-companion')} (tabletop-companion)")


def test_python_dash_m_companion_is_the_command() -> None:
    done = companion(["games"])
    assert done.returncode == 0 and "freight-train" in done.stdout
    bad = companion(["tally", "/nonexistent/table.json"])
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_a_configuration_without_a_language_leaves_it_to_the_environment() -> None:
    assert parse_config("[companion]\n").language is None
    assert parse_config('[companion]\nlanguage = "en"\n').language == "en"


def status_lines(config: Path, state: Path, **env: str) -> str:
    """The STATUS= lines `companion run` sends to systemd on start."""
    with tempfile.TemporaryDirectory(prefix="notify") as folder:
        address = os.path.join(folder, "s")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
            listener.bind(address)
            done = companion(["run", "--config", str(config), "--state-dir", str(state),
                              "--players", "Ana,Ben"], NOTIFY_SOCKET=address, **env)
            assert done.returncode == 0, done.stderr
            listener.setblocking(False)
            messages = []
            while True:
                try:
                    messages.append(listener.recv(4096).decode())
                except BlockingIOError:
                    break
    return "\n".join(line for message in messages for line in message.splitlines()
                     if line.startswith("STATUS="))


def test_lang_gives_french_when_the_configuration_is_silent(tmp_path: Path) -> None:
    silent = tmp_path / "silent.toml"
    silent.write_text("[companion]\n", encoding="utf-8")
    assert "STATUS=suit freight-train" in status_lines(silent, tmp_path / "a",
                                                       LANG="fr_FR.UTF-8")
    english = tmp_path / "english.toml"
    english.write_text('[companion]\nlanguage = "en"\n', encoding="utf-8")
    assert "STATUS=following freight-train" in status_lines(english, tmp_path / "b",
                                                             LANG="fr_FR.UTF-8")
