"""The scoreboard's HTTP connections, counted and timed: uvicorn's h11 protocol with

- a limit on open connections, all together and per address: one more is answered at once
  with a 503 and `Retry-After`, then closed (never left waiting);
- an idle timeout from the moment a connection opens (uvicorn's own starts only after a
  first answer), so a connection that never says anything is closed too;
- a deadline for a request's headers, counted from the connection's start or the previous
  answer: a client sending them a byte at a time is closed.

Every refusal is logged through `log_limit`: one line per kind a minute, not one per
connection.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from companion.i18n.translate import LANGUAGES, N_, translator
from companion.web.limits import ServerLimits

log = logging.getLogger(__name__)

BUSY = N_("The scoreboard is busy: try again in a few seconds.")


def busy_answer(retry_after: int) -> bytes:
    """The whole 503 answer sent to a connection over the limits, before reading anything
    from it (so in every language the scoreboard speaks, one line each)."""
    body = "\n".join(translator(language).gettext(BUSY) for language in LANGUAGES) + "\n"
    data = body.encode("utf-8")
    head = ("HTTP/1.1 503 Service Unavailable\r\n"
            f"Retry-After: {retry_after}\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n"
            "X-Content-Type-Options: nosniff\r\n"
            f"Content-Length: {len(data)}\r\n"
            "Connection: close\r\n\r\n")
    return head.encode("ascii") + data


class ConnectionGate:
    """The open connections, by address; used from the event loop's thread only."""

    def __init__(self, limits: ServerLimits) -> None:
        self.limits = limits
        self.by_address: Counter[str] = Counter()
        self.total = 0
        self.refused = 0
        self.timed_out = 0
        self.busy = busy_answer(limits.retry_after)

    def admit(self, address: str) -> bool:
        """Counts a connection from `address` in, or says why not in the log (False)."""
        if self.total >= self.limits.max_connections:
            self.refused += 1
            log.warning("connection refused with 503: %d open, the most --max-connections "
                        "allows", self.total)
            return False
        if self.by_address[address] >= self.limits.max_per_address:
            self.refused += 1
            log.warning("connection refused with 503: %s has %d open, the most "
                        "--max-per-address allows", address, self.by_address[address])
            return False
        self.by_address[address] += 1
        self.total += 1
        return True

    def release(self, address: str) -> None:
        self.total -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    def too_slow(self, address: str) -> None:
        self.timed_out += 1
        log.warning("connection from %s closed: its request headers took longer than "
                    "--header-timeout", address)


def guarded_protocol(gate: ConnectionGate) -> type[H11Protocol]:
    """uvicorn's h11 protocol held to `gate` and its limits (`uvicorn.Config(http=...)`)."""
    header_timeout = gate.limits.header_timeout

    class GuardedProtocol(H11Protocol):
        def __init__(self, config: Config, server_state: ServerState,
                     app_state: dict[str, Any],
                     _loop: asyncio.AbstractEventLoop | None = None) -> None:
            super().__init__(config, server_state, app_state, _loop)
            self.address: str | None = None  # set while counted in the gate
            self.header_deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else ""
            if not gate.admit(address):
                transport.write(gate.busy)
                transport.close()
                return
            self.address = address
            super().connection_made(transport)
            self.timeout_keep_alive_task = self.loop.call_later(
                self.timeout_keep_alive, self.timeout_keep_alive_handler)
            self._await_headers()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.address is None:
                return  # refused: never counted, nothing of uvicorn's to undo
            gate.release(self.address)
            self.address = None
            self._headers_arrived()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.address is None:
                return
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle:  # a new request: its headers are all in
                self._headers_arrived()

        def on_response_complete(self) -> None:
            cycle = self.cycle
            super().on_response_complete()
            # Unless the next request was waiting already (pipelined), the clock restarts.
            if self.cycle is cycle and not self.transport.is_closing():
                self._await_headers()

        def _await_headers(self) -> None:
            self._headers_arrived()
            self.header_deadline = self.loop.call_later(header_timeout, self._too_slow)

        def _headers_arrived(self) -> None:
            if self.header_deadline is not None:
                self.header_deadline.cancel()
                self.header_deadline = None

        def _too_slow(self) -> None:
            self.header_deadline = None
            in_progress = self.cycle is not None and not self.cycle.response_complete
            if self.address is None or in_progress or self.transport.is_closing():
                return
            gate.too_slow(self.address)
            self.transport.close()

    return GuardedProtocol
