"""The table's service may reach its MQTT broker, and its own loopback for the scoreboard,
and nothing else: a systemd drop-in.

`companion.service` keeps no network at all (PrivateNetwork=yes). `systemd/install.sh` runs

    python -m companion.cli.service_network --config /etc/companion/config.toml \\
        --unit-dir /etc/systemd/system

which, with `[mqtt]` or `[web]` in the configuration, writes `companion.service.d/mqtt.conf`:
the network back, IPv4 and IPv6 sockets, and every address denied but the broker's (resolved
now, when the URL names a host) and, with `[web]`, localhost, where the system menu asks
whether the scoreboard answers. With neither the drop-in is removed. Run again after
changing the broker.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
from pathlib import Path

from companion.config import ConfigError, load_config
from companion.games.names import reason
from companion.publish.mqtt_settings import MqttSettings

DROP_IN = Path("companion.service.d") / "mqtt.conf"


class UnknownHost(ValueError):
    pass


def broker_addresses(settings: MqttSettings) -> list[str]:
    """The broker's IP addresses: the URL's own, or what its host name resolves to now."""
    try:
        return [str(ipaddress.ip_address(settings.host))]
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(settings.host, settings.port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise UnknownHost(f"cannot resolve the broker {settings.host}: {error.strerror}") \
            from error
    return sorted({str(info[4][0]) for info in found})


def drop_in(settings: MqttSettings | None, addresses: list[str], source: str,
            loopback: bool = False) -> str:
    """The drop-in for the broker `settings` at `addresses` and, with `loopback`, localhost
    (the scoreboard on this machine)."""
    reached = []
    if settings is not None:
        reached.append(f"its MQTT broker {settings.address}")
    if loopback:
        reached.append("localhost (whether the scoreboard answers)")
    named = [] if settings is None or addresses == [settings.host] else [
        f"# {settings.host} resolved when this was written; the service resolves it again",
        "# without DNS (which it cannot reach): keep the name in /etc/hosts, or use the",
        "# address in the URL.",
    ]
    sections = " and ".join(name for name, used in (("[mqtt]", settings is not None),
                                                      ("[web]", loopback)) if used)
    return "\n".join([
        f"# Written from {sections} in {source} by `python -m companion.cli.service_network`:",
        f"# the table may reach {' and '.join(reached)}, and no other address.",
        *named,
        "[Service]",
        "PrivateNetwork=no",
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6",
        "IPAddressDeny=any",
        f"IPAddressAllow={' '.join([*addresses, *(['localhost'] if loopback else [])])}",
        "",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.cli.service_network",
                                     description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--config", type=Path, required=True)
    parser.add_argument("--unit-dir", type=Path,
                        help="write or remove the drop-in there (default: print it)")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"companion.cli.service_network: {reason(error, 'en')}", file=sys.stderr)
        return 2
    target = args.unit_dir / DROP_IN if args.unit_dir is not None else None
    if config.mqtt is None and config.web is None:
        if target is not None and target.exists():
            target.unlink()
            print(f"removed {target}: no [mqtt] nor [web] in {args.config}, no network")
        return 0
    try:
        addresses = broker_addresses(config.mqtt) if config.mqtt is not None else []
        text = drop_in(config.mqtt, addresses, str(args.config), loopback=config.web is not None)
    except UnknownHost as error:
        print(f"companion.cli.service_network: {error}", file=sys.stderr)
        return 2
    if target is None:
        print(text, end="")
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
