"""The broker's settings, for a table (`[mqtt]`) and for the board (`companion web --mqtt`):
credentials from a file, TLS files checked when read, a stable client id, each refusal in one
line naming the key or option."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import ConfigError, parse_config
from companion.games.names import reason
from companion.publish.mqtt_settings import TLS_PORT, parse_url

from .certificates import broker_files, needs_openssl

ROOT = Path(__file__).parents[2]


def refused(text: str, base: Path) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "club.toml", base)
    assert "\n" not in str(caught.value)
    return caught.value


def test_mqtts_is_tls_on_port_8883_unless_told() -> None:
    assert parse_url("mqtts://broker.lan") == ("broker.lan", TLS_PORT, True)
    assert parse_url("mqtts://broker.lan:9000") == ("broker.lan", 9000, True)
    assert parse_url("mqtt://broker.lan") == ("broker.lan", 1883, False)


def test_the_password_comes_from_a_file_beside_the_configuration(tmp_path: Path) -> None:
    (tmp_path / "secret").write_text("s3cret word\nignored\n", encoding="utf-8")
    config = parse_config('[mqtt]\nurl = "mqtt://broker"\ntable = "hall"\nusername = "hall"\n'
                          'password_file = "secret"\nkeepalive = 5\n', "club.toml", tmp_path)
    assert config.mqtt is not None
    assert (config.mqtt.username, config.mqtt.password) == ("hall", "s3cret word")
    assert config.mqtt.keepalive == 5
    # The same id at every start, from the table's name; the board lets the broker choose.
    assert config.mqtt.client_id == "companion-hall"


@pytest.mark.parametrize(("section", "key", "words"), [
    ('password_file = "missing"\nusername = "u"', "mqtt.password_file",
     "cannot read the password file"),
    ('password_file = "folder"\nusername = "u"', "mqtt.password_file", "Is a directory"),
    ('password_file = "empty"\nusername = "u"', "mqtt.password_file", "is empty"),
    ('password_file = "secret"', "mqtt.password_file", "needs a username"),
    ('password_file = "secret"\npassword = "pw"\nusername = "u"', "mqtt.password_file",
     "not both"),
    ('ca_file = "ca.pem"', "mqtt.ca_file", "use mqtts://"),
    ('keepalive = 0', "mqtt.keepalive", "from 2 to 3600"),
    ('keepalive = true', "mqtt.keepalive", "whole seconds"),
    ('keepalive = 7200', "mqtt.keepalive", "whole seconds"),
])
def test_a_wrong_credential_is_refused_naming_its_key(tmp_path: Path, section: str, key: str,
                                                      words: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "empty").write_text("\n", encoding="utf-8")
    (tmp_path / "secret").write_text("pw\n", encoding="utf-8")
    error = refused(f'[mqtt]\nurl = "mqtt://broker"\ntable = "hall"\n{section}\n', tmp_path)
    assert error.key == key
    assert words in str(error) and words.split()[0] in reason(error, "en")
    assert reason(error, "fr") != reason(error, "en")


@needs_openssl
def test_the_tls_files_are_checked_when_the_configuration_is_read(tmp_path: Path) -> None:
    files = broker_files(tmp_path)
    (tmp_path / "not-pem.pem").write_text("hello\n", encoding="utf-8")
    url = 'url = "mqtts://127.0.0.1"\ntable = "hall"'
    config = parse_config(f'[mqtt]\n{url}\nca_file = "{files.ca.name}"\n', "c.toml", tmp_path)
    assert config.mqtt is not None and config.mqtt.tls and config.mqtt.ca_file == files.ca
    for extra, key, words in (
            ('ca_file = "nowhere.pem"', "mqtt.ca_file", "no CA certificate file"),
            ('ca_file = "not-pem.pem"', "mqtt.ca_file", "PEM expected"),
            (f'cert_file = "{files.cert.name}"', "mqtt.key_file", "needs both"),
            (f'cert_file = "{files.cert.name}"\nkey_file = "{files.ca.name}"', "mqtt.cert_file",
             "cannot use the client certificate"),
            (f'cert_file = "{files.cert.name}"\nkey_file = "gone.key"', "mqtt.key_file",
             "no such file")):
        error = refused(f"[mqtt]\n{url}\n{extra}\n", tmp_path)
        assert (error.key, words in str(error)) == (key, True), str(error)


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT),
                                                     "COMPANION_LANG": "en"})


def test_a_table_with_a_missing_ca_file_stops_in_one_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[mqtt]\nurl = "mqtts://127.0.0.1"\ntable = "hall"\n'
                      'ca_file = "club-ca.pem"\n', encoding="utf-8")
    done = companion("demo", "whistle-stop", "--config", str(config), "--state-dir",
                     str(tmp_path / "state"))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert "mqtt.ca_file" in done.stderr and "no CA certificate file" in done.stderr
    assert str(tmp_path / "club-ca.pem") in done.stderr


@pytest.mark.parametrize(("options", "words"), [
    (["--mqtt-ca", "ca.pem"], "--mqtt-ca is for a board: give the broker with --mqtt URL"),
    (["--mqtt", "mqtt://127.0.0.1", "--mqtt-ca", "ca.pem"], "--mqtt-ca: certificates are for"),
    (["--mqtt", "mqtts://127.0.0.1", "--mqtt-ca", "nowhere.pem"],
     "--mqtt-ca: no CA certificate file"),
    (["--mqtt", "mqtt://127.0.0.1", "--mqtt-username", "board", "--mqtt-password-file",
      "nowhere"], "--mqtt-password-file: cannot read the password file"),
    (["--mqtt", "mqtt://127.0.0.1", "--mqtt-password-file", "pw"],
     "--mqtt-password-file: a password needs a username"),
    (["--mqtt", "mqtts://127.0.0.1", "--mqtt-cert", "c.pem"],
     "--mqtt-key: a client certificate needs both"),
])
def test_the_boards_wrong_options_are_refused_naming_them(tmp_path: Path, options: list[str],
                                                          words: str) -> None:
    (tmp_path / "pw").write_text("secret\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "companion", "web", "--state-dir",
                           str(tmp_path), *options], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "COMPANION_LANG": "en"})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
