"""`companion tags scan` through a running table: the command asks, the table's next tap answers.

The command writes a request (a token and its deadline) into the state folder; the table looks
for it once per tap, one failed `open` when there is none, and nothing between taps. A tap that
finds a live request is the scan's: the table writes the tag's UID beside it, atomically, with
the request's token, removes the request and shows "Scanned: UID" instead of acting on the tap.
A request past its deadline (its command gone) is removed and the tap counts as usual.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from companion.state.folder import write_atomically
from engine.errors import N_

REQUEST = "scan-request"
REPLY = "scan-reply"
#: The notice over the table's screen when a tap answered a scan.
SCANNED = N_("Scanned: {uid}")
#: How often the command looks for the reply: a person laying a tag does not see 0.1 s.
LOOK_SECONDS = 0.1


def ask(folder: Path, timeout: float) -> str:
    """Ask the table of `folder` for its next tap, for `timeout` seconds; returns the token
    its reply will carry."""
    token = os.urandom(8).hex()  # not `secrets`: it loads OpenSSL, a megabyte the table spares
    (folder / REPLY).unlink(missing_ok=True)
    deadline = time.time() + timeout  # wall clock: the table reads it in another process
    write_atomically(folder / REQUEST, f"{token} {deadline:.3f}\n".encode(), durable=False)
    return token


def wait_reply(folder: Path, token: str, timeout: float,
               sleep: Callable[[float], None] = time.sleep) -> str | None:
    """The UID the table answered `token` with, or None when `timeout` passed first; the
    request is withdrawn then, so a later tap counts as usual."""
    deadline = time.monotonic() + timeout
    try:
        while True:
            uid = _reply(folder, token)
            if uid is not None:
                return uid
            left = deadline - time.monotonic()
            if left <= 0:
                withdraw(folder, token)
                # The table may have answered as the time ran out.
                return _reply(folder, token)
            sleep(min(LOOK_SECONDS, left))
    except BaseException:
        withdraw(folder, token)  # Ctrl-C: the table's next tap is the game's again
        raise


def withdraw(folder: Path, token: str) -> None:
    """Remove the request if it is still `token`'s."""
    if _read(folder / REQUEST).split(" ")[0] == token:
        (folder / REQUEST).unlink(missing_ok=True)


class ScanAnswer:
    """The table's side: called with each tap's UID, True when the tap answered a scan."""

    def __init__(self, folder: Path, clock: Callable[[], float] = time.time) -> None:
        self.folder = folder
        self.clock = clock

    def __call__(self, uid: str) -> bool:
        request = self.folder / REQUEST
        text = _read(request)
        if not text:
            return False
        request.unlink(missing_ok=True)
        token, _, deadline = text.partition(" ")
        try:
            live = self.clock() <= float(deadline)
        except ValueError:
            live = False  # not a request this module wrote: never take a tap for it
        if live:
            write_atomically(self.folder / REPLY, f"{token} {uid}\n".encode(), durable=False)
        return live


def _reply(folder: Path, token: str) -> str | None:
    found_token, _, uid = _read(folder / REPLY).partition(" ")
    if found_token != token or not uid:
        return None
    (folder / REPLY).unlink(missing_ok=True)
    return uid


def _read(path: Path) -> str:
    """A small file's text, stripped; empty when it is not there (or not a plain file)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return ""
    try:
        return os.read(descriptor, 200).decode(errors="replace").strip()
    finally:
        os.close(descriptor)
