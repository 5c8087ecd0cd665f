"""`companion web`: the scoreboard for phones on the local network, in its own process.

It only reads the journal (a read-only copy, never the table's lock) and serves pages, a
JSON interface and a live stream; see `companion.web`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from companion.i18n.translate import translator
from companion.state.paths import default_state_dir
from companion.web.board_limits import MAX_KEPT, MAX_PLAYS, MAX_TABLES, BoardLimits

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
                             "(mqtt://HOST:PORT, or mqtts://HOST:PORT for TLS) on /tables, "
                             "with the evening's standings")
    for option, metavar, text in MQTT_OPTIONS:
        parser.add_argument(option, metavar=metavar, help=text)
    parser.add_argument("--max-tables", type=int, default=MAX_TABLES, metavar="N",
                        help=f"with --mqtt: the most tables the board keeps (default: "
                             f"{MAX_TABLES}); past it, the one heard from least recently goes")
    parser.add_argument("--max-plays", type=int, default=MAX_PLAYS, metavar="N",
                        help=f"with --mqtt: the most plays the board keeps, all tables together "
                             f"(default: {MAX_PLAYS}); past it, the one received first goes")
    from companion.web.limits import add_arguments

    add_arguments(parser)
    parser.set_defaults(run=run)


#: The board's credentials and certificates: (option, metavar, help).
MQTT_OPTIONS = (
    ("--mqtt-username", "NAME", "the user name the board gives the broker"),
    ("--mqtt-password-file", "FILE",
     "a file whose first line is the board's password (not on the command line, where "
     "every user of the machine could read it)"),
    ("--mqtt-ca", "FILE", "mqtts: the CA certificate that signed the broker's (PEM; default: "
                          "the system's authorities)"),
    ("--mqtt-cert", "FILE", "mqtts: the board's client certificate (PEM), with --mqtt-key"),
    ("--mqtt-key", "FILE", "mqtts: the key of --mqtt-cert (PEM)"),
)
#: The settings' names of the options, for the messages that refuse one.
OPTION_KEYS = {"username": "--mqtt-username", "password_file": "--mqtt-password-file",
               "password": "--mqtt-password-file", "ca_file": "--mqtt-ca",
               "cert_file": "--mqtt-cert", "key_file": "--mqtt-key"}


def run(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    folder = Path(args.state_dir).expanduser() if args.state_dir else default_state_dir()
    if not 0 <= args.port <= 65535:
        return _fail(_("--port must be between 0 and 65535, not {port}").format(port=args.port))
    from companion.web.limits import from_arguments

    limits = from_arguments(args)
    if isinstance(limits, tuple):
        option, low, high, value = limits
        return _fail(_("{option} must be from {low} to {high}, not {value}").format(
            option=option, low=low, high=high, value=value))
    for option, value in (("--max-tables", args.max_tables), ("--max-plays", args.max_plays)):
        if not 1 <= value <= MAX_KEPT:
            return _fail(_("{option} must be from {low} to {high}, not {value}").format(
                option=option, low=1, high=MAX_KEPT, value=value))
    broker = None
    given = [option for option, _metavar, _help in MQTT_OPTIONS
             if getattr(args, option[2:].replace("-", "_")) is not None]
    if args.mqtt is None and given:
        return _fail(_("{option} is for a board: give the broker with --mqtt URL").format(
            option=given[0]))
    if args.mqtt is not None:
        from companion.games.names import reason
        from companion.publish.mqtt_settings import MqttValueError, broker_settings

        def path(value: str | None) -> Path | None:
            return None if value is None else Path(value).expanduser()

        try:
            broker = broker_settings(
                args.mqtt, "--mqtt", username=args.mqtt_username or None,
                password_file=path(args.mqtt_password_file), ca_file=path(args.mqtt_ca),
                cert_file=path(args.mqtt_cert), key_file=path(args.mqtt_key), keys=OPTION_KEYS)
        except MqttValueError as error:
            return _fail(f"{error.key}: {reason(error, language)}")
    if folder.exists() and not folder.is_dir():
        return _fail(_("{folder} is not a folder").format(folder=folder))
    if folder.exists() and not os.access(folder, os.R_OK | os.X_OK):
        return _fail(_("cannot read the state folder {folder}: permission denied").format(
            folder=folder))
    import socket

    from companion.web.app import create_app
    from companion.web.server import fitted_limits, serve

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
    limits = fitted_limits(limits)
    board_limits = BoardLimits(tables=args.max_tables, plays=args.max_plays)
    serve(create_app(folder, broker, limits, board_limits), listener, limits)
    return 0


def _fail(message: str) -> int:
    print(f"companion web: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
