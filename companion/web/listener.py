"""A listening socket that stays reachable when the process runs out of file descriptors.

When `accept` fails with EMFILE the waiting connection stays in the kernel's queue, the
socket stays readable, and asyncio (3.11) logs a traceback and schedules a retry for every
one of up to `backlog` tries in a turn: the retries multiply, tens of megabytes of log in
seconds, and no one is served. Here a descriptor is kept spare: when none is left it is
given up for a moment to accept the waiting connections one by one and close them at once
(the client sees its connection closed, not a hang), and asyncio only ever sees "nothing
waiting". The trouble is logged once a minute (see `log_limit`).
"""

from __future__ import annotations

import errno
import logging
import os
import socket
from typing import Any

from companion.web.limits import LISTEN_BACKLOG

#: accept() errors that mean "no descriptor or memory for one more connection".
OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)

log = logging.getLogger(__name__)


class SheddingListener(socket.socket):
    """The listening socket `listener` (taken over: use this one instead), whose `accept`
    closes waiting connections at once when no descriptor is left for them."""

    def __init__(self, listener: socket.socket) -> None:
        super().__init__(listener.family, listener.type, listener.proto, listener.detach())
        self.shed = 0
        self._spare: int | None = None
        self._keep_spare()

    def _keep_spare(self) -> None:
        if self._spare is None:
            try:
                self._spare = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                self._spare = None  # taken again at the next accept

    def listen(self, backlog: int = LISTEN_BACKLOG) -> None:
        """asyncio asks for its accept batch as the backlog: the kernel's queue stays long,
        so a burst of connections waits there instead of being dropped."""
        super().listen(max(backlog, LISTEN_BACKLOG))

    def accept(self) -> tuple[socket.socket, Any]:
        try:
            return super().accept()
        except OSError as error:
            if error.errno not in OUT_OF_DESCRIPTORS:
                raise
            self._shed_waiting()
            # asyncio reads this as "no connection waiting" and waits for the next one.
            raise BlockingIOError(errno.EAGAIN, "connections shed") from None

    def _shed_waiting(self) -> None:
        """Accept and close every waiting connection, using the spare descriptor."""
        closed = 0
        while self._spare is not None:
            os.close(self._spare)
            self._spare = None
            try:
                connection, _ = super().accept()
            except OSError:
                break  # none waiting any more (or the spare was taken by another thread)
            connection.close()
            closed += 1
            self._keep_spare()
        self._keep_spare()
        if closed:
            self.shed += closed
            log.warning("out of file descriptors: waiting connections closed at once "
                        "(%d so far); raise LimitNOFILE or lower --max-connections", self.shed)

    def close(self) -> None:
        if self._spare is not None:
            os.close(self._spare)
            self._spare = None
        super().close()
