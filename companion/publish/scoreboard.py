"""Where the players' phones find a play on the scoreboard (`companion web`), as the table
knows it: the `[web]` section of the configuration, the machine's address on the local
network, and a play's short address `http://<address>:<port>/p/<short id>`.

Standard library only: the table's process never imports the scoreboard itself.

>>> play_url(Scoreboard(port=8080, address="192.168.1.20"), "0f3e1a2b-0000-4000-8000-000000000000")
'http://192.168.1.20:8080/p/0f3e1a2b'
>>> qr_text('http://192.168.1.20:8080/p/0f3e1a2b')
'HTTP://192.168.1.20:8080/P/0F3E1A2B'
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass

#: Characters of a play's uuid (without dashes) in its short address `/p/<short id>`.
SHORT_ID_LENGTH = 8
DEFAULT_PORT = 8080
#: The longest `[web] address` taken: a QR code of 64 rows must still hold the address.
MAX_ADDRESS_LENGTH = 63
#: Characters of a QR code's alphanumeric mode (capitals only), which packs 45 characters in
#: 11 bits a pair instead of 8 bits each: the code stays small enough for 2 pixels a module.
QR_ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
#: An address routed to no one: connecting a UDP socket to it sends nothing, but makes the
#: kernel choose the interface (and so the address) that the local network would see.
_PROBE_ADDRESS = ("10.255.255.255", 9)
_HOST_NAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


@dataclass(frozen=True)
class Scoreboard:
    """The `[web]` section: the port `companion web` listens on (its `--port`), and the
    address phones reach this machine at (None: found when a play's address is asked)."""

    port: int = DEFAULT_PORT
    address: str | None = None


def short_id(uuid: str) -> str:
    """The first SHORT_ID_LENGTH hex digits of a play's uuid.

    >>> short_id("0f3e1a2b-9c8d-4e7f-a6b5-c4d3e2f1a0b9")
    '0f3e1a2b'
    """
    return uuid.replace("-", "")[:SHORT_ID_LENGTH]


def valid_address(text: str) -> bool:
    """A host name or an IP address, nothing else (no scheme, port or path).

    >>> [valid_address(a) for a in ("192.168.1.20", "companion.local", "fe80::1", "a b", "")]
    [True, True, True, False, False]
    """
    if not text or len(text) > MAX_ADDRESS_LENGTH:
        return False
    try:
        ipaddress.ip_address(text)
        return True
    except ValueError:
        return _HOST_NAME.fullmatch(text) is not None


def sending_address(family: socket.AddressFamily, probe_address: tuple[str, int]) -> str | None:
    """The address of `family` the kernel would send to `probe_address` from (a UDP connect,
    which sends nothing); None when it chooses none (no network, or a sandbox)."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(probe_address)
            return str(probe.getsockname()[0])
    except OSError:
        return None


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network; None without one (no network, or
    a sandbox that allows none, like the table's service)."""
    found = sending_address(socket.AF_INET, _PROBE_ADDRESS)
    if found is None:
        return None
    return None if ipaddress.ip_address(found).is_loopback or found == "0.0.0.0" else found


def host_name() -> str:
    """This machine's name as announced on the local network by mDNS (`NAME.local`)."""
    return f"{socket.gethostname().split('.')[0]}.local"


def address_of(scoreboard: Scoreboard,
               find: Callable[[], str | None] = lan_address,
               name: Callable[[], str] = host_name) -> str:
    """The configured address, else the LAN address found now, else the mDNS name."""
    return scoreboard.address or find() or name()


def site_url(scoreboard: Scoreboard, host: str) -> str:
    """The scoreboard's home at `host`, `http://<host>:<port>/`.

    >>> site_url(Scoreboard(port=8080), "fe80::1")
    'http://[fe80::1]:8080/'
    """
    if ":" in host:  # an IPv6 address is written in brackets in a URL
        host = f"[{host}]"
    return f"http://{host}:{scoreboard.port}/"


def play_url(scoreboard: Scoreboard, uuid: str, address: str | None = None) -> str:
    """The play's page on the scoreboard, `http://<address>:<port>/p/<short id>`."""
    return f"{site_url(scoreboard, address or address_of(scoreboard))}p/{short_id(uuid)}"


def qr_text(url: str) -> str:
    """`url` as a QR code carries it: in capitals when every character then fits the
    alphanumeric mode. The scheme and the host name are read in any case, and the
    scoreboard answers `/P/<SHORT ID>` as `/p/<short id>`."""
    shouted = url.upper()
    return shouted if set(shouted) <= QR_ALPHANUMERIC else url
