"""`companion web`: the scoreboard for phones on the local network, in its own process.

It only reads the journal (a read-only copy, never the table's lock) and serves pages, a
JSON interface and a live stream; see `companion.web`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from companion.i18n.translate import translator
from companion.state.paths import default_state_dir

EXIT_BAD_INPUT = 2
DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8080


def register(commands: Any) -> None:
    parser = commands.add_parser("web", help="the scoreboard for phones on the local network")
    parser.add_argument(
        "--state-dir", metavar="DIR",
        help="the companion's state folder (default: COMPANION_STATE_DIR, else "
             "/var/lib/companion if writable, else ~/.local/state/companion)")
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="ADDR",
                        help=f"the address to listen on (default: {DEFAULT_HOST}, every one)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"the port to listen on (default: {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--mqtt", metavar="URL",
                        help="also show every table publishing to this MQTT broker "
                             "(mqtt://HOST:PORT) on /tables, with the evening's standings")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    folder = Path(args.state_dir).expanduser() if args.state_dir else default_state_dir()
    if not 0 <= args.port <= 65535:
        return _fail(_("--port must be between 0 and 65535, not {port}").format(port=args.port))
    broker = None
    if args.mqtt is not None:
        from companion.games.names import reason
        from companion.publish.mqtt_settings import MqttValueError, parse_url

        try:
            broker = parse_url(args.mqtt, "--mqtt")
        except MqttValueError as error:
            return _fail(f"--mqtt: {reason(error, language)}")
    if folder.exists() and not folder.is_dir():
        return _fail(_("{folder} is not a folder").format(folder=folder))
    if folder.exists() and not os.access(folder, os.R_OK | os.X_OK):
        return _fail(_("cannot read the state folder {folder}: permission denied").format(
            folder=folder))
    import socket

    import uvicorn

    from companion.web.app import create_app

    try:
        listener = socket.create_server((args.host, args.port), reuse_port=False)
    except (OSError, OverflowError) as error:
        return _fail(_("cannot listen on {host} port {port}: {reason}").format(
            host=args.host, port=args.port, reason=getattr(error, "strerror", None) or error))
    host, port = listener.getsockname()[:2]
    from companion.publish.phone_addresses import phone_urls

    # The line the tests and the unit's log wait for: the port really listened on, at the
    # addresses a phone can open (not 0.0.0.0).
    print(_("companion web: serving {folder} on {addresses}").format(
        folder=folder, addresses=" ".join(phone_urls(host, port))), flush=True)
    config = uvicorn.Config(create_app(folder, broker), log_level="warning", access_log=False,
                            lifespan="off", timeout_graceful_shutdown=1)
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run(sockets=[listener])
    return 0


def _fail(message: str) -> int:
    print(f"companion web: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
