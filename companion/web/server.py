"""Serving the scoreboard: uvicorn with the connections held to `ServerLimits`
(`companion.web.guard`), a listening socket that survives running out of descriptors
(`companion.web.listener`) and the server's log lines rate-limited (`log_limit`)."""

from __future__ import annotations

import contextlib
import logging
import resource
import socket

import uvicorn
from starlette.applications import Starlette

from companion.web import log_limit
from companion.web.guard import ConnectionGate, guarded_protocol
from companion.web.limits import ACCEPT_BATCH, ServerLimits
from companion.web.listener import SheddingListener

log = logging.getLogger("companion.web.guard")


def descriptor_limit() -> int:
    """The process's open-file limit (soft), the one accept() meets."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def fitted_limits(limits: ServerLimits) -> ServerLimits:
    """`limits` lowered to the descriptors this process may open, said in one line."""
    descriptors = descriptor_limit()
    fitted = limits.fitted(descriptors)
    if fitted != limits:
        log.warning("--max-connections %d lowered to %d: the process may open %d files",
                    limits.max_connections, fitted.max_connections, descriptors)
    return fitted


def server_config(app: Starlette, limits: ServerLimits) -> tuple[uvicorn.Config,
                                                                  ConnectionGate]:
    """uvicorn's configuration for `app` held to `limits`, and the gate that counts."""
    gate = ConnectionGate(limits)
    config = uvicorn.Config(
        app, http=guarded_protocol(gate), log_level="warning", access_log=False,
        lifespan="off", timeout_graceful_shutdown=1, timeout_keep_alive=limits.idle_timeout,
        # asyncio accepts this many connections in a turn: a small batch keeps the moment
        # before each is counted short.
        backlog=ACCEPT_BATCH)
    return config, gate


def serve(app: Starlette, listener: socket.socket, limits: ServerLimits) -> None:
    """Serve `app` on `listener` until interrupted."""
    config, _gate = server_config(app, limits)
    log_limit.limit()  # after uvicorn set its loggers up
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run(sockets=[SheddingListener(listener)])
