"""Helpers for the scoreboard's tests: journals with plays, and `companion web` as a real
process on a free port of 127.0.0.1 (waited for through the line it prints)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

PLAYERS = ("Ana", "Ben", "Cléo", "Dan", "Eve")


def players_for(game: str) -> list[str]:
    count = max(2, min(3, max(GAMES[game].players)))
    return list(PLAYERS[:count])


def finished_play(state_dir: Path, game: str, seed: int) -> str:
    """A whole random play of `game` journalled in `state_dir`; its uuid."""
    rules = GAMES[game]
    with Journal(journal_path(state_dir)) as journal:
        session = GameSession.start(journal, rules, players_for(game))
        for event in play_random(rules, session.state, seed=seed).events:
            session.submit(event)
        assert session.finished
        return session.play.uuid


@contextmanager
def web_server(state_dir: Path, *extra: str) -> Iterator[str]:
    """`companion web` serving `state_dir`; yields its address ("http://127.0.0.1:N/")."""
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "web", "--state-dir", str(state_dir),
         "--host", "127.0.0.1", "--port", "0", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # blocks until the server listens, or it ended
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if found is None:
            process.kill()
            _, errors = process.communicate()
            raise AssertionError(f"companion web did not start: {line!r} {errors!r}")
        yield found.group(0)
    finally:
        process.terminate()
        process.communicate()


def get(url: str, method: str = "GET",
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """(status, headers, body) of one request; an error status is an answer too."""
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, dict(answer.headers), answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8")


def get_json(url: str) -> Any:
    status, _, body = get(url)
    assert status == 200, (url, status, body)
    return json.loads(body)
