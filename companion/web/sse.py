"""Server-sent events: the live section, sent again whenever the journal's files change.

Each stream looks at the files' sizes and times a few times a second (a `stat` each, no
read); the journal is copied again only when they changed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable

from companion.web.data import JournalView

#: Seconds between two looks at the journal's files: a move reaches the page well within a
#: second, and an idle stream costs a few `stat` calls a second.
POLL_SECONDS = 0.25
#: A comment line this often keeps proxies and phones from closing a quiet stream.
KEEPALIVE_SECONDS = 15.0


def event(name: str, data: object) -> str:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


async def live_events(view: JournalView, render: Callable[[], str],
                      poll: float = POLL_SECONDS) -> AsyncIterator[str]:
    """The live fragment now, then again after every change of the journal's files."""
    seen = None
    quiet = 0.0
    while True:
        signature = await asyncio.to_thread(view.signature)
        if signature != seen:
            seen = signature
            html = await asyncio.to_thread(render)
            yield event("live", {"html": html})
            quiet = 0.0
        elif quiet >= KEEPALIVE_SECONDS:
            yield ": still here\n\n"
            quiet = 0.0
        await asyncio.sleep(poll)
        quiet += poll
