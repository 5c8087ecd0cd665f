"""Whether the scoreboard (`companion web`) answers on this machine: an HTTP GET of its
`/api/live` on loopback, then on the configured `[web] address`, with a short timeout.

The table asks it while its system menu shows the scoreboard's page (the table's service
reaches loopback alone when the configuration has `[web]`, see `cli.service_network`), and
`companion doctor` asks it once. Standard library only.
"""

from __future__ import annotations

import errno
import http.client
import json

from companion.publish.scoreboard import Scoreboard

#: Seconds for the whole question: loopback answers in milliseconds, and the table's loop
#: waits meanwhile.
TIMEOUT_SECONDS = 0.5
LOOPBACK = "127.0.0.1"
PATH = "/api/live"
#: What a sandbox says when this process may not reach the address at all (no network
#: drop-in yet): the scoreboard may well be running, the question cannot be asked.
FORBIDDEN = frozenset({errno.EAFNOSUPPORT, errno.EPERM, errno.EACCES})


def answers_at(host: str, port: int, timeout: float = TIMEOUT_SECONDS) -> bool | None:
    """Whether a companion scoreboard answers GET /api/live at host:port (its JSON has a
    `status`: another server on the port is no scoreboard); None when this process may not
    ask."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request("GET", PATH, headers={"Accept": "application/json"})
        response = connection.getresponse()
        body = json.loads(response.read(64 * 1024))
        return response.status == 200 and isinstance(body, dict) and "status" in body
    except OSError as error:
        return None if error.errno in FORBIDDEN else False
    except (http.client.HTTPException, ValueError):
        return False
    finally:
        connection.close()


def scoreboard_answers(web: Scoreboard, timeout: float = TIMEOUT_SECONDS) -> bool | None:
    """Whether the configured scoreboard answers on this machine (loopback, or its address);
    None when this process may not ask (a sandbox without the network drop-in)."""
    hosts = [LOOPBACK] + ([web.address] if web.address and web.address != LOOPBACK else [])
    found = [answers_at(host, web.port, timeout) for host in hosts]
    if any(found):
        return True
    return None if None in found else False
