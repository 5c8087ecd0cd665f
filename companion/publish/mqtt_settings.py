"""The `[mqtt]` section: where a table publishes, under which name, with which credentials.

```toml
[mqtt]
url = "mqtts://broker.lan:8883"    # mqtt:// (port 1883) or mqtts:// (TLS, port 8883)
table = "kitchen"                  # topics are companion/<table>/...
username = "kitchen"               # optional, with password or password_file
password_file = "mqtt-password"    # its first line; or password = "..."
ca_file = "club-ca.pem"            # mqtts: the CA that signed the broker's certificate
cert_file = "kitchen.pem"          # mqtts, optional: a client certificate, with key_file
key_file = "kitchen.key"
keepalive = 30                     # seconds; the board sees a silent table offline in 1.5x
```

Relative paths are taken from the configuration file's folder. `companion web --mqtt` builds the
same settings from its options (`board_settings`), without a table.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from engine.errors import N_

DEFAULT_PORT = 1883
TLS_PORT = 8883
DEFAULT_KEEPALIVE = 30
#: Below a few seconds a busy Wi-Fi would see tables flicker offline; above an hour the board
#: would show a table unplugged in the evening as playing until the night is over.
KEEPALIVE_RANGE = range(2, 3601)
KEYS = ("url", "table", "username", "password", "password_file", "ca_file", "cert_file",
        "key_file", "keepalive")
FILE_KEYS = ("password_file", "ca_file", "cert_file", "key_file")
#: A table's name is a level of the topics: no "/", "+" or "#", nothing to quote.
TABLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
URL_EXAMPLE = "mqtt://192.168.1.10:1883"
CLIENT_ID_PREFIX = "companion-"


@dataclass(frozen=True)
class MqttSettings:
    host: str
    port: int = DEFAULT_PORT
    table: str = ""
    username: str | None = None
    password: str | None = None
    tls: bool = False
    ca_file: Path | None = None
    cert_file: Path | None = None
    key_file: Path | None = None
    keepalive: int = DEFAULT_KEEPALIVE

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def client_id(self) -> str:
        """A table's own id, the same at every start: the broker replaces the session a
        table lost in a power cut as soon as it is back, instead of waiting out the keep-alive.
        The board (no table) lets the broker choose one, so that two boards may run."""
        return f"{CLIENT_ID_PREFIX}{self.table}" if self.table else ""


class MqttValueError(ValueError):
    """A value of the section refused: `key` names it, `reason` and `params` say why."""

    def __init__(self, key: str, reason: str, **params: Any) -> None:
        self.key = key
        self.reason = reason
        self.params = params
        super().__init__(f"{key}: {reason.format(**params)}")


def parse_url(url: object, key: str = "url") -> tuple[str, int, bool]:
    """(host, port, tls) of `mqtt://HOST[:PORT]` or `mqtts://HOST[:PORT]`; MqttValueError
    naming `key` otherwise."""
    bad = MqttValueError(key, N_("expected mqtt://HOST:PORT or mqtts://HOST:PORT, e.g. "
                                 "{example}, not {value!r}"), example=URL_EXAMPLE, value=url)
    if not isinstance(url, str):
        raise bad
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as error:
        raise bad from error
    if (parts.scheme not in ("mqtt", "mqtts") or not parts.hostname
            or parts.path not in ("", "/") or parts.query or parts.fragment):
        raise bad
    if parts.username is not None or parts.password is not None:
        raise MqttValueError(key, N_("put the user name and password in username and "
                                     "password, not in the address"))
    if port == 0:
        raise bad
    tls = parts.scheme == "mqtts"
    return parts.hostname, port or (TLS_PORT if tls else DEFAULT_PORT), tls


def read_password(path: Path, key: str = "password_file") -> str:
    """The first line of a password file; MqttValueError naming `key` when it cannot be."""
    try:
        with path.open(encoding="utf-8") as file:
            password = file.readline().rstrip("\r\n")
    except (OSError, UnicodeDecodeError) as error:
        raise MqttValueError(key, N_("cannot read the password file {path}: {detail}"),
                             path=str(path), detail=getattr(error, "strerror", None) or error
                             ) from error
    if not password:
        raise MqttValueError(key, N_("the password file {path} is empty: put the password "
                                     "on its first line"), path=str(path))
    return password


def _text(section: dict[str, Any], name: str) -> str | None:
    value = section.get(name)
    if value is not None and (not isinstance(value, str) or not value):
        raise MqttValueError(name, N_("expected text, got {value!r}"), value=value)
    return value


def _keepalive(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in KEEPALIVE_RANGE:
        raise MqttValueError("keepalive", N_("expected whole seconds from {low} to {high}, "
                                             "got {value!r}"),
                             low=KEEPALIVE_RANGE.start, high=KEEPALIVE_RANGE.stop - 1,
                             value=value)
    return value


def broker_settings(url: object, url_key: str, *, username: str | None = None,
                    password: str | None = None, password_file: Path | None = None,
                    ca_file: Path | None = None, cert_file: Path | None = None,
                    key_file: Path | None = None, table: str = "",
                    keepalive: int = DEFAULT_KEEPALIVE,
                    keys: dict[str, str] | None = None) -> MqttSettings:
    """Checked settings for a broker; `keys` names each option as the user wrote it (a
    command line's --mqtt-ca rather than ca_file) in the MqttValueError."""
    named = {name: name for name in KEYS} | (keys or {})
    host, port, tls = parse_url(url, url_key)
    if password is not None and password_file is not None:
        raise MqttValueError(named["password_file"], N_("give the password or a password "
                                                        "file, not both"))
    if password_file is not None:
        password = read_password(password_file, named["password_file"])
    if password is not None and username is None:
        raise MqttValueError(named["password"] if password_file is None
                             else named["password_file"], N_("a password needs a username"))
    if not tls:
        for name, path in (("ca_file", ca_file), ("cert_file", cert_file),
                           ("key_file", key_file)):
            if path is not None:
                raise MqttValueError(named[name], N_("certificates are for an mqtts:// "
                                                     "broker: use mqtts:// in {url_key}, or "
                                                     "remove this"), url_key=url_key)
    if (cert_file is None) != (key_file is None):
        raise MqttValueError(named["key_file" if key_file is None else "cert_file"],
                             N_("a client certificate needs both cert_file and key_file"))
    settings = MqttSettings(host, port, table, username, password, tls, ca_file, cert_file,
                            key_file, keepalive)
    if tls:
        from companion.publish.mqtt_client import TlsError, tls_context

        try:
            tls_context(settings)
        except TlsError as error:
            raise MqttValueError(named[error.key], error.reason, **error.params) from error
    return settings


def parse_section(section: dict[str, Any], base: Path | None = None) -> MqttSettings:
    """The checked `[mqtt]` section (relative files from `base`); MqttValueError naming the
    first wrong key."""
    for name in section:
        if name not in KEYS:
            raise MqttValueError(name, N_("unknown key; the keys are {keys}"),
                                 keys=", ".join(KEYS))
    for name in ("url", "table"):
        if name not in section:
            raise MqttValueError(name, N_("missing: the section needs url and table"))
    table = section["table"]
    if not isinstance(table, str) or not TABLE_NAME.fullmatch(table):
        raise MqttValueError("table", N_("a table's name is 1 to 40 letters, digits, - or _ "
                                         "(it is part of the topics), not {value!r}"),
                             value=table)
    files: dict[str, Path | None] = {}
    for name in FILE_KEYS:
        value = _text(section, name)
        path = None if value is None else Path(value).expanduser()
        if path is not None and base is not None and not path.is_absolute():
            path = base / path
        files[name] = path
    return broker_settings(section["url"], "url", username=_text(section, "username"),
                           password=_text(section, "password"), table=table,
                           keepalive=_keepalive(section.get("keepalive", DEFAULT_KEEPALIVE)),
                           password_file=files["password_file"], ca_file=files["ca_file"],
                           cert_file=files["cert_file"], key_file=files["key_file"])


def check(section: dict[str, Any], fail: Callable[..., Exception],
          base: Path | None = None) -> MqttSettings:
    """`parse_section`, its refusal turned into `fail(key, reason, **params)`."""
    try:
        return parse_section(section, base)
    except MqttValueError as error:
        raise fail(f"mqtt.{error.key}", error.reason, **error.params) from error
