"""The `[mqtt]` section: where a table publishes, under which name.

```toml
[mqtt]
url = "mqtt://192.168.1.10:1883"   # the broker (plain MQTT; the port defaults to 1883)
table = "kitchen"                  # topics are companion/<table>/...
username = "companion"             # optional, with password
password = "..."
```
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from engine.errors import N_

DEFAULT_PORT = 1883
KEYS = ("url", "table", "username", "password")
#: A table's name is a level of the topics: no "/", "+" or "#", nothing to quote.
TABLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
URL_EXAMPLE = "mqtt://192.168.1.10:1883"


@dataclass(frozen=True)
class MqttSettings:
    host: str
    port: int = DEFAULT_PORT
    table: str = ""
    username: str | None = None
    password: str | None = None

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


class MqttValueError(ValueError):
    """A value of the section refused: `key` names it, `reason` and `params` say why."""

    def __init__(self, key: str, reason: str, **params: Any) -> None:
        self.key = key
        self.reason = reason
        self.params = params
        super().__init__(f"{key}: {reason.format(**params)}")


def parse_url(url: object, key: str = "url") -> tuple[str, int]:
    """(host, port) of `mqtt://HOST[:PORT]`; MqttValueError naming `key` otherwise."""
    bad = MqttValueError(key, N_("expected mqtt://HOST:PORT, e.g. {example}, not {value!r}"),
                         example=URL_EXAMPLE, value=url)
    if not isinstance(url, str):
        raise bad
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as error:
        raise bad from error
    if (parts.scheme != "mqtt" or not parts.hostname or parts.path not in ("", "/")
            or parts.query or parts.fragment):
        raise bad
    if parts.username is not None or parts.password is not None:
        raise MqttValueError(key, N_("put the user name and password in username and "
                                     "password, not in the address"))
    if port == 0:
        raise bad
    return parts.hostname, port or DEFAULT_PORT


def parse_section(section: dict[str, Any]) -> MqttSettings:
    """The checked `[mqtt]` section; MqttValueError naming the first wrong key."""
    for name in section:
        if name not in KEYS:
            raise MqttValueError(name, N_("unknown key; the keys are {keys}"),
                                 keys=", ".join(KEYS))
    for name in ("url", "table"):
        if name not in section:
            raise MqttValueError(name, N_("missing: the section needs url and table"))
    host, port = parse_url(section["url"])
    table = section["table"]
    if not isinstance(table, str) or not TABLE_NAME.fullmatch(table):
        raise MqttValueError("table", N_("a table's name is 1 to 40 letters, digits, - or _ "
                                         "(it is part of the topics), not {value!r}"),
                             value=table)
    texts: dict[str, str | None] = {}
    for name in ("username", "password"):
        value = section.get(name)
        if value is not None and (not isinstance(value, str) or not value):
            raise MqttValueError(name, N_("expected text, got {value!r}"), value=value)
        texts[name] = value
    if texts["password"] is not None and texts["username"] is None:
        raise MqttValueError("password", N_("a password needs a username"))
    return MqttSettings(host, port, table, texts["username"], texts["password"])


def check(section: dict[str, Any],
          fail: Callable[..., Exception]) -> MqttSettings:
    """`parse_section`, its refusal turned into `fail(key, reason, **params)`."""
    try:
        return parse_section(section)
    except MqttValueError as error:
        raise fail(f"mqtt.{error.key}", error.reason, **error.params) from error
