"""`companion web` on every address names the addresses a phone can open, not 0.0.0.0."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.publish.phone_addresses import interface_addresses, ip_listing, phone_addresses
from companion.publish.scoreboard import sending_address

from .web_server import get

#: `ip -j address show up` on a Pi with Wi-Fi, a docker bridge down and an address in DAD.
LISTING: list[dict[str, Any]] = [
    {"ifname": "lo", "flags": ["LOOPBACK", "UP", "LOWER_UP"], "addr_info": [
        {"family": "inet", "local": "127.0.0.1", "scope": "host"},
        {"family": "inet6", "local": "::1", "scope": "host"}]},
    {},
    {"ifname": "wlan0", "flags": ["BROADCAST", "MULTICAST", "UP", "LOWER_UP"], "addr_info": [
        {"family": "inet6", "local": "fd12::5", "scope": "global"},
        {"family": "inet", "local": "192.168.1.20", "scope": "global"},
        {"family": "inet6", "local": "fe80::1", "scope": "link"},
        {"family": "inet6", "local": "fd12::6", "scope": "global", "tentative": True}]},
    {"ifname": "eth0", "flags": ["BROADCAST", "UP"], "addr_info": [
        {"family": "inet", "local": "10.0.0.7", "scope": "global"}]},
]


def never() -> bool:
    return False


def test_the_machines_global_addresses_ipv4_first() -> None:
    assert interface_addresses(LISTING) == ["192.168.1.20", "10.0.0.7", "fd12::5"]


def test_every_address_gives_the_machines_addresses_and_its_mdns_name() -> None:
    def listing() -> list[dict[str, Any]]:
        return LISTING

    assert phone_addresses("0.0.0.0", listing, mdns=never) == ["192.168.1.20", "10.0.0.7"]
    assert phone_addresses("::", listing, mdns=lambda: True, name=lambda: "pi.local") == [
        "192.168.1.20", "10.0.0.7", "fd12::5", "pi.local"]
    # One address asked for is the one said.
    assert phone_addresses("192.168.1.20", listing) == ["192.168.1.20"]


def test_without_ip_the_address_the_kernel_sends_from() -> None:
    found = phone_addresses("::", lambda: None, probes=(lambda: "192.168.1.9", lambda: None),
                            mdns=never)
    assert found == ["192.168.1.9"]


def test_the_probe_names_the_address_it_would_send_from() -> None:
    # Loopback is always there: the kernel sends to it from itself.
    assert sending_address(socket.AF_INET, ("127.0.0.1", 9)) == "127.0.0.1"
    # The kernel refuses a UDP socket the broadcast address without SO_BROADCAST (EACCES):
    # the probe answers no address rather than an error.
    assert sending_address(socket.AF_INET, ("255.255.255.255", 9)) is None


def test_loopback_only_when_nothing_else() -> None:
    assert phone_addresses("0.0.0.0", lambda: [LISTING[0]], mdns=never) == ["127.0.0.1"]
    assert phone_addresses("0.0.0.0", lambda: None, probes=(), mdns=never) == ["127.0.0.1"]


def test_companion_web_on_every_address_prints_addresses_that_answer(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--lang", "en", "web", "--state-dir",
         str(tmp_path), "--host", "0.0.0.0", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # printed once the port listens
        urls = re.findall(r"http://\S+/", line)
        assert urls and "0.0.0.0" not in line, line
        listed = ip_listing()
        mine = set(interface_addresses(listed)) if listed is not None else set()
        for url in urls:
            host = re.fullmatch(r"http://([^/]+):\d+/", url)
            assert host is not None, url
            assert host.group(1) in mine or host.group(1) == "127.0.0.1" \
                or host.group(1).endswith(".local"), (url, mine)
            if not host.group(1).endswith(".local"):
                assert get(url + "api/live")[0] == 200, url
    finally:
        process.terminate()
        process.communicate(timeout=120)
