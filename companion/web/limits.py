"""How much of the scoreboard one room of phones may take: connections, live streams and the
time a connection may stay silent, as `companion web`'s options.

The defaults suit a Raspberry Pi Zero 2 W serving a club room: a phone's browser opens about
six connections and one live stream, so 256 connections serve forty phones at once, and one
device that opens hundreds of connections only ever holds its own 32.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace

#: Descriptors kept aside for everything but the phones' connections: the journal's files,
#: the listening socket, the log, a broker connection, the threads' pipes.
RESERVED_DESCRIPTORS = 64
#: Connections taken off the listening socket in one turn of the event loop. Each is counted
#: (or refused and closed) two turns later: a few batches hold descriptors above the limit.
ACCEPT_BATCH = 16
ACCEPTED_UNCOUNTED = 4 * ACCEPT_BATCH
#: Connections the kernel keeps waiting while the server takes them a batch at a time.
LISTEN_BACKLOG = 1024
#: The fewest connections a descriptor limit can bring the server down to.
FEWEST_CONNECTIONS = 8


@dataclass(frozen=True)
class ServerLimits:
    """The scoreboard's limits; the options of `companion web` that set each are named."""

    #: --max-connections: open connections at once, from every client together.
    max_connections: int = 256
    #: --max-per-address: open connections at once from one address (one phone).
    max_per_address: int = 32
    #: --max-streams: live streams (`/events`) at once.
    max_streams: int = 128
    #: --idle-timeout: seconds a connection may wait silent between requests (or before its
    #: first), then it is closed.
    idle_timeout: int = 5
    #: --header-timeout: seconds a request's headers may take to arrive whole (a client
    #: that sends them a byte at a time holds a connection no longer).
    header_timeout: float = 10.0
    #: Seconds a refused client is told to wait before it asks again (`Retry-After`).
    retry_after: int = 5

    def fitted(self, descriptors: int) -> ServerLimits:
        """These limits with the connections lowered to what `descriptors` (the process's
        open-file limit) can hold beside the reserve; unchanged when they fit."""
        room = max(FEWEST_CONNECTIONS, descriptors - RESERVED_DESCRIPTORS - ACCEPTED_UNCOUNTED)
        if self.max_connections <= room:
            return self
        return replace(self, max_connections=room,
                       max_per_address=min(self.max_per_address, room))


LIMITS = ServerLimits()
#: The options' bounds: (smallest, largest).
COUNT_BOUNDS = (1, 100_000)
IDLE_BOUNDS = (1, 3600)
HEADER_BOUNDS = (0.5, 3600.0)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`companion web`'s options for the limits."""
    parser.add_argument("--max-connections", type=int, default=LIMITS.max_connections,
                        metavar="N", help="open connections at once, every client together "
                        f"(default: {LIMITS.max_connections}; lowered to fit the open-file "
                        "limit)")
    parser.add_argument("--max-per-address", type=int, default=LIMITS.max_per_address,
                        metavar="N", help="open connections at once from one address "
                        f"(default: {LIMITS.max_per_address})")
    parser.add_argument("--max-streams", type=int, default=LIMITS.max_streams, metavar="N",
                        help=f"live streams at once (default: {LIMITS.max_streams})")
    parser.add_argument("--idle-timeout", type=int, default=LIMITS.idle_timeout,
                        metavar="SECONDS", help="close a connection silent this long "
                        f"(default: {LIMITS.idle_timeout})")
    parser.add_argument("--header-timeout", type=float, default=LIMITS.header_timeout,
                        metavar="SECONDS", help="close a connection whose request headers "
                        f"take longer (default: {LIMITS.header_timeout:g})")


def from_arguments(args: argparse.Namespace) -> ServerLimits | tuple[str, str, str, str]:
    """The limits the options give, or (option, lowest, highest, value) of the first out of
    bounds."""
    counts = {"--max-connections": args.max_connections,
              "--max-per-address": args.max_per_address, "--max-streams": args.max_streams}
    for option, value in counts.items():
        if not COUNT_BOUNDS[0] <= value <= COUNT_BOUNDS[1]:
            return option, str(COUNT_BOUNDS[0]), str(COUNT_BOUNDS[1]), str(value)
    if not IDLE_BOUNDS[0] <= args.idle_timeout <= IDLE_BOUNDS[1]:
        return ("--idle-timeout", str(IDLE_BOUNDS[0]), str(IDLE_BOUNDS[1]),
                str(args.idle_timeout))
    # NaN fails both comparisons: refused too.
    if not HEADER_BOUNDS[0] <= args.header_timeout <= HEADER_BOUNDS[1]:
        return ("--header-timeout", f"{HEADER_BOUNDS[0]:g}", f"{HEADER_BOUNDS[1]:g}",
                f"{args.header_timeout:g}")
    return ServerLimits(max_connections=args.max_connections,
                        max_per_address=args.max_per_address, max_streams=args.max_streams,
                        idle_timeout=args.idle_timeout, header_timeout=args.header_timeout)
