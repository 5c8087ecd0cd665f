"""The addresses a phone on the local network can open the scoreboard at, when it listens on
every address (`0.0.0.0`, `::`): `http://0.0.0.0:8080/` leads a phone nowhere.

The machine's own addresses come from `ip -j address` (iproute2, on every Raspberry Pi OS),
or, without it, from the address the kernel would send from (`scoreboard.lan_address`); the
mDNS name `NAME.local` is added when an mDNS responder (Avahi) announces it. Loopback only
when there is nothing else, so the line still names a working address on the machine itself.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.publish.scoreboard import (
    Scoreboard,
    host_name,
    lan_address,
    sending_address,
    site_url,
)

#: Avahi's socket: present while the daemon that answers `NAME.local` runs.
AVAHI_SOCKET = Path("/run/avahi-daemon/socket")
#: How long `ip` may take before its answer is done without.
IP_SECONDS = 5
#: A global IPv6 address routed to no one (documentation range): see `lan_address`.
_PROBE_ADDRESS_V6 = ("2001:db8::1", 9)

IpListing = Callable[[], list[dict[str, Any]] | None]


def ip_listing() -> list[dict[str, Any]] | None:
    """`ip -j address show up` parsed; None when `ip` is missing or fails."""
    try:
        done = subprocess.run(["ip", "-j", "address", "show", "up"], capture_output=True,
                              text=True, timeout=IP_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    try:
        listing = json.loads(done.stdout)
    except ValueError:
        return None
    return [entry for entry in listing if isinstance(entry, dict)] \
        if isinstance(listing, list) else None


def interface_addresses(listing: Sequence[dict[str, Any]]) -> list[str]:
    """The usable addresses in an `ip -j address` listing: global scope, on interfaces that
    are up and not loopback, and not still being checked for duplicates (IPv4 first)."""
    found: list[str] = []
    for interface in listing:
        if "LOOPBACK" in interface.get("flags", ()):
            continue
        for entry in interface.get("addr_info", ()):
            local = entry.get("local")
            if (entry.get("family") in ("inet", "inet6") and entry.get("scope") == "global"
                    and isinstance(local, str)
                    and not entry.get("tentative") and not entry.get("dadfailed")):
                found.append(local)
    return sorted(dict.fromkeys(found), key=lambda text: ":" in text)


def lan_address_v6() -> str | None:
    """The global IPv6 address the kernel would send from; None without one."""
    found = sending_address(socket.AF_INET6, _PROBE_ADDRESS_V6)
    if found is None:
        return None
    address = ipaddress.ip_address(found)
    usable = not (address.is_loopback or address.is_link_local or address.is_unspecified)
    return found if usable else None


def wildcard(host: str) -> bool:
    """Whether listening on `host` means every address of the machine."""
    return host in ("", "0.0.0.0", "::")


def phone_addresses(host: str, listing: IpListing = ip_listing,
                    probes: Sequence[Callable[[], str | None]] = (lan_address, lan_address_v6),
                    mdns: Callable[[], bool] = AVAHI_SOCKET.exists,
                    name: Callable[[], str] = host_name) -> list[str]:
    """The hosts a phone can open a server listening on `host` at: `host` itself unless it
    is every address; then the machine's addresses (IPv4 only for `0.0.0.0`), and its mDNS
    name when announced; loopback when nothing else."""
    if not wildcard(host):
        return [host]
    ipv6 = host == "::"
    listed = listing()
    found = interface_addresses(listed) if listed is not None else [
        address for address in (probe() for probe in probes) if address is not None]
    found = [address for address in found if ipv6 or ":" not in address]
    if mdns():
        found.append(name())
    return found or (["::1"] if ipv6 and socket.has_ipv6 else ["127.0.0.1"])


def phone_urls(host: str, port: int, **finders: Any) -> list[str]:
    """`phone_addresses` as the scoreboard's addresses, `http://<host>:<port>/`."""
    return [site_url(Scoreboard(port=port), address)
            for address in phone_addresses(host, **finders)]
