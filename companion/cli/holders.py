"""Which processes hold this table's devices: the owner of its state folder (the table that
opened them) and any process with one of its device files open; never a companion merely
running for another folder."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from companion.state.folder import folder_holder


def device_holders(folder: Path, nodes: Iterable[str], proc: Path = Path("/proc")) -> list[int]:
    """The ids of the other processes holding the devices of the table kept in `folder`
    whose device files are `nodes` ("/dev/spidev0.0")."""
    found: set[int] = set()
    owner = (folder_holder(folder) or "").partition(" ")[0]
    if owner.isdigit() and (proc / owner).exists():
        found.add(int(owner))
    wanted = set(nodes)
    if wanted:
        for link in proc.glob("[0-9]*/fd/*"):
            try:
                opened = os.readlink(link)
            except OSError:  # another user's process, or gone meanwhile
                continue
            if opened in wanted:
                found.add(int(link.parent.parent.name))
    found.discard(os.getpid())
    return sorted(found)
